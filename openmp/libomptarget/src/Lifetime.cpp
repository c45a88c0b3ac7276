//===- Lifetime.cpp - Fatal errors and the process's end ------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// How the runtime ends a program, and how it behaves while the program ends
// on its own: exit() first waits for the deferred regions its thread
// started; after exit() has begun (processIsExiting) images stay loaded,
// and a failure on another thread does not change the exit status exit()
// was given. (fork() is handled in PluginManager.cpp, which owns the locks.)
//
//===----------------------------------------------------------------------===//

#include "Profile.h"
#include "Runtime.h"

#include <pthread.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>

using namespace cot;

/// Thread that called exit(), once it has.
static std::atomic<bool> Exiting{false};
static std::atomic<pthread_t> ExitingThread;

bool cot::processIsExiting() { return Exiting.load(); }

static void noteExit() {
  // Before the exit is noted: a failure of that work is reported as usual.
  finishDeferredRegionsAtExit();
  ExitingThread = pthread_self();
  Exiting = true;
}

void cot::watchForExit() { atexit(noteExit); }

static bool anotherThreadIsExiting() {
  return Exiting.load() && !pthread_equal(ExitingThread.load(), pthread_self());
}

void cot::fatal(const cot_source_loc *Loc, const Error &E) {
  if (E.location())
    Loc = E.location();
  // A failure caused by the process's end (a plugin whose driver has shut
  // down) must not turn the status exit() was given into 1, so this thread
  // waits for that end. It may hold a device's lock, which the exiting
  // thread's destructors may want: after a while the failure is reported
  // as usual rather than hang the process.
  if (anotherThreadIsExiting()) {
    if (infoEnabled())
      emitMessage("info", Loc,
                  E.message() +
                      " (ignored: another thread is ending the process)");
    constexpr int WaitSeconds = 10;
    for (int Tick = 0; Tick < WaitSeconds * 10; ++Tick)
      usleep(100000);
  }
  emitMessage("error", Loc, E.message());
  debug(1, "fatal error: %s", E.message().c_str());
  // The trace up to the failure is what finds its cause.
  profile::finish();
  // _exit: the program's destructors would call back into the runtime,
  // whose locks this thread may hold.
  fflush(nullptr);
  _exit(1);
}

void cot::fatal(const cot_source_loc *Loc, const char *Fmt, ...) {
  va_list Ap;
  va_start(Ap, Fmt);
  std::string Msg = formatStringV(Fmt, Ap);
  va_end(Ap);
  fatal(Loc, Error::fromMessage(std::move(Msg)));
}

//===- EarlyStart.cpp - GPU devices started while the program starts ------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Starting a GPU costs a few hundred milliseconds before the first construct
// can run: on the H200 machine about 100 ms to load the CUDA plugin and
// start the driver (cuInit) and 110 ms for the device (its context, the
// images). Upstream's runtime pays that before main; with devices started
// on first use, a program that starts its clock before its first target
// data region (HeCBench's jenkins-hash and many like it) counted it as
// kernel time. So when the main program registers a binary with GPU code,
// the plugins and devices start on a thread of their own while the program
// goes on; a construct that comes earlier waits for them on the usual locks
// (plugin loading, then each device's). Only the main program's
// registration starts them: it comes after the constructors of the
// libraries loaded with it, so every binary of the program is registered
// and the plugins chosen from all of them, as on first use.
//
// A failure is left for the first construct to report with its location
// (a device that did not start is tried again; an image that did not load
// stays an error). exit() waits for a start in progress, so that the
// driver is never shut down under it. fork() waits too (the fork handlers
// take the locks it holds), and a child forked after the start cannot use
// the GPU, as after any offload (docs/Runtime.md, "Process lifetime"):
// LIBOMPTARGET_EARLY_START=0 keeps the start for the first construct.
//
//===----------------------------------------------------------------------===//

#include "Runtime.h"

#include <link.h>
#include <pthread.h>

#include <condition_variable>
#include <mutex>
#include <system_error>
#include <thread>

using namespace cot;

namespace {

struct EarlyStartState {
  std::mutex Mu;
  std::condition_variable Done;
  bool Started = false;
  bool Running = false;
};

EarlyStartState &state() {
  static auto *S = new EarlyStartState();
  return *S;
}

/// The first object dl_iterate_phdr reports is the main program.
int holdsFirstObject(struct dl_phdr_info *Info, size_t, void *Data) {
  auto *Addr = static_cast<uintptr_t *>(Data);
  for (int I = 0; I < Info->dlpi_phnum; ++I) {
    const ElfW(Phdr) &Ph = Info->dlpi_phdr[I];
    uintptr_t Begin = Info->dlpi_addr + Ph.p_vaddr;
    if (Ph.p_type == PT_LOAD && *Addr >= Begin && *Addr - Begin < Ph.p_memsz)
      return 1;
  }
  return 2; // not in it: stop at the first object
}

bool inMainProgram(const void *Addr) {
  uintptr_t A = reinterpret_cast<uintptr_t>(Addr);
  return dl_iterate_phdr(holdsFirstObject, &A) == 1;
}

void startEveryDevice() {
  int32_t N = numDevices();
  for (int32_t Id = 0; Id < N; ++Id) {
    Device &D = device(Id);
    std::lock_guard<std::mutex> Lock(D.Mu);
    (void)D.ensureReady(nullptr); // a failure is the first construct's
  }
  EarlyStartState &S = state();
  std::lock_guard<std::mutex> Lock(S.Mu);
  S.Running = false;
  S.Done.notify_all();
}

/// At exit: a start that hangs (a driver that never answers) must not hang
/// the exit too, so the wait gives up after a while.
void waitForEarlyStart() {
  EarlyStartState &S = state();
  std::unique_lock<std::mutex> Lock(S.Mu);
  S.Done.wait_for(Lock, std::chrono::seconds(30), [&] { return !S.Running; });
}

/// The child of a fork() has no start thread: nothing to wait for there.
void forgetStartInChild() {
  EarlyStartState &S = state();
  S.Running = false;
}

} // namespace

void cot::startDevicesEarly(const cot_binary_desc *Desc) {
  const Environment &E = env();
  if (!E.EarlyStart || E.Policy == OffloadPolicy::Disabled ||
      !inMainProgram(Desc) || !programHasImagesFor(COT_NVPTX_TRIPLE))
    return;
  EarlyStartState &S = state();
  {
    std::lock_guard<std::mutex> Lock(S.Mu);
    if (S.Started)
      return;
    S.Started = S.Running = true;
  }
  try {
    std::thread(startEveryDevice).detach();
  } catch (const std::system_error &) {
    std::lock_guard<std::mutex> Lock(S.Mu);
    S.Running = false; // the first construct starts them
    return;
  }
  atexit(waitForEarlyStart);
  pthread_atfork(nullptr, nullptr, forgetStartInChild);
}

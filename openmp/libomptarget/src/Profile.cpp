//===- Profile.cpp - The trace file (LIBOMPTARGET_PROFILE) ----------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Writes the Chrome trace-event file of Profile.h. Events are formatted
// outside the lock and appended to a buffer that is written with write(2)
// when it fills and when the file is completed: no stdio stream, so a
// fork()'s child, which inherits the buffer, never writes it (only the
// process that opened the file writes to it), and memory stays bounded
// however long the program runs. The state is never destroyed, so threads
// still offloading while the process exits find it (their events are then
// dropped).
//
//===----------------------------------------------------------------------===//

#include "Profile.h"

#include "Message.h"

#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <unordered_set>

using namespace cot;
using namespace cot::profile;

namespace {

constexpr size_t FlushBytes = 1 << 16;

struct TraceFile {
  std::mutex Mu;
  int Fd = -1;
  std::string Path;
  pid_t Owner = 0; // the process that opened the file
  std::chrono::steady_clock::time_point Epoch;
  std::string Buffer;
  bool AnyEvent = false;
  bool Finished = false;
  int WriteErrno = 0; // the first failed write's errno
  std::unordered_set<long> NamedThreads;
};

TraceFile &traceFile() {
  static auto *T = new TraceFile();
  return *T;
}

long threadId() { return syscall(SYS_gettid); }

/// S as a JSON string literal.
std::string quote(const char *S) {
  std::string Out = "\"";
  for (const unsigned char *P = (const unsigned char *)S; *P; ++P) {
    switch (*P) {
    case '"':
      Out += "\\\"";
      break;
    case '\\':
      Out += "\\\\";
      break;
    case '\n':
      Out += "\\n";
      break;
    case '\t':
      Out += "\\t";
      break;
    default:
      if (*P < 0x20)
        Out += formatString("\\u%04x", *P);
      else
        Out += (char)*P;
    }
  }
  return Out + "\"";
}

/// Writes the buffer out (T.Mu held). After a failure the rest of the
/// trace is dropped and finish() says so.
void flushLocked(TraceFile &T) {
  const char *P = T.Buffer.data();
  size_t Left = T.Buffer.size();
  while (Left && !T.WriteErrno) {
    ssize_t N = write(T.Fd, P, Left);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0) {
      T.WriteErrno = N < 0 ? errno : EIO;
      break;
    }
    P += N;
    Left -= (size_t)N;
  }
  T.Buffer.clear();
}

void appendLocked(TraceFile &T, const std::string &Event) {
  T.Buffer += T.AnyEvent ? ",\n" : "\n";
  T.AnyEvent = true;
  T.Buffer += Event;
  if (T.Buffer.size() >= FlushBytes)
    flushLocked(T);
}

std::string metadataEvent(const char *Kind, long Tid, const std::string &Name) {
  return formatString("{\"name\": \"%s\", \"ph\": \"M\", \"pid\": %d, "
                      "\"tid\": %ld, \"args\": {\"name\": %s}}",
                      Kind, (int)getpid(), Tid, quote(Name.c_str()).c_str());
}

std::string programName() {
  char Name[64] = "";
  if (FILE *F = fopen("/proc/self/comm", "r")) {
    if (fgets(Name, sizeof(Name), F))
      Name[strcspn(Name, "\n")] = '\0';
    fclose(F);
  }
  return *Name ? Name : "program";
}

void finishAtExit() { finish(); }

/// Opens the file LIBOMPTARGET_PROFILE names and starts the trace.
bool openTrace() {
  const char *Path = getenv("LIBOMPTARGET_PROFILE");
  if (!Path)
    return false;
  if (!*Path) {
    warning("LIBOMPTARGET_PROFILE is empty; it names the trace file to "
            "write; no trace");
    return false;
  }
  int Fd = open(Path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (Fd < 0) {
    warning("LIBOMPTARGET_PROFILE='%s': cannot write the trace file: %s; no "
            "trace",
            Path, strerror(errno));
    return false;
  }
  TraceFile &T = traceFile();
  std::lock_guard<std::mutex> Lock(T.Mu);
  T.Fd = Fd;
  T.Path = Path;
  T.Owner = getpid();
  T.Epoch = std::chrono::steady_clock::now();
  T.Buffer = "{\"traceEvents\": [";
  appendLocked(T, metadataEvent("process_name", T.Owner,
                                "libomptarget: " + programName()));
  atexit(finishAtExit);
  return true;
}

} // namespace

bool profile::enabled() {
  static const bool Enabled = openTrace();
  return Enabled;
}

Args &Args::add(const char *Key, const char *Value) {
  Fields += formatString("%s%s: %s", Fields.empty() ? "" : ", ",
                         quote(Key).c_str(), quote(Value ? Value : "").c_str());
  return *this;
}

Args &Args::add(const char *Key, int64_t Value) {
  Fields += formatString("%s%s: %lld", Fields.empty() ? "" : ", ",
                         quote(Key).c_str(), (long long)Value);
  return *this;
}

void profile::event(const char *Category, const std::string &Name,
                    std::chrono::steady_clock::time_point Start, double Seconds,
                    const Args &EventArgs) {
  if (!enabled())
    return;
  TraceFile &T = traceFile();
  long Tid = threadId();
  double BeginUs =
      std::chrono::duration<double, std::micro>(Start - T.Epoch).count();
  std::string Event = formatString(
      "{\"name\": %s, \"cat\": \"%s\", \"ph\": \"X\", \"ts\": %.3f, "
      "\"dur\": %.3f, \"pid\": %d, \"tid\": %ld, \"args\": %s}",
      quote(Name.c_str()).c_str(), Category, BeginUs < 0 ? 0.0 : BeginUs,
      Seconds < 0 ? 0.0 : Seconds * 1e6, (int)getpid(), Tid,
      EventArgs.json().c_str());
  std::lock_guard<std::mutex> Lock(T.Mu);
  if (T.Finished || getpid() != T.Owner)
    return;
  if (T.NamedThreads.insert(Tid).second)
    appendLocked(T, metadataEvent("thread_name", Tid,
                                  Tid == T.Owner
                                      ? std::string("main thread")
                                      : "thread " + std::to_string(Tid)));
  appendLocked(T, Event);
}

void profile::finish() {
  TraceFile &T = traceFile();
  std::lock_guard<std::mutex> Lock(T.Mu);
  if (T.Fd < 0 || T.Finished || getpid() != T.Owner)
    return;
  T.Finished = true;
  T.Buffer += "\n],\n\"displayTimeUnit\": \"ms\",\n\"otherData\": "
              "{\"generator\": \"clang-offload libomptarget\"}}\n";
  flushLocked(T);
  if (close(T.Fd) != 0 && !T.WriteErrno)
    T.WriteErrno = errno;
  if (T.WriteErrno)
    warning("LIBOMPTARGET_PROFILE='%s': writing the trace file failed: %s; "
            "the trace is incomplete",
            T.Path.c_str(), strerror(T.WriteErrno));
}

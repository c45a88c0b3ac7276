//===- Profile.h - The trace file (LIBOMPTARGET_PROFILE) --------*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// With LIBOMPTARGET_PROFILE=<file>, the runtime writes a Chrome trace-event
// file (the JSON object format: {"traceEvents": [...]}, viewable in
// ui.perfetto.dev or chrome://tracing): one complete event ("ph": "X",
// begin and duration in microseconds since the trace began) per kernel,
// transfer, allocation, free and synchronisation that Events.h reports,
// on the track of the host thread that did it, with the kernel's or
// mapped object's name, the device and the construct's source location in
// "args"; and metadata events naming the process and its threads. The file
// is opened when the runtime starts (a path that cannot be written is a
// warning naming it, and no trace), events stream into it, and it is
// completed at exit, or by a fatal error, whichever comes first.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_LIBOMPTARGET_PROFILE_H
#define CLANG_OFFLOAD_LIBOMPTARGET_PROFILE_H

#include <chrono>
#include <cstdint>
#include <string>

namespace cot::profile {

/// Whether LIBOMPTARGET_PROFILE names a file the trace goes to (read once,
/// the file created then).
bool enabled();

/// The "args" of an event: a JSON object built field by field.
class Args {
public:
  Args &add(const char *Key, const char *Value);
  Args &add(const char *Key, const std::string &Value) {
    return add(Key, Value.c_str());
  }
  Args &add(const char *Key, int64_t Value);
  /// `{"key": value, ...}`.
  std::string json() const { return "{" + Fields + "}"; }

private:
  std::string Fields;
};

/// One complete event of Category ("kernel", "transfer", "alloc", "free",
/// "sync") named Name, begun at Start, lasting Seconds, on the calling
/// thread's track.
void event(const char *Category, const std::string &Name,
           std::chrono::steady_clock::time_point Start, double Seconds,
           const Args &EventArgs);

/// Completes the file; later events are dropped. Called at exit and by
/// fatal errors (Lifetime.cpp); only the first call writes.
void finish();

} // namespace cot::profile

#endif

//===- Events.h - What the runtime did on its devices ----------*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The one place that observes the runtime's work on devices: every kernel
// launch, transfer, allocation, free and synchronisation is reported here
// once, by the code that did it, and handed to whichever consumers the
// environment asked for:
//   LIBOMPTARGET_DEBUG    a trace line (DebugTrace.h)
//   LIBOMPTARGET_SUMMARY  the end-of-run counts (Summary.h)
//   LIBOMPTARGET_PROFILE  a Chrome trace event (Profile.h)
// A call site starts a Stopwatch before the operation and reports after it;
// with no consumer both are one branch.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_LIBOMPTARGET_EVENTS_H
#define CLANG_OFFLOAD_LIBOMPTARGET_EVENTS_H

#include "OffloadABI.h"
#include "PluginAPI.h"

#include <chrono>
#include <cstdint>

namespace cot::events {

/// Whether some consumer wants the events. The first call reads the
/// environment (and opens the profile's file).
bool enabled();

/// When an operation began; reads the clock only when events are enabled.
class Stopwatch {
public:
  using Clock = std::chrono::steady_clock;
  Stopwatch() {
    if (enabled())
      Start = Clock::now();
  }
  Clock::time_point start() const { return Start; }
  /// Seconds since the start.
  double seconds() const {
    return std::chrono::duration<double>(Clock::now() - Start).count();
  }

private:
  Clock::time_point Start;
};

/// What an operation was for: the mapped object's or kernel's name (may
/// be null) and the construct.
struct Subject {
  const char *Name;
  const cot_source_loc *Loc;
};

/// A kernel ran on Device with NumArgs arguments, the requested geometry
/// (Params) and the grid the plugin chose.
void kernelLaunched(const Stopwatch &Time, int32_t Device, Subject Kernel,
                    const cot_launch_params &Params,
                    const cot_launch_grid &Grid, void *const *Args,
                    int32_t NumArgs);

enum class Direction { HostToDevice, DeviceToHost, DeviceToDevice };
/// Bytes moved from Src to Dst; Device is the device side (the destination
/// of a copy between devices).
void transferred(const Stopwatch &Time, Direction Dir, int32_t Device,
                 const void *Dst, const void *Src, uint64_t Bytes,
                 Subject What);

/// Memory of Kind (COT_MEMORY_*) allocated for or by Device (the initial
/// device's number for host memory of omp_target_alloc & co.).
void allocated(const Stopwatch &Time, int32_t Device, int32_t Kind,
               const void *Ptr, uint64_t Bytes, Subject What);
void freed(const Stopwatch &Time, int32_t Device, const void *Ptr,
           Subject What);

/// The runtime waited for work queued on Device (What: the queue).
void synchronized(const Stopwatch &Time, int32_t Device, Subject What);

} // namespace cot::events

#endif

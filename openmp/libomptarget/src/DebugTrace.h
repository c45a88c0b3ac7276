//===- DebugTrace.h - The debug trace of the runtime -----------*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// LIBOMPTARGET_DEBUG=1 prints, one `omptarget --> ` line each, what the
// runtime decides: images registered and the image chosen for a device,
// plugins loaded or skipped, devices started, every map entry's fate
// (new, present, reference counts, copied or not), launches with their
// arguments and geometry, and through Events.h every transfer,
// allocation, free and synchronisation. LIBOMPTARGET_DEBUG=2 adds the
// plugins' own lines for every call into them. The lines are for finding
// out why a program behaves as it does; LIBOMPTARGET_INFO's are the
// user-facing summary of the same events.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_LIBOMPTARGET_DEBUGTRACE_H
#define CLANG_OFFLOAD_LIBOMPTARGET_DEBUGTRACE_H

#include "Runtime.h"

#include <string>

namespace cot {

/// " at file:line:col", or "" without a location.
std::string atLoc(const cot_source_loc *Loc);

/// "0x23 (to,from,target_param)" for a map type.
std::string mapTypeString(uint64_t Type);

/// What the mapping table did with entry I of M on D: Decision ("new",
/// "present", "kept", ...), the mapping it used (E, may be null) and
/// whether data moved (Copy: "copied to device", "no copy", ...).
void traceMapEntry(const Device &D, const cot_map_list *M, int32_t I,
                   const MapEntry *E, const char *Decision, const char *Copy,
                   const cot_source_loc *Loc);

/// A launch as it starts: kernel, device, geometry asked for and the
/// argument values.
void traceLaunch(const Device &D, const char *Kernel,
                 const cot_launch_params &Params,
                 const std::vector<void *> &Args, const cot_source_loc *Loc);

} // namespace cot

#endif

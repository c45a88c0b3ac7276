//===- Summary.h - The end-of-run summary (LIBOMPTARGET_SUMMARY) -*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// With LIBOMPTARGET_SUMMARY=1 the runtime counts, per kernel, its launches
// and their time (each launch is synchronous: the time from the call to the
// kernel's end), and per direction the transfers, bytes and time, and prints
// one screen of it on stderr when the program exits, so that a user sees
// where offloading spends its time. Disabled, each record is one branch.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_LIBOMPTARGET_SUMMARY_H
#define CLANG_OFFLOAD_LIBOMPTARGET_SUMMARY_H

#include "OffloadABI.h"

#include <chrono>
#include <cstdint>

namespace cot {

/// Whether LIBOMPTARGET_SUMMARY asks for the summary (read once).
bool summaryEnabled();

enum class TransferDirection { HostToDevice, DeviceToHost };

void recordLaunch(const char *Kernel, const cot_source_loc *Loc,
                  int32_t NumTeams, int32_t ThreadLimit, double Seconds);
void recordTransfer(TransferDirection Dir, uint64_t Bytes, double Seconds);
void recordAllocation(uint64_t Bytes);

/// Seconds since \p Start, for the records above.
inline double secondsSince(std::chrono::steady_clock::time_point Start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                       Start)
      .count();
}

} // namespace cot

#endif

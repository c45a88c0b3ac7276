//===- Summary.h - The end-of-run summary (LIBOMPTARGET_SUMMARY) -*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// With LIBOMPTARGET_SUMMARY=1 the runtime counts, per kernel, its launches,
// their time (each launch is synchronous: the time from the call to the
// kernel's end) and the grids the plugin launched them with, and per
// direction the transfers, bytes and time, and prints one screen of it on
// stderr when the program exits, so that a user sees where offloading
// spends its time. The records come from Events.cpp, which observes the
// runtime's work for every consumer.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_LIBOMPTARGET_SUMMARY_H
#define CLANG_OFFLOAD_LIBOMPTARGET_SUMMARY_H

#include "Events.h"

#include <cstdint>

namespace cot {

/// Whether LIBOMPTARGET_SUMMARY asks for the summary (read once).
bool summaryEnabled();

void recordLaunch(const char *Kernel, const cot_source_loc *Loc,
                  const cot_launch_grid &Grid, double Seconds);
void recordTransfer(events::Direction Dir, uint64_t Bytes, double Seconds);
void recordAllocation(uint64_t Bytes);

} // namespace cot

#endif

//===- Summary.cpp - The end-of-run summary (LIBOMPTARGET_SUMMARY) --------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Collects the counts of Summary.h under one lock and prints them from an
// exit handler installed with the first record. A kernel's grid is the one
// its plugin reported (blocks x threads on a GPU; on the host device the
// league libomp was asked for); when launches differed, the range of each.
//
//===----------------------------------------------------------------------===//

#include "Summary.h"

#include "Environment.h"
#include "Message.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <string>

using namespace cot;

namespace {

struct KernelCounts {
  std::string Where;
  uint64_t Launches = 0;
  double Seconds = 0;
  int64_t MinBlocks = 0, MaxBlocks = 0;
  int32_t MinThreads = 0, MaxThreads = 0;
};

struct TransferCounts {
  uint64_t Count = 0, Bytes = 0;
  double Seconds = 0;
};

struct Counts {
  std::mutex Mu;
  std::map<std::string, KernelCounts> Kernels;
  TransferCounts Transfers[3]; // by events::Direction
  uint64_t Allocations = 0, AllocatedBytes = 0;
};

/// Never destroyed: the exit handler and threads still offloading at exit
/// use it.
Counts &counts() {
  static Counts *C = new Counts();
  return *C;
}

void printTransfers(const char *Name, const TransferCounts &T) {
  double MiB = (double)T.Bytes / (1 << 20);
  fprintf(stderr, "  %-15s %10llu copies %12.1f MiB %10.3f s", Name,
          (unsigned long long)T.Count, MiB, T.Seconds);
  if (T.Seconds > 0)
    fprintf(stderr, " %9.1f MiB/s", MiB / T.Seconds);
  fputc('\n', stderr);
}

/// "4" or "1..132".
std::string range(int64_t Min, int64_t Max) {
  return Min == Max ? std::to_string(Min)
                    : std::to_string(Min) + ".." + std::to_string(Max);
}

void printSummary() {
  fflush(stdout); // the program's output first
  Counts &C = counts();
  std::lock_guard<std::mutex> Lock(C.Mu);
  fprintf(stderr, "libomptarget: summary\n  %-40s %8s %12s %12s  %s\n",
          "kernel", "launches", "total s", "mean ms",
          "grid (blocks x threads), where");
  for (const auto &[Name, K] : C.Kernels)
    fprintf(stderr, "  %-40s %8llu %12.6f %12.4f  %s x %s, %s\n", Name.c_str(),
            (unsigned long long)K.Launches, K.Seconds,
            K.Seconds * 1e3 / (double)K.Launches,
            range(K.MinBlocks, K.MaxBlocks).c_str(),
            range(K.MinThreads, K.MaxThreads).c_str(), K.Where.c_str());
  using events::Direction;
  printTransfers("host to device", C.Transfers[(int)Direction::HostToDevice]);
  printTransfers("device to host", C.Transfers[(int)Direction::DeviceToHost]);
  if (C.Transfers[(int)Direction::DeviceToDevice].Count)
    printTransfers("device to device",
                   C.Transfers[(int)Direction::DeviceToDevice]);
  fprintf(stderr, "  %-15s %10llu blocks %12.1f MiB\n", "allocations",
          (unsigned long long)C.Allocations,
          (double)C.AllocatedBytes / (1 << 20));
}

/// The counts, with the exit handler installed on first use.
Counts &startedCounts() {
  static const bool Installed = [] { return atexit(printSummary) == 0; }();
  (void)Installed;
  return counts();
}

} // namespace

bool cot::summaryEnabled() {
  static const bool Enabled = [] {
    int64_t V = 0;
    switch (readEnvInteger("LIBOMPTARGET_SUMMARY", 0, 1, V)) {
    case EnvValue::Unset:
      return false;
    case EnvValue::Valid:
      return V == 1;
    case EnvValue::Invalid:
      warning("LIBOMPTARGET_SUMMARY='%s' is not 0 or 1; ignored",
              getenv("LIBOMPTARGET_SUMMARY"));
      return false;
    }
    return false;
  }();
  return Enabled;
}

void cot::recordLaunch(const char *Kernel, const cot_source_loc *Loc,
                       const cot_launch_grid &Grid, double Seconds) {
  Counts &C = startedCounts();
  std::lock_guard<std::mutex> Lock(C.Mu);
  KernelCounts &K = C.Kernels[Kernel];
  if (K.Launches++ == 0) {
    K.Where = locString(Loc);
    K.MinBlocks = K.MaxBlocks = Grid.Blocks;
    K.MinThreads = K.MaxThreads = Grid.Threads;
  }
  K.Seconds += Seconds;
  K.MinBlocks = std::min(K.MinBlocks, Grid.Blocks);
  K.MaxBlocks = std::max(K.MaxBlocks, Grid.Blocks);
  K.MinThreads = std::min(K.MinThreads, Grid.Threads);
  K.MaxThreads = std::max(K.MaxThreads, Grid.Threads);
}

void cot::recordTransfer(events::Direction Dir, uint64_t Bytes,
                         double Seconds) {
  Counts &C = startedCounts();
  std::lock_guard<std::mutex> Lock(C.Mu);
  TransferCounts &T = C.Transfers[(int)Dir];
  ++T.Count;
  T.Bytes += Bytes;
  T.Seconds += Seconds;
}

void cot::recordAllocation(uint64_t Bytes) {
  Counts &C = startedCounts();
  std::lock_guard<std::mutex> Lock(C.Mu);
  ++C.Allocations;
  C.AllocatedBytes += Bytes;
}

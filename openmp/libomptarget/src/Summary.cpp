//===- Summary.cpp - The end-of-run summary (LIBOMPTARGET_SUMMARY) --------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Collects the counts of Summary.h under one lock and prints them from an
// exit handler installed with the first record. The requested geometry
// (num_teams, thread_limit: 0 when the clause is absent and the plugin
// chose) is what the core knows; LIBOMPTARGET_INFO=1 shows the grid the
// plugin launched.
//
//===----------------------------------------------------------------------===//

#include "Summary.h"

#include "Environment.h"
#include "Message.h"

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
  int32_t NumTeams = 0, ThreadLimit = 0;
};

struct TransferCounts {
  uint64_t Count = 0, Bytes = 0;
  double Seconds = 0;
};

struct Counts {
  std::mutex Mu;
  std::map<std::string, KernelCounts> Kernels;
  TransferCounts Transfers[2];
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

void printSummary() {
  fflush(stdout); // the program's output first
  Counts &C = counts();
  std::lock_guard<std::mutex> Lock(C.Mu);
  fprintf(stderr, "libomptarget: summary\n  %-40s %8s %12s %12s  %s\n",
          "kernel", "launches", "total s", "mean ms", "num_teams x "
          "thread_limit (0: chosen at launch), where");
  for (const auto &[Name, K] : C.Kernels)
    fprintf(stderr, "  %-40s %8llu %12.6f %12.4f  %d x %d, %s\n", Name.c_str(),
            (unsigned long long)K.Launches, K.Seconds,
            K.Seconds * 1e3 / (double)K.Launches, K.NumTeams, K.ThreadLimit,
            K.Where.c_str());
  printTransfers("host to device",
                 C.Transfers[(int)TransferDirection::HostToDevice]);
  printTransfers("device to host",
                 C.Transfers[(int)TransferDirection::DeviceToHost]);
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
                       int32_t NumTeams, int32_t ThreadLimit, double Seconds) {
  Counts &C = startedCounts();
  std::lock_guard<std::mutex> Lock(C.Mu);
  KernelCounts &K = C.Kernels[Kernel];
  if (K.Launches++ == 0)
    K.Where = locString(Loc);
  K.Seconds += Seconds;
  K.NumTeams = NumTeams;
  K.ThreadLimit = ThreadLimit;
}

void cot::recordTransfer(TransferDirection Dir, uint64_t Bytes,
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

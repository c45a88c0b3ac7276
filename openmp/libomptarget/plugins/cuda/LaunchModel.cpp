//===- LaunchModel.cpp - Grid geometry from the kernel and the GPU --------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Threads per block: thread_limit (clamped to the kernel's maximum), else
// 256, fewer (down to a warp) when a `distribute parallel for` has too few
// iterations to give every SM a block of 256.
//
// Blocks, unless num_teams gives them (paper 003, section 6):
//  - a kernel whose threads each walk their own stretch of memory
//    (thread-stretches): as many threads per SM as L1 holds the current
//    128-byte line of each stream for, L1 taken as 3/4 of the SM's
//    shared-memory capacity (the rest: other data, associativity). Where
//    neighbouring threads' stretches start less than a line apart they
//    share lines, and a thread needs only that distance of L1
//    (cot_kernel_record::StreamL1Bytes); when L1 then holds every thread
//    that occupancy allows, nothing is limited and the kernel is launched
//    as a streaming one (below). Measured on an H200 (the search, medians
//    of 2): HeCBench's jenkins-hash (a 64-byte key per thread) 571 us at 4
//    blocks/SM, 420 at one iteration per thread (CUDA 374); nqueen (16-byte
//    records) 54 ms at 32 blocks/SM, 49 at one iteration per thread. SpMV (2
//    streams) on an H100/H200: 171 KiB / 256 B = 684 threads, 3 blocks/SM of
//    256; measured on an H200: 906/888/869 us at 2/3/4 blocks/SM, 2507 at
//    the 8 occupancy allows (on an H100 2 was best, 4x faster than 8);
//  - a kernel with atomics (a teams reduction's one per block): one wave,
//    occupancy x SMs, so that the atomics do not multiply;
//  - a stencil (a kernel whose iterations load one array at several offsets
//    from their own index, COT_KERNEL_NEIGHBOUR_REUSE), unless compute
//    bound: one wave. The grid-stride loop then sweeps memory as one front
//    whose neighbours' lines are still in L2; with more waves than fit, each
//    wave sweeps the whole array and loads the halo planes again. Measured
//    on an H200 (the search, medians of 3): stencil3d 348 us at one wave
//    against 460 at 4 (DRAM traffic 1.0 GB against 1.8 GB, ncu) and 445
//    with one iteration per thread; jacobi2d 330 us against 360 and 530;
//  - a streaming kernel with uncoalesced accesses (neighbouring iterations
//    touch different lines, such as a transpose's strided stores): one
//    iteration per thread, so that blocks run in iteration order and the
//    iterations that share each 32-byte sector run together. Measured on an
//    H200 (the search, medians of 3): an 8192^2 float transpose in 1046 us
//    against 1280 at one block/SM and 1682-2013 at 6-24 (CUDA's 32 x 8
//    blocks: 1001); a CUDA probe of the same loop, 1.04 ms against 1.67 in
//    a grid-stride loop of one wave;
//  - any other analysed kernel of a `distribute parallel for` with a known
//    trip count: 4 waves, 4 x occupancy x SMs. Measured on an H200: triad
//    414 us at 4 waves, 419 at one, 415 with one iteration per thread;
//    hash 304/320/328 us, math-heavy 84/91/108 us; matmul within 5%;
//  - otherwise (no record in the kernel table, unknown trip count, the
//    team's main thread runs the iterations): occupancy x SMs.
// Every grid is cut to the blocks that have work and to the GPU's maximum.
// Kernels loop over their iterations, so every grid is correct; only speed
// depends on it.
//
//===----------------------------------------------------------------------===//

#include "LaunchModel.h"

#include <algorithm>
#include <cmath>

namespace cot::cuda {

namespace {

constexpr int WarpSize = 32;
constexpr int CacheLineBytes = 128;
/// Waves of resident blocks for analysed kernels that are not limited by
/// L1 (see the top).
constexpr int Waves = 4;

long long ceilDiv(long long A, long long B) { return A / B + (A % B != 0); }

/// Blocks that have work: one per Threads iterations when the threads share
/// them, else one per iteration; 0 when the trip count is unknown.
long long usefulBlocks(const LaunchRequest &Launch, int Threads) {
  if (Launch.TripCount <= 0)
    return 0;
  return Launch.ThreadsShare ? ceilDiv(Launch.TripCount, Threads)
                             : Launch.TripCount;
}

int chooseThreads(const GpuFacts &Gpu, const KernelFacts &Kernel,
                  const LaunchRequest &Launch, std::string &Why) {
  std::string Max = std::to_string(Kernel.MaxThreads);
  if (int32_t Requested = requestedThreads(Launch)) {
    int Threads = std::min<int>(Requested, Kernel.MaxThreads);
    Why = (Requested == Launch.ThreadLimit ? "thread_limit " : "num_threads ") +
          std::to_string(Requested);
    if (Threads < Requested)
      Why += " clamped to the kernel's maximum " + Max;
    return Threads;
  }
  int Threads = std::min(DefaultThreads, Kernel.MaxThreads);
  Why = "default " + std::to_string(DefaultThreads) + " threads";
  if (Threads < DefaultThreads)
    Why += " clamped to the kernel's maximum " + Max;
  bool Short = Launch.NumTeams == 0 && Launch.ThreadsShare &&
               Launch.TripCount > 0 &&
               Launch.TripCount < (long long)Threads * Gpu.NumSMs;
  if (!Short)
    return Threads;
  long long PerSM = ceilDiv(Launch.TripCount, Gpu.NumSMs);
  int Spread =
      (int)std::max<long long>(WarpSize, ceilDiv(PerSM, WarpSize) * WarpSize);
  if (Spread >= Threads)
    return Threads;
  Why = std::to_string(Spread) + " threads, to spread the trip count " +
        std::to_string(Launch.TripCount) + " over " +
        std::to_string(Gpu.NumSMs) + " SMs";
  return Spread;
}

const char *className(uint32_t Class) {
  switch (Class) {
  case COT_KERNEL_CLASS_STREAMING:
    return "streaming";
  case COT_KERNEL_CLASS_COMPUTE:
    return "compute";
  case COT_KERNEL_CLASS_THREAD_STRETCHES:
    return "thread-stretches";
  case COT_KERNEL_CLASS_GATHER:
    return "gather";
  default:
    return "unknown";
  }
}

/// "streaming kernel (per iteration 24 B coalesced, 2 operations), 16
/// registers": the compiler's record (when the launch uses it) and the
/// kernel's resources.
std::string describeKernel(const KernelFacts &Kernel,
                           const LaunchRequest &Launch) {
  std::string S;
  if (!Kernel.HasRecord) {
    S = "no kernel record";
  } else if (!Launch.ThreadsShare) {
    // The record counts the team's code and the control loop of its
    // parallel regions, not the work of one iteration.
    S = "a team's main thread runs the iterations";
  } else {
    const cot_kernel_record &R = Kernel.Record;
    S = std::string(className(R.Class)) + " kernel";
    if (R.Flags & COT_KERNEL_ATOMICS)
      S += " with atomics";
    if (R.Flags & COT_KERNEL_NEIGHBOUR_REUSE)
      S += " with neighbour reuse";
    std::string Counts;
    auto Add = [&](uint32_t N, const char *What) {
      if (N)
        Counts += (Counts.empty() ? "" : ", ") + std::to_string(N) + What;
    };
    Add(R.CoalescedBytes, " B coalesced");
    Add(R.UncoalescedBytes, " B uncoalesced");
    Add(R.IndirectBytes, " B indirect");
    Add(R.UniformBytes, " B uniform");
    Add(R.ArithOps, " operations");
    Add(R.ThreadStreams, " thread streams");
    if (!Counts.empty())
      S += " (per iteration " + Counts + ")";
  }
  S += ", " + std::to_string(Kernel.Registers) + " registers";
  if (Kernel.LocalBytes > 0)
    S += ", " + std::to_string(Kernel.LocalBytes) + " B local";
  return S;
}

/// Blocks per SM whose threads' stream lines fit in L1 (see the top), or
/// 0 when L1 holds them at full occupancy (nothing to limit).
int stretchBlocksPerSM(const GpuFacts &Gpu, const cot_kernel_record &R,
                       int Threads, int Occupancy, std::string &Why) {
  long long L1 = (long long)Gpu.SharedPerSM * 3 / 4;
  bool Shared = R.StreamL1Bytes > 0 &&
                R.StreamL1Bytes < R.ThreadStreams * CacheLineBytes;
  long long ThreadBytes =
      R.StreamL1Bytes > 0 ? R.StreamL1Bytes
                          : (long long)R.ThreadStreams * CacheLineBytes;
  long long FitThreads = L1 / ThreadBytes;
  Why = "L1 of " + std::to_string(L1 / 1024) + " KiB holds " +
        std::to_string(R.ThreadStreams) + " streams' " +
        (Shared ? std::to_string(ThreadBytes) + " B (lines shared by "
                                                "neighbouring threads)"
                : std::string("128-B lines")) +
        " for " + std::to_string(FitThreads) + " threads";
  if (FitThreads >= (long long)Occupancy * Threads)
    return 0;
  Why += ": ";
  return std::clamp((int)std::lround((double)FitThreads / Threads), 1,
                    Occupancy);
}

void clampToGrid(Geometry &G, const GpuFacts &Gpu) {
  if (G.Blocks > Gpu.MaxGridX) {
    G.Blocks = Gpu.MaxGridX;
    G.Why += ", clamped to the maximum grid size";
  }
}

/// The blocks of Choice for this launch: "P blocks/SM<Label> x S SMs", cut
/// to the blocks that have work, or every such block.
Geometry gridOf(const GpuFacts &Gpu, const LaunchRequest &Launch,
                GridChoice Choice, const std::string &Label) {
  Geometry G;
  G.Threads = Choice.Threads;
  G.Choice = Choice;
  long long Useful = usefulBlocks(Launch, Choice.Threads);
  std::string Trip =
      "the trip count " + std::to_string(Launch.TripCount) +
      (Launch.ThreadsShare ? " / " + std::to_string(Choice.Threads) + " threads"
                           : std::string());
  if (Choice.PerSM == 0 && Useful > 0) {
    G.Blocks = Useful;
    G.Why = std::string(Launch.ThreadsShare ? "one iteration per thread: "
                                            : "one block per iteration: ") +
            Trip;
  } else {
    int PerSM = std::max(Choice.PerSM, 1);
    G.Blocks = (long long)PerSM * Gpu.NumSMs;
    G.Why = std::to_string(PerSM) + " blocks/SM" + Label + " x " +
            std::to_string(Gpu.NumSMs) + " SMs";
    if (Useful > 0 && Useful < G.Blocks) {
      G.Blocks = Useful;
      G.Why += ", cut to " + Trip;
    }
  }
  clampToGrid(G, Gpu);
  return G;
}

} // namespace

int32_t requestedThreads(const LaunchRequest &Launch) {
  if (Launch.ThreadLimit > 0 && Launch.NumThreads > 0)
    return std::min(Launch.ThreadLimit, Launch.NumThreads);
  return Launch.ThreadLimit > 0 ? Launch.ThreadLimit
                                : std::max(Launch.NumThreads, 0);
}

int tripClass(int64_t TripCount) {
  int Class = 0;
  for (uint64_t N = TripCount > 0 ? (uint64_t)TripCount : 0; N; N >>= 1)
    ++Class;
  return Class;
}

std::string describeChoice(GridChoice Choice) {
  return Choice.PerSM ? std::to_string(Choice.PerSM) + " blocks/SM"
                      : std::string("every useful block");
}

Geometry choiceGeometry(const GpuFacts &Gpu, const LaunchRequest &Launch,
                        GridChoice Choice) {
  return gridOf(Gpu, Launch, Choice, "");
}

Geometry modelGeometry(const GpuFacts &Gpu, const KernelFacts &Kernel,
                       const LaunchRequest &Launch,
                       const OccupancyFn &Occupancy) {
  std::string Why;
  int Threads = chooseThreads(Gpu, Kernel, Launch, Why);
  if (Launch.NumTeams > 0) {
    Geometry G;
    G.Threads = Threads;
    G.Blocks = Launch.NumTeams;
    G.Why = Why + ", num_teams " + std::to_string(Launch.NumTeams);
    clampToGrid(G, Gpu);
    return G;
  }
  int Occ = std::max(Occupancy(Threads), 1);
  Why += "; " + describeKernel(Kernel, Launch) + ", occupancy " +
         std::to_string(Occ) + " blocks/SM; ";
  const cot_kernel_record &R = Kernel.Record;
  bool Analysed = Kernel.HasRecord && R.Class != COT_KERNEL_CLASS_UNKNOWN &&
                  Launch.ThreadsShare;
  int StretchPerSM = 0;
  bool Stretches = Analysed && R.Class == COT_KERNEL_CLASS_THREAD_STRETCHES &&
                   R.ThreadStreams > 0 && Gpu.SharedPerSM > 0;
  if (Stretches) {
    std::string Fit;
    StretchPerSM = stretchBlocksPerSM(Gpu, R, Threads, Occ, Fit);
    Why += Fit + (StretchPerSM ? "" : " at full occupancy; ");
  }
  // Streams that L1 holds at full occupancy limit nothing: the kernel is
  // launched as a streaming one.
  bool Streaming = R.Class == COT_KERNEL_CLASS_STREAMING ||
                   (Stretches && StretchPerSM == 0);
  Geometry G;
  if (!Analysed) {
    G = gridOf(Gpu, Launch, {Threads, Occ}, " by occupancy");
  } else if (StretchPerSM > 0) {
    G = gridOf(Gpu, Launch, {Threads, StretchPerSM}, "");
  } else if (R.Flags & COT_KERNEL_ATOMICS) {
    G = gridOf(Gpu, Launch, {Threads, Occ},
               " by occupancy (one wave for the atomics)");
  } else if ((R.Flags & COT_KERNEL_NEIGHBOUR_REUSE) &&
             R.Class != COT_KERNEL_CLASS_COMPUTE) {
    G = gridOf(Gpu, Launch, {Threads, Occ},
               " by occupancy (one wave, one front through memory for the "
               "neighbours' lines)");
  } else if (R.UncoalescedBytes > 0 && Streaming && Launch.TripCount > 0) {
    G = gridOf(Gpu, Launch, {Threads, 0}, "");
    G.Why += " (uncoalesced accesses: blocks in iteration order)";
  } else if (Launch.TripCount > 0) {
    G = gridOf(Gpu, Launch, {Threads, Waves * Occ},
               " (" + std::to_string(Waves) + " waves of " +
                   std::to_string(Occ) + ")");
  } else {
    G = gridOf(Gpu, Launch, {Threads, Occ},
               " by occupancy (trip count unknown)");
  }
  G.Why = Why + G.Why;
  return G;
}

bool isSearchable(const LaunchRequest &Launch) { return Launch.NumTeams <= 0; }

std::vector<GridChoice> searchCandidates(const GpuFacts &Gpu,
                                         const LaunchRequest &Launch,
                                         const Geometry &Model,
                                         const OccupancyFn &Occupancy) {
  int Threads = Model.Threads;
  int Occ = std::max(Occupancy(Threads), 1);
  std::vector<int> PerSM = {1,   2,       4,       std::max(Occ / 2, 1),
                            Occ, 2 * Occ, 4 * Occ, Model.Choice.PerSM};
  std::sort(PerSM.begin(), PerSM.end());
  if (Launch.TripCount > 0)
    PerSM.push_back(0); // every useful block, last
  std::vector<GridChoice> Candidates;
  std::vector<long long> Grids;
  for (int P : PerSM) {
    if (P == 0 && Launch.TripCount <= 0)
      continue;
    GridChoice C{Threads, P};
    long long Blocks = choiceGeometry(Gpu, Launch, C).Blocks;
    if (std::find(Grids.begin(), Grids.end(), Blocks) != Grids.end())
      continue;
    Grids.push_back(Blocks);
    Candidates.push_back(C);
  }
  return Candidates;
}

} // namespace cot::cuda

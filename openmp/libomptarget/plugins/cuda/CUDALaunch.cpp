//===- CUDALaunch.cpp - CUDA launch geometry and launches
//------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Launch geometry: ThreadLimit (default 256) clamped to the kernel's maximum
// block size; NumTeams blocks, or enough to fill the GPU (occupancy x SMs),
// cut to what the loop has work for when its trip count is known, and for
// long-running combined loop kernels the blocks per SM that timing found
// fastest. Kernels use grid-stride loops, so any grid is correct.
// LIBOMPTARGET_INFO prints the choice.
//
//===----------------------------------------------------------------------===//

#include "CUDAPlugin.h"

#include <algorithm>
#include <chrono>

using namespace cot;
using namespace cot::cuda;

namespace {

constexpr int DefaultThreads = 256;

// Resident blocks per SM for K at Threads per block (cached).
int blocksPerSM(CUDAKernel &K, int Threads) {
  std::lock_guard<std::mutex> Lock(K.Mu);
  auto It = K.BlocksPerSM.find(Threads);
  if (It != K.BlocksPerSM.end())
    return It->second;
  int N = 0;
  if (cu.OccupancyMaxActiveBlocksPerMultiprocessor(&N, K.Fn, Threads, 0) !=
      CUDA_SUCCESS)
    N = 0;
  N = std::max(N, 1);
  K.BlocksPerSM[Threads] = N;
  return N;
}

// Blocks when num_teams is not given: enough to fill the GPU (occupancy x
// SMs), but no more than the loop has work for when its trip count is
// known: one block per iteration, or per Threads iterations when a team's
// threads share them. Kernels loop over their iterations, so any grid runs
// every iteration; the trip count only saves blocks that would find none.
long long defaultBlocks(int PerSM, bool ByOccupancy, const DeviceState &D,
                        int Threads, const cot_launch_params &P,
                        std::string &Why) {
  long long Blocks = (long long)PerSM * D.NumSMs;
  Why += ", " + std::to_string(PerSM) + " blocks/SM " +
         (ByOccupancy ? "by occupancy" : "by timing") + " x " +
         std::to_string(D.NumSMs) + " SMs";
  if (P.TripCount <= 0)
    return Blocks;
  bool Shared = P.Flags & COT_LAUNCH_THREADS_SHARE_ITERATIONS;
  // Rounded up without overflow, for trip counts up to 2^63-1.
  long long Useful = Shared
                         ? P.TripCount / Threads + (P.TripCount % Threads != 0)
                         : P.TripCount;
  if (Useful < Blocks) {
    Blocks = Useful;
    Why += ", cut to the trip count " + std::to_string(P.TripCount) +
           (Shared ? " / " + std::to_string(Threads) + " threads" : "");
  }
  return Blocks;
}

// Full occupancy is not always best for memory-bound kernels ("Splitting
// GPU Kernels, Pipelining Communication and Computation, and Selecting
// Better Grid Geometries"): when each thread walks its own stretch of
// memory, as in CSR SpMV, all warp slots busy evict lines from L1 before
// their threads come back to them; on an H100, SpMV runs 4x faster with 2
// blocks of 256 threads per SM than with the 8 occupancy allows, while a
// streaming kernel (STREAM triad) wants them all. The code does not tell
// which kind a kernel is, so a combined loop construct whose launch takes
// long enough for the difference to matter (TuneSeconds) is timed at
// occupancy, 1, 2 and 4 blocks per SM and occupancy again, one launch each,
// and keeps the fastest for later launches of the same trip count. Any grid
// runs every iteration (kernels loop over theirs), so only speed changes;
// short launches, the usual case in tests, always use occupancy.
constexpr double TuneSeconds = 200e-6;

struct TunedGrid {
  int PerSM;
  GridTuning *Timing; // the tuning this launch's time goes to, or null
};

TunedGrid tunedBlocksPerSM(CUDAKernel &K, int Occupancy, int Threads,
                           const cot_launch_params &P) {
  bool Tunable =
      P.TripCount > 0 && (P.Flags & COT_LAUNCH_THREADS_SHARE_ITERATIONS);
  if (!Tunable)
    return {Occupancy, nullptr};
  std::lock_guard<std::mutex> Lock(K.Mu);
  GridTuning &T = K.Tuning[{P.TripCount, Threads}];
  if (T.Chosen)
    return {T.Chosen, nullptr};
  if (T.Candidates.empty()) {
    T.Candidates.push_back(Occupancy);
    for (int PerSM : {1, 2, 4})
      if (PerSM < Occupancy)
        T.Candidates.push_back(PerSM);
    T.Candidates.push_back(Occupancy);
  }
  return {T.Candidates[std::min(T.Next, T.Candidates.size() - 1)], &T};
}

void recordLaunchTime(CUDAKernel &K, GridTuning &T, double Seconds) {
  std::lock_guard<std::mutex> Lock(K.Mu);
  if (T.Chosen || T.Next >= T.Candidates.size())
    return;
  T.Seconds.push_back(Seconds);
  ++T.Next;
  // The first launch decides whether timing is worth it.
  bool Short = T.Next == 1 && Seconds < TuneSeconds;
  if (!Short && T.Next < T.Candidates.size())
    return;
  size_t Best = 0;
  for (size_t I = 1; I < T.Seconds.size(); ++I)
    if (T.Seconds[I] < T.Seconds[Best])
      Best = I;
  T.Chosen = T.Candidates[Best];
  if (!Short)
    info(nullptr,
         "cuda device %d: kernel '%s' keeps %d blocks/SM (%.1f us; at "
         "occupancy %.1f us)",
         K.Dev, K.Name.c_str(), T.Chosen, T.Seconds[Best] * 1e6,
         std::min(T.Seconds.front(), T.Seconds.back()) * 1e6);
}

} // namespace

// "thread_limit 128" / "default 256 threads clamped to ...": why a launch has
// the threads per block it has.
static std::string threadsReason(int32_t ThreadLimit, int Threads,
                                 int KernelMax) {
  if (ThreadLimit > 0 && Threads < ThreadLimit)
    return "thread_limit " + std::to_string(ThreadLimit) +
           " clamped to the kernel's maximum " + std::to_string(KernelMax);
  if (ThreadLimit > 0)
    return "thread_limit " + std::to_string(ThreadLimit);
  return "default " + std::to_string(DefaultThreads) + " threads" +
         (Threads < DefaultThreads
              ? " clamped to the kernel's maximum " + std::to_string(KernelMax)
              : std::string());
}

Error CUDAPlugin::launchImpl(GenericKernel &Kernel, void **Args,
                             int32_t NumArgs, const cot_launch_params &P,
                             const cot_launch_site &, GenericQueue &Queue) {
  auto &K = static_cast<CUDAKernel &>(Kernel);
  auto &Q = static_cast<CUDAQueue &>(Queue);
  int32_t Dev = K.Dev;
  DeviceState *D = nullptr;
  if (Error E = use(Dev, D))
    return E;
  int Threads = P.ThreadLimit > 0 ? P.ThreadLimit : DefaultThreads;
  Threads = std::min(Threads, K.MaxThreads);
  std::string Why = threadsReason(P.ThreadLimit, Threads, K.MaxThreads);
  long long Blocks;
  TunedGrid Grid{0, nullptr};
  if (P.NumTeams > 0) {
    Blocks = P.NumTeams;
    Why += ", num_teams " + std::to_string(P.NumTeams);
  } else {
    int Occupancy = blocksPerSM(K, Threads);
    Grid = tunedBlocksPerSM(K, Occupancy, Threads, P);
    Blocks =
        defaultBlocks(Grid.PerSM, Grid.PerSM == Occupancy, *D, Threads, P, Why);
  }
  if (Blocks > D->MaxGridX) {
    Blocks = D->MaxGridX;
    Why += ", clamped to the maximum grid size";
  }
  info(nullptr,
       "cuda device %d: kernel '%s' runs %lld blocks x %d threads "
       "(%s)",
       Dev, K.Name.c_str(), Blocks, Threads, Why.c_str());

  std::vector<void *> Params((size_t)NumArgs);
  for (int32_t I = 0; I < NumArgs; ++I)
    Params[(size_t)I] = &Args[I];
  // A launch that is timed runs alone: the work queued before it first,
  // then the kernel, waited for.
  CUresult R = Grid.Timing ? waitForStream(Q.Stream) : CUDA_SUCCESS;
  if (R)
    return Error::make("cuda device %d: the work queued before kernel '%s' "
                       "failed: %s",
                       Dev, K.Name.c_str(), errorText(R).c_str());
  auto Start = std::chrono::steady_clock::now();
  R = cu.LaunchKernel(K.Fn, (unsigned)Blocks, 1, 1, (unsigned)Threads, 1, 1, 0,
                      Q.Stream, NumArgs > 0 ? Params.data() : nullptr, nullptr);
  if (R)
    return Error::make("cannot launch kernel '%s' (%lld blocks x %d threads) "
                       "on cuda device %d: %s",
                       K.Name.c_str(), Blocks, Threads, Dev,
                       errorText(R).c_str());
  Q.Kernel = K.Name;
  if (!Grid.Timing)
    return Error::success();
  if ((R = waitForStream(Q.Stream)))
    return kernelFailed(K.Name, Dev, R);
  recordLaunchTime(
      K, *Grid.Timing,
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count());
  return Error::success();
}

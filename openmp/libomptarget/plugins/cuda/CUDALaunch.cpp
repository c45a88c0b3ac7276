//===- CUDALaunch.cpp - CUDA launch geometry and launches -----------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Launch geometry: the launch model (LaunchModel.h) decides threads per
// block and blocks from the launch, the kernel's occupancy and registers
// and the record the compiler left in the image's kernel table, the same on
// every run. Timing is opt-in: with LIBOMPTARGET_LAUNCH_SEARCH=N each
// launch of a kernel (without num_teams) runs one candidate grid in turn
// until every candidate has run N times, then the fastest per iteration is
// kept and written to the launch cache (LaunchCache.h), which later runs
// read: the search is paid once, in a run the user chooses. A corrupt or
// stale cache file is a warning naming it, and the model decides. Kernels
// loop over their iterations, so any grid is correct. LIBOMPTARGET_INFO
// prints the grid and why (the model's inputs).
//
//===----------------------------------------------------------------------===//

#include "CUDAPlugin.h"

#include <sys/stat.h>

#include <algorithm>
#include <chrono>
#include <iterator>

using namespace cot;
using namespace cot::cuda;

namespace {

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

/// LIBOMPTARGET_LAUNCH_SEARCH: how many launches time each candidate grid;
/// 0 when the search is off.
int searchRounds() {
  static const int Rounds = [] {
    int64_t N = 0;
    switch (readEnvInteger("LIBOMPTARGET_LAUNCH_SEARCH", 0, 100, N)) {
    case EnvValue::Invalid:
      warning("LIBOMPTARGET_LAUNCH_SEARCH='%s' is not a number of launches "
              "from 0 to 100; no search",
              getenv("LIBOMPTARGET_LAUNCH_SEARCH"));
      return 0;
    case EnvValue::Valid:
      return (int)N;
    case EnvValue::Unset:
      return 0;
    }
    return 0;
  }();
  return Rounds;
}

const std::string &cacheDir() {
  static const std::string Dir = launchCacheDir();
  return Dir;
}

bool sameRequest(const LaunchRequest &A, const LaunchRequest &B) {
  return A.NumTeams == B.NumTeams && A.ThreadLimit == B.ThreadLimit &&
         A.TripCount == B.TripCount && A.ThreadsShare == B.ThreadsShare &&
         A.NumThreads == B.NumThreads;
}

Geometry modelFor(CUDAKernel &K, const DeviceState &D, const LaunchRequest &L) {
  {
    std::lock_guard<std::mutex> Lock(K.Mu);
    if (K.HasLastModel && sameRequest(K.LastRequest, L))
      return K.LastModel;
  }
  GpuFacts Gpu{D.NumSMs, D.MaxGridX, D.SharedPerSM};
  Geometry G = modelGeometry(
      Gpu, K.Facts, L, [&](int Threads) { return blocksPerSM(K, Threads); });
  std::lock_guard<std::mutex> Lock(K.Mu);
  K.LastRequest = L;
  K.LastModel = G;
  K.HasLastModel = true;
  return G;
}

LaunchCacheKey cacheKey(const CUDAKernel &K, const DeviceState &D) {
  return {K.Name, K.ImageHash, D.Name + " sm_" + std::to_string(D.Sm)};
}

// Reads K's cache file on its first launch (K.Mu held).
void readCachedGrids(CUDAKernel &K, const DeviceState &D) {
  if (K.CacheRead)
    return;
  K.CacheRead = true;
  K.CachePath = launchCachePath(cacheDir(), cacheKey(K, D));
  Error E = readLaunchCache(K.CachePath, cacheKey(K, D), K.Cached);
  for (const CachedGrid &G : K.Cached)
    if (!E && G.Choice.Threads > K.Facts.MaxThreads)
      E = Error::make("is stale: %d threads per block, more than the "
                      "kernel's maximum %d",
                      G.Choice.Threads, K.Facts.MaxThreads);
  if (E) {
    K.Cached.clear();
    warning("launch cache file '%s' %s; the launch model chooses the grid "
            "of kernel '%s'",
            K.CachePath.c_str(), E.message().c_str(), K.Name.c_str());
  }
}

CachedGrid *cachedGrid(CUDAKernel &K, int Class, int32_t ThreadLimit) {
  for (CachedGrid &G : K.Cached)
    if (G.TripClass == Class && G.ThreadLimit == ThreadLimit)
      return &G;
  return nullptr;
}

/// The grid of a launch, and the search its time goes to (null when it is
/// not timed).
struct TunedGrid {
  Geometry G;
  GridSearch *Search = nullptr;
  size_t Candidate = 0;
};

TunedGrid tunedGrid(CUDAKernel &K, const DeviceState &D, const LaunchRequest &L,
                    Geometry Model) {
  if (!isSearchable(L) || !K.ImageHash)
    return {std::move(Model)};
  GpuFacts Gpu{D.NumSMs, D.MaxGridX, D.SharedPerSM};
  int Class = tripClass(L.TripCount);
  std::lock_guard<std::mutex> Lock(K.Mu);
  readCachedGrids(K, D);
  if (const CachedGrid *C = cachedGrid(K, Class, requestedThreads(L))) {
    Geometry G = choiceGeometry(Gpu, L, C->Choice);
    G.Why = std::to_string(G.Threads) + " threads, " + G.Why +
            ", found by the search (launch cache '" + K.CachePath +
            "'); the model: " + std::to_string(Model.Blocks) + " x " +
            std::to_string(Model.Threads) + " (" + Model.Why + ")";
    return {G};
  }
  int Rounds = searchRounds();
  if (!Rounds)
    return {std::move(Model)};
  GridSearch &S = K.Searches[{Class, requestedThreads(L)}];
  if (S.Candidates.empty()) {
    S.Candidates = searchCandidates(Gpu, L, Model, [&](int Threads) {
      auto It = K.BlocksPerSM.find(Threads);
      return It != K.BlocksPerSM.end() ? It->second : 1;
    });
    S.SecondsPerIteration.assign(S.Candidates.size(), {});
  }
  size_t Candidate = S.Launches % S.Candidates.size();
  Geometry G = choiceGeometry(Gpu, L, S.Candidates[Candidate]);
  G.Why = std::to_string(G.Threads) + " threads, " + G.Why +
          ": search candidate " + std::to_string(Candidate + 1) + " of " +
          std::to_string(S.Candidates.size()) + ", round " +
          std::to_string(S.Launches / S.Candidates.size() + 1) + " of " +
          std::to_string(Rounds) + "; the model: " + Model.Why;
  return {G, &S, Candidate};
}

double medianOf(std::vector<double> V) {
  std::sort(V.begin(), V.end());
  return V.size() % 2 ? V[V.size() / 2]
                      : (V[V.size() / 2 - 1] + V[V.size() / 2]) / 2;
}

/// Adds a timed launch to S; after the last one, keeps the fastest
/// candidate in K's cache file.
void recordSearchTime(CUDAKernel &K, const DeviceState &D, GridSearch &S,
                      size_t Candidate, const LaunchRequest &L,
                      double Seconds) {
  std::lock_guard<std::mutex> Lock(K.Mu);
  size_t Total = S.Candidates.size() * (size_t)searchRounds();
  if (S.Launches >= Total)
    return; // another thread finished it
  S.SecondsPerIteration[Candidate].push_back(
      Seconds / (double)std::max<int64_t>(L.TripCount, 1));
  if (++S.Launches < Total)
    return;
  std::string Times;
  size_t Best = 0;
  std::vector<double> Medians;
  for (size_t I = 0; I < S.Candidates.size(); ++I) {
    Medians.push_back(medianOf(S.SecondsPerIteration[I]));
    if (Medians[I] < Medians[Best])
      Best = I;
    Times += formatString(
        "%s%s: %.1f us", I ? ", " : "", describeChoice(S.Candidates[I]).c_str(),
        Medians[I] * (double)std::max<int64_t>(L.TripCount, 1) * 1e6);
  }
  CachedGrid Found{tripClass(L.TripCount), requestedThreads(L), S.Candidates[Best],
                   Medians[Best]};
  if (CachedGrid *Old = cachedGrid(K, Found.TripClass, Found.ThreadLimit))
    *Old = Found;
  else
    K.Cached.push_back(Found);
  Error E = writeLaunchCache(K.CachePath, cacheKey(K, D), K.Cached);
  if (E)
    warning("the launch search of kernel '%s' cannot save its result: %s",
            K.Name.c_str(), E.message().c_str());
  info(nullptr,
       "cuda device %d: kernel '%s' launch search (trip class %d, %d "
       "threads): %s is fastest (median over %d launches at trip count "
       "%lld: %s)%s%s",
       K.Dev, K.Name.c_str(), Found.TripClass, Found.Choice.Threads,
       describeChoice(Found.Choice).c_str(), searchRounds(),
       (long long)L.TripCount, Times.c_str(), E ? "" : ", saved in ",
       E ? "" : K.CachePath.c_str());
}

} // namespace

bool cot::cuda::launchCacheInUse() {
  static const bool InUse = [] {
    struct stat St;
    return !cacheDir().empty() &&
           (searchRounds() > 0 ||
            (stat(cacheDir().c_str(), &St) == 0 && S_ISDIR(St.st_mode)));
  }();
  return InUse;
}

Error CUDAPlugin::launchImpl(GenericKernel &Kernel, void **Args,
                             int32_t NumArgs, const cot_launch_params &P,
                             const cot_launch_site &, cot_launch_grid &Ran,
                             GenericQueue &Queue) {
  auto &K = static_cast<CUDAKernel &>(Kernel);
  auto &Q = static_cast<CUDAQueue &>(Queue);
  int32_t Dev = K.Dev;
  DeviceState *D = nullptr;
  if (Error E = use(Dev, D))
    return E;
  LaunchRequest Request{P.NumTeams, P.ThreadLimit, P.TripCount,
                        (P.Flags & COT_LAUNCH_THREADS_SHARE_ITERATIONS) != 0,
                        P.NumThreads};
  TunedGrid Grid = tunedGrid(K, *D, Request, modelFor(K, *D, Request));
  long long Blocks = Grid.G.Blocks;
  int Threads = Grid.G.Threads;
  info(nullptr,
       "cuda device %d: kernel '%s' runs %lld blocks x %d threads "
       "(%s)",
       Dev, K.Name.c_str(), Blocks, Threads, Grid.G.Why.c_str());
  Ran = cot_launch_grid{Blocks, Threads, 0};

  // The driver's parameter list: a pointer to each argument (on the stack
  // for the usual few).
  void *FewParams[32];
  std::vector<void *> ManyParams;
  void **Params = FewParams;
  if ((size_t)NumArgs > std::size(FewParams)) {
    ManyParams.resize((size_t)NumArgs);
    Params = ManyParams.data();
  }
  for (int32_t I = 0; I < NumArgs; ++I)
    Params[I] = &Args[I];
  // A launch the search times runs alone: the work queued before it
  // first, then the kernel, waited for. Others are only queued.
  CUresult R = Grid.Search ? waitForStream(Q.Stream) : CUDA_SUCCESS;
  if (R)
    return Error::make("cuda device %d: the work queued before kernel '%s' "
                       "failed: %s",
                       Dev, K.Name.c_str(), errorText(R).c_str());
  std::chrono::steady_clock::time_point Start;
  if (Grid.Search)
    Start = std::chrono::steady_clock::now();
  R = cu.LaunchKernel(K.Fn, (unsigned)Blocks, 1, 1, (unsigned)Threads, 1, 1, 0,
                      Q.Stream, NumArgs > 0 ? Params : nullptr, nullptr);
  if (R)
    return Error::make("cannot launch kernel '%s' (%lld blocks x %d threads) "
                       "on cuda device %d: %s",
                       K.Name.c_str(), Blocks, Threads, Dev,
                       errorText(R).c_str());
  Q.Kernel.store(&K.Name, std::memory_order_release);
  if (!Grid.Search)
    return Error::success();
  if ((R = waitForStream(Q.Stream)))
    return kernelFailed(K.Name, Dev, R);
  recordSearchTime(
      K, *D, *Grid.Search, Grid.Candidate, Request,
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count());
  return Error::success();
}

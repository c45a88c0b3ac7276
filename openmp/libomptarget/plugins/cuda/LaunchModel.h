//===- LaunchModel.h - Grid geometry from kernel and GPU --------*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The launch model of the CUDA plugin (docs/Runtime.md, "Launch"): threads
// per block and blocks from the launch (num_teams, thread_limit, the trip
// count), the kernel (its occupancy, and the record the compiler's
// openmp-device-kernel-traffic analysis left in the image's kernel table)
// and the GPU, the same on every run. It follows paper 003 ("Selecting
// Better Grid Geometries"): occupancy alone is the wrong target for kernels
// that saturate the memory system with uncoalesced requests.
//
// It is plain arithmetic on the facts below, with no CUDA call, so that the
// lit suite tests it without a GPU (test/Runtime/cuda_launch_model.cpp).
// CUDALaunch.cpp gathers the facts and launches.
//
//===----------------------------------------------------------------------===//

#ifndef COT_CUDA_LAUNCHMODEL_H
#define COT_CUDA_LAUNCHMODEL_H

#include "OffloadABI.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace cot::cuda {

/// Threads per block when neither thread_limit nor a small trip count says
/// otherwise.
constexpr int DefaultThreads = 256;

struct GpuFacts {
  int NumSMs = 1;
  int MaxGridX = 0x7fffffff;
  /// Shared memory an SM has (CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_
  /// MULTIPROCESSOR); L1 is carved from the same storage.
  int SharedPerSM = 0;
};

struct KernelFacts {
  int MaxThreads = 1024; ///< CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK
  int Registers = 0;     ///< per thread
  int LocalBytes = 0;    ///< per thread (stack, spills)
  bool HasRecord = false;
  cot_kernel_record Record{}; ///< from the kernel table, when HasRecord
};

struct LaunchRequest {
  int32_t NumTeams = 0;    ///< 0: not given
  int32_t ThreadLimit = 0; ///< 0: not given
  int64_t TripCount = 0;   ///< 0: unknown
  /// The threads of a team share each team's iterations (distribute
  /// parallel for); otherwise a team's main thread runs them.
  bool ThreadsShare = false;
};

/// Resident blocks per SM at Threads per block (the occupancy API; 1 or
/// more).
using OccupancyFn = std::function<int(int Threads)>;

/// A grid as threads per block and blocks per SM; PerSM 0 stands for every
/// block the trip count has work for (one iteration per thread, or per
/// block when the team's main thread runs them).
struct GridChoice {
  int Threads = DefaultThreads;
  int PerSM = 0;
};

struct Geometry {
  long long Blocks = 1;
  int Threads = DefaultThreads;
  GridChoice Choice; ///< what Blocks came from (no meaning for num_teams)
  std::string Why;   ///< the inputs and the rule, for LIBOMPTARGET_INFO
};

/// The model's grid.
Geometry modelGeometry(const GpuFacts &Gpu, const KernelFacts &Kernel,
                       const LaunchRequest &Launch,
                       const OccupancyFn &Occupancy);

/// The grid of Choice for this launch (what the search tries and what the
/// cache holds); Why names it and the cut to the trip count.
Geometry choiceGeometry(const GpuFacts &Gpu, const LaunchRequest &Launch,
                        GridChoice Choice);

/// Whether the search may choose this launch's grid: num_teams does not
/// fix it.
bool isSearchable(const LaunchRequest &Launch);

/// The grids the search times for a launch whose model choice is Model:
/// 1, 2 and 4 blocks/SM, half, one, two and four times occupancy, the
/// model's, and every useful block, at the model's threads; the same grid
/// twice only once.
std::vector<GridChoice> searchCandidates(const GpuFacts &Gpu,
                                         const LaunchRequest &Launch,
                                         const Geometry &Model,
                                         const OccupancyFn &Occupancy);

/// The trip-count class a cached grid holds for: 0 for an unknown trip
/// count, else 1 + floor(log2(TripCount)).
int tripClass(int64_t TripCount);

/// "2 blocks/SM" or "every useful block", for messages.
std::string describeChoice(GridChoice Choice);

} // namespace cot::cuda

#endif // COT_CUDA_LAUNCHMODEL_H

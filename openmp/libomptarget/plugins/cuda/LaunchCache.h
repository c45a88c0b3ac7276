//===- LaunchCache.h - Grids the opt-in search found, on disk ---*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The launch search (LIBOMPTARGET_LAUNCH_SEARCH, docs/Runtime.md "Launch")
// times candidate grids in a run the user chooses and keeps the fastest in
// a file per kernel, image and GPU, so that later runs start with it and no
// run pays for timing it chose not to. A file holds one grid per trip-count
// class and thread_limit:
//
//   clang-offload launch cache 1
//   kernel __omp_offloading_fe00_5102c8_main_l24
//   image 3f1c9a0b72d4e615
//   gpu NVIDIA H200 sm_90
//   grid trip-class 24 thread-limit 0 threads 256 blocks-per-sm 2 \
//        seconds-per-iteration 1.1e-10
//
// (each `grid` on one line; `blocks-per-sm all`: every block that has
// work). A file that does not parse, or holds a value no launch could use,
// is corrupt; one written for
// another kernel, image or GPU, or by another format, is stale. Either way
// the caller warns, naming the file, and the model chooses the grid. Plain
// file I/O, no CUDA: test/Runtime/cuda_launch_model.cpp tests it without a
// GPU.
//
//===----------------------------------------------------------------------===//

#ifndef COT_CUDA_LAUNCHCACHE_H
#define COT_CUDA_LAUNCHCACHE_H

#include "LaunchModel.h"
#include "Message.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace cot::cuda {

/// What a cache file is for.
struct LaunchCacheKey {
  std::string Kernel;
  uint64_t ImageHash = 0;
  std::string Gpu; ///< "NVIDIA H200 sm_90"
};

struct CachedGrid {
  int TripClass = 0;
  int32_t ThreadLimit = 0; ///< the launch's thread_limit, 0 when not given
  GridChoice Choice;
  double SecondsPerIteration = 0;
};

/// The directory of the cache files: LIBOMPTARGET_LAUNCH_CACHE, else
/// $XDG_CACHE_HOME/clang-offload/launch, else
/// $HOME/.cache/clang-offload/launch; empty when LIBOMPTARGET_LAUNCH_CACHE
/// is "off" or no directory can be named.
std::string launchCacheDir();

/// A 64-bit FNV-1a hash of Size bytes (the image's content).
uint64_t contentHash(const void *Data, size_t Size);

/// The file of Key in Dir.
std::string launchCachePath(const std::string &Dir, const LaunchCacheKey &Key);

/// Reads the grids of Path into Grids. A missing file is an empty cache.
/// Otherwise an Error saying why the file is corrupt or stale (Grids then
/// empty).
Error readLaunchCache(const std::string &Path, const LaunchCacheKey &Key,
                      std::vector<CachedGrid> &Grids);

/// Writes Grids as the file of Key at Path (through a temporary file and a
/// rename, so that a reader never sees half a file), creating its
/// directory.
Error writeLaunchCache(const std::string &Path, const LaunchCacheKey &Key,
                       const std::vector<CachedGrid> &Grids);

} // namespace cot::cuda

#endif // COT_CUDA_LAUNCHCACHE_H

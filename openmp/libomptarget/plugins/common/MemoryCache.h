//===- MemoryCache.h - Live device blocks and a cache of small ones -*- C++
//-*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// One device's memory as the generic plugin layer sees it: the blocks that
// are live (so that freeing anything else is an error, not a crash), and,
// for plugins whose allocation is slow and synchronising (CUDA), freed
// blocks kept for reuse, up to a limit per device: up to 1 MiB in
// power-of-two size classes (256 B .. 1 MiB) on free lists, larger ones by
// size, reused for a request they exceed by at most an eighth (a program
// that maps the same arrays again and again then allocates and frees, and
// so synchronises the device, only the first time). When the device runs
// out of memory the cache is returned to it and the allocation retried.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_PLUGINS_MEMORYCACHE_H
#define CLANG_OFFLOAD_PLUGINS_MEMORYCACHE_H

#include "Message.h"

#include <cstddef>
#include <functional>
#include <map>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace cot::plugin {

class MemoryCache {
public:
  using AllocFn = std::function<Error(size_t, void *&)>;
  using FreeFn = std::function<Error(void *)>;

  /// MaxCachedBytes: the most bytes of freed blocks kept; 0 keeps none.
  explicit MemoryCache(size_t MaxCachedBytes)
      : MaxCachedBytes(MaxCachedBytes) {}

  /// A block of at least Size (> 0) bytes, from the cache or Alloc.
  Error allocate(size_t Size, void *&Ptr, const AllocFn &Alloc,
                 const FreeFn &Free);
  /// Gives back a live block (to the cache, or Free). Fails for anything
  /// that is not a live block.
  Error release(void *Ptr, const FreeFn &Free, const std::string &Device);

private:
  static constexpr int NumSizeClasses = 13; // 256 B << 0..12
  static constexpr size_t MinClassSize = 256;

  struct Block {
    int Class;    // size class, or -1 for a block of more than 1 MiB
    size_t Bytes; // its size
  };

  const size_t MaxCachedBytes;
  std::mutex Mu;
  std::vector<void *> FreeLists[NumSizeClasses];
  std::multimap<size_t, void *> LargeFree; // size -> block
  std::unordered_map<void *, Block> Live;
  size_t CachedBytes = 0;

  static int sizeClass(size_t Size);
  /// A cached block for Size bytes (Mu held), or null.
  void *reuse(size_t Size, int Class, size_t &Bytes);
  /// Returns every cached block to the device. Mu is held.
  void drain(const FreeFn &Free);
};

} // namespace cot::plugin

#endif

//===- MemoryCache.cpp - Live device blocks and a cache of small ones
//------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "MemoryCache.h"

using namespace cot;
using namespace cot::plugin;

int MemoryCache::sizeClass(size_t Size) {
  size_t C = MinClassSize;
  for (int I = 0; I < NumSizeClasses; ++I, C <<= 1)
    if (Size <= C)
      return I;
  return -1;
}

void MemoryCache::drain(const FreeFn &Free) {
  for (auto &List : FreeLists) {
    for (void *P : List)
      (void)Free(P); // The device is short of memory: nothing to report.
    List.clear();
  }
  CachedBytes = 0;
}

Error MemoryCache::allocate(size_t Size, void *&Ptr, const AllocFn &Alloc,
                            const FreeFn &Free) {
  int Class = MaxCachedBytes ? sizeClass(Size) : -1;
  size_t Bytes = Class >= 0 ? MinClassSize << Class : Size;
  std::lock_guard<std::mutex> Lock(Mu);
  if (Class >= 0 && !FreeLists[Class].empty()) {
    Ptr = FreeLists[Class].back();
    FreeLists[Class].pop_back();
    CachedBytes -= Bytes;
  } else if (Error E = Alloc(Bytes, Ptr)) {
    if (!CachedBytes)
      return E;
    drain(Free);
    if (Error Retry = Alloc(Bytes, Ptr))
      return Retry;
  }
  Live[Ptr] = Class;
  return Error::success();
}

Error MemoryCache::release(void *Ptr, const FreeFn &Free,
                           const std::string &Device) {
  std::lock_guard<std::mutex> Lock(Mu);
  auto It = Live.find(Ptr);
  if (It == Live.end())
    return Error::make("%p is not device memory allocated on %s", Ptr,
                       Device.c_str());
  int Class = It->second;
  Live.erase(It);
  if (Class >= 0 && CachedBytes + (MinClassSize << Class) <= MaxCachedBytes) {
    FreeLists[Class].push_back(Ptr);
    CachedBytes += MinClassSize << Class;
    return Error::success();
  }
  return Free(Ptr);
}

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
  // The device is short of memory: nothing to report.
  for (auto &List : FreeLists) {
    for (void *P : List)
      (void)Free(P);
    List.clear();
  }
  for (auto &[Bytes, P] : LargeFree)
    (void)Free(P);
  LargeFree.clear();
  CachedBytes = 0;
}

void *MemoryCache::reuse(size_t Size, int Class, size_t &Bytes) {
  void *Ptr = nullptr;
  if (Class >= 0) {
    if (FreeLists[Class].empty())
      return nullptr;
    Ptr = FreeLists[Class].back();
    FreeLists[Class].pop_back();
  } else {
    auto It = LargeFree.lower_bound(Size);
    if (It == LargeFree.end() || It->first - Size > Size / 8)
      return nullptr;
    Bytes = It->first;
    Ptr = It->second;
    LargeFree.erase(It);
  }
  CachedBytes -= Bytes;
  return Ptr;
}

Error MemoryCache::allocate(size_t Size, void *&Ptr, const AllocFn &Alloc,
                            const FreeFn &Free) {
  int Class = MaxCachedBytes ? sizeClass(Size) : -1;
  size_t Bytes = Class >= 0 ? MinClassSize << Class : Size;
  std::lock_guard<std::mutex> Lock(Mu);
  Ptr = MaxCachedBytes ? reuse(Size, Class, Bytes) : nullptr;
  if (!Ptr) {
    if (Error E = Alloc(Bytes, Ptr)) {
      if (!CachedBytes)
        return E;
      drain(Free);
      if (Error Retry = Alloc(Bytes, Ptr))
        return Retry;
    }
  }
  Live[Ptr] = {Class, Bytes};
  return Error::success();
}

Error MemoryCache::release(void *Ptr, const FreeFn &Free,
                           const std::string &Device) {
  std::lock_guard<std::mutex> Lock(Mu);
  auto It = Live.find(Ptr);
  if (It == Live.end())
    return Error::make("%p is not device memory allocated on %s", Ptr,
                       Device.c_str());
  Block B = It->second;
  Live.erase(It);
  if (B.Bytes > MaxCachedBytes - CachedBytes)
    return Free(Ptr);
  if (B.Class >= 0)
    FreeLists[B.Class].push_back(Ptr);
  else
    LargeFree.emplace(B.Bytes, Ptr);
  CachedBytes += B.Bytes;
  return Error::success();
}

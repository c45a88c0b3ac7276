//===- MappingTable.cpp - The per-device mapping table --------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The primitives of a device's mapping table (ordered by host start address,
// guarded by the device's mutex): lookup, insertion and removal (which keep
// `declare target link` pointers in step), and data motion that keeps
// attached pointers' device values on the device and host values on the
// host. The map semantics built on them are Target.cpp's.
//
//===----------------------------------------------------------------------===//

#include "Events.h"
#include "Runtime.h"

#include <cstring>

using namespace cot;

MapEntry *Device::lookup(uintptr_t Begin, uint64_t Size, bool *Partial) {
  if (Partial)
    *Partial = false;
  auto It = Table.upper_bound(Begin);
  if (It != Table.begin()) {
    MapEntry &Prev = std::prev(It)->second;
    if (Begin < Prev.HostEnd) {
      if (Size > Prev.HostEnd - Begin && Partial)
        *Partial = true;
      return &Prev;
    }
  }
  if (Size && It != Table.end() && It->second.HostBegin - Begin < Size) {
    if (Partial)
      *Partial = true;
    return &It->second;
  }
  return nullptr;
}

MapEntry &Device::insert(uintptr_t HostBegin, uint64_t Size, uintptr_t DevBegin,
                         const char *Name) {
  MapEntry &E = Table[HostBegin];
  E.HostBegin = HostBegin;
  E.HostEnd = HostBegin + Size;
  E.DevBegin = DevBegin;
  E.Name = Name ? Name : "";
  // declare target link: the device pointer now points at the mapping.
  for (auto &L : LinkPtrs)
    if (L.first >= E.HostBegin && L.first < E.HostEnd) {
      uintptr_t V = E.toDevice(L.first);
      events::Stopwatch Time;
      P->Api->copy_to_device(LocalId, (void *)L.second, &V, sizeof(V));
      events::transferred(Time, events::Direction::HostToDevice, Id,
                          (void *)L.second, &V, sizeof(V),
                          {"declare target link pointer", nullptr});
    }
  return E;
}

void Device::erase(uintptr_t HostBegin) {
  auto It = Table.find(HostBegin);
  if (It == Table.end())
    return;
  for (auto &L : LinkPtrs)
    if (L.first >= It->second.HostBegin && L.first < It->second.HostEnd) {
      uintptr_t V = 0;
      events::Stopwatch Time;
      P->Api->copy_to_device(LocalId, (void *)L.second, &V, sizeof(V));
      events::transferred(Time, events::Direction::HostToDevice, Id,
                          (void *)L.second, &V, sizeof(V),
                          {"declare target link pointer", nullptr});
    }
  if (It->second.OwnsMemory)
    free((void *)(It->second.DevAlloc ? It->second.DevAlloc
                                      : It->second.DevBegin),
         It->second.Name.c_str());
  Table.erase(It);
}

void Device::copyToDevice(MapEntry &E, uintptr_t HostBegin, uint64_t Size,
                          const cot_source_loc *Loc) {
  if (!Size)
    return;
  events::Stopwatch Time;
  if (P->Api->copy_to_device(LocalId, (void *)E.toDevice(HostBegin),
                             (const void *)HostBegin, (int64_t)Size) != 0)
    fatal(Loc, P->lastError("copy to device failed"));
  events::transferred(Time, events::Direction::HostToDevice, Id,
                      (void *)E.toDevice(HostBegin), (const void *)HostBegin,
                      Size, {E.Name.c_str(), Loc});
  // Attached pointers keep their device values.
  for (auto It = E.Shadows.lower_bound(HostBegin);
       It != E.Shadows.end() && It->first < HostBegin + Size; ++It) {
    uintptr_t V = It->second.second;
    P->Api->copy_to_device(LocalId, (void *)E.toDevice(It->first), &V,
                           sizeof(V));
  }
}

void Device::copyFromDevice(MapEntry &E, uintptr_t HostBegin, uint64_t Size,
                            const cot_source_loc *Loc) {
  if (!Size)
    return;
  events::Stopwatch Time;
  if (P->Api->copy_from_device(LocalId, (void *)HostBegin,
                               (const void *)E.toDevice(HostBegin),
                               (int64_t)Size) != 0)
    fatal(Loc, P->lastError("copy from device failed"));
  events::transferred(Time, events::Direction::DeviceToHost, Id,
                      (void *)HostBegin, (const void *)E.toDevice(HostBegin),
                      Size, {E.Name.c_str(), Loc});
  // Attached pointers keep their host values.
  for (auto It = E.Shadows.lower_bound(HostBegin);
       It != E.Shadows.end() && It->first < HostBegin + Size; ++It)
    memcpy((void *)It->first, &It->second.first, sizeof(uintptr_t));
}

Error Device::allocate(uint64_t Size, const char *What, void *&Ptr,
                       const cot_source_loc *Loc) {
  std::string Failure = "cannot allocate " + std::to_string(Size) +
                        " bytes for '" + What + "' on device " +
                        std::to_string(Id);
  if (Size > (uint64_t)INT64_MAX)
    return Error::make("%s: more than the largest allocation (2^63-1 bytes)",
                       Failure.c_str());
  events::Stopwatch Time;
  Ptr = P->Api->data_alloc(LocalId, (int64_t)Size, COT_MEMORY_DEVICE);
  if (!Ptr)
    return P->lastError(Failure.c_str());
  events::allocated(Time, Id, COT_MEMORY_DEVICE, Ptr, Size, {What, Loc});
  return Error::success();
}

void *Device::alloc(uint64_t Size, const char *What,
                    const cot_source_loc *Loc) {
  void *Ptr = nullptr;
  if (Error E = allocate(Size, What, Ptr, Loc))
    fatal(Loc, E);
  return Ptr;
}

void Device::free(void *DevPtr, const char *What) {
  events::Stopwatch Time;
  P->Api->data_free(LocalId, DevPtr);
  events::freed(Time, Id, DevPtr, {What, nullptr});
}

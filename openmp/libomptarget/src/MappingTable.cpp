//===- MappingTable.cpp - The per-device mapping table --------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The primitives of a device's mapping table (ordered by host start address,
// guarded by the device's mutex): lookup, insertion and removal (which keep
// `declare target link` pointers in step; a removed mapping's device block
// is freed once no construct in flight uses it), and data motion, queued on
// a construct's DeviceWork, that keeps attached pointers' device values on
// the device and host values on the host. The map semantics built on them
// are Target.cpp's.
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

/// Whether mapping \p E holds part of the declare target link variable at
/// \p Var of \p Size bytes (at least its first byte when the size is 0).
static bool overlapsLink(uintptr_t Var, uint64_t Size, const MapEntry &E) {
  uint64_t Extent = std::max<uint64_t>(Size, 1);
  return E.HostBegin - Var < Extent || (Var >= E.HostBegin && Var < E.HostEnd);
}

void Device::writeLinkPointer(uintptr_t Slot, uintptr_t Value, DeviceWork *W) {
  events::Stopwatch Time;
  if (!W) {
    P->Api->copy_to_device(LocalId, (void *)Slot, &Value, sizeof(Value),
                           nullptr);
  } else {
    // After kernels in flight that read the pointer, and after earlier
    // queued writes of it.
    if (LinkWriter)
      W->after(*LinkWriter);
    LinkWriter = W;
    if (P->Api->copy_to_device(LocalId, (void *)Slot, &Value, sizeof(Value),
                               W->queue()) != 0)
      fatal(W->loc(),
            P->lastError("declare target link pointer update failed"));
    if (events::enabled())
      W->waitNow();
  }
  events::transferred(Time, events::Direction::HostToDevice, Id, (void *)Slot,
                      &Value, sizeof(Value),
                      {"declare target link pointer", W ? W->loc() : nullptr});
}

MapEntry &Device::insert(uintptr_t HostBegin, uint64_t Size, uintptr_t DevBegin,
                         const char *Name, DeviceWork *W) {
  MapEntry &E = Table[HostBegin];
  E.HostBegin = HostBegin;
  E.HostEnd = HostBegin + Size;
  E.DevBegin = DevBegin;
  E.Name = Name ? Name : "";
  // declare target link: the device pointer now points where the mapping
  // puts the variable's start, also when the mapping is a section of the
  // variable that begins further on (big[1000:2000]).
  for (auto &L : LinkPtrs)
    if (overlapsLink(L.first, L.second.Size, E))
      writeLinkPointer(L.second.Slot, E.toDevice(L.first), W);
  return E;
}

void Device::erase(uintptr_t HostBegin, DeviceWork *W) {
  auto It = Table.find(HostBegin);
  if (It == Table.end())
    return;
  for (auto &L : LinkPtrs)
    if (overlapsLink(L.first, L.second.Size, It->second))
      writeLinkPointer(L.second.Slot, 0, W);
  if (uintptr_t Block = It->second.block()) {
    auto Use = BlocksInUse.find(Block);
    if (Use == BlocksInUse.end()) {
      free((void *)Block, It->second.Name.c_str());
    } else {
      Use->second.Removed = true;
      Use->second.Name = It->second.Name;
    }
  }
  Table.erase(It);
}

void Device::holdBlock(uintptr_t Block) { ++BlocksInUse[Block].Users; }

void Device::releaseBlock(uintptr_t Block) {
  auto It = BlocksInUse.find(Block);
  if (It == BlocksInUse.end() || --It->second.Users != 0)
    return;
  if (It->second.Removed)
    free((void *)Block, It->second.Name.c_str());
  BlocksInUse.erase(It);
}

void Device::copyToDevice(DeviceWork &W, MapEntry &E, uintptr_t HostBegin,
                          uint64_t Size) {
  if (!Size)
    return;
  events::Stopwatch Time;
  if (P->Api->copy_to_device(LocalId, (void *)E.toDevice(HostBegin),
                             (const void *)HostBegin, (int64_t)Size,
                             W.queue()) != 0)
    fatal(W.loc(), P->lastError("copy to device failed"));
  if (events::enabled())
    W.waitNow(); // the event's time is the copy's own
  events::transferred(Time, events::Direction::HostToDevice, Id,
                      (void *)E.toDevice(HostBegin), (const void *)HostBegin,
                      Size, {E.Name.c_str(), W.loc()});
  // Attached pointers keep their device values.
  for (auto It = E.Shadows.lower_bound(HostBegin);
       It != E.Shadows.end() && It->first < HostBegin + Size; ++It) {
    uintptr_t V = It->second.second;
    if (P->Api->copy_to_device(LocalId, (void *)E.toDevice(It->first), &V,
                               sizeof(V), W.queue()) != 0)
      fatal(W.loc(), P->lastError("copy to device failed"));
  }
}

void Device::copyFromDevice(DeviceWork &W, MapEntry &E, uintptr_t HostBegin,
                            uint64_t Size) {
  if (!Size)
    return;
  W.readsKernelOutput(E);
  events::Stopwatch Time;
  if (P->Api->copy_from_device(LocalId, (void *)HostBegin,
                               (const void *)E.toDevice(HostBegin),
                               (int64_t)Size, W.queue()) != 0)
    fatal(W.loc(), P->lastError("copy from device failed"));
  if (events::enabled())
    W.waitNow();
  events::transferred(Time, events::Direction::DeviceToHost, Id,
                      (void *)HostBegin, (const void *)E.toDevice(HostBegin),
                      Size, {E.Name.c_str(), W.loc()});
  // Attached pointers keep their host values, once the copy has landed.
  for (auto It = E.Shadows.lower_bound(HostBegin);
       It != E.Shadows.end() && It->first < HostBegin + Size; ++It)
    W.restoreWhenDone(It->first, It->second.first);
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

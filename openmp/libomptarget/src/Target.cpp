//===- Target.cpp - Target regions, target data and target update --------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Implements the entry points of OffloadABI.h on top of the per-device mapping
// table. A construct's map list is processed under the device's mutex: on
// entry (mapBegin) every entry is found or created and its reference count
// raised, on exit (mapEnd) counts drop, `from` data is copied back from
// mappings that reach zero, and those mappings are removed. The copies and
// the kernel are queued on the construct's DeviceWork, in that order, and
// waited for once at the end; a deferred region (nowait) is not waited for:
// its libomp task stays incomplete until the work is done (see
// __cot_target_run_deferred). Kernels run without the lock.
//
// Entry kinds (see OffloadABI.h):
//  - LITERAL: no data; the kernel argument is the bits of Bases[i].
//  - PRIVATE: a device temporary for the kernel's duration (copied in when TO).
//  - RETURN_PARAM: use_device_ptr/addr; Begins[i] becomes the device address.
//  - MEMBER_OF(parent) without PTR_AND_OBJ: a struct member inside the
//    parent's mapping; it shares the parent's count and is copied when the
//    parent is created (entry) or removed (exit), or with ALWAYS.
//  - PTR_AND_OBJ: Bases[i] is a host pointer variable, Begins[i..+Size) the
//    pointee section; the pointee is mapped with its own count, then the
//    device copy of the pointer variable (when mapped) is made to point at it.
//    With MEMBER_OF a PRIVATE parent (a lambda closure's field), the pointer
//    lies in the parent's device temporary, which is made to point at it.
//  - Anything else: a mapping with its own count.
//
//===----------------------------------------------------------------------===//

#include "DebugTrace.h"
#include "Events.h"
#include "Runtime.h"

#include <dlfcn.h>
#include <sched.h>

#include <algorithm>
#include <cinttypes>
#include <cstring>
#include <new>
#include <set>

using namespace cot;

namespace {

/// A number no other construct has had (0 is none).
uint64_t nextConstructSerial() {
  static std::atomic<uint64_t> Next{0};
  return Next.fetch_add(1, std::memory_order_relaxed) + 1;
}

/// What mapBegin found for one map entry.
struct EntryState {
  uintptr_t DevBegin = 0; // the translated Begins[i], when Translated
  bool Translated = false;
  MapEntry *Mapping = nullptr;
};

/// Per-construct results of mapBegin: one allocation for all entries (a
/// small kernel's launch makes few).
struct ConstructState {
  std::vector<EntryState> Entries;
  /// This construct's serial number, which the mappings it creates keep
  /// (MapEntry::CreatedBy).
  uint64_t Serial = nextConstructSerial();
  /// Launch only: keys (HostBegin) of the mappings its kernel may write.
  std::vector<uintptr_t> KernelWrites;
};

const char *nameOf(const cot_map_list *M, int32_t I) {
  return M->Names && M->Names[I] ? M->Names[I] : "<unnamed>";
}

bool isMember(uint64_t Type) {
  return COT_MAP_MEMBER_OF(Type) >= 0 && !(Type & COT_MAP_PTR_AND_OBJ);
}

bool hasNoData(uint64_t Type) {
  return Type & (COT_MAP_LITERAL | COT_MAP_PRIVATE | COT_MAP_RETURN_PARAM);
}

std::string countString(const MapEntry &E) {
  return E.Infinite ? "inf" : std::to_string(E.RefCount);
}

void infoMapping(Device &D, const MapEntry &E, const char *Name,
                 uintptr_t Begin, uint64_t Size, const char *What,
                 const cot_source_loc *Loc) {
  if (!infoEnabled())
    return;
  info(Loc,
       "device %d: %s '%s' host [0x%" PRIxPTR ",0x%" PRIxPTR
       ") -> device [0x%" PRIxPTR ",0x%" PRIxPTR ") refcount %s",
       D.Id, What, Name, Begin, Begin + (uintptr_t)Size, E.toDevice(Begin),
       E.toDevice(Begin) + (uintptr_t)Size, countString(E).c_str());
}

/// A mapping that covers part of an existing one cannot get one device
/// copy. An implicit map (a variable the region uses) usually meets one when
/// a struct member was mapped on its own before: say how to map it whole.
[[noreturn]] void partialOverlap(Device &D, const MapEntry &E, const char *Name,
                                 uintptr_t Begin, uint64_t Size, uint64_t Type,
                                 const cot_source_loc *Loc) {
  const char *Hint =
      (Type & COT_MAP_IMPLICIT)
          ? "; the region uses it without a map clause, so it is mapped "
            "whole, but only part of it is present: map all of it before "
            "the parts (e.g. map(to: s) before map(s.p[0:n]))"
          : "";
  fatal(Loc,
        "device %d: mapping '%s' [0x%" PRIxPTR ",0x%" PRIxPTR
        ") partially overlaps existing mapping [0x%" PRIxPTR ",0x%" PRIxPTR
        ") of '%s'%s",
        D.Id, Name, Begin, Begin + (uintptr_t)Size, E.HostBegin, E.HostEnd,
        E.Name.c_str(), Hint);
}

[[noreturn]] void notPresent(Device &D, const char *Name, uintptr_t Begin,
                             uint64_t Size, const cot_source_loc *Loc) {
  fatal(Loc,
        "device %d: '%s' [0x%" PRIxPTR ",0x%" PRIxPTR
        ") is not present on the device (present modifier)",
        D.Id, Name, Begin, Begin + (uintptr_t)Size);
}

/// Queues a copy of host [Begin, Begin+Size) into E's device copy.
void copyIn(Device &D, DeviceWork &W, MapEntry &E, uintptr_t Begin,
            uint64_t Size) {
  W.writes(E);
  D.copyToDevice(W, E, Begin, Size);
}

/// Queues the write of pointer value DevValue to device address DevAddr
/// (an attachment, for the map entry named Name).
void writeDevicePointer(Device &D, DeviceWork &W, uintptr_t DevAddr,
                        uintptr_t DevValue, const char *Name,
                        const cot_source_loc *Loc) {
  events::Stopwatch Time;
  if (D.P->Api->copy_to_device(D.LocalId, (void *)DevAddr, &DevValue,
                               sizeof(DevValue), W.queue()) != 0)
    fatal(Loc, D.P->lastError("pointer attachment failed"));
  if (events::enabled())
    W.waitNow(); // the event's time is the copy's own
  events::transferred(Time, events::Direction::HostToDevice, D.Id,
                      (void *)DevAddr, &DevValue, sizeof(DevValue),
                      {Name, Loc});
}

/// Makes the device copy of host pointer variable PtrVar (if mapped) hold
/// DevValue, and remembers both values for later copies.
void attachPointer(Device &D, DeviceWork &W, uintptr_t PtrVar,
                   uintptr_t DevValue, const cot_source_loc *Loc) {
  MapEntry *PE = D.lookup(PtrVar, sizeof(void *));
  if (!PE)
    return; // Pointer not mapped: only the pointee is.
  uintptr_t HostValue;
  memcpy(&HostValue, (const void *)PtrVar, sizeof(HostValue));
  auto &Shadow = PE->Shadows[PtrVar];
  Shadow = {HostValue, DevValue};
  W.use(*PE);
  W.writes(*PE);
  writeDevicePointer(D, W, PE->toDevice(PtrVar), DevValue, PE->Name.c_str(),
                     Loc);
  info(Loc,
       "device %d: attach pointer at host 0x%" PRIxPTR " (device 0x%" PRIxPTR
       ") -> 0x%" PRIxPTR,
       D.Id, PtrVar, PE->toDevice(PtrVar), DevValue);
}

/// Makes the pointer of PTR_AND_OBJ entry I of M, which lies in the device
/// temporary (at ParentDev) of its PRIVATE parent, hold DevValue.
void attachInPrivate(Device &D, DeviceWork &W, const cot_map_list *M, int32_t I,
                     uintptr_t ParentDev, uintptr_t DevValue,
                     const cot_source_loc *Loc) {
  int32_t Parent = COT_MAP_MEMBER_OF(M->Types[I]);
  auto PtrVar = (uintptr_t)M->Bases[I];
  auto Begin = (uintptr_t)M->Begins[Parent];
  auto Size = (uint64_t)M->Sizes[Parent];
  if (PtrVar < Begin || PtrVar - Begin > Size ||
      Size - (PtrVar - Begin) < sizeof(void *))
    fatal(Loc,
          "map entry '%s': its pointer at 0x%" PRIxPTR
          " lies outside its parent '%s'",
          nameOf(M, I), PtrVar, nameOf(M, Parent));
  writeDevicePointer(D, W, ParentDev + (PtrVar - Begin), DevValue, nameOf(M, I),
                     Loc);
  info(Loc,
       "device %d: attach pointer at host 0x%" PRIxPTR
       " (in a private copy) -> 0x%" PRIxPTR,
       D.Id, PtrVar, DevValue);
}

/// The host address of the object that entry I of M reaches its storage
/// through: the array a section indexes, the struct whose members it maps,
/// the pointee of a PTR_AND_OBJ entry's pointer variable.
uintptr_t objectBase(const cot_map_list *M, int32_t I) {
  auto Base = (uintptr_t)M->Bases[I];
  if (!(M->Types[I] & COT_MAP_PTR_AND_OBJ) || !Base)
    return Base;
  uintptr_t Pointee;
  memcpy(&Pointee, (const void *)Base, sizeof(Pointee));
  return Pointee;
}

/// The alignment that a new device copy keeps of its host storage (the
/// device copy starts at the host storage's offset modulo it past an
/// allocation, which is at least 64-byte aligned: 256 on a GPU): that of
/// the object the entry reaches its storage through, as its host address
/// shows, up to 64 bytes. A section or member span that starts inside the
/// object then keeps the object's alignment on the device (the kernel sees
/// the object's base, Begin minus the offset into it), and no more is kept
/// than the object has: an array that malloc placed 16 bytes past a 64-byte
/// boundary starts on the allocation's boundary, where a warp's 128
/// contiguous bytes are four 32-byte sectors, not five.
uintptr_t keptAlignment(uintptr_t ObjectBase) {
  constexpr uintptr_t Most = 64;
  if (!ObjectBase)
    return Most;
  return std::min(Most, ObjectBase & (~ObjectBase + 1));
}

/// Maps the entries of M on D (D.Mu held), queueing the copies on W. With
/// ForLaunch, PRIVATE entries get device temporaries.
void mapBegin(Device &D, const cot_map_list *M, ConstructState &S,
              DeviceWork &W, bool ForLaunch) {
  const cot_source_loc *Loc = W.loc();
  int32_t N = M->Count;
  S.Entries.assign(N, EntryState());
  for (int32_t I = 0; I < N; ++I) {
    uint64_t T = M->Types[I];
    uintptr_t Begin = (uintptr_t)M->Begins[I];
    int64_t Size = M->Sizes[I]; // validated: not negative, does not wrap
    const char *Name = nameOf(M, I);
    if (T & COT_MAP_PRIVATE) {
      if (!ForLaunch)
        continue;
      void *Tmp = D.alloc(Size ? Size : 1, Name, Loc);
      W.freeWhenDone(Tmp);
      bool Copy = (T & COT_MAP_TO) && Size;
      events::Stopwatch Time;
      if (Copy && D.P->Api->copy_to_device(D.LocalId, Tmp, (const void *)Begin,
                                           Size, W.queue()) != 0)
        fatal(Loc, D.P->lastError("firstprivate copy failed"));
      if (Copy && events::enabled())
        W.waitNow();
      if (Copy)
        events::transferred(Time, events::Direction::HostToDevice, D.Id, Tmp,
                            (const void *)Begin, Size, {Name, Loc});
      traceMapEntry(D, M, I, nullptr, "private device temporary",
                    Copy ? "copied to device" : "no copy", Loc);
      S.Entries[I].DevBegin = (uintptr_t)Tmp;
      S.Entries[I].Translated = true;
      continue;
    }
    if (hasNoData(T)) {
      traceMapEntry(D, M, I, nullptr, "no data to map", "no copy", Loc);
      continue;
    }

    bool Partial = false;
    MapEntry *E = D.lookup(Begin, (uint64_t)Size, &Partial);
    if (Partial)
      partialOverlap(D, *E, Name, Begin, Size, T, Loc);
    // A member shares its parent's mapping (and count).
    int32_t Parent = COT_MAP_MEMBER_OF(T);
    bool Member = isMember(T) && E && S.Entries[Parent].Mapping == E;
    // Storage an entry of this construct allocated starts with the data of
    // the entries inside it: its members, and others (a declare mapper's
    // items for the elements of a section it maps whole).
    bool NewHere = E && E->CreatedBy == S.Serial;
    if (E) {
      // The kernel reads it, copies may write it: after other constructs'
      // copies into it, and kept allocated until this construct is done.
      W.use(*E);
      if (Size == 0) {
        // Zero-length section pointing into mapped storage: translate only.
        traceMapEntry(D, M, I, E, "zero-length, inside a mapping", "no copy",
                      Loc);
      } else if (Member) {
        bool Copy = (T & COT_MAP_TO) && ((T & COT_MAP_ALWAYS) || NewHere);
        if (Copy)
          copyIn(D, W, *E, Begin, Size);
        traceMapEntry(D, M, I, E, "member of its parent's mapping",
                      Copy ? "copied to device" : "no copy", Loc);
      } else {
        if (!E->Infinite)
          ++E->RefCount;
        bool Copy = (T & COT_MAP_TO) && ((T & COT_MAP_ALWAYS) || NewHere);
        if (Copy)
          copyIn(D, W, *E, Begin, Size);
        infoMapping(D, *E, Name, Begin, Size,
                    NewHere ? "map (new in this construct)" : "map (present)",
                    Loc);
        traceMapEntry(D, M, I, E, NewHere ? "inside a new mapping" : "present",
                      !Copy     ? "no copy"
                      : NewHere ? "copied to device"
                                : "copied to device (always)",
                      Loc);
      }
    } else if (Size == 0) {
      // Zero-length section of storage that is not mapped: the device sees
      // the host pointer value (OpenMP 5.1).
      if ((T & COT_MAP_PRESENT) && !D.SharesHostMemory)
        notPresent(D, Name, Begin, Size, Loc);
      traceMapEntry(D, M, I, nullptr,
                    "zero-length, not mapped: the host address", "no copy",
                    Loc);
    } else if (D.SharesHostMemory && !(T & COT_MAP_CLOSE)) {
      // Unified shared memory: the device uses the host storage itself
      // (the close modifier still asks for a device copy).
      S.Entries[I].DevBegin = Begin;
      S.Entries[I].Translated = true;
      traceMapEntry(D, M, I, nullptr, "unified shared memory: the host storage",
                    "no copy", Loc);
    } else {
      if (T & COT_MAP_PRESENT)
        notPresent(D, Name, Begin, Size, Loc);
      uintptr_t Pad = Begin % keptAlignment(objectBase(M, I));
      auto Dev = (uintptr_t)D.alloc((uint64_t)Size + Pad, Name, Loc);
      E = &D.insert(Begin, Size, Dev + Pad, Name, &W);
      E->DevAlloc = Dev;
      E->RefCount = 1;
      E->CreatedBy = S.Serial;
      W.use(*E);
      if (T & COT_MAP_TO)
        copyIn(D, W, *E, Begin, Size);
      infoMapping(D, *E, Name, Begin, Size, "map (new)", Loc);
      traceMapEntry(D, M, I, E, "new",
                    (T & COT_MAP_TO) ? "copied to device" : "no copy", Loc);
    }
    S.Entries[I].Mapping = E;
    if (E) {
      S.Entries[I].DevBegin = E->toDevice(Begin);
      S.Entries[I].Translated = true;
    }
    // The kernel reads what it maps, after other kernels in flight that may
    // write it, and may write it unless the map is `to` alone (an implicit
    // pointer's zero-length section has no motion at all).
    bool ToOnly = (T & COT_MAP_TO) && !(T & COT_MAP_FROM);
    if (ForLaunch && E) {
      W.readsKernelOutput(*E);
      if (!ToOnly)
        S.KernelWrites.push_back(E->HostBegin);
    }
    if (T & COT_MAP_PTR_AND_OBJ) {
      uintptr_t PtrVar = (uintptr_t)M->Bases[I];
      uintptr_t HostValue;
      memcpy(&HostValue, (const void *)PtrVar, sizeof(HostValue));
      uintptr_t DevValue =
          E ? S.Entries[I].DevBegin - (Begin - HostValue) : HostValue;
      int32_t Parent = COT_MAP_MEMBER_OF(T);
      if (Parent < 0 || !(M->Types[Parent] & COT_MAP_PRIVATE))
        attachPointer(D, W, PtrVar, DevValue, Loc);
      else if (ForLaunch)
        attachInPrivate(D, W, M, I, S.Entries[Parent].DevBegin, DevValue, Loc);
    }
  }
  // use_device_ptr/addr, after the maps of the same construct.
  for (int32_t I = 0; I < N; ++I) {
    uint64_t T = M->Types[I];
    if (!(T & COT_MAP_RETURN_PARAM))
      continue;
    // Begin (a section's first element) is what must be mapped; the body
    // gets the device address of Base, which may lie before it.
    uintptr_t Begin = (uintptr_t)M->Begins[I];
    uintptr_t Base = (uintptr_t)M->Bases[I];
    if (MapEntry *E = D.lookup(Begin, 0)) {
      uintptr_t DevBase = E->toDevice(Begin) - (Begin - Base);
      traceMapEntry(D, M, I, E, "use_device: the device address", "no copy",
                    Loc);
      M->Begins[I] = (void *)DevBase;
      info(Loc,
           "device %d: use_device '%s' host 0x%" PRIxPTR
           " -> device 0x%" PRIxPTR,
           D.Id, nameOf(M, I), Base, DevBase);
    }
  }
}

/// Unmaps the entries of M on D (D.Mu held), queueing the copies back on W.
void mapEnd(Device &D, const cot_map_list *M, DeviceWork &W) {
  const cot_source_loc *Loc = W.loc();
  int32_t N = M->Count;
  std::vector<MapEntry *> Entries(N, nullptr);
  // 1. Drop the counts.
  for (int32_t I = 0; I < N; ++I) {
    uint64_t T = M->Types[I];
    if (hasNoData(T))
      continue;
    uintptr_t Begin = (uintptr_t)M->Begins[I];
    int64_t Size = M->Sizes[I];
    bool Partial = false;
    MapEntry *E = D.lookup(Begin, (uint64_t)Size, &Partial);
    if (Partial)
      partialOverlap(D, *E, nameOf(M, I), Begin, Size, T, Loc);
    if (!E) {
      if ((T & COT_MAP_PRESENT) && !D.SharesHostMemory)
        notPresent(D, nameOf(M, I), Begin, Size, Loc);
      traceMapEntry(D, M, I, nullptr, "unmap: not mapped", "no copy", Loc);
      continue;
    }
    if (Size == 0)
      continue; // Zero-length sections hold no reference.
    bool Member = isMember(T) && Entries[COT_MAP_MEMBER_OF(T)] == E;
    Entries[I] = E;
    if (Member || E->Infinite)
      continue;
    if (T & COT_MAP_DELETE)
      E->RefCount = 0;
    else if (E->RefCount > 0)
      --E->RefCount;
  }
  // 2. Copy back.
  for (int32_t I = 0; I < N; ++I) {
    MapEntry *E = Entries[I];
    uint64_t T = M->Types[I];
    if (!E || !(T & COT_MAP_FROM))
      continue;
    bool Removed = !E->Infinite && E->RefCount == 0;
    if (Removed || (T & COT_MAP_ALWAYS)) {
      W.use(*E); // after copies into it; its block outlives the removal
      D.copyFromDevice(W, *E, (uintptr_t)M->Begins[I], M->Sizes[I]);
    }
  }
  // 3. Report what stays, then remove mappings that reached zero.
  std::set<MapEntry *> Removed;
  for (int32_t I = 0; I < N; ++I) {
    MapEntry *E = Entries[I];
    if (!E)
      continue;
    uint64_t T = M->Types[I];
    bool Kept = E->Infinite || E->RefCount != 0;
    bool CopiedBack = (T & COT_MAP_FROM) && (!Kept || (T & COT_MAP_ALWAYS));
    traceMapEntry(D, M, I, E, Kept ? "unmap: kept" : "unmap: removed",
                  CopiedBack ? "copied from device" : "no copy", Loc);
    if (Kept)
      infoMapping(D, *E, nameOf(M, I), (uintptr_t)M->Begins[I], M->Sizes[I],
                  "unmap (kept)", Loc);
    else if (Removed.insert(E).second)
      infoMapping(D, *E, nameOf(M, I), E->HostBegin, E->HostEnd - E->HostBegin,
                  "unmap (removed)", Loc);
  }
  for (MapEntry *E : Removed)
    D.erase(E->HostBegin, &W); // Each node once; E is not used afterwards.
}

/// A map list the runtime can use: its arrays exist, members follow their
/// parents, and every entry that stands for storage has a size that is not
/// negative (a section length times the element size that overflowed) and
/// an extent [Begin, Begin+Size) that does not wrap around the address
/// space. Fatal, naming the entry and the construct, otherwise.
void validate(const cot_map_list *M, const cot_source_loc *Loc) {
  if (!M)
    return;
  if (M->Count < 0 ||
      (M->Count > 0 && (!M->Bases || !M->Begins || !M->Sizes || !M->Types)))
    fatal(Loc, "malformed map list (%d entries, null arrays)", M->Count);
  for (int32_t I = 0; I < M->Count; ++I) {
    uint64_t T = M->Types[I];
    int32_t Parent = COT_MAP_MEMBER_OF(T);
    if (Parent >= I)
      fatal(Loc,
            "map entry %d ('%s') is a member of entry %d, which does "
            "not precede it",
            I, nameOf(M, I), Parent);
    if (T & COT_MAP_LITERAL)
      continue; // A value, not storage.
    int64_t Size = M->Sizes[I];
    uintptr_t Begin = (uintptr_t)M->Begins[I];
    if (Size < 0)
      fatal(Loc,
            "map entry '%s' has a negative size (%lld bytes): its "
            "length times its element size overflows",
            nameOf(M, I), (long long)Size);
    if (rangeWraps(Begin, (uint64_t)Size))
      fatal(Loc,
            "map entry '%s' [0x%" PRIxPTR ", +%lld bytes) wraps around "
            "the end of the address space",
            nameOf(M, I), Begin, (long long)Size);
  }
}

/// The name of a target region for messages: its offload entry's name when
/// some registered binary has one, else the host symbol, else the address.
std::string hostFunctionName(void *Fn) {
  for (const cot_binary_desc *Desc : binariesFrom(0))
    if (Desc)
      for (const cot_offload_entry *E = Desc->EntriesBegin;
           E && E != Desc->EntriesEnd; ++E)
        if (E->HostAddr == Fn && E->Name)
          return E->Name;
  Dl_info Info;
  if (dladdr(Fn, &Info) && Info.dli_sname && Info.dli_saddr == Fn)
    return Info.dli_sname;
  char Buf[32];
  snprintf(Buf, sizeof(Buf), "%p", Fn);
  return Buf;
}

const cot_map_list EmptyList = {0,       0,       nullptr, nullptr,
                                nullptr, nullptr, nullptr};

/// Why a region for which deviceForConstruct gave no device runs on the
/// host.
std::string hostFallbackReason() {
  if (env().Policy == OffloadPolicy::Disabled)
    return "offload disabled";
  if (numDevices() == 0)
    return "no offload device (" + whyNoDevices() + ")";
  return "initial device";
}

} // namespace

/// The ordered queue (Device::orderedQueue) that the launch of a region
/// with map list M goes to when its work is its kernel alone: every mapping
/// it names is present already (none is made, so none is copied back),
/// none is copied (always) or attaches a pointer, no firstprivate is
/// copied. Preferably the queue of a construct of this thread in flight
/// that writes one of its mappings, which then orders them without an
/// event. Null when the work needs a queue of its own. D.Mu held.
static OrderedQueue *orderedQueueFor(Device &D, const cot_map_list *M) {
  if (D.SharesHostMemory)
    return nullptr;
  void *Preferred = nullptr;
  for (int32_t I = 0; I < M->Count; ++I) {
    uint64_t T = M->Types[I];
    uint64_t Size = (uint64_t)M->Sizes[I];
    if (T & COT_MAP_PRIVATE) {
      if ((T & COT_MAP_TO) && Size)
        return nullptr;
      continue;
    }
    if (hasNoData(T))
      continue;
    if (T & (COT_MAP_PTR_AND_OBJ | COT_MAP_ALWAYS | COT_MAP_DELETE))
      return nullptr;
    bool Partial = false;
    MapEntry *E = D.lookup((uintptr_t)M->Begins[I], Size, &Partial);
    if (Partial || (!E && Size))
      return nullptr;
    if (E && !Preferred) {
      if (E->KernelWriter)
        Preferred = E->KernelWriter->kernelQueue();
      else if (E->Writer)
        Preferred = E->Writer->kernelQueue();
    }
  }
  return D.orderedQueue(Preferred);
}

/// Queues the launch of a target region on its device: the entry maps,
/// the kernel and the exit maps, on Work, which the caller finishes.
/// InOrder: the region is a nowait one without depend, met by this thread
/// on a device whose queues run later; when its work is its kernel alone,
/// it goes on one of the thread's ordered queues. Returns non-zero, with
/// Work null, when the region runs on the host.
static int32_t startLaunch(int64_t DeviceId, void *HostFn,
                           const cot_map_list *Maps,
                           const cot_launch_params *Params,
                           const cot_source_loc *Loc, bool InOrder,
                           std::unique_ptr<DeviceWork> &Work) {
  if (!Maps)
    Maps = &EmptyList;
  validate(Maps, Loc);
  if (Params && (Params->Flags & COT_LAUNCH_IF_FALSE)) {
    note(Loc, "target region '%s' runs on the host: if(false)",
         hostFunctionName(HostFn).c_str());
    return 1;
  }
  Device *D = deviceForConstruct(DeviceId, Loc);
  if (!D) {
    if (infoEnabled() || debugEnabled())
      note(Loc, "target region '%s' runs on the host: %s",
           hostFunctionName(HostFn).c_str(), hostFallbackReason().c_str());
    return 1;
  }
  bool Mandatory = offloadIsMandatory();

  std::vector<void *> Args;
  Args.reserve((size_t)Maps->Count + 1);
  ConstructState S;
  KernelInfo Kernel;
  const KernelInfo *K = &Kernel;
  {
    std::lock_guard<std::mutex> Lock(D->Mu);
    if (Error E = D->ensureReady(Loc))
      fatal(Loc, E);
    const KernelInfo *Found = D->findKernel(HostFn);
    if (!Found) {
      if (Mandatory)
        fatal(Loc, "%s but device %d has no image for target region '%s'",
              mandatoryReason(), D->Id, hostFunctionName(HostFn).c_str());
      note(Loc,
           "target region '%s' runs on the host: device %d has no "
           "image for it",
           hostFunctionName(HostFn).c_str(), D->Id);
      return 1;
    }
    Kernel = *Found;
    Work = std::make_unique<DeviceWork>(
        *D, Loc, InOrder ? orderedQueueFor(*D, Maps) : nullptr);
    mapBegin(*D, Maps, S, *Work, /*ForLaunch=*/true);
    for (int32_t I = 0; I < Maps->Count; ++I) {
      uint64_t T = Maps->Types[I];
      if (!(T & COT_MAP_TARGET_PARAM))
        continue;
      uintptr_t Base = (uintptr_t)Maps->Bases[I];
      uintptr_t Begin = (uintptr_t)Maps->Begins[I];
      if ((T & COT_MAP_LITERAL) || !S.Entries[I].Translated)
        Args.push_back((void *)Base);
      else if (T & COT_MAP_PTR_AND_OBJ) {
        MapEntry *PE = D->lookup(Base, sizeof(void *));
        if (PE)
          Work->use(*PE);
        Args.push_back(
            (void *)(PE ? PE->toDevice(Base) : S.Entries[I].DevBegin));
      } else
        Args.push_back((void *)(S.Entries[I].DevBegin - (Begin - Base)));
    }
  }
  int32_t NumArgs = (int32_t)Args.size();
  if (Params && Params->NumArgs != NumArgs)
    fatal(Loc,
          "kernel '%s' launched with %d arguments but its map list has %d "
          "target parameters",
          K->Name, Params->NumArgs, NumArgs);
  cot_launch_params Geometry = {0, 0, NumArgs, 0, 0, 0};
  if (Params)
    Geometry = *Params;
  if (infoEnabled())
    info(Loc,
         "launch kernel '%s' on device %d (num_teams %d, thread_limit %d, "
         "%d args%s)",
         K->Name, D->Id, Geometry.NumTeams, Geometry.ThreadLimit, NumArgs,
         Geometry.TripCount > 0
             ? (", trip count " + std::to_string(Geometry.TripCount)).c_str()
             : "");
  traceLaunch(*D, K->Name, Geometry, Args, Loc);
  if (NumArgs == 0)
    Args.push_back(nullptr); // never pass a null array
  cot_launch_site Site = {K->Name, D->Id, Loc};
  // Ordered work goes to the device's launch thread while that runs (a
  // loop of nowait regions); reports that time or describe each launch see
  // it made here, in order.
  bool MayHandOver = Work->ordered() && !events::enabled() && !infoEnabled();
  bool HandOver = MayHandOver && D->Launches.awake();
  Work->launched(K->Name);
  if (!HandOver) {
    events::Stopwatch Time;
    cot_launch_grid Grid = D->launchKernel(K->Handle, Args.data(), Geometry,
                                           Site, Work->kernelQueue());
    if (events::enabled())
      Work->waitNow(); // the event's time is the kernel's own
    events::kernelLaunched(Time, D->Id, {K->Name, Loc}, Geometry, Grid,
                           Args.data(), NumArgs);
    if (MayHandOver)
      D->Launches.noteOwnLaunch();
  }
  bool WaitForCopies = false;
  {
    std::lock_guard<std::mutex> Lock(D->Mu);
    // Handed over (and numbered) before the kernel writers are recorded: a
    // later reader's event then waits until the launch is made.
    if (HandOver)
      Work->handOver(
          {K->Handle, std::move(Args), Geometry, Site, nullptr, nullptr, 0});
    // Recorded once the kernel is queued, so that an event recorded for a
    // later reader comes after it.
    for (uintptr_t Key : S.KernelWrites) {
      auto It = D->Table.find(Key);
      if (It != D->Table.end())
        Work->kernelWrites(It->second);
    }
    mapEnd(*D, Maps, *Work);
    WaitForCopies = Work->end();
  }
  if (WaitForCopies)
    Work->waitNow();
  return 0;
}

/// Regions with in_reduction (COT_LAUNCH_IN_REDUCTION) add to the original
/// reduction variables through mappings that they all share (a region's
/// copy in, kernel and copy back are one read-modify-write of each
/// variable), while the host tasks of the reduction add to copies of their
/// own. Two such regions at once, from two threads or from two hidden
/// helper threads, lost one's additions: they run one at a time, each
/// from its start to its end. The lock is held while a kernel runs (the
/// mapping table's lock is not).
static std::unique_lock<std::mutex>
inReductionTurn(const cot_launch_params *Params) {
  static std::mutex Turn;
  if (!Params || !(Params->Flags & COT_LAUNCH_IN_REDUCTION))
    return std::unique_lock<std::mutex>();
  return std::unique_lock<std::mutex>(Turn);
}

extern "C" COT_EXPORT int32_t __cot_target_launch(
    int64_t DeviceId, void *HostFn, const cot_map_list *Maps,
    const cot_launch_params *Params, const cot_source_loc *Loc) {
  std::unique_lock<std::mutex> Turn = inReductionTurn(Params);
  std::unique_ptr<DeviceWork> Work;
  int32_t Rc =
      startLaunch(DeviceId, HostFn, Maps, Params, Loc, /*InOrder=*/false, Work);
  if (Rc == 0)
    Work->finish();
  return Rc;
}

namespace {

/// Deferred regions recorded whose launch has not ended (see
/// finishDeferredRegionsAtExit).
std::atomic<int64_t> DeferredPending{0};
/// Whether this thread met a deferred region: libomp then knows it.
thread_local bool MetDeferredRegion = false;

/// A deferred region's launch: started where the construct is met, or
/// with its own copy of the map list and of the firstprivate values as they
/// were then (keep(): their variables may be gone when the task runs).
struct DeferredLaunch {
  int64_t DeviceId;
  void *HostFn;
  cot_launch_params Params;
  const cot_source_loc *Loc;
  std::vector<void *> Bases, Begins;
  std::vector<int64_t> Sizes;
  std::vector<uint64_t> Types;
  std::vector<const char *> Names;
  std::vector<std::unique_ptr<char[]>> FirstprivateValues;
  cot_map_list List;
  /// Once launched: the queued work that the task waits for.
  std::unique_ptr<DeviceWork> Work;
  /// Whether start() ran, and what it returned (non-zero: the region runs
  /// on the host, in the task).
  bool Started = false;
  int32_t StartRc = 0;

  DeferredLaunch(int64_t DeviceId, void *HostFn,
                 const cot_launch_params &Params, const cot_source_loc *Loc)
      : DeviceId(DeviceId), HostFn(HostFn), Params(Params),
        Loc(Loc), List{0, 0, nullptr, nullptr, nullptr, nullptr, nullptr} {
    DeferredPending.fetch_add(1, std::memory_order_relaxed);
  }
  ~DeferredLaunch() { DeferredPending.fetch_sub(1, std::memory_order_release); }
  DeferredLaunch(const DeferredLaunch &) = delete;
  DeferredLaunch &operator=(const DeferredLaunch &) = delete;

  void start(const cot_map_list &M, bool InOrder) {
    StartRc = startLaunch(DeviceId, HostFn, &M, &Params, Loc, InOrder, Work);
    Started = true;
  }

  /// Keeps a copy of M (validated) for a start in the task.
  void keep(const cot_map_list &M) {
    Bases.assign(M.Bases, M.Bases + M.Count);
    Begins.assign(M.Begins, M.Begins + M.Count);
    Sizes.assign(M.Sizes, M.Sizes + M.Count);
    Types.assign(M.Types, M.Types + M.Count);
    List = {M.Count,      0,      Bases.data(), Begins.data(), Sizes.data(),
            Types.data(), nullptr};
    if (M.Names) {
      Names.assign(M.Names, M.Names + M.Count);
      List.Names = Names.data();
    }
    for (int32_t I = 0; I < M.Count; ++I)
      if ((Types[I] & COT_MAP_PRIVATE) && (Types[I] & COT_MAP_TO) &&
          Sizes[I] > 0) {
        char *Copy = new (std::nothrow) char[(uint64_t)Sizes[I]];
        if (!Copy)
          fatal(Loc,
                "cannot keep a copy of firstprivate '%s' (%lld bytes) "
                "for the deferred target region: out of host memory",
                Names.empty() || !Names[I] ? "<unnamed>" : Names[I],
                (long long)Sizes[I]);
        FirstprivateValues.emplace_back(Copy);
        memcpy(Copy, Begins[I], Sizes[I]);
        Bases[I] = Copy - ((char *)Begins[I] - (char *)Bases[I]);
        Begins[I] = Copy;
      }
  }
};

struct DeferredLaunches {
  std::mutex Mu;
  std::unordered_map<void *, std::unique_ptr<DeferredLaunch>> ByTask;
};

DeferredLaunches &deferredLaunches() {
  static auto *D = new DeferredLaunches();
  return *D;
}

} // namespace

void cot::lockDeferredLaunches() { deferredLaunches().Mu.lock(); }
void cot::unlockDeferredLaunches() { deferredLaunches().Mu.unlock(); }

/// Nothing orders a nowait region without depend after other tasks, so its
/// work is queued where it is met, behind what this thread queued before
/// (as a CUDA stream would order it), and its task only waits for it. Not
/// on a device whose queued work runs at once (the host device): the
/// kernel would run there and then, without the concurrency that the task
/// gives it.
static bool startsWhenMet(const DeferredLaunch &L) {
  constexpr int32_t NowaitAlone = COT_LAUNCH_NOWAIT | COT_LAUNCH_NO_DEPEND;
  if ((L.Params.Flags & NowaitAlone) != NowaitAlone ||
      (L.Params.Flags & COT_LAUNCH_IF_FALSE))
    return false;
  Device *D = deviceForConstruct(L.DeviceId, L.Loc);
  if (!D)
    return false;
  if (D->queuesRunLater())
    return true; // started already: the launch takes the lock itself
  std::lock_guard<std::mutex> Lock(D->Mu);
  if (Error E = D->ensureReady(L.Loc))
    fatal(L.Loc, E);
  return D->queuesRunLater();
}

extern "C" COT_EXPORT void __cot_target_defer(void *Task, int64_t DeviceId,
                                              void *HostFn,
                                              const cot_map_list *Maps,
                                              const cot_launch_params *Params,
                                              const cot_source_loc *Loc) {
  if (!Maps)
    Maps = &EmptyList;
  validate(Maps, Loc);
  cot_launch_params NoParams = {0, 0, 0, 0, 0, 0};
  // The encountering task's default device, not that of the thread that
  // runs the region's task.
  if (DeviceId == COT_DEVICE_DEFAULT)
    DeviceId = defaultDevice();
  auto Launch = std::make_unique<DeferredLaunch>(
      DeviceId, HostFn, Params ? *Params : NoParams, Loc);
  if (startsWhenMet(*Launch))
    Launch->start(*Maps, /*InOrder=*/true);
  else
    Launch->keep(*Maps);
  MetDeferredRegion = true;
  DeferredLaunches &D = deferredLaunches();
  std::lock_guard<std::mutex> Lock(D.Mu);
  D.ByTask[Task] = std::move(Launch);
}

// libomp's entry points, from the program (which links libomp).
extern "C" int __kmpc_global_thread_num(void *Loc) __attribute__((weak));
extern "C" bool __kmpc_omp_has_task_team(int32_t Gtid) __attribute__((weak));
extern "C" void **__kmpc_omp_get_target_async_handle_ptr(int32_t Gtid)
    __attribute__((weak));
extern "C" int32_t __kmpc_omp_taskwait(void *Loc, int32_t Gtid)
    __attribute__((weak));

void cot::finishDeferredRegionsAtExit() {
  // The tasks of deferred regions end when a poll of another thread sees
  // their work done. Left pending at exit(), they would meet the plugins
  // after their drivers shut down (the plugins' exit handlers run after
  // this one), and libomp's destructor would wait for them forever, or for
  // a fatal error of the thread that polls them. Only exit()'s own thread's
  // tasks are waited for: those of other threads are their threads'.
  if (!MetDeferredRegion || !__kmpc_omp_taskwait || !__kmpc_global_thread_num ||
      DeferredPending.load(std::memory_order_acquire) == 0)
    return;
  static const LibompIdent AtExit = {0, 2, 0, 0, ";exit;exit;0;0;;"};
  debug(1, "exit(): waiting for the deferred target regions of this thread");
  __kmpc_omp_taskwait(const_cast<LibompIdent *>(&AtExit),
                      __kmpc_global_thread_num(nullptr));
}

/// Where libomp keeps the asynchronous handle of the task that this thread
/// runs, or null when the task cannot wait that way (no libomp, or no task
/// team: the task then runs at once and must complete before it returns).
/// A task that returns with a handle is not complete: libomp queues it
/// again and calls __tgt_target_nowait_query instead of its entry, until
/// the handle is null.
static void **taskAsyncHandle() {
  if (!__kmpc_global_thread_num || !__kmpc_omp_has_task_team ||
      !__kmpc_omp_get_target_async_handle_ptr)
    return nullptr;
  int32_t Gtid = __kmpc_global_thread_num(nullptr);
  if (!__kmpc_omp_has_task_team(Gtid))
    return nullptr;
  return __kmpc_omp_get_target_async_handle_ptr(Gtid);
}

extern "C" COT_EXPORT int32_t __cot_target_run_deferred(void *Task) {
  std::unique_ptr<DeferredLaunch> L;
  {
    DeferredLaunches &D = deferredLaunches();
    std::lock_guard<std::mutex> Lock(D.Mu);
    auto It = D.ByTask.find(Task);
    if (It == D.ByTask.end())
      fatal(nullptr,
            "internal error: a deferred target task (%p) runs but "
            "no launch was recorded for it",
            Task);
    L = std::move(It->second);
    D.ByTask.erase(It);
  }
  // Not nowait (the compiler leaves the flag off), so never started early.
  std::unique_lock<std::mutex> Turn = inReductionTurn(&L->Params);
  if (!L->Started)
    L->start(L->List, /*InOrder=*/false);
  if (L->StartRc != 0)
    return L->StartRc;
  // A nowait region's task stays incomplete, without holding its thread,
  // until the work is done; a task that has to complete now (depend alone:
  // the encountering thread runs it and waits) waits for it here.
  void **Handle =
      (L->Params.Flags & COT_LAUNCH_NOWAIT) ? taskAsyncHandle() : nullptr;
  if (!Handle) {
    L->Work->finish();
    return 0;
  }
  *Handle = L.release();
  return 0;
}

/// libomp's poll of a task that __cot_target_run_deferred left with a
/// handle (libomp finds this entry point by name when it starts).
extern "C" COT_EXPORT void __tgt_target_nowait_query(void **Handle) {
  auto *L = static_cast<DeferredLaunch *>(*Handle);
  if (!L->Work->poll()) {
    sched_yield(); // the task comes back at once: let other threads run
    return;
  }
  delete L;
  *Handle = nullptr;
}

/// Queues a data construct's work on its device with the device locked,
/// then waits for it; nothing when the construct runs on the host (offload
/// disabled, no device, the initial device).
template <typename WorkFn>
static void onConstructDevice(int64_t DeviceId, const cot_map_list *Maps,
                              const cot_source_loc *Loc, WorkFn Queue) {
  if (!Maps)
    return;
  validate(Maps, Loc);
  Device *D = deviceForConstruct(DeviceId, Loc);
  if (!D)
    return;
  std::unique_ptr<DeviceWork> Work;
  {
    std::lock_guard<std::mutex> Lock(D->Mu);
    if (Error E = D->ensureReady(Loc))
      fatal(Loc, E);
    Work = std::make_unique<DeviceWork>(*D, Loc);
    Queue(*D, *Work);
  }
  Work->finish();
}

extern "C" COT_EXPORT void __cot_target_data_begin(int64_t DeviceId,
                                                   const cot_map_list *Maps,
                                                   const cot_source_loc *Loc) {
  onConstructDevice(DeviceId, Maps, Loc, [&](Device &D, DeviceWork &W) {
    ConstructState S;
    mapBegin(D, Maps, S, W, /*ForLaunch=*/false);
  });
}

extern "C" COT_EXPORT void __cot_target_data_end(int64_t DeviceId,
                                                 const cot_map_list *Maps,
                                                 const cot_source_loc *Loc) {
  onConstructDevice(DeviceId, Maps, Loc,
                    [&](Device &D, DeviceWork &W) { mapEnd(D, Maps, W); });
}

/// The to/from motions of a target update, queued on W.
static void updateMotion(Device &D, const cot_map_list *Maps, DeviceWork &W) {
  const cot_source_loc *Loc = W.loc();
  for (int32_t I = 0; I < Maps->Count; ++I) {
    uint64_t T = Maps->Types[I];
    if (hasNoData(T))
      continue;
    uintptr_t Begin = (uintptr_t)Maps->Begins[I];
    int64_t Size = Maps->Sizes[I];
    bool Partial = false;
    MapEntry *E = D.lookup(Begin, (uint64_t)Size, &Partial);
    if (Partial)
      partialOverlap(D, *E, nameOf(Maps, I), Begin, Size, T, Loc);
    if (!E) {
      if ((T & COT_MAP_PRESENT) && !D.SharesHostMemory)
        notPresent(D, nameOf(Maps, I), Begin, Size, Loc);
      traceMapEntry(D, Maps, I, nullptr, "update: not mapped", "no copy", Loc);
      continue; // Not mapped (or shared): the update does nothing.
    }
    W.use(*E);
    traceMapEntry(D, Maps, I, E, "update",
                  (T & COT_MAP_TO) ? "copied to device" : "copied from device",
                  Loc);
    if (T & COT_MAP_TO) {
      copyIn(D, W, *E, Begin, Size);
      infoMapping(D, *E, nameOf(Maps, I), Begin, Size, "update to", Loc);
    }
    if (T & COT_MAP_FROM) {
      D.copyFromDevice(W, *E, Begin, Size);
      infoMapping(D, *E, nameOf(Maps, I), Begin, Size, "update from", Loc);
    }
  }
}

extern "C" COT_EXPORT void __cot_target_update(int64_t DeviceId,
                                               const cot_map_list *Maps,
                                               const cot_source_loc *Loc) {
  onConstructDevice(DeviceId, Maps, Loc, [&](Device &D, DeviceWork &W) {
    updateMotion(D, Maps, W);
  });
}

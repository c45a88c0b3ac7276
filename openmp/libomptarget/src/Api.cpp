//===- Api.cpp - The omp_* device API
//--------------------------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The OpenMP device and device-memory routines as seen from the host. libomp
// defines some of them too; programs link libomptarget first, so these win.
// The device number omp_get_num_devices() (or omp_initial_device, -1) is the
// initial device (the host).
//
// Routines never end the program: bad arguments (unknown devices, sizes
// over 2^63-1, ranges that wrap around the address space) and device
// failures (a device that cannot start or load the program's images, a
// failing plugin call) return the specification's failure value (NULL,
// non-zero), and LIBOMPTARGET_INFO says why, with the plugin's own message.
//
//===----------------------------------------------------------------------===//

#include "Events.h"
#include "Runtime.h"

#include <omp.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>

using namespace cot;

namespace {

/// Says under LIBOMPTARGET_INFO why routine Routine fails; the routine then
/// returns the failure value the OpenMP specification gives it.
void why(const char *Routine, const Error &E) {
  note(nullptr, "%s fails: %s", Routine, E.message().c_str());
}

enum class Where { Invalid, Host, OnDevice };

/// Classifies an API device number; for a device, readies it (a device that
/// cannot start or load the images is Invalid) and sets *D.
Where classify(const char *Routine, int DeviceNum, Device **D) {
  int32_t N = numDevices();
  if (DeviceNum == N || DeviceNum == COT_DEVICE_INITIAL)
    return Where::Host;
  if (DeviceNum < 0 || DeviceNum > N) {
    why(Routine,
        Error::make("device number %d does not exist (devices 0..%d, the host "
                    "is %d)",
                    DeviceNum, N - 1, N));
    return Where::Invalid;
  }
  *D = &device(DeviceNum);
  std::lock_guard<std::mutex> Lock((*D)->Mu);
  if (Error E = (*D)->ensureReady(nullptr)) {
    why(Routine, E);
    return Where::Invalid;
  }
  return Where::OnDevice;
}

/// The answer of a query routine about DeviceNum: InvalidValue for a device
/// that does not exist or cannot start, HostValue for the host, else
/// Query(the device).
template <typename T, typename QueryFn>
T query(const char *Routine, int DeviceNum, T InvalidValue, T HostValue,
        QueryFn Query) {
  Device *D = nullptr;
  switch (classify(Routine, DeviceNum, &D)) {
  case Where::Invalid:
    return InvalidValue;
  case Where::Host:
    return HostValue;
  case Where::OnDevice:
    break;
  }
  return Query(*D);
}

/// A plugin call's failure, said under LIBOMPTARGET_INFO; returns EIO.
int pluginFailed(const char *Routine, const Device &D, const char *What) {
  why(Routine, D.P->lastError(What));
  return EIO;
}

/// One contiguous copy between any two of host and devices.
int copyBytes(const char *Routine, char *Dst, const char *Src, size_t Length,
              int DstDev, int SrcDev) {
  Device *DD = nullptr, *SD = nullptr;
  Where DW = classify(Routine, DstDev, &DD);
  Where SW = classify(Routine, SrcDev, &SD);
  if (DW == Where::Invalid || SW == Where::Invalid)
    return EINVAL;
  if (!Length)
    return 0;
  if (!Dst || !Src)
    return EINVAL;
  if (Length > (size_t)INT64_MAX) {
    why(Routine,
        Error::make("%zu bytes is more than the largest copy (2^63-1 bytes)",
                    Length));
    return EINVAL;
  }
  auto Size = (int64_t)Length;
  if (DW == Where::Host && SW == Where::Host) {
    memmove(Dst, Src, Length);
    return 0;
  }
  using events::Direction;
  events::Stopwatch Time;
  events::Subject What = {Routine, nullptr};
  if (SW == Where::Host) {
    if (DD->P->Api->copy_to_device(DD->LocalId, Dst, Src, Size, nullptr))
      return pluginFailed(Routine, *DD, "copy to device");
    events::transferred(Time, Direction::HostToDevice, DD->Id, Dst, Src, Length,
                        What);
    return 0;
  }
  if (DW == Where::Host) {
    if (SD->P->Api->copy_from_device(SD->LocalId, Dst, Src, Size, nullptr))
      return pluginFailed(Routine, *SD, "copy from device");
    events::transferred(Time, Direction::DeviceToHost, SD->Id, Dst, Src, Length,
                        What);
    return 0;
  }
  if (DD->P == SD->P) {
    if (DD->P->Api->copy_device_to_device(SD->LocalId, Src, DD->LocalId, Dst,
                                          Size))
      return pluginFailed(Routine, *DD, "copy between devices");
    events::transferred(Time, Direction::DeviceToDevice, DD->Id, Dst, Src,
                        Length, What);
    return 0;
  }
  // Devices of different plugins: through the host.
  void *Bounce = malloc(Length);
  if (!Bounce) {
    why(Routine,
        Error::make("no host memory for a %zu-byte bounce buffer", Length));
    return ENOMEM;
  }
  int Rc = 0;
  if (SD->P->Api->copy_from_device(SD->LocalId, Bounce, Src, Size, nullptr))
    Rc = pluginFailed(Routine, *SD, "copy from device");
  else if (DD->P->Api->copy_to_device(DD->LocalId, Dst, Bounce, Size, nullptr))
    Rc = pluginFailed(Routine, *DD, "copy to device");
  else
    events::transferred(Time, Direction::DeviceToDevice, DD->Id, Dst, Src,
                        Length, What);
  ::free(Bounce);
  return Rc;
}

/// Size bytes of memory of Kind (COT_MEMORY_*) for routine Routine: from
/// the device's plugin, or malloc for the initial device.
void *allocateMemory(const char *Routine, size_t Size, int DeviceNum,
                     int32_t Kind) {
  if (Size == 0)
    return nullptr;
  if (Size > (size_t)INT64_MAX) {
    why(Routine,
        Error::make("%zu bytes is more than the largest allocation (2^63-1 "
                    "bytes)",
                    Size));
    return nullptr;
  }
  Device *D = nullptr;
  void *Ptr = nullptr;
  events::Stopwatch Time;
  switch (classify(Routine, DeviceNum, &D)) {
  case Where::Invalid:
    return nullptr;
  case Where::Host:
    if (!(Ptr = malloc(Size)))
      why(Routine, Error::make("no host memory for %zu bytes", Size));
    return Ptr;
  case Where::OnDevice:
    if (!(Ptr = D->P->Api->data_alloc(D->LocalId, (int64_t)Size, Kind))) {
      std::string OfKind =
          Kind == COT_MEMORY_DEVICE
              ? ""
              : formatString(" of %s memory", memoryKindName(Kind));
      pluginFailed(Routine, *D,
                   formatString("cannot allocate %zu bytes%s on device %d",
                                Size, OfKind.c_str(), D->Id)
                       .c_str());
    } else {
      events::allocated(Time, D->Id, Kind, Ptr, Size, {Routine, nullptr});
    }
    return Ptr;
  }
  return nullptr;
}

/// Frees what allocateMemory gave, of any kind.
void freeMemory(const char *Routine, void *Ptr, int DeviceNum) {
  if (!Ptr)
    return;
  Device *D = nullptr;
  switch (classify(Routine, DeviceNum, &D)) {
  case Where::Invalid:
    return;
  case Where::Host:
    ::free(Ptr);
    return;
  case Where::OnDevice: {
    events::Stopwatch Time;
    if (D->P->Api->data_free(D->LocalId, Ptr) != 0)
      pluginFailed(Routine, *D, "cannot free device memory");
    else
      events::freed(Time, D->Id, Ptr, {Routine, nullptr});
    return;
  }
  }
}

/// Bytes spanned by an array of NumDims dimensions of ElemSize-byte
/// elements, or false when that does not fit in size_t.
bool arrayBytes(size_t ElemSize, int NumDims, const size_t *Dims,
                size_t &Bytes) {
  Bytes = ElemSize;
  for (int I = 0; I < NumDims; ++I)
    if (__builtin_mul_overflow(Bytes, Dims[I], &Bytes))
      return false;
  return true;
}

/// Checks one side (Which: "destination" or "source") of a rectangular
/// copy: each dimension's offset + volume within its extent, and the whole
/// array within the address space.
bool rectSideFits(const char *Which, const void *Base, size_t ElemSize,
                  int NumDims, const size_t *Volume, const size_t *Offsets,
                  const size_t *Dims) {
  const char *Routine = "omp_target_memcpy_rect";
  for (int I = 0; I < NumDims; ++I)
    if (Volume[I] > Dims[I] || Offsets[I] > Dims[I] - Volume[I]) {
      why(Routine,
          Error::make("%s dimension %d: offset %zu + volume %zu exceed its %zu "
                      "elements",
                      Which, I, Offsets[I], Volume[I], Dims[I]));
      return false;
    }
  size_t Bytes;
  if (!arrayBytes(ElemSize, NumDims, Dims, Bytes) ||
      rangeWraps((uintptr_t)Base, Bytes)) {
    why(Routine,
        Error::make(
            "the %s array (%d dimensions of %zu-byte elements) does not "
            "fit in the address space",
            Which, NumDims, ElemSize));
    return false;
  }
  return true;
}

/// The copy of a checked rectangular volume, one contiguous row at a time.
int copyRect(char *Dst, const char *Src, size_t ElemSize, int NumDims,
             const size_t *Volume, const size_t *DstOffsets,
             const size_t *SrcOffsets, const size_t *DstDims,
             const size_t *SrcDims, int DstDev, int SrcDev) {
  if (NumDims == 1)
    return copyBytes("omp_target_memcpy_rect", Dst + DstOffsets[0] * ElemSize,
                     Src + SrcOffsets[0] * ElemSize, Volume[0] * ElemSize,
                     DstDev, SrcDev);
  size_t DstSlice = ElemSize, SrcSlice = ElemSize;
  for (int I = 1; I < NumDims; ++I) {
    DstSlice *= DstDims[I];
    SrcSlice *= SrcDims[I];
  }
  for (size_t J = 0; J < Volume[0]; ++J) {
    int Rc = copyRect(Dst + (DstOffsets[0] + J) * DstSlice,
                      Src + (SrcOffsets[0] + J) * SrcSlice, ElemSize,
                      NumDims - 1, Volume + 1, DstOffsets + 1, SrcOffsets + 1,
                      DstDims + 1, SrcDims + 1, DstDev, SrcDev);
    if (Rc)
      return Rc;
  }
  return 0;
}

// libomp's kmp_depend_info, the record an omp_depend_t points to.
struct DependInfo {
  intptr_t BaseAddr;
  size_t Len;
  uint8_t Flags;
};

extern "C" int __kmpc_global_thread_num(void *Loc) __attribute__((weak));

/// Waits for the sibling tasks that the dependence objects \p DepObjs of
/// \p Routine's call depend on.
void waitForDepObjs(const char *Routine, int Count, omp_depend_t *DepObjs) {
  if (Count <= 0 || !DepObjs || !__kmpc_global_thread_num)
    return;
  std::vector<DependInfo> Deps;
  for (int I = 0; I < Count; ++I)
    if (DepObjs[I])
      Deps.push_back(*static_cast<const DependInfo *>(DepObjs[I]));
  std::string Source = ";unknown;" + std::string(Routine) + ";0;0;;";
  LibompIdent Ident = {0, 2, 0, 0, Source.c_str()};
  waitForDependences(&Ident, __kmpc_global_thread_num(nullptr),
                     (int32_t)Deps.size(), Deps.data());
}

} // namespace

extern "C" {

COT_EXPORT int omp_get_num_devices(void) { return numDevices(); }
COT_EXPORT int omp_get_initial_device(void) { return numDevices(); }
COT_EXPORT int omp_is_initial_device(void) { return 1; }
COT_EXPORT int omp_get_device_num(void) { return numDevices(); }
COT_EXPORT int omp_get_default_device(void) { return defaultDevice(); }
COT_EXPORT void omp_set_default_device(int DeviceNum) {
  setDefaultDevice(DeviceNum);
}

COT_EXPORT void *omp_target_alloc(size_t Size, int DeviceNum) {
  return allocateMemory("omp_target_alloc", Size, DeviceNum, COT_MEMORY_DEVICE);
}

// Upstream's extensions: device memory (what omp_target_alloc gives), host
// memory the device can access (pinned on a GPU) and memory both use, which
// migrates (managed on a GPU). On the initial device all three are malloc.
COT_EXPORT void *llvm_omp_target_alloc_device(size_t Size, int DeviceNum) {
  return allocateMemory("llvm_omp_target_alloc_device", Size, DeviceNum,
                        COT_MEMORY_DEVICE);
}

COT_EXPORT void *llvm_omp_target_alloc_host(size_t Size, int DeviceNum) {
  return allocateMemory("llvm_omp_target_alloc_host", Size, DeviceNum,
                        COT_MEMORY_HOST);
}

COT_EXPORT void *llvm_omp_target_alloc_shared(size_t Size, int DeviceNum) {
  return allocateMemory("llvm_omp_target_alloc_shared", Size, DeviceNum,
                        COT_MEMORY_SHARED);
}

// Each frees memory of any of the three kinds (the plugin knows which it
// gave), like omp_target_free.
COT_EXPORT void omp_target_free(void *Ptr, int DeviceNum) {
  freeMemory("omp_target_free", Ptr, DeviceNum);
}

COT_EXPORT void llvm_omp_target_free_device(void *Ptr, int DeviceNum) {
  freeMemory("llvm_omp_target_free_device", Ptr, DeviceNum);
}

COT_EXPORT void llvm_omp_target_free_host(void *Ptr, int DeviceNum) {
  freeMemory("llvm_omp_target_free_host", Ptr, DeviceNum);
}

COT_EXPORT void llvm_omp_target_free_shared(void *Ptr, int DeviceNum) {
  freeMemory("llvm_omp_target_free_shared", Ptr, DeviceNum);
}

COT_EXPORT int omp_target_is_present(const void *Ptr, int DeviceNum) {
  return query("omp_target_is_present", DeviceNum, 0, 1, [&](Device &D) {
    std::lock_guard<std::mutex> Lock(D.Mu);
    return D.lookup((uintptr_t)Ptr, 0) != nullptr ? 1 : 0;
  });
}

COT_EXPORT int omp_target_is_accessible(const void *Ptr, size_t Size,
                                        int DeviceNum) {
  (void)Ptr;
  (void)Size;
  return query("omp_target_is_accessible", DeviceNum, 0, 1, [](Device &D) {
    return D.SharesHostMemory ||
                   (D.P->Api->Flags & COT_PLUGIN_SHARES_HOST_ADDRESS_SPACE)
               ? 1
               : 0;
  });
}

COT_EXPORT void *omp_get_mapped_ptr(const void *Ptr, int DeviceNum) {
  if (!Ptr)
    return nullptr;
  return query("omp_get_mapped_ptr", DeviceNum, (void *)nullptr,
               const_cast<void *>(Ptr), [&](Device &D) {
                 std::lock_guard<std::mutex> Lock(D.Mu);
                 MapEntry *E = D.lookup((uintptr_t)Ptr, 0);
                 return E ? (void *)E->toDevice((uintptr_t)Ptr) : nullptr;
               });
}

COT_EXPORT int omp_target_memcpy(void *Dst, const void *Src, size_t Length,
                                 size_t DstOffset, size_t SrcOffset,
                                 int DstDevice, int SrcDevice) {
  const char *Routine = "omp_target_memcpy";
  if (Length && (!Dst || !Src))
    return EINVAL;
  auto Fits = [&](const void *Base, size_t Offset, const char *Which) {
    if (!rangeWraps((uintptr_t)Base, Offset) &&
        !rangeWraps((uintptr_t)Base + Offset, Length))
      return true;
    why(Routine,
        Error::make("the %s %p + offset %zu + length %zu wraps around the "
                    "address space",
                    Which, Base, Offset, Length));
    return false;
  };
  if (Length &&
      (!Fits(Dst, DstOffset, "destination") || !Fits(Src, SrcOffset, "source")))
    return EINVAL;
  return copyBytes(Routine, (char *)Dst + DstOffset,
                   (const char *)Src + SrcOffset, Length, DstDevice, SrcDevice);
}

COT_EXPORT int
omp_target_memcpy_rect(void *Dst, const void *Src, size_t ElemSize, int NumDims,
                       const size_t *Volume, const size_t *DstOffsets,
                       const size_t *SrcOffsets, const size_t *DstDimensions,
                       const size_t *SrcDimensions, int DstDevice,
                       int SrcDevice) {
  if (!Dst && !Src)
    return INT_MAX; // The number of dimensions supported.
  if (!Dst || !Src || NumDims < 1 || !Volume || !DstOffsets || !SrcOffsets ||
      !DstDimensions || !SrcDimensions)
    return EINVAL;
  if (!rectSideFits("destination", Dst, ElemSize, NumDims, Volume, DstOffsets,
                    DstDimensions) ||
      !rectSideFits("source", Src, ElemSize, NumDims, Volume, SrcOffsets,
                    SrcDimensions))
    return EINVAL;
  return copyRect((char *)Dst, (const char *)Src, ElemSize, NumDims, Volume,
                  DstOffsets, SrcOffsets, DstDimensions, SrcDimensions,
                  DstDevice, SrcDevice);
}

// The asynchronous forms first wait for the tasks their dependence objects
// depend on (sibling tasks created before, as for a task with those depend
// clauses), then act and complete before they return, which satisfies every
// dependence a later task can have on them.
COT_EXPORT int omp_target_memcpy_async(void *Dst, const void *Src,
                                       size_t Length, size_t DstOffset,
                                       size_t SrcOffset, int DstDevice,
                                       int SrcDevice, int DepObjCount,
                                       omp_depend_t *DepObjs) {
  waitForDepObjs("omp_target_memcpy_async", DepObjCount, DepObjs);
  return omp_target_memcpy(Dst, Src, Length, DstOffset, SrcOffset, DstDevice,
                           SrcDevice);
}

COT_EXPORT int omp_target_memcpy_rect_async(
    void *Dst, const void *Src, size_t ElemSize, int NumDims,
    const size_t *Volume, const size_t *DstOffsets, const size_t *SrcOffsets,
    const size_t *DstDimensions, const size_t *SrcDimensions, int DstDevice,
    int SrcDevice, int DepObjCount, omp_depend_t *DepObjs) {
  waitForDepObjs("omp_target_memcpy_rect_async", DepObjCount, DepObjs);
  return omp_target_memcpy_rect(Dst, Src, ElemSize, NumDims, Volume, DstOffsets,
                                SrcOffsets, DstDimensions, SrcDimensions,
                                DstDevice, SrcDevice);
}

COT_EXPORT int omp_target_associate_ptr(const void *HostPtr,
                                        const void *DevicePtr, size_t Size,
                                        size_t DeviceOffset, int DeviceNum) {
  const char *Routine = "omp_target_associate_ptr";
  if (!HostPtr || !DevicePtr || Size == 0)
    return EINVAL;
  uintptr_t Host = (uintptr_t)HostPtr;
  if (Size > (size_t)INT64_MAX || rangeWraps(Host, Size) ||
      rangeWraps((uintptr_t)DevicePtr, DeviceOffset) ||
      rangeWraps((uintptr_t)DevicePtr + DeviceOffset, Size)) {
    why(Routine,
        Error::make("host %p or device %p + offset %zu, with %zu bytes, wraps "
                    "around the address space",
                    HostPtr, DevicePtr, DeviceOffset, Size));
    return EINVAL;
  }
  Device *D = nullptr;
  if (classify(Routine, DeviceNum, &D) != Where::OnDevice)
    return EINVAL;
  std::lock_guard<std::mutex> Lock(D->Mu);
  uintptr_t Dev = (uintptr_t)DevicePtr + DeviceOffset;
  bool Partial = false;
  if (MapEntry *E = D->lookup(Host, Size, &Partial)) {
    // Associating the same pair again is harmless; anything else is not.
    if (!Partial && E->Associated && E->HostBegin == Host &&
        E->HostEnd == Host + Size && E->DevBegin == Dev)
      return 0;
    why(Routine, Error::make("host [%p,+%zu) overlaps the mapping of '%s'",
                             HostPtr, Size, E->Name.c_str()));
    return EINVAL;
  }
  MapEntry &E = D->insert(Host, Size, Dev, "omp_target_associate_ptr");
  E.Infinite = true;
  E.Associated = true;
  E.OwnsMemory = false;
  info(nullptr,
       "device %d: associate host [%p,%p) -> device [%p,%p) refcount inf",
       D->Id, HostPtr, (void *)(Host + Size), (void *)Dev,
       (void *)(Dev + Size));
  return 0;
}

COT_EXPORT int omp_target_disassociate_ptr(const void *HostPtr, int DeviceNum) {
  Device *D = nullptr;
  if (!HostPtr ||
      classify("omp_target_disassociate_ptr", DeviceNum, &D) != Where::OnDevice)
    return EINVAL;
  std::lock_guard<std::mutex> Lock(D->Mu);
  auto It = D->Table.find((uintptr_t)HostPtr);
  if (It == D->Table.end() || !It->second.Associated)
    return EINVAL;
  D->erase(It->first);
  return 0;
}

/// omp_target_memset has no failure value: it returns Ptr whatever happens,
/// so failures are only said under LIBOMPTARGET_INFO. Device memory is set
/// through a bounded host buffer.
COT_EXPORT void *omp_target_memset(void *Ptr, int Value, size_t Count,
                                   int DeviceNum) {
  const char *Routine = "omp_target_memset";
  Device *D = nullptr;
  Where W = classify(Routine, DeviceNum, &D);
  if (W == Where::Invalid || !Ptr || !Count)
    return Ptr;
  if (rangeWraps((uintptr_t)Ptr, Count)) {
    why(Routine, Error::make("%p + %zu bytes wraps around the address space",
                             Ptr, Count));
    return Ptr;
  }
  if (W == Where::Host)
    return memset(Ptr, Value, Count);
  constexpr size_t Chunk = 1 << 20;
  size_t BufSize = std::min(Count, Chunk);
  char *Buf = (char *)malloc(BufSize);
  if (!Buf) {
    why(Routine, Error::make("no host memory for a %zu-byte buffer", BufSize));
    return Ptr;
  }
  memset(Buf, Value, BufSize);
  events::Stopwatch Time;
  size_t Done = 0;
  for (; Done < Count; Done += BufSize) {
    size_t N = std::min(BufSize, Count - Done);
    if (D->P->Api->copy_to_device(D->LocalId, (char *)Ptr + Done, Buf,
                                  (int64_t)N, nullptr) != 0) {
      pluginFailed(Routine, *D, "copy to device");
      break;
    }
  }
  if (Done >= Count)
    events::transferred(Time, events::Direction::HostToDevice, D->Id, Ptr, Buf,
                        Count, {Routine, nullptr});
  ::free(Buf);
  return Ptr;
}

COT_EXPORT void *omp_target_memset_async(void *Ptr, int Value, size_t Count,
                                         int DeviceNum, int DepObjCount,
                                         omp_depend_t *DepObjs) {
  waitForDepObjs("omp_target_memset_async", DepObjCount, DepObjs);
  return omp_target_memset(Ptr, Value, Count, DeviceNum);
}

/// Prints every device's mapping table on stderr: host range, device
/// address, reference count and the mapped expression.
COT_EXPORT void ompx_dump_mapping_tables(void) {
  for (int32_t Id = 0, N = numDevices(); Id < N; ++Id) {
    Device &D = device(Id);
    std::lock_guard<std::mutex> Lock(D.Mu);
    fprintf(stderr, "libomptarget: device %d (plugin '%s'): %zu mappings\n", Id,
            D.P->Name.c_str(), D.Table.size());
    for (const auto &[Begin, E] : D.Table) {
      std::string RefCount =
          E.Infinite ? "infinite" : std::to_string(E.RefCount);
      fprintf(stderr,
              "libomptarget:   host [0x%zx,0x%zx) -> device 0x%zx refcount "
              "%s '%s'\n",
              (size_t)E.HostBegin, (size_t)E.HostEnd, (size_t)E.DevBegin,
              RefCount.c_str(), E.Name.c_str());
    }
  }
}

} // extern "C"

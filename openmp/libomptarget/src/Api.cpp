//===- Api.cpp - The omp_* device API --------------------------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The OpenMP device and device-memory routines as seen from the host. libomp
// defines some of them too; programs link libomptarget first, so these win.
// The device number omp_get_num_devices() is the initial device (the host).
//
//===----------------------------------------------------------------------===//

#include "Runtime.h"

#include <omp.h>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>

using namespace cot;

namespace {

enum class Where { Invalid, Host, OnDevice };

/// Classifies an API device number; for a device, readies it and sets *D.
Where classify(int DeviceNum, Device **D) {
  int32_t N = numDevices();
  if (DeviceNum == N)
    return Where::Host;
  if (DeviceNum < 0 || DeviceNum > N)
    return Where::Invalid;
  *D = &device(DeviceNum);
  std::lock_guard<std::mutex> Lock((*D)->Mu);
  (*D)->ensureReady(nullptr);
  return Where::OnDevice;
}

/// One contiguous copy between any two of host and devices.
int copyBytes(char *Dst, const char *Src, size_t Length, int DstDev,
              int SrcDev) {
  Device *DD = nullptr, *SD = nullptr;
  Where DW = classify(DstDev, &DD), SW = classify(SrcDev, &SD);
  if (DW == Where::Invalid || SW == Where::Invalid)
    return EINVAL;
  if (!Length)
    return 0;
  if (!Dst || !Src)
    return EINVAL;
  if (DW == Where::Host && SW == Where::Host) {
    memmove(Dst, Src, Length);
    return 0;
  }
  if (SW == Where::Host)
    return DD->P->Api->copy_to_device(DD->LocalId, Dst, Src, (int64_t)Length,
                                      nullptr)
               ? EIO
               : 0;
  if (DW == Where::Host)
    return SD->P->Api->copy_from_device(SD->LocalId, Dst, Src,
                                        (int64_t)Length, nullptr)
               ? EIO
               : 0;
  if (DD->P == SD->P)
    return DD->P->Api->copy_device_to_device(SD->LocalId, Src, DD->LocalId,
                                             Dst, (int64_t)Length, nullptr)
               ? EIO
               : 0;
  // Devices of different plugins: through the host.
  void *Bounce = malloc(Length);
  if (!Bounce)
    return ENOMEM;
  int Rc = SD->P->Api->copy_from_device(SD->LocalId, Bounce, Src,
                                        (int64_t)Length, nullptr) ||
           DD->P->Api->copy_to_device(DD->LocalId, Dst, Bounce,
                                      (int64_t)Length, nullptr);
  ::free(Bounce);
  return Rc ? EIO : 0;
}

int copyRect(char *Dst, const char *Src, size_t ElemSize, int NumDims,
             const size_t *Volume, const size_t *DstOffsets,
             const size_t *SrcOffsets, const size_t *DstDims,
             const size_t *SrcDims, int DstDev, int SrcDev) {
  if (NumDims == 1)
    return copyBytes(Dst + DstOffsets[0] * ElemSize,
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
  if (Size == 0)
    return nullptr;
  Device *D = nullptr;
  switch (classify(DeviceNum, &D)) {
  case Where::Invalid:
    return nullptr;
  case Where::Host:
    return malloc(Size);
  case Where::OnDevice:
    return D->P->Api->data_alloc(D->LocalId, (int64_t)Size);
  }
  return nullptr;
}

COT_EXPORT void omp_target_free(void *Ptr, int DeviceNum) {
  if (!Ptr)
    return;
  Device *D = nullptr;
  switch (classify(DeviceNum, &D)) {
  case Where::Invalid:
    return;
  case Where::Host:
    ::free(Ptr);
    return;
  case Where::OnDevice:
    D->P->Api->data_free(D->LocalId, Ptr);
    return;
  }
}

COT_EXPORT int omp_target_is_present(const void *Ptr, int DeviceNum) {
  Device *D = nullptr;
  switch (classify(DeviceNum, &D)) {
  case Where::Invalid:
    return 0;
  case Where::Host:
    return 1;
  case Where::OnDevice:
    break;
  }
  std::lock_guard<std::mutex> Lock(D->Mu);
  return D->lookup((uintptr_t)Ptr, 0) != nullptr;
}

COT_EXPORT int omp_target_is_accessible(const void *Ptr, size_t Size,
                                        int DeviceNum) {
  (void)Ptr;
  (void)Size;
  Device *D = nullptr;
  switch (classify(DeviceNum, &D)) {
  case Where::Invalid:
    return 0;
  case Where::Host:
    return 1;
  case Where::OnDevice:
    break;
  }
  return D->SharesHostMemory ||
         (D->P->Api->Flags & COT_PLUGIN_SHARES_HOST_ADDRESS_SPACE) != 0;
}

COT_EXPORT void *omp_get_mapped_ptr(const void *Ptr, int DeviceNum) {
  if (!Ptr)
    return nullptr;
  Device *D = nullptr;
  switch (classify(DeviceNum, &D)) {
  case Where::Invalid:
    return nullptr;
  case Where::Host:
    return const_cast<void *>(Ptr);
  case Where::OnDevice:
    break;
  }
  std::lock_guard<std::mutex> Lock(D->Mu);
  MapEntry *E = D->lookup((uintptr_t)Ptr, 0);
  return E ? (void *)E->toDevice((uintptr_t)Ptr) : nullptr;
}

COT_EXPORT int omp_target_memcpy(void *Dst, const void *Src, size_t Length,
                                 size_t DstOffset, size_t SrcOffset,
                                 int DstDevice, int SrcDevice) {
  if (Length && (!Dst || !Src))
    return EINVAL;
  return copyBytes((char *)Dst + DstOffset, (const char *)Src + SrcOffset,
                   Length, DstDevice, SrcDevice);
}

COT_EXPORT int omp_target_memcpy_rect(
    void *Dst, const void *Src, size_t ElemSize, int NumDims,
    const size_t *Volume, const size_t *DstOffsets, const size_t *SrcOffsets,
    const size_t *DstDimensions, const size_t *SrcDimensions, int DstDevice,
    int SrcDevice) {
  if (!Dst && !Src)
    return INT_MAX; // The number of dimensions supported.
  if (!Dst || !Src || NumDims < 1 || !Volume || !DstOffsets || !SrcOffsets ||
      !DstDimensions || !SrcDimensions)
    return EINVAL;
  for (int I = 0; I < NumDims; ++I)
    if (DstOffsets[I] + Volume[I] > DstDimensions[I])
      return EINVAL;
  for (int I = 0; I < NumDims; ++I)
    if (SrcOffsets[I] + Volume[I] > SrcDimensions[I])
      return EINVAL;
  return copyRect((char *)Dst, (const char *)Src, ElemSize, NumDims, Volume,
                  DstOffsets, SrcOffsets, DstDimensions, SrcDimensions,
                  DstDevice, SrcDevice);
}

// The asynchronous forms complete before they return, which satisfies every
// dependence a later task can have on them.
COT_EXPORT int omp_target_memcpy_async(void *Dst, const void *Src,
                                       size_t Length, size_t DstOffset,
                                       size_t SrcOffset, int DstDevice,
                                       int SrcDevice, int, omp_depend_t *) {
  return omp_target_memcpy(Dst, Src, Length, DstOffset, SrcOffset, DstDevice,
                           SrcDevice);
}

COT_EXPORT int omp_target_memcpy_rect_async(
    void *Dst, const void *Src, size_t ElemSize, int NumDims,
    const size_t *Volume, const size_t *DstOffsets, const size_t *SrcOffsets,
    const size_t *DstDimensions, const size_t *SrcDimensions, int DstDevice,
    int SrcDevice, int, omp_depend_t *) {
  return omp_target_memcpy_rect(Dst, Src, ElemSize, NumDims, Volume,
                                DstOffsets, SrcOffsets, DstDimensions,
                                SrcDimensions, DstDevice, SrcDevice);
}

COT_EXPORT int omp_target_associate_ptr(const void *HostPtr,
                                        const void *DevicePtr, size_t Size,
                                        size_t DeviceOffset, int DeviceNum) {
  if (!HostPtr || !DevicePtr || Size == 0)
    return EINVAL;
  Device *D = nullptr;
  if (classify(DeviceNum, &D) != Where::OnDevice)
    return EINVAL;
  std::lock_guard<std::mutex> Lock(D->Mu);
  uintptr_t Host = (uintptr_t)HostPtr;
  uintptr_t Dev = (uintptr_t)DevicePtr + DeviceOffset;
  bool Partial = false;
  if (MapEntry *E = D->lookup(Host, Size, &Partial))
    // Associating the same pair again is harmless; anything else is not.
    return (!Partial && E->Associated && E->HostBegin == Host &&
            E->HostEnd == Host + Size && E->DevBegin == Dev)
               ? 0
               : EINVAL;
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

COT_EXPORT int omp_target_disassociate_ptr(const void *HostPtr,
                                           int DeviceNum) {
  Device *D = nullptr;
  if (!HostPtr || classify(DeviceNum, &D) != Where::OnDevice)
    return EINVAL;
  std::lock_guard<std::mutex> Lock(D->Mu);
  auto It = D->Table.find((uintptr_t)HostPtr);
  if (It == D->Table.end() || !It->second.Associated)
    return EINVAL;
  D->erase(It->first);
  return 0;
}

COT_EXPORT void *omp_target_memset(void *Ptr, int Value, size_t Count,
                                   int DeviceNum) {
  Device *D = nullptr;
  Where W = classify(DeviceNum, &D);
  if (W == Where::Invalid || !Ptr || !Count)
    return Ptr;
  if (W == Where::Host)
    return memset(Ptr, Value, Count);
  char *Buf = (char *)malloc(Count);
  if (!Buf)
    return Ptr;
  memset(Buf, Value, Count);
  D->P->Api->copy_to_device(D->LocalId, Ptr, Buf, (int64_t)Count, nullptr);
  ::free(Buf);
  return Ptr;
}

COT_EXPORT void *omp_target_memset_async(void *Ptr, int Value, size_t Count,
                                         int DeviceNum, int, omp_depend_t *) {
  return omp_target_memset(Ptr, Value, Count, DeviceNum);
}

} // extern "C"

//===- CUDAMemory.cpp - CUDA device memory and copies ---------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Device memory is cuMemAlloc'd (the generic layer caches small blocks, since
// device allocation is slow and synchronising). Copies run on the calling
// thread's per-thread stream and are waited for, so host threads do not
// serialise each other; host buffers over StagingChunk bytes (programs'
// memory is pageable) move through two pinned staging buffers, the memcpy
// into one overlapping the DMA from the other.
//
//===----------------------------------------------------------------------===//

#include "CUDAPlugin.h"

#include <algorithm>
#include <cstring>

using namespace cot;
using namespace cot::cuda;

namespace {

constexpr size_t StagingChunk = 4u << 20; // staged copies above this

// Allocates the staging buffers of D. D.StagingMu is held.
CUresult prepareStaging(DeviceState &D) {
  for (int I = 0; I < 2; ++I) {
    if (!D.Staging[I])
      if (CUresult R = cu.MemHostAlloc(&D.Staging[I], StagingChunk,
                                       CU_MEMHOSTALLOC_PORTABLE)) {
        D.Staging[I] = nullptr;
        return R;
      }
    if (!D.StagingDone[I])
      if (CUresult R =
              cu.EventCreate(&D.StagingDone[I], CU_EVENT_DISABLE_TIMING)) {
        D.StagingDone[I] = nullptr;
        return R;
      }
  }
  return CUDA_SUCCESS;
}

// Host -> device through the pinned buffers: fill one while the other is
// being copied. Waits for the whole copy.
CUresult stagedToDevice(DeviceState &D, CUdeviceptr Dst, const char *Src,
                        size_t Size, CUstream S) {
  std::lock_guard<std::mutex> Lock(D.StagingMu);
  if (CUresult R = prepareStaging(D))
    return R;
  size_t Off = 0;
  for (unsigned I = 0; Off < Size; ++I) {
    unsigned B = I & 1;
    size_t N = std::min(StagingChunk, Size - Off);
    if (I >= 2)
      if (CUresult R = cu.EventSynchronize(D.StagingDone[B]))
        return R;
    memcpy(D.Staging[B], Src + Off, N);
    if (CUresult R = cu.MemcpyHtoDAsync(Dst + Off, D.Staging[B], N, S))
      return R;
    if (CUresult R = cu.EventRecord(D.StagingDone[B], S))
      return R;
    Off += N;
  }
  return cu.StreamSynchronize(S);
}

// Device -> host through the pinned buffers: the DMA into one overlaps the
// memcpy out of the other.
CUresult stagedFromDevice(DeviceState &D, char *Dst, CUdeviceptr Src,
                          size_t Size, CUstream S) {
  std::lock_guard<std::mutex> Lock(D.StagingMu);
  if (CUresult R = prepareStaging(D))
    return R;
  size_t Chunks = (Size + StagingChunk - 1) / StagingChunk;
  auto Issue = [&](size_t I) -> CUresult {
    size_t Off = I * StagingChunk, N = std::min(StagingChunk, Size - Off);
    if (CUresult R = cu.MemcpyDtoHAsync(D.Staging[I & 1], Src + Off, N, S))
      return R;
    return cu.EventRecord(D.StagingDone[I & 1], S);
  };
  for (size_t I = 0; I < Chunks && I < 2; ++I)
    if (CUresult R = Issue(I))
      return R;
  for (size_t I = 0; I < Chunks; ++I) {
    if (CUresult R = cu.EventSynchronize(D.StagingDone[I & 1]))
      return R;
    size_t Off = I * StagingChunk, N = std::min(StagingChunk, Size - Off);
    memcpy(Dst + Off, D.Staging[I & 1], N);
    if (I + 2 < Chunks)
      if (CUresult R = Issue(I + 2))
        return R;
  }
  return CUDA_SUCCESS;
}

} // namespace

Error CUDAPlugin::allocImpl(int32_t Dev, size_t Size, void *&Ptr) {
  DeviceState *D = nullptr;
  if (Error E = use(Dev, D))
    return E;
  CUdeviceptr P = 0;
  CUresult R = cu.MemAlloc(&P, Size);
  size_t Free = 0, Total = 0;
  if (R == CUDA_ERROR_OUT_OF_MEMORY &&
      cu.MemGetInfo(&Free, &Total) == CUDA_SUCCESS)
    return Error::make("out of device memory: cannot allocate %zu bytes on "
                       "cuda device %d (%zu of %zu bytes free): %s",
                       Size, Dev, Free, Total, errorText(R).c_str());
  if (R)
    return Error::make("cannot allocate %zu bytes on cuda device %d: %s", Size,
                       Dev, errorText(R).c_str());
  Ptr = reinterpret_cast<void *>(P);
  return Error::success();
}

Error CUDAPlugin::freeImpl(int32_t Dev, void *Ptr) {
  if (driverGone()) // the driver frees everything at exit
    return Error::success();
  DeviceState *D = nullptr;
  if (Error E = use(Dev, D))
    return E;
  if (CUresult R = cu.MemFree(reinterpret_cast<CUdeviceptr>(Ptr)))
    return Error::make("cannot free %p on cuda device %d: %s", Ptr, Dev,
                       errorText(R).c_str());
  return Error::success();
}

Error CUDAPlugin::copyWithHost(int32_t Dev, void *Dst, const void *Src,
                               size_t Size, bool ToDevice) {
  DeviceState *D = nullptr;
  if (Error E = use(Dev, D))
    return E;
  CUstream S = perThreadStream();
  CUresult R;
  if (Size > StagingChunk)
    R = ToDevice
            ? stagedToDevice(*D, reinterpret_cast<CUdeviceptr>(Dst),
                             static_cast<const char *>(Src), Size, S)
            : stagedFromDevice(*D, static_cast<char *>(Dst),
                               reinterpret_cast<CUdeviceptr>(Src), Size, S);
  else
    R = ToDevice ? cu.MemcpyHtoDAsync(reinterpret_cast<CUdeviceptr>(Dst), Src,
                                      Size, S)
                 : cu.MemcpyDtoHAsync(Dst, reinterpret_cast<CUdeviceptr>(Src),
                                      Size, S);
  if (!R && Size <= StagingChunk)
    R = cu.StreamSynchronize(S);
  if (R)
    return Error::make("copying %zu bytes %s on cuda device %d failed: %s",
                       Size, ToDevice ? "host -> device" : "device -> host",
                       Dev, errorText(R).c_str());
  return Error::success();
}

Error CUDAPlugin::copyToDeviceImpl(int32_t Dev, void *Dst, const void *Src,
                                   size_t Size) {
  return copyWithHost(Dev, Dst, Src, Size, /*ToDevice=*/true);
}

Error CUDAPlugin::copyFromDeviceImpl(int32_t Dev, void *Dst, const void *Src,
                                     size_t Size) {
  return copyWithHost(Dev, Dst, Src, Size, /*ToDevice=*/false);
}

Error CUDAPlugin::copyDeviceToDeviceImpl(int32_t SrcDev, const void *Src,
                                         int32_t DstDev, void *Dst,
                                         size_t Size) {
  DeviceState *DD = nullptr, *SD = nullptr;
  if (Error E = use(DstDev, DD))
    return E;
  if (Error E = use(SrcDev, SD)) // SrcDev's context current
    return E;
  CUstream S = perThreadStream();
  CUdeviceptr SP = reinterpret_cast<CUdeviceptr>(Src);
  CUdeviceptr DP = reinterpret_cast<CUdeviceptr>(Dst);
  CUresult R = SrcDev == DstDev
                   ? cu.MemcpyDtoDAsync(DP, SP, Size, S)
                   : cu.MemcpyPeerAsync(DP, DD->Ctx, SP, SD->Ctx, Size, S);
  if (!R)
    R = cu.StreamSynchronize(S);
  if (R)
    return Error::make("copying %zu bytes from cuda device %d to cuda device "
                       "%d failed: %s",
                       Size, SrcDev, DstDev, errorText(R).c_str());
  return Error::success();
}

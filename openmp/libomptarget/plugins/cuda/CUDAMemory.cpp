//===- CUDAMemory.cpp - CUDA device memory and copies ---------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Device memory is cuMemAlloc'd (the generic layer caches small blocks, since
// device allocation is slow and synchronising). Copies with host memory are
// queued on a queue's stream (CUDAQueues.cpp) through pinned memory, since
// the driver copies pageable memory synchronously:
//  - small ones through the queue's arena: host to device, the data is
//    copied into the arena now; device to host, from the arena when the
//    queue is waited for;
//  - larger ones in StagingChunk pieces through staging buffers: host to
//    device, each chunk is copied into a buffer (hostCopy, several threads)
//    while the previous one is in flight; device to host, the first chunks
//    are queued now and the rest as the queue's waiting copies them out.
// When the device has no staging buffer left (other queues hold them all),
// the copy takes the driver's synchronous path, which is still correct.
//
//===----------------------------------------------------------------------===//

#include "CUDAPlugin.h"
#include "HostCopy.h"

#include <algorithm>
#include <cstring>

using namespace cot;
using namespace cot::cuda;

namespace {

/// Room for Size bytes in Q's arena (allocated on first use), or null.
char *arenaSlot(CUDAQueue &Q, size_t Size, CUresult &R) {
  R = CUDA_SUCCESS;
  if (Size > ArenaBytes - Q.ArenaUsed)
    return nullptr;
  if (!Q.Arena) {
    void *P = nullptr;
    if ((R = cu.MemHostAlloc(&P, ArenaBytes, CU_MEMHOSTALLOC_PORTABLE)))
      return nullptr;
    Q.Arena = static_cast<char *>(P);
  }
  char *Slot = Q.Arena + Q.ArenaUsed;
  Q.ArenaUsed += (Size + 63) & ~size_t(63); // keeps slots 64-byte aligned
  return Slot;
}

/// Staging buffers for a copy of Size bytes: two, or one for one chunk.
size_t buffersFor(size_t Size) { return Size > StagingChunk ? 2 : 1; }

/// Host -> device through staging buffers, each chunk copied in while the
/// previous one is in flight.
CUresult stagedToDevice(DeviceState &D, CUDAQueue &Q, CUdeviceptr Dst,
                        const char *Src, size_t Size) {
  std::vector<StagingBuffer *> Buffers = takeStaging(D, buffersFor(Size));
  if (Buffers.empty()) // the driver stages it, after the stream's work
    return cu.MemcpyHtoDAsync(Dst, Src, Size, Q.Stream);
  CUresult R = CUDA_SUCCESS;
  for (size_t Off = 0, I = 0; Off < Size && !R; ++I) {
    StagingBuffer &B = *Buffers[I % Buffers.size()];
    size_t N = std::min(StagingChunk, Size - Off);
    if (I >= Buffers.size() && (R = cu.EventSynchronize(B.Done)))
      break;
    hostCopy(B.Host, Src + Off, N, /*Streaming=*/false);
    if (!(R = cu.MemcpyHtoDAsync(Dst + Off, B.Host, N, Q.Stream)))
      R = cu.EventRecord(B.Done, Q.Stream);
    Off += N;
  }
  Q.Held.insert(Q.Held.end(), Buffers.begin(), Buffers.end());
  return R;
}

/// Device -> host through staging buffers: the first chunks now, the rest
/// as advance() writes them out. Buffers of the queue's host -> device
/// copies serve first: the stream reads them before it writes them again.
CUresult stagedFromDevice(DeviceState &D, CUDAQueue &Q, char *Dst,
                          CUdeviceptr Src, size_t Size) {
  HostWrite W;
  size_t Want = buffersFor(Size);
  while (W.Buffers.size() < Want && !Q.Held.empty()) {
    W.Buffers.push_back(Q.Held.back());
    Q.Held.pop_back();
  }
  if (W.Buffers.size() < Want) {
    std::vector<StagingBuffer *> More =
        takeStaging(D, Want - W.Buffers.size());
    W.Buffers.insert(W.Buffers.end(), More.begin(), More.end());
  }
  if (W.Buffers.empty()) // complete on return, after the stream's work
    return cu.MemcpyDtoHAsync(Dst, Src, Size, Q.Stream);
  W.Dst = Dst;
  W.Size = Size;
  W.Src = Src;
  size_t Chunks = (Size + StagingChunk - 1) / StagingChunk;
  CUresult R = CUDA_SUCCESS;
  while (!R && W.Issued < Chunks && W.Issued < W.Buffers.size())
    R = queueChunk(Q, W);
  Q.Writes.push_back(std::move(W));
  return R;
}

} // namespace

CUresult cot::cuda::queueChunk(CUDAQueue &Q, HostWrite &W) {
  StagingBuffer &B = *W.Buffers[W.Issued % W.Buffers.size()];
  size_t Off = W.Issued * StagingChunk,
         N = std::min(StagingChunk, W.Size - Off);
  CUresult R = cu.MemcpyDtoHAsync(B.Host, W.Src + Off, N, Q.Stream);
  if (!R)
    R = cu.EventRecord(B.Done, Q.Stream);
  ++W.Issued;
  return R;
}

namespace {

Error copyFailed(int32_t Dev, size_t Size, bool ToDevice, CUresult R) {
  return Error::make("copying %zu bytes %s on cuda device %d failed: %s", Size,
                     ToDevice ? "host -> device" : "device -> host", Dev,
                     errorText(R).c_str());
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

Error CUDAPlugin::copyToDeviceImpl(int32_t Dev, void *Dst, const void *Src,
                                   size_t Size, GenericQueue &Queue) {
  auto &Q = static_cast<CUDAQueue &>(Queue);
  DeviceState *D = nullptr;
  if (Error E = use(Dev, D))
    return E;
  auto DevDst = reinterpret_cast<CUdeviceptr>(Dst);
  CUresult R;
  if (char *Slot = arenaSlot(Q, Size, R)) {
    memcpy(Slot, Src, Size);
    R = cu.MemcpyHtoDAsync(DevDst, Slot, Size, Q.Stream);
  } else if (!R) {
    R = stagedToDevice(*D, Q, DevDst, static_cast<const char *>(Src), Size);
  }
  return R ? copyFailed(Dev, Size, /*ToDevice=*/true, R) : Error::success();
}

Error CUDAPlugin::copyFromDeviceImpl(int32_t Dev, void *Dst, const void *Src,
                                     size_t Size, GenericQueue &Queue) {
  auto &Q = static_cast<CUDAQueue &>(Queue);
  DeviceState *D = nullptr;
  if (Error E = use(Dev, D))
    return E;
  auto DevSrc = reinterpret_cast<CUdeviceptr>(Src);
  CUresult R;
  if (char *Slot = arenaSlot(Q, Size, R)) {
    R = cu.MemcpyDtoHAsync(Slot, DevSrc, Size, Q.Stream);
    HostWrite W;
    W.Dst = static_cast<char *>(Dst);
    W.Size = Size;
    W.Arena = Slot;
    Q.Writes.push_back(std::move(W));
  } else if (!R) {
    R = stagedFromDevice(*D, Q, static_cast<char *>(Dst), DevSrc, Size);
  }
  return R ? copyFailed(Dev, Size, /*ToDevice=*/false, R) : Error::success();
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

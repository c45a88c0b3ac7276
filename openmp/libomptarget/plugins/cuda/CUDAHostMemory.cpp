//===- CUDAHostMemory.cpp - Pinned host and managed memory ----------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The memory of llvm_omp_target_alloc_host and _shared. Host memory is
// pinned (cuMemHostAlloc, portable to every context): with unified
// addressing the GPU reaches it at the same address, over the bus. Shared
// memory is managed (cuMemAllocManaged, attached to every stream), which
// the driver migrates between host and GPU on demand. A managed allocation
// larger than the GPU's free memory is refused before the driver sees it:
// oversubscribed managed memory can hang the GPU, not only the program.
//
//===----------------------------------------------------------------------===//

#include "CUDAPlugin.h"

using namespace cot;
using namespace cot::cuda;

namespace {

/// Held from the free-memory check to the managed allocation, so that two
/// threads do not both take the memory one check saw free.
std::mutex ManagedMu;

Error allocPinned(int32_t Dev, size_t Size, void *&Ptr) {
  if (CUresult R = cu.MemHostAlloc(&Ptr, Size, CU_MEMHOSTALLOC_PORTABLE))
    return Error::make("cannot allocate %zu bytes of pinned host memory for "
                       "cuda device %d: %s",
                       Size, Dev, errorText(R).c_str());
  return Error::success();
}

Error allocManaged(int32_t Dev, const DeviceState &D, size_t Size, void *&Ptr) {
  int Managed = 0;
  if (cu.DeviceGetAttribute(&Managed, CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY,
                            D.Handle) != CUDA_SUCCESS ||
      !Managed)
    return Error::make("cuda device %d (%s) cannot allocate managed memory",
                       Dev, D.Name.c_str());
  std::lock_guard<std::mutex> Lock(ManagedMu);
  size_t Free = 0, Total = 0;
  if (CUresult R = cu.MemGetInfo(&Free, &Total))
    return Error::make("cannot query the free memory of cuda device %d: %s",
                       Dev, errorText(R).c_str());
  if (Size > Free)
    return Error::make("cannot allocate %zu bytes of managed memory on cuda "
                       "device %d: only %zu of its %zu bytes are free (more "
                       "managed memory than a GPU has free can hang it)",
                       Size, Dev, Free, Total);
  CUdeviceptr P = 0;
  if (CUresult R = cu.MemAllocManaged(&P, Size, CU_MEM_ATTACH_GLOBAL))
    return Error::make("cannot allocate %zu bytes of managed memory on cuda "
                       "device %d: %s",
                       Size, Dev, errorText(R).c_str());
  Ptr = reinterpret_cast<void *>(P);
  return Error::success();
}

} // namespace

Error CUDAPlugin::allocAccessibleImpl(int32_t Dev, size_t Size, int32_t Kind,
                                      void *&Ptr) {
  DeviceState *D = nullptr;
  if (Error E = use(Dev, D))
    return E;
  return Kind == COT_MEMORY_HOST ? allocPinned(Dev, Size, Ptr)
                                 : allocManaged(Dev, *D, Size, Ptr);
}

Error CUDAPlugin::freeAccessibleImpl(int32_t Dev, void *Ptr, int32_t Kind) {
  if (driverGone()) // the driver frees everything at exit
    return Error::success();
  DeviceState *D = nullptr;
  if (Error E = use(Dev, D))
    return E;
  CUresult R = Kind == COT_MEMORY_HOST
                   ? cu.MemFreeHost(Ptr)
                   : cu.MemFree(reinterpret_cast<CUdeviceptr>(Ptr));
  if (R)
    return Error::make("cannot free %s memory %p of cuda device %d: %s",
                       Kind == COT_MEMORY_HOST ? "pinned host" : "managed", Ptr,
                       Dev, errorText(R).c_str());
  return Error::success();
}

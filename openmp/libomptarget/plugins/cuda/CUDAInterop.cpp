//===- CUDAInterop.cpp - Interop objects of CUDA devices ------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// `#pragma omp interop` on a GPU: the foreign runtime is CUDA, the device
// its CUdevice, the context the device's primary context (the one the CUDA
// runtime API uses too, so cudart and libraries built on it, such as
// cuBLAS, can take the handles), and a targetsync object a stream of its
// own, created non-blocking. `interop use` and `destroy` wait for the work
// queued on that stream; destroy then destroys it.
//
//===----------------------------------------------------------------------===//

#include "CUDAPlugin.h"

using namespace cot;
using namespace cot::cuda;

namespace {
constexpr int32_t ForeignRuntimeCuda = 1; // omp_ifr_cuda in omp.h
} // namespace

Error CUDAPlugin::interopInitImpl(int32_t Dev, bool TargetSync,
                                  cot_interop_info &Info) {
  DeviceState *D = nullptr;
  if (Error E = use(Dev, D))
    return E;
  Info.ForeignRuntime = ForeignRuntimeCuda;
  Info.ForeignRuntimeName = "cuda";
  Info.Device = D->Handle;
  Info.DeviceContext = D->Ctx;
  Info.Present = COT_INTEROP_HAS_DEVICE | COT_INTEROP_HAS_CONTEXT;
  if (!TargetSync)
    return Error::success();
  CUstream Stream = nullptr;
  if (CUresult R = cu.StreamCreate(&Stream, CU_STREAM_NON_BLOCKING))
    return Error::make("cannot create the stream of an interop object on "
                       "cuda device %d: %s",
                       Dev, errorText(R).c_str());
  Info.TargetSync = Stream;
  Info.Present |= COT_INTEROP_HAS_TARGETSYNC;
  return Error::success();
}

Error CUDAPlugin::interopSyncImpl(int32_t Dev, const cot_interop_info &Info) {
  if (!(Info.Present & COT_INTEROP_HAS_TARGETSYNC))
    return Error::success();
  DeviceState *D = nullptr;
  if (Error E = use(Dev, D))
    return E;
  if (CUresult R = cu.StreamSynchronize(static_cast<CUstream>(Info.TargetSync)))
    return Error::make("the work queued on the interop stream of cuda device "
                       "%d failed: %s",
                       Dev, errorText(R).c_str());
  return Error::success();
}

Error CUDAPlugin::interopReleaseImpl(int32_t Dev, cot_interop_info &Info) {
  if (!(Info.Present & COT_INTEROP_HAS_TARGETSYNC) || driverGone())
    return Error::success();
  DeviceState *D = nullptr;
  if (Error E = use(Dev, D))
    return E;
  if (CUresult R = cu.StreamDestroy(static_cast<CUstream>(Info.TargetSync)))
    return Error::make("cannot destroy the interop stream of cuda device %d: "
                       "%s",
                       Dev, errorText(R).c_str());
  Info.Present &= ~COT_INTEROP_HAS_TARGETSYNC;
  Info.TargetSync = nullptr;
  return Error::success();
}

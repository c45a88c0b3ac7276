//===- CUDADriver.h - The few CUDA driver API pieces the plugin uses -----===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The CUDA plugin builds without a CUDA toolkit and does not link against
// libcuda: the driver is dlopened at run time. This header declares the
// handful of driver types, constants and functions the plugin calls (values
// as in the driver API's cuda.h), and `cu` holds pointers to them once
// loadCudaDriver() has succeeded.
//
// The function list is an X-macro: COT_CUDA_FUNCTIONS(X) expands
// X(Member, "exported symbol", return type, (parameter types)). Where the
// driver has versioned entry points (cuMemAlloc is cuMemAlloc_v2 since CUDA
// 3.2, ...) the table names the versioned symbol that cuda.h maps the call to.
//
//===----------------------------------------------------------------------===//

#ifndef COT_CUDA_DRIVER_H
#define COT_CUDA_DRIVER_H

#include <cstddef>
#include <string>

namespace cot::cuda {

using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
struct CUctx_st;
struct CUmod_st;
struct CUfunc_st;
struct CUstream_st;
struct CUevent_st;
using CUcontext = CUctx_st *;
using CUmodule = CUmod_st *;
using CUfunction = CUfunc_st *;
using CUstream = CUstream_st *;
using CUevent = CUevent_st *;
using CUjit_option = int;

enum : CUresult {
  CUDA_SUCCESS = 0,
  CUDA_ERROR_INVALID_VALUE = 1,
  CUDA_ERROR_OUT_OF_MEMORY = 2,
  CUDA_ERROR_NOT_INITIALIZED = 3,
  CUDA_ERROR_DEINITIALIZED = 4,
  CUDA_ERROR_NO_DEVICE = 100,
  CUDA_ERROR_NOT_FOUND = 500,
  CUDA_ERROR_NOT_READY = 600,
  CUDA_ERROR_ILLEGAL_ADDRESS = 700,
  CUDA_ERROR_LAUNCH_FAILED = 719,
};

// Device attributes.
enum : int {
  CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 1,
  CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X = 5,
  CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16,
  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75,
  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76,
  CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR = 81,
  CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY = 83,
  CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS = 88,
};

// Function attributes.
enum : int {
  CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 0,
  CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES = 3,
  CU_FUNC_ATTRIBUTE_NUM_REGS = 4,
};

// Context limits (CUlimit).
enum : int {
  CU_LIMIT_STACK_SIZE = 0x00,
  CU_LIMIT_MALLOC_HEAP_SIZE = 0x02,
};

// JIT options (CUjit_option).
enum : int {
  CU_JIT_INFO_LOG_BUFFER = 3,
  CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4,
  CU_JIT_ERROR_LOG_BUFFER = 5,
  CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6,
  CU_JIT_LOG_VERBOSE = 12,
};

// Flags.
enum : unsigned {
  CU_STREAM_NON_BLOCKING = 0x1,
  CU_EVENT_DISABLE_TIMING = 0x2,
  CU_MEMHOSTALLOC_PORTABLE = 0x1,
  CU_MEM_ATTACH_GLOBAL = 0x1,
};

/// The implicit per-thread stream: work on it does not serialise with other
/// host threads' per-thread streams.
inline CUstream perThreadStream() { return reinterpret_cast<CUstream>(0x2); }

#define COT_CUDA_FUNCTIONS(X)                                                  \
  X(Init, "cuInit", CUresult, (unsigned))                                      \
  X(DriverGetVersion, "cuDriverGetVersion", CUresult, (int *))                 \
  X(GetErrorName, "cuGetErrorName", CUresult, (CUresult, const char **))       \
  X(GetErrorString, "cuGetErrorString", CUresult, (CUresult, const char **))   \
  X(DeviceGetCount, "cuDeviceGetCount", CUresult, (int *))                     \
  X(DeviceGet, "cuDeviceGet", CUresult, (CUdevice *, int))                     \
  X(DeviceGetName, "cuDeviceGetName", CUresult, (char *, int, CUdevice))       \
  X(DeviceGetAttribute, "cuDeviceGetAttribute", CUresult,                      \
    (int *, int, CUdevice))                                                    \
  X(DevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain", CUresult,              \
    (CUcontext *, CUdevice))                                                   \
  X(DevicePrimaryCtxRelease, "cuDevicePrimaryCtxRelease_v2", CUresult,         \
    (CUdevice))                                                                \
  X(CtxSetCurrent, "cuCtxSetCurrent", CUresult, (CUcontext))                   \
  X(CtxSynchronize, "cuCtxSynchronize", CUresult, ())                          \
  X(CtxSetLimit, "cuCtxSetLimit", CUresult, (int, size_t))                     \
  X(MemGetInfo, "cuMemGetInfo_v2", CUresult, (size_t *, size_t *))             \
  X(MemAlloc, "cuMemAlloc_v2", CUresult, (CUdeviceptr *, size_t))              \
  X(MemFree, "cuMemFree_v2", CUresult, (CUdeviceptr))                          \
  X(MemHostAlloc, "cuMemHostAlloc", CUresult, (void **, size_t, unsigned))     \
  X(MemFreeHost, "cuMemFreeHost", CUresult, (void *))                          \
  X(MemAllocManaged, "cuMemAllocManaged", CUresult,                            \
    (CUdeviceptr *, size_t, unsigned))                                         \
  X(MemcpyHtoDAsync, "cuMemcpyHtoDAsync_v2", CUresult,                         \
    (CUdeviceptr, const void *, size_t, CUstream))                             \
  X(MemcpyDtoHAsync, "cuMemcpyDtoHAsync_v2", CUresult,                         \
    (void *, CUdeviceptr, size_t, CUstream))                                   \
  X(MemcpyDtoDAsync, "cuMemcpyDtoDAsync_v2", CUresult,                         \
    (CUdeviceptr, CUdeviceptr, size_t, CUstream))                              \
  X(MemcpyPeerAsync, "cuMemcpyPeerAsync", CUresult,                            \
    (CUdeviceptr, CUcontext, CUdeviceptr, CUcontext, size_t, CUstream))        \
  X(StreamCreate, "cuStreamCreate", CUresult, (CUstream *, unsigned))          \
  X(StreamDestroy, "cuStreamDestroy_v2", CUresult, (CUstream))                 \
  X(StreamSynchronize, "cuStreamSynchronize", CUresult, (CUstream))            \
  X(StreamQuery, "cuStreamQuery", CUresult, (CUstream))                        \
  X(StreamWaitEvent, "cuStreamWaitEvent", CUresult,                            \
    (CUstream, CUevent, unsigned))                                             \
  X(EventCreate, "cuEventCreate", CUresult, (CUevent *, unsigned))             \
  X(EventRecord, "cuEventRecord", CUresult, (CUevent, CUstream))               \
  X(EventSynchronize, "cuEventSynchronize", CUresult, (CUevent))               \
  X(EventQuery, "cuEventQuery", CUresult, (CUevent))                           \
  X(EventDestroy, "cuEventDestroy_v2", CUresult, (CUevent))                    \
  X(ModuleLoadDataEx, "cuModuleLoadDataEx", CUresult,                          \
    (CUmodule *, const void *, unsigned, CUjit_option *, void **))             \
  X(ModuleUnload, "cuModuleUnload", CUresult, (CUmodule))                      \
  X(ModuleGetFunction, "cuModuleGetFunction", CUresult,                        \
    (CUfunction *, CUmodule, const char *))                                    \
  X(ModuleGetGlobal, "cuModuleGetGlobal_v2", CUresult,                         \
    (CUdeviceptr *, size_t *, CUmodule, const char *))                         \
  X(FuncGetAttribute, "cuFuncGetAttribute", CUresult,                          \
    (int *, int, CUfunction))                                                  \
  X(OccupancyMaxActiveBlocksPerMultiprocessor,                                 \
    "cuOccupancyMaxActiveBlocksPerMultiprocessor", CUresult,                   \
    (int *, CUfunction, int, size_t))                                          \
  X(LaunchKernel, "cuLaunchKernel", CUresult,                                  \
    (CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,   \
     unsigned, CUstream, void **, void **))

/// Pointers to the driver's functions; valid after loadCudaDriver().
struct DriverApi {
#define COT_CUDA_MEMBER(Member, Symbol, Ret, Params) Ret(*Member) Params = nullptr;
  COT_CUDA_FUNCTIONS(COT_CUDA_MEMBER)
#undef COT_CUDA_MEMBER
};
extern DriverApi cu;

/// dlopens the driver (LIBOMPTARGET_CUDA_LIBRARY, default "libcuda.so.1"),
/// resolves every function above and calls cuInit(0). On failure returns
/// false with a one-line reason in Why. Call once.
bool loadCudaDriver(std::string &Why);

/// "CUDA_ERROR_ILLEGAL_ADDRESS: an illegal memory access was encountered"
/// (or the number when the driver does not know the code).
std::string errorText(CUresult R);

} // namespace cot::cuda

#endif // COT_CUDA_DRIVER_H

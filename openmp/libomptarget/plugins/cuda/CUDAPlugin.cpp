//===- CUDAPlugin.cpp - CUDA start-up, devices and images -----------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The CUDA plugin's start-up (the driver, its devices, the device heap) and
// images: an image is an nvptx64 container (NVImage.h); the cubin built for
// the GPU's compute capability is loaded, else the PTX is JIT-compiled (also
// when the cubin is refused, e.g. by an older driver). See CUDAPlugin.h.
//
//===----------------------------------------------------------------------===//

#include "CUDAPlugin.h"
#include "NVImage.h"

#include <pthread.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>

using namespace cot;
using namespace cot::cuda;

namespace {

// Set by an atexit handler registered after cuInit, so it runs before the
// driver's own exit-time teardown; the program's destructors (which unload
// images) run after both. From then on no driver call is made: unloading a
// module of a torn-down driver corrupts the heap.
std::atomic<bool> Exiting{false};
// Set in the child of a fork() after init.
std::atomic<bool> ForkedChild{false};

// Multi-line driver output (JIT logs) as one line.
std::string oneLine(const char *Text, size_t Max = 4000) {
  std::string S;
  bool Break = false;
  for (const char *P = Text; *P && S.size() < Max; ++P) {
    if (*P == '\n' || *P == '\r') {
      Break = !S.empty();
      continue;
    }
    if (Break)
      S += "; ";
    Break = false;
    S += *P;
  }
  return S;
}

// JIT-compiles NUL-terminated PTX; on failure the message carries the log.
CUresult jitPtx(CUmodule &M, const NVImagePart &Ptx, std::string &Log) {
  static constexpr size_t LogSize = 16384;
  std::vector<char> InfoLog(LogSize, '\0'), ErrorLog(LogSize, '\0');
  CUjit_option Opts[] = {
      CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES,
      CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *Vals[] = {InfoLog.data(), reinterpret_cast<void *>(LogSize - 1),
                  ErrorLog.data(), reinterpret_cast<void *>(LogSize - 1)};
  CUresult R = cu.ModuleLoadDataEx(&M, Ptx.Data, 4, Opts, Vals);
  InfoLog.back() = ErrorLog.back() = '\0';
  Log = oneLine(R ? ErrorLog.data() : InfoLog.data());
  return R;
}

} // namespace

const char *cot::cuda::driverGone() {
  if (Exiting)
    return "the CUDA driver has shut down (the process is exiting)";
  if (ForkedChild)
    return "CUDA cannot be used in a child process that fork() created "
           "after the CUDA driver was started (offload before fork() only "
           "in the parent, or use the x86_64 host device in the child)";
  return nullptr;
}

Error CUDAPlugin::use(int32_t Dev, DeviceState *&D) {
  if (const char *Why = driverGone())
    return Error::make("cuda device %d: %s", Dev, Why);
  D = &Devices[(size_t)Dev];
  if (CUresult R = cu.CtxSetCurrent(D->Ctx))
    return Error::make("cannot make the context of cuda device %d current: "
                       "%s",
                       Dev, errorText(R).c_str());
  return Error::success();
}

//===-- Start-up ----------------------------------------------------------===//

Error CUDAPlugin::initImpl(int32_t &NumDevices) {
  std::string Why;
  if (!loadCudaDriver(Why))
    return Error::fromMessage(Why);
  atexit([] { Exiting = true; });
  pthread_atfork(nullptr, nullptr, [] { ForkedChild = true; });
  int N = 0;
  if (CUresult R = cu.DeviceGetCount(&N))
    return Error::make("cuDeviceGetCount failed: %s", errorText(R).c_str());
  if (N <= 0)
    return Error::make("the CUDA driver reports no GPU");
  Devices.resize((size_t)N);
  NumDevices = N;
  return Error::success();
}

// Unified addresses come with every 64-bit CUDA device; unified shared
// memory needs the GPU to reach pageable host memory (HMM, or a coherent
// link), and device-side malloc gives dynamic allocators.
uint32_t CUDAPlugin::deviceFeaturesImpl(int32_t Dev, const char **Why) {
  uint32_t Features =
      COT_REQUIRES_UNIFIED_ADDRESS | COT_REQUIRES_DYNAMIC_ALLOCATORS;
  CUdevice Handle = 0;
  int Pageable = 0;
  if (cu.DeviceGet(&Handle, Dev) ||
      cu.DeviceGetAttribute(&Pageable,
                            CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS, Handle))
    Pageable = 0;
  if (Pageable)
    Features |= COT_REQUIRES_UNIFIED_SHARED_MEMORY;
  else if (Why)
    *Why = "unified shared memory needs a GPU that can access pageable host "
           "memory (CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS is 0: no HMM "
           "in this kernel and driver)";
  return Features;
}

// The device heap (device malloc, OpenMP allocators, C++ new in target
// regions): LIBOMPTARGET_HEAP_SIZE bytes, else 1/64 of the GPU's memory
// between CUDA's default of 8 MiB and 1 GiB.
Error CUDAPlugin::setHeapSize(int32_t Dev) {
  size_t Bytes = 0;
  int64_t Requested = 0;
  switch (readEnvInteger("LIBOMPTARGET_HEAP_SIZE", 1, INT64_MAX, Requested)) {
  case EnvValue::Invalid:
    return Error::make("LIBOMPTARGET_HEAP_SIZE='%s' is not a positive size "
                       "in bytes",
                       getenv("LIBOMPTARGET_HEAP_SIZE"));
  case EnvValue::Valid:
    Bytes = (size_t)Requested;
    break;
  case EnvValue::Unset: {
    size_t Free = 0, Total = 0;
    cu.MemGetInfo(&Free, &Total);
    Bytes = std::clamp<size_t>(Total / 64, size_t(8) << 20, size_t(1) << 30);
    break;
  }
  }
  if (CUresult R = cu.CtxSetLimit(CU_LIMIT_MALLOC_HEAP_SIZE, Bytes))
    return Error::make("cannot make the device heap of cuda device %d %zu "
                       "bytes: %s",
                       Dev, Bytes, errorText(R).c_str());
  note(nullptr, "cuda device %d: device heap of %zu MiB", Dev, Bytes >> 20);
  return Error::success();
}

// Each GPU thread's stack: LIBOMPTARGET_STACK_SIZE bytes, else 4 KiB.
// ptxas sizes the stack of a kernel whose calls it can follow; through an
// indirect call (task entries, declare target indirect, virtual functions)
// it cannot, and CUDA then gives the thread 1 KiB, which unoptimized code
// (-O0 frames of several hundred bytes) overflows: the kernel dies with an
// illegal address. The driver reserves the stack for every thread the GPU
// can hold (4 KiB: about 1 GiB on a 132-SM GPU).
Error CUDAPlugin::setStackSize(int32_t Dev) {
  constexpr int64_t DefaultBytes = 4096, MaxBytes = int64_t(1) << 24;
  int64_t Bytes = DefaultBytes;
  if (readEnvInteger("LIBOMPTARGET_STACK_SIZE", 1, MaxBytes, Bytes) ==
      EnvValue::Invalid)
    return Error::make("LIBOMPTARGET_STACK_SIZE='%s' is not a size in bytes "
                       "between 1 and %lld",
                       getenv("LIBOMPTARGET_STACK_SIZE"), (long long)MaxBytes);
  if (CUresult R = cu.CtxSetLimit(CU_LIMIT_STACK_SIZE, (size_t)Bytes))
    return Error::make("cannot make the stack of each thread of cuda device "
                       "%d %lld bytes (LIBOMPTARGET_STACK_SIZE): %s",
                       Dev, (long long)Bytes, errorText(R).c_str());
  note(nullptr, "cuda device %d: stack of %lld bytes per thread", Dev,
       (long long)Bytes);
  return Error::success();
}

Error CUDAPlugin::initDeviceImpl(int32_t Dev) {
  if (const char *Why = driverGone())
    return Error::make("cuda device %d: %s", Dev, Why);
  DeviceState &D = Devices[(size_t)Dev];
  CUresult R = cu.DeviceGet(&D.Handle, Dev);
  if (!R)
    R = cu.DevicePrimaryCtxRetain(&D.Ctx, D.Handle);
  if (!R)
    R = cu.CtxSetCurrent(D.Ctx);
  if (R)
    return Error::make("cannot start cuda device %d: %s", Dev,
                       errorText(R).c_str());
  if (Error E = setHeapSize(Dev))
    return E;
  if (Error E = setStackSize(Dev))
    return E;
  int Major = 0, Minor = 0;
  struct {
    int *Out;
    int Attr;
  } Attrs[] = {{&Major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR},
               {&Minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR},
               {&D.NumSMs, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT},
               {&D.MaxThreads, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK},
               {&D.MaxGridX, CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X},
               {&D.SharedPerSM,
                CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR}};
  for (auto &A : Attrs)
    if ((R = cu.DeviceGetAttribute(A.Out, A.Attr, D.Handle)))
      return Error::make("cannot query cuda device %d (attribute %d): %s", Dev,
                         A.Attr, errorText(R).c_str());
  D.Sm = Major * 10 + Minor;
  D.NumSMs = std::max(D.NumSMs, 1);
  D.MaxThreads = std::max(D.MaxThreads, 1);
  D.MaxGridX = std::max(D.MaxGridX, 1);
  char Name[256] = "";
  if (cu.DeviceGetName(Name, sizeof(Name) - 1, D.Handle) != CUDA_SUCCESS)
    strcpy(Name, "unknown GPU");
  D.Name = Name;
  note(nullptr, "cuda device %d: %s, sm_%d, %d SMs", Dev, D.Name.c_str(), D.Sm,
       D.NumSMs);
  return Error::success();
}

//===-- Images ------------------------------------------------------------===//

// The launch model's records of the image's kernels (parseNVImage has
// checked the table).
static void readKernelTable(int32_t Dev, const std::vector<NVImagePart> &Parts,
                            CUDAImage &Img) {
  const NVImagePart *Table = kernelTablePart(Parts);
  if (!Table) {
    info(nullptr, "cuda device %d: the image has no kernel table: the launch "
                  "model uses occupancy",
         Dev);
    return;
  }
  std::vector<NVKernelRecord> Records;
  uint32_t UnknownVersion = 0;
  if (parseKernelTable(*Table, Records, UnknownVersion))
    return;
  if (UnknownVersion)
    info(nullptr, "cuda device %d: the image's kernel table has version %u, "
                  "this runtime reads %d: the launch model uses occupancy",
         Dev, UnknownVersion, COT_KERNEL_TABLE_VERSION);
  for (const NVKernelRecord &R : Records)
    Img.KernelRecords[R.Name] = R.Record;
}

bool CUDAPlugin::isImageCompatibleImpl(const char *Triple, const void *Image,
                                       size_t Size) {
  return strcmp(Triple, COT_NVPTX_TRIPLE) == 0 && hasNVImageMagic(Image, Size);
}

Error CUDAPlugin::loadImageImpl(int32_t Dev, const void *Data, size_t Size,
                                std::unique_ptr<GenericImage> &Out) {
  std::vector<NVImagePart> Parts;
  if (Error E = parseNVImage(Data, Size, Parts))
    return E;
  DeviceState *D = nullptr;
  if (Error E = use(Dev, D))
    return E;
  const NVImagePart *Ptx = nullptr;
  const NVImagePart *Cubin = selectNVImagePart(Parts, (uint32_t)D->Sm, &Ptx);
  CUmodule M = nullptr;
  std::string CubinError;
  if (Cubin) {
    CUresult R = cu.ModuleLoadDataEx(&M, Cubin->Data, 0, nullptr, nullptr);
    if (R == CUDA_SUCCESS) {
      note(nullptr, "cuda device %d: loaded the sm_%u cubin", Dev, Cubin->Sm);
    } else {
      M = nullptr;
      CubinError = "cannot load the sm_" + std::to_string(Cubin->Sm) +
                   " cubin: " + errorText(R);
      if (!Ptx)
        return Error::make("%s on cuda device %d", CubinError.c_str(), Dev);
      note(nullptr, "cuda device %d: %s; JIT-compiling the PTX instead", Dev,
           CubinError.c_str());
    }
  }
  if (!M) {
    if (!Ptx)
      return Error::make("the nvptx64 image has no code for cuda device %d "
                         "(%s, sm_%d): it holds %s and no PTX",
                         Dev, D->Name.c_str(), D->Sm,
                         describeNVImage(Parts).c_str());
    std::string Log;
    if (CUresult R = jitPtx(M, *Ptx, Log))
      return Error::make(
          "cannot JIT-compile the sm_%u PTX for cuda device %d "
          "(sm_%d): %s%s%s%s%s",
          Ptx->Sm, Dev, D->Sm, errorText(R).c_str(),
          Log.empty() ? "" : "; JIT log: ", Log.c_str(),
          CubinError.empty() ? "" : "; before that: ", CubinError.c_str());
    note(nullptr, "cuda device %d: JIT-compiled the sm_%u PTX for sm_%d%s%s",
         Dev, Ptx->Sm, D->Sm, Log.empty() ? "" : ": ", Log.c_str());
  }
  auto Img = std::make_unique<CUDAImage>();
  Img->Module = M;
  readKernelTable(Dev, Parts, *Img);
  if (launchCacheInUse())
    Img->Hash = contentHash(Data, Size);
  Out = std::move(Img);
  return Error::success();
}

Error CUDAPlugin::unloadImageImpl(GenericImage &Image) {
  auto &Img = static_cast<CUDAImage &>(Image);
  DeviceState *D = nullptr;
  if (driverGone() || use(Img.Dev, D))
    return Error::success(); // The driver has dropped the module anyway.
  CUresult R = cu.ModuleUnload(Img.Module);
  if (R && R != CUDA_ERROR_DEINITIALIZED)
    return Error::make("cannot unload an image from cuda device %d: %s",
                       Img.Dev, errorText(R).c_str());
  return Error::success();
}

Error CUDAPlugin::lookupGlobalImpl(GenericImage &Image, const char *Name,
                                   void *&Addr, uint64_t &Size) {
  auto &Img = static_cast<CUDAImage &>(Image);
  DeviceState *D = nullptr;
  if (Error E = use(Img.Dev, D))
    return E;
  CUdeviceptr Ptr = 0;
  size_t Bytes = 0;
  CUresult R = cu.ModuleGetGlobal(&Ptr, &Bytes, Img.Module, Name);
  if (R == CUDA_ERROR_NOT_FOUND)
    return Error::success();
  if (R)
    return Error::make("cannot look up global '%s' on cuda device %d: %s", Name,
                       Img.Dev, errorText(R).c_str());
  Addr = reinterpret_cast<void *>(Ptr);
  Size = Bytes;
  return Error::success();
}

Error CUDAPlugin::lookupKernelImpl(GenericImage &Image, const char *Name,
                                   std::unique_ptr<GenericKernel> &Out) {
  auto &Img = static_cast<CUDAImage &>(Image);
  DeviceState *D = nullptr;
  if (Error E = use(Img.Dev, D))
    return E;
  CUfunction Fn = nullptr;
  CUresult R = cu.ModuleGetFunction(&Fn, Img.Module, Name);
  if (R == CUDA_ERROR_NOT_FOUND)
    return Error::success();
  if (R)
    return Error::make("cannot look up kernel '%s' on cuda device %d: %s", Name,
                       Img.Dev, errorText(R).c_str());
  auto K = std::make_unique<CUDAKernel>();
  K->Fn = Fn;
  KernelFacts &F = K->Facts;
  int Max = 0;
  if (cu.FuncGetAttribute(&Max, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, Fn) ==
          CUDA_SUCCESS &&
      Max > 0)
    F.MaxThreads = Max;
  else
    F.MaxThreads = D->MaxThreads;
  if (cu.FuncGetAttribute(&F.Registers, CU_FUNC_ATTRIBUTE_NUM_REGS, Fn))
    F.Registers = 0;
  if (cu.FuncGetAttribute(&F.LocalBytes, CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES,
                          Fn))
    F.LocalBytes = 0;
  auto Record = Img.KernelRecords.find(Name);
  if (Record != Img.KernelRecords.end()) {
    F.HasRecord = true;
    F.Record = Record->second;
  }
  K->ImageHash = Img.Hash;
  Out = std::move(K);
  return Error::success();
}

cot::plugin::GenericPlugin &cot::plugin::thePlugin() {
  static auto *P = new CUDAPlugin();
  return *P;
}

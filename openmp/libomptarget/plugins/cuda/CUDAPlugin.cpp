//===- CUDAPlugin.cpp - The NVIDIA GPU plugin -----------------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Runs offloaded regions on NVIDIA GPUs through the CUDA driver API, which is
// dlopened at run time (CUDADriver.h): without libcuda.so.1 or without a GPU
// the plugin reports why and offers no devices.
//
// Devices are the driver's devices 0..n-1 (CUDA_VISIBLE_DEVICES applies),
// each used through its primary context, made current on the calling thread
// by every entry point. An image is an nvptx64 container (NVImage.h): the
// cubin built for the GPU's compute capability is loaded, else the PTX is
// JIT-compiled (also when the cubin is refused, e.g. by an older driver).
//
// Memory: blocks up to 1 MiB come from power-of-two size classes kept on
// per-device free lists (device allocation is slow and synchronising); larger
// ones go straight to cuMemAlloc. Copies without a queue run on the calling
// thread's per-thread stream and are waited for; large host buffers
// move through two pinned staging buffers so the memcpy into one overlaps
// the DMA from the other.
//
// Launch geometry: ThreadLimit (default 256) clamped to the kernel's maximum
// block size; NumTeams blocks, or enough to fill the GPU (occupancy x SMs).
// Kernels use grid-stride loops, so any grid is correct. LIBOMPTARGET_INFO
// prints the choice.
//
// Process lifetime: after exit() has begun (the driver tears itself down)
// and in a child of fork() (a CUDA context does not survive fork), the
// plugin makes no driver call: entry points fail with a message, and
// unloading or freeing only drops the plugin's own records.
//
//===----------------------------------------------------------------------===//

#include "CUDADriver.h"
#include "NVImage.h"
#include "OffloadABI.h"
#include "PluginAPI.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cerrno>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <pthread.h>
#include <string>
#include <unordered_map>
#include <vector>

#define COT_EXPORT extern "C" __attribute__((visibility("default")))

using namespace cot::cuda;

namespace {

// Trivially destructible, so that no thread's exit leaves it dead.
thread_local char LastError[8192];

std::string format(const char *Fmt, va_list Ap) {
  char Buf[1024];
  va_list Copy;
  va_copy(Copy, Ap);
  int N = vsnprintf(Buf, sizeof(Buf), Fmt, Copy);
  va_end(Copy);
  if (N < (int)sizeof(Buf))
    return Buf;
  std::string S((size_t)N + 1, '\0');
  vsnprintf(&S[0], S.size(), Fmt, Ap);
  S.resize((size_t)N);
  return S;
}

bool fail(const char *Fmt, ...) __attribute__((format(printf, 1, 2)));
bool fail(const char *Fmt, ...) {
  va_list Ap;
  va_start(Ap, Fmt);
  snprintf(LastError, sizeof(LastError), "%s", format(Fmt, Ap).c_str());
  va_end(Ap);
  return false;
}

bool InfoEnabled = false;

void info(const char *Fmt, ...) __attribute__((format(printf, 1, 2)));
void info(const char *Fmt, ...) {
  if (!InfoEnabled)
    return;
  va_list Ap;
  va_start(Ap, Fmt);
  std::string S = format(Fmt, Ap);
  va_end(Ap);
  fprintf(stderr, "libomptarget: info: %s\n", S.c_str());
}

// Same rule as libomptarget: a non-negative integer, non-zero enables.
bool infoRequested() {
  const char *S = getenv("LIBOMPTARGET_INFO");
  if (!S)
    return false;
  char *End;
  errno = 0;
  long V = strtol(S, &End, 10);
  return *S && !*End && errno == 0 && V > 0;
}

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

//===-- Devices -----------------------------------------------------------===//

constexpr int NumSizeClasses = 13; // 256 B << 0..12 = 256 B .. 1 MiB
constexpr size_t MinClassSize = 256;
constexpr size_t MaxCachedBytes = 256u << 20; // per device
constexpr size_t StagingChunk = 4u << 20;     // staged copies above this
constexpr int DefaultThreads = 256;

struct DeviceState {
  std::mutex InitMu;
  bool Ready = false;
  CUdevice Handle = 0;
  CUcontext Ctx = nullptr;
  int Sm = 0, NumSMs = 1, MaxThreads = 1024, MaxGridX = 0x7fffffff;
  std::string Name;

  // Caching allocator.
  std::mutex AllocMu;
  std::vector<CUdeviceptr> FreeLists[NumSizeClasses];
  std::unordered_map<CUdeviceptr, int> Live; // -> class, or -1 (uncached)
  size_t CachedBytes = 0;

  // Staging of large pageable copies.
  std::mutex StagingMu;
  void *Staging[2] = {nullptr, nullptr};
  CUevent StagingDone[2] = {nullptr, nullptr};
};

// Never destroyed: libomptarget unloads images from destructors that may run
// after this library's static destructors.
int32_t NumDevices = 0;
std::string &unavailable() {
  static auto *Why = new std::string();
  return *Why;
}
std::deque<DeviceState> &devices() {
  static auto *D = new std::deque<DeviceState>();
  return *D;
}

// The blocks per SM a long-running loop kernel is timed with, one launch
// each, before it keeps the fastest (see tunedBlocksPerSM).
struct GridTuning {
  std::vector<int> Candidates;
  std::vector<double> Seconds;
  size_t Next = 0;
  int Chosen = 0; // 0 while timing
};

struct Kernel {
  CUfunction Fn = nullptr;
  std::string Name;
  int32_t Dev = 0;
  int MaxThreads = 1024;
  std::mutex Mu;
  std::unordered_map<int, int> BlocksPerSM; // threads -> occupancy
  std::map<std::pair<int64_t, int>, GridTuning> Tuning; // (trip count, threads)
};

struct Image {
  int32_t Dev = 0;
  CUmodule Module = nullptr;
  std::mutex Mu;
  std::unordered_map<std::string, std::unique_ptr<Kernel>> Kernels;
};

struct Queue {
  int32_t Dev = 0;
  CUstream Stream = nullptr;
  std::string LastKernel; // for messages about asynchronous failures
};

// Set by an atexit handler registered after cuInit, so it runs before the
// driver's own exit-time teardown; the program's destructors (which unload
// images) run after both. From then on no driver call is made: unloading a
// module of a torn-down driver corrupts the heap.
std::atomic<bool> Exiting{false};
// Set in the child of a fork() after init.
std::atomic<bool> ForkedChild{false};

// Why the driver cannot be called now, or null.
const char *driverGone() {
  if (Exiting)
    return "the CUDA driver has shut down (the process is exiting)";
  if (ForkedChild)
    return "CUDA cannot be used in a child process that fork() created "
           "after the CUDA driver was started (offload before fork() only "
           "in the parent, or use the x86_64 host device in the child)";
  return nullptr;
}

// The device, made current on this thread; null (and last_error) if it is
// not a started device.
DeviceState *use(int32_t Dev) {
  if (const char *Why = driverGone()) {
    fail("cuda device %d: %s", Dev, Why);
    return nullptr;
  }
  if (Dev < 0 || Dev >= NumDevices) {
    fail("cuda device %d does not exist (%d devices)", Dev, NumDevices);
    return nullptr;
  }
  DeviceState &D = devices()[Dev];
  if (!D.Ready) {
    fail("cuda device %d is not initialised", Dev);
    return nullptr;
  }
  if (CUresult R = cu.CtxSetCurrent(D.Ctx)) {
    fail("cannot make the context of cuda device %d current: %s", Dev,
         errorText(R).c_str());
    return nullptr;
  }
  return &D;
}

CUstream streamOf(void *Q) {
  return Q ? static_cast<Queue *>(Q)->Stream : perThreadStream();
}

//===-- Plugin entry points: setup ----------------------------------------===//

int32_t init() {
  InfoEnabled = infoRequested();
  if (!loadCudaDriver(unavailable()))
    return 1;
  atexit([] { Exiting = true; });
  pthread_atfork(nullptr, nullptr, [] { ForkedChild = true; });
  int N = 0;
  if (CUresult R = cu.DeviceGetCount(&N)) {
    unavailable() = "cuDeviceGetCount failed: " + errorText(R);
    return 1;
  }
  if (N <= 0) {
    unavailable() = "the CUDA driver reports no GPU";
    return 1;
  }
  devices().resize((size_t)N);
  NumDevices = N;
  return 0;
}

const char *whyUnavailable() { return unavailable().c_str(); }
int32_t numDevices() { return NumDevices; }

// Unified addresses come with every 64-bit CUDA device; unified shared
// memory needs the GPU to reach pageable host memory (HMM, or a coherent
// link), and device-side malloc gives dynamic allocators.
uint32_t deviceFeatures(int32_t Dev, const char **Why) {
  uint32_t Features =
      COT_REQUIRES_UNIFIED_ADDRESS | COT_REQUIRES_DYNAMIC_ALLOCATORS;
  CUdevice Handle = 0;
  int Pageable = 0;
  if (Dev < 0 || Dev >= NumDevices || cu.DeviceGet(&Handle, Dev) ||
      cu.DeviceGetAttribute(&Pageable,
                            CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS,
                            Handle))
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
bool setHeapSize(int32_t Dev) {
  size_t Bytes = 0;
  if (const char *S = getenv("LIBOMPTARGET_HEAP_SIZE")) {
    char *End;
    errno = 0;
    unsigned long long V = strtoull(S, &End, 10);
    if (!*S || *End || errno || V == 0 || *S == '-')
      return fail("LIBOMPTARGET_HEAP_SIZE='%s' is not a positive size in "
                  "bytes",
                  S);
    Bytes = (size_t)V;
  } else {
    size_t Free = 0, Total = 0;
    cu.MemGetInfo(&Free, &Total);
    Bytes = std::clamp<size_t>(Total / 64, size_t(8) << 20, size_t(1) << 30);
  }
  if (CUresult R = cu.CtxSetLimit(CU_LIMIT_MALLOC_HEAP_SIZE, Bytes))
    return fail("cannot make the device heap of cuda device %d %zu bytes: %s",
                Dev, Bytes, errorText(R).c_str());
  info("cuda device %d: device heap of %zu MiB", Dev, Bytes >> 20);
  return true;
}

int32_t initDevice(int32_t Dev) {
  if (Dev < 0 || Dev >= NumDevices)
    return !fail("cuda device %d does not exist (%d devices)", Dev,
                 NumDevices);
  if (const char *Why = driverGone())
    return !fail("cuda device %d: %s", Dev, Why);
  DeviceState &D = devices()[Dev];
  std::lock_guard<std::mutex> Lock(D.InitMu);
  if (D.Ready)
    return 0;
  CUresult R = cu.DeviceGet(&D.Handle, Dev);
  if (!R)
    R = cu.DevicePrimaryCtxRetain(&D.Ctx, D.Handle);
  if (!R)
    R = cu.CtxSetCurrent(D.Ctx);
  if (R)
    return !fail("cannot start cuda device %d: %s", Dev, errorText(R).c_str());
  if (!setHeapSize(Dev))
    return 1;
  int Major = 0, Minor = 0;
  struct {
    int *Out;
    int Attr;
  } Attrs[] = {{&Major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR},
               {&Minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR},
               {&D.NumSMs, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT},
               {&D.MaxThreads, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK},
               {&D.MaxGridX, CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X}};
  for (auto &A : Attrs)
    if ((R = cu.DeviceGetAttribute(A.Out, A.Attr, D.Handle)))
      return !fail("cannot query cuda device %d (attribute %d): %s", Dev,
                   A.Attr, errorText(R).c_str());
  D.Sm = Major * 10 + Minor;
  D.NumSMs = std::max(D.NumSMs, 1);
  D.MaxThreads = std::max(D.MaxThreads, 1);
  D.MaxGridX = std::max(D.MaxGridX, 1);
  char Name[256] = "";
  if (cu.DeviceGetName(Name, sizeof(Name) - 1, D.Handle) != CUDA_SUCCESS)
    strcpy(Name, "unknown GPU");
  D.Name = Name;
  D.Ready = true;
  info("cuda device %d: %s, sm_%d, %d SMs", Dev, D.Name.c_str(), D.Sm,
       D.NumSMs);
  return 0;
}

//===-- Images ------------------------------------------------------------===//

int32_t isImageCompatible(const char *Triple, const char *, const void *Image,
                          size_t Size) {
  return Triple && strcmp(Triple, "nvptx64-nvidia-cuda") == 0 &&
         hasNVImageMagic(Image, Size);
}

// JIT-compiles NUL-terminated PTX; on failure the message carries the log.
CUresult jitPtx(CUmodule &M, const NVImagePart &Ptx, std::string &Log) {
  static constexpr size_t LogSize = 16384;
  std::vector<char> InfoLog(LogSize, '\0'), ErrorLog(LogSize, '\0');
  CUjit_option Opts[] = {CU_JIT_INFO_LOG_BUFFER,
                         CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES,
                         CU_JIT_ERROR_LOG_BUFFER,
                         CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *Vals[] = {InfoLog.data(), reinterpret_cast<void *>(LogSize - 1),
                  ErrorLog.data(), reinterpret_cast<void *>(LogSize - 1)};
  CUresult R = cu.ModuleLoadDataEx(&M, Ptx.Data, 4, Opts, Vals);
  InfoLog.back() = ErrorLog.back() = '\0';
  Log = oneLine(R ? ErrorLog.data() : InfoLog.data());
  return R;
}

void *loadImage(int32_t Dev, const void *Data, size_t Size) {
  std::vector<NVImagePart> Parts;
  std::string Error;
  if (!parseNVImage(Data, Size, Parts, Error)) {
    fail("%s", Error.c_str());
    return nullptr;
  }
  DeviceState *D = use(Dev);
  if (!D)
    return nullptr;
  const NVImagePart *Ptx = nullptr;
  const NVImagePart *Cubin = selectNVImagePart(Parts, (uint32_t)D->Sm, &Ptx);
  CUmodule M = nullptr;
  std::string CubinError;
  if (Cubin) {
    CUresult R = cu.ModuleLoadDataEx(&M, Cubin->Data, 0, nullptr, nullptr);
    if (R == CUDA_SUCCESS) {
      info("cuda device %d: loaded the sm_%u cubin", Dev, Cubin->Sm);
    } else {
      M = nullptr;
      CubinError = "cannot load the sm_" + std::to_string(Cubin->Sm) +
                   " cubin: " + errorText(R);
      if (!Ptx) {
        fail("%s on cuda device %d", CubinError.c_str(), Dev);
        return nullptr;
      }
      info("cuda device %d: %s; JIT-compiling the PTX instead", Dev,
           CubinError.c_str());
    }
  }
  if (!M) {
    if (!Ptx) {
      fail("the nvptx64 image has no code for cuda device %d (%s, sm_%d): it "
           "holds %s and no PTX",
           Dev, D->Name.c_str(), D->Sm, describeNVImage(Parts).c_str());
      return nullptr;
    }
    std::string Log;
    if (CUresult R = jitPtx(M, *Ptx, Log)) {
      fail("cannot JIT-compile the sm_%u PTX for cuda device %d (sm_%d): "
           "%s%s%s%s%s",
           Ptx->Sm, Dev, D->Sm, errorText(R).c_str(),
           Log.empty() ? "" : "; JIT log: ", Log.c_str(),
           CubinError.empty() ? "" : "; before that: ", CubinError.c_str());
      return nullptr;
    }
    info("cuda device %d: JIT-compiled the sm_%u PTX for sm_%d%s%s", Dev,
         Ptx->Sm, D->Sm, Log.empty() ? "" : ": ", Log.c_str());
  }
  auto *Img = new Image();
  Img->Dev = Dev;
  Img->Module = M;
  return Img;
}

int32_t unloadImage(int32_t Dev, void *Handle) {
  auto *Img = static_cast<Image *>(Handle);
  int32_t Rc = 0;
  if (!driverGone() && use(Img->Dev)) {
    CUresult R = cu.ModuleUnload(Img->Module);
    // A driver that has shut down has dropped the module anyway.
    if (R && R != CUDA_ERROR_DEINITIALIZED)
      Rc = !fail("cannot unload an image from cuda device %d: %s", Img->Dev,
                 errorText(R).c_str());
  }
  delete Img;
  return Rc;
}

void *lookupGlobal(void *Handle, const char *Name, uint64_t *Size) {
  auto *Img = static_cast<Image *>(Handle);
  if (!use(Img->Dev))
    return nullptr;
  CUdeviceptr Ptr = 0;
  size_t Bytes = 0;
  CUresult R = cu.ModuleGetGlobal(&Ptr, &Bytes, Img->Module, Name);
  if (R == CUDA_ERROR_NOT_FOUND) {
    fail("device image has no global symbol '%s'", Name);
    return nullptr;
  }
  if (R) {
    fail("cannot look up global '%s' on cuda device %d: %s", Name, Img->Dev,
         errorText(R).c_str());
    return nullptr;
  }
  if (Size)
    *Size = Bytes;
  return reinterpret_cast<void *>(Ptr);
}

void *lookupKernel(void *Handle, const char *Name) {
  auto *Img = static_cast<Image *>(Handle);
  std::lock_guard<std::mutex> Lock(Img->Mu);
  auto It = Img->Kernels.find(Name);
  if (It != Img->Kernels.end())
    return It->second.get();
  if (!use(Img->Dev))
    return nullptr;
  CUfunction Fn = nullptr;
  CUresult R = cu.ModuleGetFunction(&Fn, Img->Module, Name);
  if (R == CUDA_ERROR_NOT_FOUND) {
    fail("device image has no kernel symbol '%s'", Name);
    return nullptr;
  }
  if (R) {
    fail("cannot look up kernel '%s' on cuda device %d: %s", Name, Img->Dev,
         errorText(R).c_str());
    return nullptr;
  }
  auto K = std::make_unique<Kernel>();
  K->Fn = Fn;
  K->Name = Name;
  K->Dev = Img->Dev;
  int Max = 0;
  if (cu.FuncGetAttribute(&Max, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, Fn) ==
          CUDA_SUCCESS &&
      Max > 0)
    K->MaxThreads = Max;
  else
    K->MaxThreads = devices()[Img->Dev].MaxThreads;
  Kernel *Raw = K.get();
  Img->Kernels.emplace(Name, std::move(K));
  return Raw;
}

//===-- Memory ------------------------------------------------------------===//

int sizeClass(size_t Size) {
  size_t C = MinClassSize;
  for (int I = 0; I < NumSizeClasses; ++I, C <<= 1)
    if (Size <= C)
      return I;
  return -1;
}

// Returns the cached blocks of D to the driver. D.AllocMu is held.
void releaseCache(DeviceState &D) {
  for (auto &L : D.FreeLists) {
    for (CUdeviceptr P : L)
      cu.MemFree(P);
    L.clear();
  }
  D.CachedBytes = 0;
}

void *dataAlloc(int32_t Dev, int64_t Size) {
  if (Size < 0) {
    fail("cannot allocate %lld bytes on cuda device %d: a negative size",
         (long long)Size, Dev);
    return nullptr;
  }
  DeviceState *D = use(Dev);
  if (!D)
    return nullptr;
  size_t Bytes = Size > 0 ? (size_t)Size : 1;
  int Class = sizeClass(Bytes);
  if (Class >= 0)
    Bytes = MinClassSize << Class;
  std::lock_guard<std::mutex> Lock(D->AllocMu);
  CUdeviceptr P = 0;
  if (Class >= 0 && !D->FreeLists[Class].empty()) {
    P = D->FreeLists[Class].back();
    D->FreeLists[Class].pop_back();
    D->CachedBytes -= Bytes;
  } else {
    CUresult R = cu.MemAlloc(&P, Bytes);
    if (R == CUDA_ERROR_OUT_OF_MEMORY && D->CachedBytes) {
      releaseCache(*D);
      R = cu.MemAlloc(&P, Bytes);
    }
    if (R) {
      size_t Free = 0, Total = 0;
      if (R == CUDA_ERROR_OUT_OF_MEMORY &&
          cu.MemGetInfo(&Free, &Total) == CUDA_SUCCESS)
        fail("out of device memory: cannot allocate %lld bytes on cuda device "
             "%d (%zu of %zu bytes free): %s",
             (long long)Size, Dev, Free, Total, errorText(R).c_str());
      else
        fail("cannot allocate %lld bytes on cuda device %d: %s",
             (long long)Size, Dev, errorText(R).c_str());
      return nullptr;
    }
  }
  D->Live[P] = Class;
  return reinterpret_cast<void *>(P);
}

int32_t dataFree(int32_t Dev, void *Ptr) {
  if (!Ptr || driverGone()) // the driver frees everything at exit
    return 0;
  DeviceState *D = use(Dev);
  if (!D)
    return 1;
  CUdeviceptr P = reinterpret_cast<CUdeviceptr>(Ptr);
  std::lock_guard<std::mutex> Lock(D->AllocMu);
  auto It = D->Live.find(P);
  if (It == D->Live.end())
    return !fail("%p is not device memory allocated on cuda device %d", Ptr,
                 Dev);
  int Class = It->second;
  D->Live.erase(It);
  if (Class >= 0 && D->CachedBytes + (MinClassSize << Class) <= MaxCachedBytes) {
    D->FreeLists[Class].push_back(P);
    D->CachedBytes += MinClassSize << Class;
    return 0;
  }
  if (CUresult R = cu.MemFree(P))
    return !fail("cannot free %p on cuda device %d: %s", Ptr, Dev,
                 errorText(R).c_str());
  return 0;
}

//===-- Copies ------------------------------------------------------------===//

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
      if (CUresult R = cu.EventCreate(&D.StagingDone[I],
                                      CU_EVENT_DISABLE_TIMING)) {
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

// A negative size is a failure, not an empty copy.
bool badCopySize(int64_t Size, int32_t Dev) {
  if (Size >= 0)
    return false;
  fail("cannot copy %lld bytes on cuda device %d: a negative size",
       (long long)Size, Dev);
  return true;
}

int32_t copyFailed(const char *Dir, int64_t Size, int32_t Dev, CUresult R) {
  return !fail("copying %lld bytes %s on cuda device %d failed: %s",
               (long long)Size, Dir, Dev, errorText(R).c_str());
}

int32_t copyToDevice(int32_t Dev, void *Dst, const void *Src, int64_t Size,
                     void *Q) {
  if (badCopySize(Size, Dev))
    return 1;
  if (Size == 0)
    return 0;
  DeviceState *D = use(Dev);
  if (!D)
    return 1;
  CUstream S = streamOf(Q);
  CUdeviceptr DP = reinterpret_cast<CUdeviceptr>(Dst);
  CUresult R;
  if ((size_t)Size > StagingChunk) {
    R = stagedToDevice(*D, DP, static_cast<const char *>(Src), (size_t)Size, S);
  } else {
    R = cu.MemcpyHtoDAsync(DP, Src, (size_t)Size, S);
    if (!R && !Q)
      R = cu.StreamSynchronize(S);
  }
  return R ? copyFailed("host -> device", Size, Dev, R) : 0;
}

int32_t copyFromDevice(int32_t Dev, void *Dst, const void *Src, int64_t Size,
                       void *Q) {
  if (badCopySize(Size, Dev))
    return 1;
  if (Size == 0)
    return 0;
  DeviceState *D = use(Dev);
  if (!D)
    return 1;
  CUstream S = streamOf(Q);
  CUdeviceptr SP = reinterpret_cast<CUdeviceptr>(Src);
  CUresult R;
  if ((size_t)Size > StagingChunk) {
    R = stagedFromDevice(*D, static_cast<char *>(Dst), SP, (size_t)Size, S);
  } else {
    R = cu.MemcpyDtoHAsync(Dst, SP, (size_t)Size, S);
    if (!R && !Q)
      R = cu.StreamSynchronize(S);
  }
  return R ? copyFailed("device -> host", Size, Dev, R) : 0;
}

int32_t copyDeviceToDevice(int32_t SrcDev, const void *Src, int32_t DstDev,
                           void *Dst, int64_t Size, void *Q) {
  if (badCopySize(Size, SrcDev))
    return 1;
  if (Size == 0)
    return 0;
  DeviceState *DD = use(DstDev);
  DeviceState *SD = DD ? use(SrcDev) : nullptr; // SrcDev's context current
  if (!SD)
    return 1;
  CUstream S = streamOf(Q);
  CUdeviceptr SP = reinterpret_cast<CUdeviceptr>(Src);
  CUdeviceptr DP = reinterpret_cast<CUdeviceptr>(Dst);
  CUresult R = SrcDev == DstDev
                   ? cu.MemcpyDtoDAsync(DP, SP, (size_t)Size, S)
                   : cu.MemcpyPeerAsync(DP, DD->Ctx, SP, SD->Ctx,
                                        (size_t)Size, S);
  if (!R && !Q)
    R = cu.StreamSynchronize(S);
  if (R)
    return !fail("copying %lld bytes from cuda device %d to cuda device %d "
                 "failed: %s",
                 (long long)Size, SrcDev, DstDev, errorText(R).c_str());
  return 0;
}

//===-- Launch ------------------------------------------------------------===//

// Resident blocks per SM for K at Threads per block (cached).
int blocksPerSM(Kernel &K, int Threads) {
  std::lock_guard<std::mutex> Lock(K.Mu);
  auto It = K.BlocksPerSM.find(Threads);
  if (It != K.BlocksPerSM.end())
    return It->second;
  int N = 0;
  if (cu.OccupancyMaxActiveBlocksPerMultiprocessor(&N, K.Fn, Threads, 0) !=
      CUDA_SUCCESS)
    N = 0;
  N = std::max(N, 1);
  K.BlocksPerSM[Threads] = N;
  return N;
}

// Blocks when num_teams is not given: enough to fill the GPU (occupancy x
// SMs), but no more than the loop has work for when its trip count is
// known: one block per iteration, or per Threads iterations when a team's
// threads share them. Kernels loop over their iterations, so any grid runs
// every iteration; the trip count only saves blocks that would find none.
long long defaultBlocks(int PerSM, bool ByOccupancy, const DeviceState &D,
                        int Threads, const cot_launch_params &P,
                        std::string &Why) {
  long long Blocks = (long long)PerSM * D.NumSMs;
  Why += ", " + std::to_string(PerSM) + " blocks/SM " +
         (ByOccupancy ? "by occupancy" : "by timing") + " x " +
         std::to_string(D.NumSMs) + " SMs";
  if (P.TripCount <= 0)
    return Blocks;
  bool Shared = P.Flags & COT_LAUNCH_THREADS_SHARE_ITERATIONS;
  // Rounded up without overflow, for trip counts up to 2^63-1.
  long long Useful =
      Shared ? P.TripCount / Threads + (P.TripCount % Threads != 0)
             : P.TripCount;
  if (Useful < Blocks) {
    Blocks = Useful;
    Why += ", cut to the trip count " + std::to_string(P.TripCount) +
           (Shared ? " / " + std::to_string(Threads) + " threads" : "");
  }
  return Blocks;
}

// Full occupancy is not always best for memory-bound kernels ("Splitting
// GPU Kernels, Pipelining Communication and Computation, and Selecting
// Better Grid Geometries"): when each thread walks its own stretch of
// memory, as in CSR SpMV, all warp slots busy evict lines from L1 before
// their threads come back to them; on an H100, SpMV runs 4x faster with 2
// blocks of 256 threads per SM than with the 8 occupancy allows, while a
// streaming kernel (STREAM triad) wants them all. The code does not tell
// which kind a kernel is, so a combined loop construct whose launch takes
// long enough for the difference to matter (TuneSeconds) is timed at
// occupancy, 1, 2 and 4 blocks per SM and occupancy again, one launch each,
// and keeps the fastest for later launches of the same trip count. Any grid
// runs every iteration (kernels loop over theirs), so only speed changes;
// short launches, the usual case in tests, always use occupancy.
constexpr double TuneSeconds = 200e-6;

struct TunedGrid {
  int PerSM;
  GridTuning *Timing; // the tuning this launch's time goes to, or null
};

TunedGrid tunedBlocksPerSM(Kernel &K, int Occupancy, int Threads,
                           const cot_launch_params &P) {
  bool Tunable = P.TripCount > 0 &&
                 (P.Flags & COT_LAUNCH_THREADS_SHARE_ITERATIONS);
  if (!Tunable)
    return {Occupancy, nullptr};
  std::lock_guard<std::mutex> Lock(K.Mu);
  GridTuning &T = K.Tuning[{P.TripCount, Threads}];
  if (T.Chosen)
    return {T.Chosen, nullptr};
  if (T.Candidates.empty()) {
    T.Candidates.push_back(Occupancy);
    for (int PerSM : {1, 2, 4})
      if (PerSM < Occupancy)
        T.Candidates.push_back(PerSM);
    T.Candidates.push_back(Occupancy);
  }
  return {T.Candidates[std::min(T.Next, T.Candidates.size() - 1)], &T};
}

void recordLaunchTime(Kernel &K, GridTuning &T, double Seconds) {
  std::lock_guard<std::mutex> Lock(K.Mu);
  if (T.Chosen || T.Next >= T.Candidates.size())
    return;
  T.Seconds.push_back(Seconds);
  ++T.Next;
  // The first launch decides whether timing is worth it.
  bool Short = T.Next == 1 && Seconds < TuneSeconds;
  if (!Short && T.Next < T.Candidates.size())
    return;
  size_t Best = 0;
  for (size_t I = 1; I < T.Seconds.size(); ++I)
    if (T.Seconds[I] < T.Seconds[Best])
      Best = I;
  T.Chosen = T.Candidates[Best];
  if (!Short)
    info("cuda device %d: kernel '%s' keeps %d blocks/SM (%.1f us; at "
         "occupancy %.1f us)",
         K.Dev, K.Name.c_str(), T.Chosen, T.Seconds[Best] * 1e6,
         std::min(T.Seconds.front(), T.Seconds.back()) * 1e6);
}

int32_t launch(int32_t Dev, void *Handle, void **Args, int32_t NumArgs,
               const cot_launch_params *P, const cot_launch_site *,
               void *Q) {
  int32_t NumTeams = P->NumTeams, ThreadLimit = P->ThreadLimit;
  auto *K = static_cast<Kernel *>(Handle);
  DeviceState *D = use(Dev);
  if (!D)
    return 1;
  if (K->Dev != Dev)
    return !fail("kernel '%s' belongs to cuda device %d, not %d",
                 K->Name.c_str(), K->Dev, Dev);
  int Threads = ThreadLimit > 0 ? ThreadLimit : DefaultThreads;
  Threads = std::min(Threads, K->MaxThreads);
  std::string Why;
  if (ThreadLimit > 0 && Threads < ThreadLimit)
    Why = "thread_limit " + std::to_string(ThreadLimit) +
          " clamped to the kernel's maximum " + std::to_string(K->MaxThreads);
  else if (ThreadLimit > 0)
    Why = "thread_limit " + std::to_string(ThreadLimit);
  else
    Why = "default " + std::to_string(DefaultThreads) + " threads" +
          (Threads < DefaultThreads ? " clamped to the kernel's maximum " +
                                          std::to_string(K->MaxThreads)
                                    : std::string());
  long long Blocks;
  TunedGrid Grid{0, nullptr};
  if (NumTeams > 0) {
    Blocks = NumTeams;
    Why += ", num_teams " + std::to_string(NumTeams);
  } else {
    int Occupancy = blocksPerSM(*K, Threads);
    Grid = Q ? TunedGrid{Occupancy, nullptr} // asynchronous: not timed
             : tunedBlocksPerSM(*K, Occupancy, Threads, *P);
    Blocks = defaultBlocks(Grid.PerSM, Grid.PerSM == Occupancy, *D, Threads,
                           *P, Why);
  }
  if (Blocks > D->MaxGridX) {
    Blocks = D->MaxGridX;
    Why += ", clamped to the maximum grid size";
  }
  info("cuda device %d: kernel '%s' runs %lld blocks x %d threads (%s)", Dev,
       K->Name.c_str(), Blocks, Threads, Why.c_str());

  std::vector<void *> Params((size_t)std::max(NumArgs, 0));
  for (int32_t I = 0; I < NumArgs; ++I)
    Params[(size_t)I] = &Args[I];
  CUstream S = streamOf(Q);
  auto Start = std::chrono::steady_clock::now();
  CUresult R = cu.LaunchKernel(K->Fn, (unsigned)Blocks, 1, 1,
                               (unsigned)Threads, 1, 1, 0, S,
                               NumArgs > 0 ? Params.data() : nullptr, nullptr);
  if (R)
    return !fail("cannot launch kernel '%s' (%lld blocks x %d threads) on "
                 "cuda device %d: %s",
                 K->Name.c_str(), Blocks, Threads, Dev, errorText(R).c_str());
  if (Q) {
    static_cast<Queue *>(Q)->LastKernel = K->Name;
    return 0;
  }
  if ((R = cu.StreamSynchronize(S)))
    return !fail("kernel '%s' failed on cuda device %d: %s", K->Name.c_str(),
                 Dev, errorText(R).c_str());
  if (Grid.Timing)
    recordLaunchTime(*K, *Grid.Timing,
                     std::chrono::duration<double>(
                         std::chrono::steady_clock::now() - Start)
                         .count());
  return 0;
}

//===-- Queues ------------------------------------------------------------===//

int32_t queueCreate(int32_t Dev, void **Out) {
  *Out = nullptr;
  if (!use(Dev))
    return 1;
  auto Q = std::make_unique<Queue>();
  Q->Dev = Dev;
  if (CUresult R = cu.StreamCreate(&Q->Stream, CU_STREAM_NON_BLOCKING))
    return !fail("cannot create a stream on cuda device %d: %s", Dev,
                 errorText(R).c_str());
  *Out = Q.release();
  return 0;
}

int32_t synchronize(int32_t Dev, void *Q) {
  if (!use(Dev))
    return 1;
  if (CUresult R = cu.StreamSynchronize(streamOf(Q))) {
    const std::string *Last = Q ? &static_cast<Queue *>(Q)->LastKernel : nullptr;
    if (Last && !Last->empty())
      return !fail("asynchronous work on cuda device %d failed (last kernel "
                   "'%s'): %s",
                   Dev, Last->c_str(), errorText(R).c_str());
    return !fail("asynchronous work on cuda device %d failed: %s", Dev,
                 errorText(R).c_str());
  }
  return 0;
}

int32_t queueDestroy(int32_t Dev, void *Q) {
  if (!Q)
    return 0;
  auto *Queue_ = static_cast<Queue *>(Q);
  int32_t Rc = 0;
  if (!driverGone() && use(Dev))
    if (CUresult R = cu.StreamDestroy(Queue_->Stream))
      Rc = !fail("cannot destroy a stream of cuda device %d: %s", Dev,
                 errorText(R).c_str());
  delete Queue_;
  return Rc;
}

const char *lastError() { return LastError; }

const cot_plugin_api Api = {
    COT_PLUGIN_API_VERSION, 0, "cuda", init, whyUnavailable, numDevices,
    deviceFeatures, initDevice, isImageCompatible, loadImage, unloadImage, lookupGlobal,
    lookupKernel, dataAlloc, dataFree, copyToDevice, copyFromDevice,
    copyDeviceToDevice, launch, queueCreate, synchronize, queueDestroy,
    lastError};

} // namespace

COT_EXPORT const cot_plugin_api *__cot_plugin_get_api(void) { return &Api; }

//===- CUDAPlugin.h - The NVIDIA GPU plugin ---------------------*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Runs offloaded regions on NVIDIA GPUs through the CUDA driver API, which is
// dlopened at run time (CUDADriver.h): without libcuda.so.1 or without a GPU
// the plugin reports why and offers no devices. It is the CUDA hooks of the
// generic plugin layer (plugins/common/GenericPlugin.h), in these files:
//  - CUDAPlugin.cpp: start-up, devices, images (cubin or JIT-compiled PTX),
//    symbol lookup;
//  - CUDAMemory.cpp: device memory and copies, through pinned memory so
//    that they are asynchronous (HostCopy.h copies large buffers with
//    several threads);
//  - CUDAQueues.cpp: queues (a CUDA stream each, with its pinned staging),
//    waiting for them, events;
//  - CUDALaunch.cpp: launch geometry (the launch model of LaunchModel.h,
//    or what the opt-in search cached, LaunchCache.h) and the launch
//    itself;
//  - CUDAHostMemory.cpp: pinned host and managed memory
//    (llvm_omp_target_alloc_host/_shared);
//  - CUDAInterop.cpp: `#pragma omp interop` objects (device, context, a
//    stream for targetsync).
//
// Devices are the driver's devices 0..n-1 (CUDA_VISIBLE_DEVICES applies),
// each used through its primary context, made current on the calling thread
// by every hook (use()).
//
// Process lifetime: after exit() has begun (the driver tears itself down)
// and in a child of fork() (a CUDA context does not survive fork), the
// plugin makes no driver call: hooks fail with a message, and unloading or
// freeing only drops the plugin's own records.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_PLUGINS_CUDAPLUGIN_H
#define CLANG_OFFLOAD_PLUGINS_CUDAPLUGIN_H

#include "CUDADriver.h"
#include "GenericPlugin.h"
#include "LaunchCache.h"
#include "LaunchModel.h"

#include <atomic>
#include <deque>
#include <map>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace cot::cuda {

using cot::plugin::GenericImage;
using cot::plugin::GenericKernel;
using cot::plugin::GenericQueue;

constexpr size_t MaxCachedBytesPerDevice = 256u << 20;

// Host memory is pageable, and the driver copies pageable memory
// synchronously (a device-to-host copy returns when it is done; host to
// device first waits for the stream). So every copy goes through pinned
// memory: small ones through the queue's arena, larger ones in chunks
// through staging buffers that the device's queues share.
constexpr size_t ArenaBytes = 64u << 10;  // per queue
constexpr size_t StagingChunk = 16u << 20; // per staging buffer
constexpr size_t MaxStagingBuffers = 8;     // per device (128 MiB pinned)

/// A pinned buffer of StagingChunk bytes and the event after the last copy
/// that used it.
struct StagingBuffer {
  void *Host = nullptr;
  CUevent Done = nullptr;
};

/// Host memory that a queued device-to-host copy writes once the data has
/// arrived in pinned memory, in the order the copies were queued.
struct HostWrite {
  char *Dst = nullptr;
  size_t Size = 0;
  /// A small copy: the bytes arrive in the queue's arena here.
  const char *Arena = nullptr;
  /// A staged copy: chunk I of Src streams through Buffers[I % n]; chunks
  /// before Issued have been queued, those before Copied written to Dst.
  CUdeviceptr Src = 0;
  size_t Issued = 0, Copied = 0;
  std::vector<StagingBuffer *> Buffers;
};

struct CUDAQueue : GenericQueue {
  CUstream Stream = nullptr;
  char *Arena = nullptr; // pinned, ArenaBytes, for small copies
  size_t ArenaUsed = 0;
  std::deque<HostWrite> Writes;
  /// Staging buffers of queued host-to-device copies, returned when the
  /// queue is done.
  std::vector<StagingBuffer *> Held;
  /// The name of the last kernel queued since the queue was last done, for
  /// the message of a fault (null: none). Atomic: another thread may record
  /// an event on a thread's ordered queue while it launches there.
  std::atomic<const std::string *> Kernel{nullptr};
};

struct DeviceState {
  CUdevice Handle = 0;
  CUcontext Ctx = nullptr;
  int Sm = 0, NumSMs = 1, MaxThreads = 1024, MaxGridX = 0x7fffffff;
  int SharedPerSM = 0;
  std::string Name;

  // What the device's queues share (CUDAQueues.cpp, CUDAMemory.cpp).
  std::mutex PoolMu;
  std::vector<StagingBuffer *> FreeStaging;
  size_t StagingBuffers = 0; // allocated, free or not
  std::vector<CUevent> FreeEvents;
  /// The kernel last queued before each recorded event, for the message of
  /// a fault that event_query finds.
  std::unordered_map<CUevent, std::string> EventKernels;
};

// The opt-in search of one trip-count class and thread_limit of a kernel:
// the candidate grids, timed round-robin, one launch each per round
// (CUDALaunch.cpp).
struct GridSearch {
  std::vector<GridChoice> Candidates;
  std::vector<std::vector<double>> SecondsPerIteration; // per candidate
  size_t Launches = 0;
};

struct CUDAKernel : GenericKernel {
  CUfunction Fn = nullptr;
  KernelFacts Facts;
  uint64_t ImageHash = 0; // 0 when no cache is in use
  std::mutex Mu;
  std::unordered_map<int, int> BlocksPerSM; // threads -> occupancy
  // The model's last answer, for the next launch with the same request.
  LaunchRequest LastRequest;
  Geometry LastModel;
  bool HasLastModel = false;
  // The kernel's cache file, read on its first launch.
  bool CacheRead = false;
  std::string CachePath;
  std::vector<CachedGrid> Cached;
  std::map<std::pair<int, int32_t>, GridSearch> Searches; // (class, limit)
};

struct CUDAImage : GenericImage {
  CUmodule Module = nullptr;
  uint64_t Hash = 0; // content hash, when the launch cache is in use
  std::unordered_map<std::string, cot_kernel_record> KernelRecords;
};

class CUDAPlugin final : public cot::plugin::GenericPlugin {
public:
  CUDAPlugin() : GenericPlugin("cuda", 0, MaxCachedBytesPerDevice) {}

private:
  std::deque<DeviceState> Devices;

  /// Device Dev with its context current on this thread, or an Error (the
  /// driver is gone, or the context cannot be made current).
  Error use(int32_t Dev, DeviceState *&D);

  // CUDAPlugin.cpp
  Error initImpl(int32_t &NumDevices) override;
  uint32_t deviceFeaturesImpl(int32_t Dev, const char **Why) override;
  Error initDeviceImpl(int32_t Dev) override;
  bool isImageCompatibleImpl(const char *Triple, const void *Image,
                             size_t Size) override;
  Error loadImageImpl(int32_t Dev, const void *Image, size_t Size,
                      std::unique_ptr<GenericImage> &Out) override;
  Error unloadImageImpl(GenericImage &Image) override;
  Error lookupGlobalImpl(GenericImage &Image, const char *Name, void *&Addr,
                         uint64_t &Size) override;
  Error lookupKernelImpl(GenericImage &Image, const char *Name,
                         std::unique_ptr<GenericKernel> &Out) override;
  Error setHeapSize(int32_t Dev);
  Error setStackSize(int32_t Dev);

  // CUDAMemory.cpp
  Error allocImpl(int32_t Dev, size_t Size, void *&Ptr) override;
  Error freeImpl(int32_t Dev, void *Ptr) override;
  Error copyToDeviceImpl(int32_t Dev, void *Dst, const void *Src, size_t Size,
                         GenericQueue &Q) override;
  Error copyFromDeviceImpl(int32_t Dev, void *Dst, const void *Src, size_t Size,
                           GenericQueue &Q) override;
  Error copyDeviceToDeviceImpl(int32_t SrcDev, const void *Src, int32_t DstDev,
                               void *Dst, size_t Size) override;

  // CUDAQueues.cpp
  Error createQueueImpl(int32_t Dev,
                        std::unique_ptr<GenericQueue> &Out) override;
  Error waitQueueImpl(GenericQueue &Q) override;
  Error queryQueueImpl(GenericQueue &Q, bool &Done) override;
  Error recordEventImpl(GenericQueue &Q, void *&Event) override;
  Error waitEventImpl(GenericQueue &Q, void *Event) override;
  Error destroyEventImpl(int32_t Dev, void *Event) override;
  Error queryEventImpl(int32_t Dev, void *Event, bool &Done) override;
  /// Moves Q's work on: writes host memory whose data has arrived, queues
  /// further chunks of staged copies. Blocking: until Q is done; otherwise
  /// Done says whether it is.
  Error advance(CUDAQueue &Q, bool Blocking, bool &Done);

  // CUDAHostMemory.cpp
  Error allocAccessibleImpl(int32_t Dev, size_t Size, int32_t Kind,
                            void *&Ptr) override;
  Error freeAccessibleImpl(int32_t Dev, void *Ptr, int32_t Kind) override;

  // CUDALaunch.cpp
  Error launchImpl(GenericKernel &Kernel, void **Args, int32_t NumArgs,
                   const cot_launch_params &Params, const cot_launch_site &Site,
                   cot_launch_grid &Ran, GenericQueue &Q) override;

  // CUDAInterop.cpp
  Error interopInitImpl(int32_t Dev, bool TargetSync,
                        cot_interop_info &Info) override;
  Error interopSyncImpl(int32_t Dev, const cot_interop_info &Info) override;
  Error interopReleaseImpl(int32_t Dev, cot_interop_info &Info) override;
};

// CUDAMemory.cpp
/// Queues chunk W.Issued of a staged device -> host copy into its buffer.
CUresult queueChunk(CUDAQueue &Q, HostWrite &W);

// CUDAQueues.cpp
/// The failure R of Kernel, found when its queue was waited for.
Error kernelFailed(const std::string &Kernel, int32_t Dev, CUresult R);
/// Waits for the work queued on S (see CUDAQueues.cpp).
CUresult waitForStream(CUstream S);
/// Up to Want staging buffers of D (fewer when the device has its maximum
/// in use), with their events.
std::vector<StagingBuffer *> takeStaging(DeviceState &D, size_t Want);
void returnStaging(DeviceState &D, std::vector<StagingBuffer *> &Buffers);

/// Why the driver cannot be called now (the process is exiting, or this is
/// a child of fork()), or null.
const char *driverGone();

/// Whether launches read or write the launch cache (CUDALaunch.cpp): the
/// search is on, or the cache directory exists.
bool launchCacheInUse();

} // namespace cot::cuda

#endif

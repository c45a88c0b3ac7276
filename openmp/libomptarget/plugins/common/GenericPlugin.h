//===- GenericPlugin.h - What every plugin shares ---------------*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The generic plugin layer: a plugin .so is one GenericPlugin subclass. This
// class implements the C function table of PluginAPI.h (the ABI between
// libomptarget and its plugins) and owns what every plugin needs the same
// way:
//  - last_error: the calling thread's failure, from the cot::Error a hook
//    returned;
//  - argument checks before any hook runs: device numbers, negative sizes,
//    zero-byte copies, image and kernel handles;
//  - device start-up, once per device;
//  - images and their kernel tables (a kernel is looked up once per image),
//    and the "no such symbol" messages;
//  - device memory: which blocks are live (a free of anything else is an
//    error), and a cache of small blocks for plugins whose allocation is
//    slow (MemoryCache.h); host and shared memory (llvm_omp_target_alloc_*)
//    with the kind of each live block, so that one free serves all kinds;
//  - queues: each device keeps its idle queues for reuse, so creating one
//    is cheap. A plugin whose copies and launches complete when they are
//    made (the host) keeps the default queue hooks: its queues are always
//    done and its events mark nothing;
//  - under LIBOMPTARGET_DEBUG=2, a line for every call into the plugin.
// A vendor plugin implements the ...Impl hooks below; they run only on
// checked arguments and return an Error naming the device.
//
// The subclass is created by cot::plugin::createPlugin() (one per .so) and
// never destroyed: libomptarget unloads images from destructors that may run
// after this library's.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_PLUGINS_GENERICPLUGIN_H
#define CLANG_OFFLOAD_PLUGINS_GENERICPLUGIN_H

#include "Environment.h"
#include "MemoryCache.h"
#include "Message.h"
#include "PluginAPI.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace cot::plugin {

/// A kernel of a loaded image; plugins derive their own.
struct GenericKernel {
  virtual ~GenericKernel() = default;
  std::string Name;
  int32_t Dev = 0;
};

/// A loaded image; plugins derive their own. Its kernels are looked up once.
struct GenericImage {
  virtual ~GenericImage() = default;
  int32_t Dev = 0;
  std::mutex KernelsMu;
  std::unordered_map<std::string, std::unique_ptr<GenericKernel>> Kernels;
};

/// A queue of asynchronous work on one device; plugins derive their own.
struct GenericQueue {
  virtual ~GenericQueue() = default;
  int32_t Dev = 0;
};

class GenericPlugin {
public:
  /// Name: "cuda", "x86_64" (also the start of its messages: "cuda device
  /// 0"); Flags: COT_PLUGIN_*; CachedBytesPerDevice: the most bytes of
  /// freed small blocks kept per device for reuse (0: none).
  GenericPlugin(const char *Name, uint32_t Flags, size_t CachedBytesPerDevice);
  virtual ~GenericPlugin() = default;

  /// The C function table that libomptarget calls.
  const cot_plugin_api &api() const { return Api; }
  const char *name() const { return Name; }
  int32_t numDevices() const { return NumDevices; }

  // The entry points of the table, with their checks.
  int32_t init();
  const char *whyUnavailable() const { return Unavailable.c_str(); }
  uint32_t deviceFeatures(int32_t Dev, const char **Why);
  int32_t initDevice(int32_t Dev);
  int32_t isImageCompatible(const char *Triple, const char *Arch,
                            const void *Image, size_t Size);
  void *loadImage(int32_t Dev, const void *Image, size_t Size);
  int32_t unloadImage(int32_t Dev, void *Handle);
  void *lookupGlobal(void *Handle, const char *Name, uint64_t *Size);
  void *lookupKernel(void *Handle, const char *Name);
  void *dataAlloc(int32_t Dev, int64_t Size, int32_t Kind);
  int32_t dataFree(int32_t Dev, void *Ptr);
  int32_t copyToDevice(int32_t Dev, void *Dst, const void *Src, int64_t Size,
                       void *Queue);
  int32_t copyFromDevice(int32_t Dev, void *Dst, const void *Src, int64_t Size,
                         void *Queue);
  int32_t copyDeviceToDevice(int32_t SrcDev, const void *Src, int32_t DstDev,
                             void *Dst, int64_t Size);
  int32_t launch(int32_t Dev, void *Kernel, void **Args, int32_t NumArgs,
                 const cot_launch_params *Params, const cot_launch_site *Site,
                 cot_launch_grid *Grid, void *Queue);
  int32_t interopInit(int32_t Dev, int32_t TargetSync, cot_interop_info *Info);
  int32_t interopSync(int32_t Dev, const cot_interop_info *Info);
  int32_t interopRelease(int32_t Dev, cot_interop_info *Info);
  void *queueCreate(int32_t Dev);
  int32_t queueWait(int32_t Dev, void *Queue);
  int32_t queueQuery(int32_t Dev, void *Queue);
  int32_t queueDestroy(int32_t Dev, void *Queue);
  int32_t eventRecord(int32_t Dev, void *Queue, void **Event);
  int32_t eventWait(int32_t Dev, void *Queue, void *Event);
  int32_t eventDestroy(int32_t Dev, void *Event);
  int32_t eventQuery(int32_t Dev, void *Event);
  static const char *lastError();

protected:
  /// Starts the plugin; an Error says why it cannot run here. Sets the
  /// number of devices.
  virtual Error initImpl(int32_t &NumDevices) = 0;
  /// The COT_REQUIRES_* features Dev gives, before it is started.
  virtual uint32_t deviceFeaturesImpl(int32_t Dev, const char **Why) = 0;
  virtual Error initDeviceImpl(int32_t Dev) = 0;
  virtual bool isImageCompatibleImpl(const char *Triple, const void *Image,
                                     size_t Size) = 0;
  virtual Error loadImageImpl(int32_t Dev, const void *Image, size_t Size,
                              std::unique_ptr<GenericImage> &Out) = 0;
  virtual Error unloadImageImpl(GenericImage &Image) = 0;
  /// Addr null (and success) when the image has no such global.
  virtual Error lookupGlobalImpl(GenericImage &Image, const char *Name,
                                 void *&Addr, uint64_t &Size) = 0;
  /// Out null (and success) when the image has no such kernel.
  virtual Error lookupKernelImpl(GenericImage &Image, const char *Name,
                                 std::unique_ptr<GenericKernel> &Out) = 0;
  virtual Error allocImpl(int32_t Dev, size_t Size, void *&Ptr) = 0;
  virtual Error freeImpl(int32_t Dev, void *Ptr) = 0;
  /// Host or shared memory (COT_MEMORY_HOST, COT_MEMORY_SHARED): memory
  /// that both the host and Dev reach, never cached.
  virtual Error allocAccessibleImpl(int32_t Dev, size_t Size, int32_t Kind,
                                    void *&Ptr) = 0;
  virtual Error freeAccessibleImpl(int32_t Dev, void *Ptr, int32_t Kind) = 0;
  // Copies of Size > 0 bytes between started devices and the host, queued
  // on Q, a queue of Dev (for a synchronous call the generic layer queues
  // on a queue of its own and waits for it).
  virtual Error copyToDeviceImpl(int32_t Dev, void *Dst, const void *Src,
                                 size_t Size, GenericQueue &Q) = 0;
  virtual Error copyFromDeviceImpl(int32_t Dev, void *Dst, const void *Src,
                                   size_t Size, GenericQueue &Q) = 0;
  virtual Error copyDeviceToDeviceImpl(int32_t SrcDev, const void *Src,
                                       int32_t DstDev, void *Dst,
                                       size_t Size) = 0;
  /// Queues K on Q, a queue of K's device; Grid gets the grid it runs
  /// with.
  virtual Error launchImpl(GenericKernel &K, void **Args, int32_t NumArgs,
                           const cot_launch_params &Params,
                           const cot_launch_site &Site, cot_launch_grid &Grid,
                           GenericQueue &Q) = 0;
  /// The foreign-runtime handles of an interop object of Dev (a new
  /// synchronisation object when TargetSync), waiting for the work queued
  /// on its synchronisation object, and releasing what init made.
  virtual Error interopInitImpl(int32_t Dev, bool TargetSync,
                                cot_interop_info &Info) = 0;
  virtual Error interopSyncImpl(int32_t Dev, const cot_interop_info &Info) = 0;
  virtual Error interopReleaseImpl(int32_t Dev, cot_interop_info &Info) = 0;
  // Queues and events. The defaults are a plugin's whose copies and
  // launches complete when they are made: nothing is ever pending.
  /// A new queue of Dev (called when no idle one is left).
  virtual Error createQueueImpl(int32_t Dev,
                                std::unique_ptr<GenericQueue> &Out);
  /// Waits for Q's work and finishes its copies into host memory.
  virtual Error waitQueueImpl(GenericQueue &Q);
  /// As waitQueueImpl without blocking; Done false while work remains.
  virtual Error queryQueueImpl(GenericQueue &Q, bool &Done);
  /// Marks Q's work so far (Event null: nothing to wait for).
  virtual Error recordEventImpl(GenericQueue &Q, void *&Event);
  virtual Error waitEventImpl(GenericQueue &Q, void *Event);
  virtual Error destroyEventImpl(int32_t Dev, void *Event);
  /// Done once the work Event marks has finished (from any thread).
  virtual Error queryEventImpl(int32_t Dev, void *Event, bool &Done);

  /// "cuda device 3", for messages.
  std::string deviceName(int32_t Dev) const;

private:
  struct DeviceSlot {
    std::mutex InitMu;
    std::atomic<bool> Ready{false}; // read without InitMu by every check
    MemoryCache Memory;
    /// Live host and shared blocks -> their COT_MEMORY_* kind.
    std::mutex AccessibleMu;
    std::unordered_map<void *, int32_t> Accessible;
    std::mutex QueuesMu;
    std::vector<std::unique_ptr<GenericQueue>> IdleQueues;
    explicit DeviceSlot(size_t CachedBytes) : Memory(CachedBytes) {}
  };

  const char *const Name;
  const size_t CachedBytesPerDevice;
  cot_plugin_api Api;
  int32_t NumDevices = 0;
  std::string Unavailable;
  std::deque<DeviceSlot> Devices;

  /// Records E as the calling thread's last error; returns 1 (failure).
  static int32_t fail(const Error &E);
  /// An Error unless Dev is one of the plugin's devices.
  Error checkDeviceNumber(int32_t Dev) const;
  /// An Error unless Dev is a started device.
  Error checkDevice(int32_t Dev) const;
  /// An Error for a negative Size (Doing: "copy", "allocate").
  Error checkSize(int32_t Dev, int64_t Size, const char *Doing) const;
  /// A copy of Size bytes between Dev and OtherDev (the same device for
  /// copies with the host): checks, then Hook for a non-empty copy.
  int32_t copy(int32_t Dev, int32_t OtherDev, int64_t Size,
               const std::function<Error()> &Hook);
  GenericImage *image(void *Handle);
  /// The queue behind Handle, or an Error when it is null or not Dev's.
  Error queue(int32_t Dev, void *Handle, GenericQueue *&Q) const;
  /// Runs Work on the queue behind Handle, or for a null Handle on a queue
  /// of its own that it then waits for.
  Error onQueue(int32_t Dev, void *Handle,
                const std::function<Error(GenericQueue &)> &Work);
  /// Host or shared memory of Dev (checked), recorded as live.
  Error allocAccessible(int32_t Dev, size_t Size, int32_t Kind, void *&Ptr);
  /// Frees Ptr when it is a live host or shared block of Dev (Found set).
  Error freeAccessible(int32_t Dev, void *Ptr, bool &Found);
};

/// The plugin of this .so; defined by each vendor plugin.
GenericPlugin &thePlugin();

} // namespace cot::plugin

#endif

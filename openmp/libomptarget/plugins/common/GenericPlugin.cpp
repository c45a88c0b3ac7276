//===- GenericPlugin.cpp - What every plugin shares
//------------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The entry points of PluginAPI.h's function table: each checks its
// arguments, calls the vendor hook and turns a failure into the thread's
// last error (and, under LIBOMPTARGET_DEBUG=2, says what it was called
// with). Also defines the plugin's one exported symbol.
//
//===----------------------------------------------------------------------===//

#include "GenericPlugin.h"

#include <cstdio>

using namespace cot;
using namespace cot::plugin;

namespace {

// Trivially destructible, so that no thread's exit leaves it dead (the main
// thread's thread_local destructors run at exit, before the images are
// unregistered).
thread_local char LastError[8192];

// The table's functions: each forwards to the plugin of this .so.
GenericPlugin &P() { return thePlugin(); }
int32_t apiInit() { return P().init(); }
const char *apiWhyUnavailable() { return P().whyUnavailable(); }
int32_t apiNumDevices() { return P().numDevices(); }
uint32_t apiDeviceFeatures(int32_t Dev, const char **Why) {
  return P().deviceFeatures(Dev, Why);
}
int32_t apiInitDevice(int32_t Dev) { return P().initDevice(Dev); }
int32_t apiIsImageCompatible(const char *Triple, const char *Arch,
                             const void *Image, size_t Size) {
  return P().isImageCompatible(Triple, Arch, Image, Size);
}
void *apiLoadImage(int32_t Dev, const void *Image, size_t Size) {
  return P().loadImage(Dev, Image, Size);
}
int32_t apiUnloadImage(int32_t Dev, void *Handle) {
  return P().unloadImage(Dev, Handle);
}
void *apiLookupGlobal(void *Handle, const char *Name, uint64_t *Size) {
  return P().lookupGlobal(Handle, Name, Size);
}
void *apiLookupKernel(void *Handle, const char *Name) {
  return P().lookupKernel(Handle, Name);
}
void *apiDataAlloc(int32_t Dev, int64_t Size, int32_t Kind) {
  return P().dataAlloc(Dev, Size, Kind);
}
int32_t apiDataFree(int32_t Dev, void *Ptr) { return P().dataFree(Dev, Ptr); }
int32_t apiCopyToDevice(int32_t Dev, void *Dst, const void *Src, int64_t Size,
                        void *Queue) {
  return P().copyToDevice(Dev, Dst, Src, Size, Queue);
}
int32_t apiCopyFromDevice(int32_t Dev, void *Dst, const void *Src, int64_t Size,
                          void *Queue) {
  return P().copyFromDevice(Dev, Dst, Src, Size, Queue);
}
int32_t apiCopyDeviceToDevice(int32_t SrcDev, const void *Src, int32_t DstDev,
                              void *Dst, int64_t Size) {
  return P().copyDeviceToDevice(SrcDev, Src, DstDev, Dst, Size);
}
int32_t apiLaunch(int32_t Dev, void *Kernel, void **Args, int32_t NumArgs,
                  const cot_launch_params *Params, const cot_launch_site *Site,
                  cot_launch_grid *Grid, void *Queue) {
  return P().launch(Dev, Kernel, Args, NumArgs, Params, Site, Grid, Queue);
}
int32_t apiInteropInit(int32_t Dev, int32_t TargetSync,
                       cot_interop_info *Info) {
  return P().interopInit(Dev, TargetSync, Info);
}
int32_t apiInteropSync(int32_t Dev, const cot_interop_info *Info) {
  return P().interopSync(Dev, Info);
}
int32_t apiInteropRelease(int32_t Dev, cot_interop_info *Info) {
  return P().interopRelease(Dev, Info);
}
void *apiQueueCreate(int32_t Dev) { return P().queueCreate(Dev); }
int32_t apiQueueWait(int32_t Dev, void *Queue) {
  return P().queueWait(Dev, Queue);
}
int32_t apiQueueQuery(int32_t Dev, void *Queue) {
  return P().queueQuery(Dev, Queue);
}
int32_t apiQueueDestroy(int32_t Dev, void *Queue) {
  return P().queueDestroy(Dev, Queue);
}
int32_t apiEventRecord(int32_t Dev, void *Queue, void **Event) {
  return P().eventRecord(Dev, Queue, Event);
}
int32_t apiEventWait(int32_t Dev, void *Queue, void *Event) {
  return P().eventWait(Dev, Queue, Event);
}
int32_t apiEventDestroy(int32_t Dev, void *Event) {
  return P().eventDestroy(Dev, Event);
}
int32_t apiEventQuery(int32_t Dev, void *Event) {
  return P().eventQuery(Dev, Event);
}

} // namespace

GenericPlugin::GenericPlugin(const char *Name, uint32_t Flags,
                             size_t CachedBytesPerDevice)
    : Name(Name), CachedBytesPerDevice(CachedBytesPerDevice),
      Api{COT_PLUGIN_API_VERSION,
          Flags,
          Name,
          apiInit,
          apiWhyUnavailable,
          apiNumDevices,
          apiDeviceFeatures,
          apiInitDevice,
          apiIsImageCompatible,
          apiLoadImage,
          apiUnloadImage,
          apiLookupGlobal,
          apiLookupKernel,
          apiDataAlloc,
          apiDataFree,
          apiCopyToDevice,
          apiCopyFromDevice,
          apiCopyDeviceToDevice,
          apiLaunch,
          apiInteropInit,
          apiInteropSync,
          apiInteropRelease,
          apiQueueCreate,
          apiQueueWait,
          apiQueueQuery,
          apiQueueDestroy,
          apiEventRecord,
          apiEventWait,
          apiEventDestroy,
          apiEventQuery,
          GenericPlugin::lastError} {}

//===-- Errors and checks -------------------------------------------------===//

int32_t GenericPlugin::fail(const Error &E) {
  snprintf(LastError, sizeof(LastError), "%s", E.message().c_str());
  debug(2, "plugin call failed: %s", LastError);
  return 1;
}

const char *GenericPlugin::lastError() { return LastError; }

std::string GenericPlugin::deviceName(int32_t Dev) const {
  return std::string(Name) + " device " + std::to_string(Dev);
}

Error GenericPlugin::checkDeviceNumber(int32_t Dev) const {
  if (Dev < 0 || Dev >= NumDevices)
    return Error::make("%s does not exist (%d devices)",
                       deviceName(Dev).c_str(), NumDevices);
  return Error::success();
}

Error GenericPlugin::checkDevice(int32_t Dev) const {
  if (Error E = checkDeviceNumber(Dev))
    return E;
  if (!Devices[(size_t)Dev].Ready)
    return Error::make("%s is not initialised", deviceName(Dev).c_str());
  return Error::success();
}

// A negative size (what a size over 2^63-1 becomes) is a failure, never an
// empty copy or a one-byte block.
Error GenericPlugin::checkSize(int32_t Dev, int64_t Size,
                               const char *Doing) const {
  if (Size >= 0)
    return Error::success();
  return Error::make("cannot %s %lld bytes on %s: a negative size", Doing,
                     (long long)Size, deviceName(Dev).c_str());
}

GenericImage *GenericPlugin::image(void *Handle) {
  return static_cast<GenericImage *>(Handle);
}

Error GenericPlugin::queue(int32_t Dev, void *Handle, GenericQueue *&Q) const {
  if (Error E = checkDevice(Dev))
    return E;
  Q = static_cast<GenericQueue *>(Handle);
  if (!Q)
    return Error::make("no queue given on %s", deviceName(Dev).c_str());
  if (Q->Dev != Dev)
    return Error::make("a queue of %s used on %s", deviceName(Q->Dev).c_str(),
                       deviceName(Dev).c_str());
  return Error::success();
}

Error GenericPlugin::onQueue(int32_t Dev, void *Handle,
                             const std::function<Error(GenericQueue &)> &Work) {
  GenericQueue *Q = nullptr;
  if (Handle) {
    if (Error E = queue(Dev, Handle, Q))
      return E;
    return Work(*Q);
  }
  Q = static_cast<GenericQueue *>(queueCreate(Dev));
  if (!Q)
    return Error::fromMessage(lastError());
  Error E = Work(*Q);
  if (!E)
    E = waitQueueImpl(*Q);
  queueDestroy(Dev, Q);
  return E;
}

//===-- Start-up ----------------------------------------------------------===//

int32_t GenericPlugin::init() {
  int32_t N = 0;
  if (Error E = initImpl(N)) {
    Unavailable = E.message();
    return 1;
  }
  for (int32_t I = 0; I < N; ++I)
    Devices.emplace_back(CachedBytesPerDevice);
  NumDevices = N;
  return 0;
}

uint32_t GenericPlugin::deviceFeatures(int32_t Dev, const char **Why) {
  if (Dev < 0 || Dev >= NumDevices)
    return 0;
  return deviceFeaturesImpl(Dev, Why);
}

int32_t GenericPlugin::initDevice(int32_t Dev) {
  debug(2, "%s: init_device(%d)", Name, Dev);
  if (Error E = checkDeviceNumber(Dev))
    return fail(E);
  DeviceSlot &D = Devices[(size_t)Dev];
  std::lock_guard<std::mutex> Lock(D.InitMu);
  if (D.Ready)
    return 0;
  if (Error E = initDeviceImpl(Dev))
    return fail(E);
  D.Ready = true;
  return 0;
}

//===-- Images ------------------------------------------------------------===//

int32_t GenericPlugin::isImageCompatible(const char *Triple, const char *,
                                         const void *Image, size_t Size) {
  return Triple && Image && isImageCompatibleImpl(Triple, Image, Size);
}

void *GenericPlugin::loadImage(int32_t Dev, const void *Image, size_t Size) {
  debug(2, "%s: load_image(%d, %p, %zu bytes)", Name, Dev, Image, Size);
  if (Error E = checkDevice(Dev)) {
    fail(E);
    return nullptr;
  }
  std::unique_ptr<GenericImage> Img;
  if (Error E = loadImageImpl(Dev, Image, Size, Img)) {
    fail(E);
    return nullptr;
  }
  Img->Dev = Dev;
  return Img.release();
}

int32_t GenericPlugin::unloadImage(int32_t Dev, void *Handle) {
  debug(2, "%s: unload_image(%d, %p)", Name, Dev, Handle);
  if (!Handle)
    return 0;
  std::unique_ptr<GenericImage> Img(image(Handle));
  Img->Kernels.clear();
  if (Error E = unloadImageImpl(*Img))
    return fail(E);
  return 0;
}

void *GenericPlugin::lookupGlobal(void *Handle, const char *Name,
                                  uint64_t *Size) {
  void *Addr = nullptr;
  uint64_t Bytes = 0;
  if (Error E = lookupGlobalImpl(*image(Handle), Name, Addr, Bytes)) {
    fail(E);
    return nullptr;
  }
  if (!Addr) {
    fail(Error::make("device image has no global symbol '%s'", Name));
    return nullptr;
  }
  if (Size)
    *Size = Bytes;
  debug(2, "%s: lookup_global('%s') -> %p, %llu bytes", this->Name, Name, Addr,
        (unsigned long long)Bytes);
  return Addr;
}

void *GenericPlugin::lookupKernel(void *Handle, const char *Name) {
  GenericImage &Img = *image(Handle);
  std::lock_guard<std::mutex> Lock(Img.KernelsMu);
  auto It = Img.Kernels.find(Name);
  if (It != Img.Kernels.end())
    return It->second.get();
  std::unique_ptr<GenericKernel> K;
  if (Error E = lookupKernelImpl(Img, Name, K)) {
    fail(E);
    return nullptr;
  }
  if (!K) {
    fail(Error::make("device image has no kernel symbol '%s'", Name));
    return nullptr;
  }
  K->Name = Name;
  K->Dev = Img.Dev;
  GenericKernel *Raw = K.get();
  debug(2, "%s: lookup_kernel('%s') -> %p", this->Name, Name, (void *)Raw);
  Img.Kernels.emplace(Name, std::move(K));
  return Raw;
}

//===-- Memory and copies -------------------------------------------------===//

Error GenericPlugin::allocAccessible(int32_t Dev, size_t Size, int32_t Kind,
                                     void *&Ptr) {
  if (Error E = allocAccessibleImpl(Dev, Size, Kind, Ptr))
    return E;
  DeviceSlot &D = Devices[(size_t)Dev];
  std::lock_guard<std::mutex> Lock(D.AccessibleMu);
  D.Accessible[Ptr] = Kind;
  return Error::success();
}

Error GenericPlugin::freeAccessible(int32_t Dev, void *Ptr, bool &Found) {
  DeviceSlot &D = Devices[(size_t)Dev];
  int32_t Kind;
  {
    std::lock_guard<std::mutex> Lock(D.AccessibleMu);
    auto It = D.Accessible.find(Ptr);
    Found = It != D.Accessible.end();
    if (!Found)
      return Error::success();
    Kind = It->second;
    D.Accessible.erase(It);
  }
  return freeAccessibleImpl(Dev, Ptr, Kind);
}

void *GenericPlugin::dataAlloc(int32_t Dev, int64_t Size, int32_t Kind) {
  Error E = checkSize(Dev, Size, "allocate");
  if (!E)
    E = checkDevice(Dev);
  if (!E && Kind != COT_MEMORY_DEVICE && Kind != COT_MEMORY_HOST &&
      Kind != COT_MEMORY_SHARED)
    E = Error::make("cannot allocate memory of unknown kind %d on %s", Kind,
                    deviceName(Dev).c_str());
  void *Ptr = nullptr;
  size_t Bytes = Size > 0 ? (size_t)Size : 1;
  if (!E && Kind == COT_MEMORY_DEVICE)
    E = Devices[(size_t)Dev].Memory.allocate(
        Bytes, Ptr,
        [&](size_t Bytes, void *&Out) { return allocImpl(Dev, Bytes, Out); },
        [&](void *Block) { return freeImpl(Dev, Block); });
  else if (!E)
    E = allocAccessible(Dev, Bytes, Kind, Ptr);
  if (E) {
    fail(E);
    return nullptr;
  }
  debug(2, "%s: data_alloc(%d, %lld bytes, %s memory) -> %p", Name, Dev,
        (long long)Size, memoryKindName(Kind), Ptr);
  return Ptr;
}

int32_t GenericPlugin::dataFree(int32_t Dev, void *Ptr) {
  debug(2, "%s: data_free(%d, %p)", Name, Dev, Ptr);
  if (!Ptr)
    return 0;
  if (Error E = checkDevice(Dev))
    return fail(E);
  bool Accessible = false;
  if (Error E = freeAccessible(Dev, Ptr, Accessible))
    return fail(E);
  if (Accessible)
    return 0;
  if (Error E = Devices[(size_t)Dev].Memory.release(
          Ptr, [&](void *Block) { return freeImpl(Dev, Block); },
          deviceName(Dev)))
    return fail(E);
  return 0;
}

int32_t GenericPlugin::copy(int32_t Dev, int32_t OtherDev, int64_t Size,
                            const std::function<Error()> &Hook) {
  if (Error E = checkSize(Dev, Size, "copy"))
    return fail(E);
  if (Size == 0)
    return 0;
  Error E = checkDevice(Dev);
  if (!E)
    E = checkDevice(OtherDev);
  if (!E)
    E = Hook();
  return E ? fail(E) : 0;
}

int32_t GenericPlugin::copyToDevice(int32_t Dev, void *Dst, const void *Src,
                                    int64_t Size, void *Queue) {
  debug(2, "%s: copy_to_device(%d, %p <- %p, %lld bytes)", Name, Dev, Dst, Src,
        (long long)Size);
  return copy(Dev, Dev, Size, [&] {
    return onQueue(Dev, Queue, [&](GenericQueue &Q) {
      return copyToDeviceImpl(Dev, Dst, Src, (size_t)Size, Q);
    });
  });
}

int32_t GenericPlugin::copyFromDevice(int32_t Dev, void *Dst, const void *Src,
                                      int64_t Size, void *Queue) {
  debug(2, "%s: copy_from_device(%d, %p <- %p, %lld bytes)", Name, Dev, Dst,
        Src, (long long)Size);
  return copy(Dev, Dev, Size, [&] {
    return onQueue(Dev, Queue, [&](GenericQueue &Q) {
      return copyFromDeviceImpl(Dev, Dst, Src, (size_t)Size, Q);
    });
  });
}

int32_t GenericPlugin::copyDeviceToDevice(int32_t SrcDev, const void *Src,
                                          int32_t DstDev, void *Dst,
                                          int64_t Size) {
  debug(2, "%s: copy_device_to_device(%d %p -> %d %p, %lld bytes)", Name,
        SrcDev, Src, DstDev, Dst, (long long)Size);
  return copy(SrcDev, DstDev, Size, [&] {
    return copyDeviceToDeviceImpl(SrcDev, Src, DstDev, Dst, (size_t)Size);
  });
}

//===-- Launch ------------------------------------------------------------===//

int32_t GenericPlugin::launch(int32_t Dev, void *Kernel, void **Args,
                              int32_t NumArgs, const cot_launch_params *Params,
                              const cot_launch_site *Site,
                              cot_launch_grid *Grid, void *Queue) {
  debug(2, "%s: launch(%d, kernel %p, %d args)", Name, Dev, Kernel, NumArgs);
  if (Error E = checkDevice(Dev))
    return fail(E);
  auto *K = static_cast<GenericKernel *>(Kernel);
  if (!K || !Params || NumArgs < 0 || (NumArgs > 0 && !Args))
    return fail(Error::make("malformed launch on %s", deviceName(Dev).c_str()));
  if (K->Dev != Dev)
    return fail(Error::make("kernel '%s' belongs to %s, not %s",
                            K->Name.c_str(), deviceName(K->Dev).c_str(),
                            deviceName(Dev).c_str()));
  cot_launch_site NoSite = {K->Name.c_str(), Dev, nullptr};
  cot_launch_grid Ran = {0, 0, 0};
  if (Error E = onQueue(Dev, Queue, [&](GenericQueue &Q) {
        return launchImpl(*K, Args, NumArgs, *Params, Site ? *Site : NoSite,
                          Ran, Q);
      }))
    return fail(E);
  if (Grid)
    *Grid = Ran;
  return 0;
}

//===-- Interop -----------------------------------------------------------===//

int32_t GenericPlugin::interopInit(int32_t Dev, int32_t TargetSync,
                                   cot_interop_info *Info) {
  debug(2, "%s: interop_init(%d, targetsync %d)", Name, Dev, TargetSync);
  if (Error E = checkDevice(Dev))
    return fail(E);
  if (!Info)
    return fail(Error::make("malformed interop_init on %s",
                            deviceName(Dev).c_str()));
  *Info = cot_interop_info{0, 0, "", 0, nullptr, nullptr};
  if (Error E = interopInitImpl(Dev, TargetSync != 0, *Info))
    return fail(E);
  return 0;
}

int32_t GenericPlugin::interopSync(int32_t Dev, const cot_interop_info *Info) {
  debug(2, "%s: interop_sync(%d)", Name, Dev);
  if (Error E = checkDevice(Dev))
    return fail(E);
  if (!Info)
    return fail(Error::make("malformed interop_sync on %s",
                            deviceName(Dev).c_str()));
  if (Error E = interopSyncImpl(Dev, *Info))
    return fail(E);
  return 0;
}

int32_t GenericPlugin::interopRelease(int32_t Dev, cot_interop_info *Info) {
  debug(2, "%s: interop_release(%d)", Name, Dev);
  if (Error E = checkDevice(Dev))
    return fail(E);
  if (!Info)
    return fail(Error::make("malformed interop_release on %s",
                            deviceName(Dev).c_str()));
  if (Error E = interopReleaseImpl(Dev, *Info))
    return fail(E);
  return 0;
}

//===-- Queues and events -------------------------------------------------===//

void *GenericPlugin::queueCreate(int32_t Dev) {
  debug(2, "%s: queue_create(%d)", Name, Dev);
  if (Error E = checkDevice(Dev)) {
    fail(E);
    return nullptr;
  }
  DeviceSlot &D = Devices[(size_t)Dev];
  std::unique_ptr<GenericQueue> Q;
  {
    std::lock_guard<std::mutex> Lock(D.QueuesMu);
    if (!D.IdleQueues.empty()) {
      Q = std::move(D.IdleQueues.back());
      D.IdleQueues.pop_back();
    }
  }
  if (!Q) {
    if (Error E = createQueueImpl(Dev, Q)) {
      fail(E);
      return nullptr;
    }
    Q->Dev = Dev;
  }
  return Q.release();
}

int32_t GenericPlugin::queueWait(int32_t Dev, void *Queue) {
  debug(2, "%s: queue_wait(%d, %p)", Name, Dev, Queue);
  GenericQueue *Q = nullptr;
  Error E = queue(Dev, Queue, Q);
  if (!E)
    E = waitQueueImpl(*Q);
  return E ? fail(E) : 0;
}

int32_t GenericPlugin::queueQuery(int32_t Dev, void *Queue) {
  debug(2, "%s: queue_query(%d, %p)", Name, Dev, Queue);
  GenericQueue *Q = nullptr;
  bool Done = false;
  Error E = queue(Dev, Queue, Q);
  if (!E)
    E = queryQueueImpl(*Q, Done);
  if (E)
    return fail(E);
  return Done ? 0 : COT_QUEUE_BUSY;
}

int32_t GenericPlugin::queueDestroy(int32_t Dev, void *Queue) {
  debug(2, "%s: queue_destroy(%d, %p)", Name, Dev, Queue);
  GenericQueue *Q = nullptr;
  if (Error E = queue(Dev, Queue, Q))
    return fail(E);
  DeviceSlot &D = Devices[(size_t)Dev];
  std::lock_guard<std::mutex> Lock(D.QueuesMu);
  D.IdleQueues.emplace_back(Q);
  return 0;
}

int32_t GenericPlugin::eventRecord(int32_t Dev, void *Queue, void **Event) {
  debug(2, "%s: event_record(%d, %p)", Name, Dev, Queue);
  GenericQueue *Q = nullptr;
  void *Ev = nullptr;
  Error E = queue(Dev, Queue, Q);
  if (!E)
    E = recordEventImpl(*Q, Ev);
  if (E)
    return fail(E);
  *Event = Ev;
  return 0;
}

int32_t GenericPlugin::eventWait(int32_t Dev, void *Queue, void *Event) {
  debug(2, "%s: event_wait(%d, %p, %p)", Name, Dev, Queue, Event);
  GenericQueue *Q = nullptr;
  if (Error E = queue(Dev, Queue, Q))
    return fail(E);
  if (!Event)
    return 0;
  if (Error E = waitEventImpl(*Q, Event))
    return fail(E);
  return 0;
}

int32_t GenericPlugin::eventQuery(int32_t Dev, void *Event) {
  debug(2, "%s: event_query(%d, %p)", Name, Dev, Event);
  if (Error E = checkDevice(Dev))
    return fail(E);
  if (!Event)
    return 0;
  bool Done = false;
  if (Error E = queryEventImpl(Dev, Event, Done))
    return fail(E);
  return Done ? 0 : COT_QUEUE_BUSY;
}

int32_t GenericPlugin::eventDestroy(int32_t Dev, void *Event) {
  debug(2, "%s: event_destroy(%d, %p)", Name, Dev, Event);
  if (Error E = checkDevice(Dev))
    return fail(E);
  if (!Event)
    return 0;
  if (Error E = destroyEventImpl(Dev, Event))
    return fail(E);
  return 0;
}

// The default queue hooks: copies and launches complete when they are made.
Error GenericPlugin::createQueueImpl(int32_t,
                                     std::unique_ptr<GenericQueue> &Out) {
  Out = std::make_unique<GenericQueue>();
  return Error::success();
}

Error GenericPlugin::waitQueueImpl(GenericQueue &) { return Error::success(); }

Error GenericPlugin::queryQueueImpl(GenericQueue &, bool &Done) {
  Done = true;
  return Error::success();
}

Error GenericPlugin::recordEventImpl(GenericQueue &, void *&Event) {
  Event = nullptr;
  return Error::success();
}

Error GenericPlugin::waitEventImpl(GenericQueue &, void *) {
  return Error::success();
}

Error GenericPlugin::destroyEventImpl(int32_t, void *) {
  return Error::success();
}

Error GenericPlugin::queryEventImpl(int32_t, void *, bool &Done) {
  Done = true;
  return Error::success();
}

extern "C" COT_EXPORT const cot_plugin_api *__cot_plugin_get_api(void) {
  return &thePlugin().api();
}

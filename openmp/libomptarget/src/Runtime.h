//===- Runtime.h - libomptarget internals -----------------------*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The device-agnostic layer: environment, error reporting, plugins, the
// device table and the per-device mapping table. Everything here is internal;
// the exported surface is OffloadABI.h plus the omp_* API in Api.cpp.
//
//   Environment.cpp    OMP_TARGET_OFFLOAD, OMP_DEFAULT_DEVICE, ...
//   Lifetime.cpp       fatal errors, exit() and fork()
//   PluginManager.cpp  plugins, the device table, requirements
//   Registry.cpp       registration of offload binaries
//   DeviceImages.cpp   images on a device: kernels, declare-target globals,
//                      indirect tables, unloading
//   MappingTable.cpp   the per-device mapping table and its data motion
//   DeviceWork.cpp     a construct's queued work on a device
//   LaunchThread.cpp   the device's thread for launches of nowait regions
//   Target.cpp         the target constructs; Api.cpp the omp_* routines
// Messages, the error type and the environment parser are the support
// library's (support/Message.h, support/Environment.h), shared with the
// plugins.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_LIBOMPTARGET_RUNTIME_H
#define CLANG_OFFLOAD_LIBOMPTARGET_RUNTIME_H

#include "Environment.h"
#include "Message.h"
#include "OffloadABI.h"
#include "PluginAPI.h"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

namespace cot {

//===-- Fatal errors and process lifetime (Lifetime.cpp) ------------------===//

/// Prints `libomptarget: error: <msg> at <loc>` and exits with status 1.
/// While another thread is ending the process with exit(), the failure is
/// first an info line and this thread waits for the end (10 s at most), so
/// that it does not change the exit status the program chose.
[[noreturn]] void fatal(const cot_source_loc *Loc, const char *Fmt, ...)
    __attribute__((format(printf, 2, 3)));
/// The same for E, at E's location when it names one, else at Loc.
[[noreturn]] void fatal(const cot_source_loc *Loc, const Error &E);

/// exit() has begun (set by an atexit handler installed when the plugins
/// load). Images are then no longer unloaded: other threads may still run
/// their code, and the process's end releases everything.
bool processIsExiting();
/// Installs the handler behind processIsExiting().
void watchForExit();
/// Called by exit()'s thread before the plugins' exit handlers shut their
/// drivers down: when that thread met deferred target regions (nowait)
/// whose tasks are not complete, waits for them as a taskwait would
/// (Target.cpp), so that they do not meet a driver that has shut down and
/// libomp's destructor does not wait for tasks that can no longer end.
void finishDeferredRegionsAtExit();

/// libomp's ident_t, as Clang passes it to libomp and to the interop entry
/// points: four int32_t fields, then the source location, ";file;function;
/// line;column;;".
struct LibompIdent {
  int32_t Reserved1;
  int32_t Flags; // 2: KMP_IDENT_KMPC
  int32_t Reserved2;
  int32_t Reserved3;
  const char *Source;
};

/// Waits until the sibling tasks that \p Deps (NumDeps libomp
/// kmp_depend_info records) depend on have completed (libomp's
/// __kmpc_omp_wait_deps; nothing without libomp).
void waitForDependences(void *Ident, int32_t Gtid, int32_t NumDeps,
                        void *Deps);

/// fork() support: the state of Registry.cpp and Target.cpp, locked around a
/// fork (PluginManager.cpp) so that the child never inherits a lock held by
/// a thread it does not have.
void lockRegistry();
void unlockRegistry();
void lockDeferredLaunches();
void unlockDeferredLaunches();

/// `a + b` would not fit in uintptr_t: a range [Begin, Begin+Size) wraps.
inline bool rangeWraps(uintptr_t Begin, uint64_t Size) {
  return Size > UINTPTR_MAX - Begin;
}

//===-- Environment (Environment.cpp) -------------------------------------===//

enum class OffloadPolicy { Default, Mandatory, Disabled };

struct Environment {
  OffloadPolicy Policy = OffloadPolicy::Default;
  /// OMP_TARGET_OFFLOAD is set (to a valid value).
  bool PolicySet = false;
  int InitialDefaultDevice = 0;
  /// LIBOMPTARGET_EARLY_START (default 1): start GPU devices when the
  /// program starts (EarlyStart.cpp, startDevicesEarly).
  bool EarlyStart = true;
};

/// Reads the environment on first call; fatal for an invalid OMP_DEFAULT_DEVICE.
const Environment &env();

/// Whether a target region that cannot run on a device is an error:
/// OMP_TARGET_OFFLOAD=MANDATORY, or (without OMP_TARGET_OFFLOAD) a binary
/// built with -fopenmp-offload-mandatory (PluginManager.cpp).
bool offloadIsMandatory();
/// Why it is, for the messages: "OMP_TARGET_OFFLOAD=MANDATORY" or "the
/// program was built with -fopenmp-offload-mandatory".
const char *mandatoryReason();

//===-- Plugins and devices -----------------------------------------------===//

/// Starts, on a thread of its own, the plugins and the devices of a program
/// whose binary Desc has GPU code, so that the first construct finds them
/// ready; once per process, and not with OMP_TARGET_OFFLOAD=DISABLED or
/// LIBOMPTARGET_EARLY_START=0.
void startDevicesEarly(const cot_binary_desc *Desc);

/// Whether the program (its registered binaries) has images for Triple; a
/// program without any registered binary has them for every triple.
bool programHasImagesFor(const char *Triple);

struct Plugin {
  std::string Name;
  void *Library = nullptr;
  const cot_plugin_api *Api = nullptr;

  Error lastError(const char *What) const;
};

class Device;
class DeviceWork;

/// One of a thread's ordered queues (Device::orderedQueue). The work queued
/// on it is numbered in order, and its completion is known by number, not
/// by an event per construct: a thread that asks whether work N is done
/// records an event then (only when no event is pending already: it covers
/// everything launched so far), and an event found done makes everything up
/// to its number done. So the thread that queues the work records nothing,
/// and the many questions about work done already need no driver call.
class OrderedQueue {
public:
  explicit OrderedQueue(void *Queue) : Queue(Queue) {}
  OrderedQueue(const OrderedQueue &) = delete;
  OrderedQueue &operator=(const OrderedQueue &) = delete;

  void *const Queue;

  /// Numbers the work its owner thread has just queued (the kernel is on
  /// the queue already).
  uint64_t noteQueued() {
    return Queued.fetch_add(1, std::memory_order_acq_rel) + 1;
  }
  /// Whether work number N is known to be done, without asking the device.
  bool knownDone(uint64_t N) const {
    return DoneUpTo.load(std::memory_order_acquire) >= N;
  }
  /// 0 when work number N is done, COT_QUEUE_BUSY when not yet (or another
  /// thread is asking the device just now), else the plugin's failure.
  int32_t reached(Device &D, uint64_t N);
  /// Work number N's kernel is on the queue: its thread launched it, or the
  /// device's launch thread did (LaunchThread), in the order of the numbers.
  void noteLaunched(uint64_t N) {
    Launched.store(N, std::memory_order_release);
  }
  /// Waits until work number N's kernel is on the queue, before a driver
  /// call that must come after it there (an event, a copy, a wait).
  void waitLaunched(uint64_t N) const;

private:
  std::atomic<uint64_t> Queued{0};
  std::atomic<uint64_t> Launched{0};
  std::atomic<uint64_t> DoneUpTo{0};
  /// Guards the pending event; askers that find it taken do not wait.
  std::mutex Mu;
  void *Pending = nullptr;
  uint64_t PendingUpTo = 0;
};

//===-- The device's launch thread (LaunchThread.cpp) ---------------------===//

/// A kernel launch of ordered work that its thread hands to the device's
/// launch thread.
struct HandedLaunch {
  void *Kernel = nullptr;
  std::vector<void *> Args;
  cot_launch_params Params = {};
  cot_launch_site Site = {};
  void *Queue = nullptr;
  OrderedQueue *Ordered = nullptr;
  uint64_t Number = 0; // the work's number on Ordered
};

/// Makes, in the order they are handed over, the driver's launches of
/// ordered work (nowait regions without depend) for the threads that meet
/// such regions in quick succession: a thread then prepares its next region
/// while the driver launches the last, and a loop of nowait regions goes at
/// the rate of the slower of the two instead of their sum. The thread runs
/// only while launches come often: it starts when a thread launches twice
/// within a short while, waits a little for more after its last launch,
/// then sleeps, and a thread that finds it asleep launches on its own (an
/// isolated region pays no hand-over). See docs/Runtime.md, "Launch".
class LaunchThread {
public:
  explicit LaunchThread(Device &D) : D(D) {}
  LaunchThread(const LaunchThread &) = delete;
  LaunchThread &operator=(const LaunchThread &) = delete;

  /// Whether a launch handed over now is made without waking the thread.
  bool awake() const { return Awake.load(std::memory_order_acquire); }
  /// Queues L for the thread. Its queue's earlier launches were handed
  /// over before it, or made while the thread slept.
  void handOver(HandedLaunch L);
  /// A thread made a launch of ordered work itself: wakes the launch thread
  /// when the last such launch was a moment ago.
  void noteOwnLaunch();
  /// Waits until every launch handed over so far has been made.
  void drain();
  /// fork(): the parent takes the lock before (D.Mu held) and releases it
  /// after; the child also forgets the thread, which it does not have.
  void lockForFork();
  void unlockAfterFork(bool InChild);

private:
  Device &D;
  std::mutex Mu;
  std::condition_variable Wake;
  std::condition_variable Drained;
  std::deque<HandedLaunch> Todo; // guarded by Mu
  std::atomic<size_t> TodoCount{0};
  bool Started = false;  // guarded by Mu
  bool Launching = false; // guarded by Mu: a launch taken from Todo
  bool Sleeping = false;  // guarded by Mu
  std::atomic<bool> Awake{false};
  std::atomic<int64_t> LastOwnLaunchNs{0};

  /// Wakes or starts the thread (Mu held).
  void wakeLocked(std::unique_lock<std::mutex> &Lock);
  void run();
  /// Waits, without Mu, a short while for a launch to be handed over;
  /// whether one was.
  bool spinForWork() const;
  void launch(HandedLaunch &L);
};

/// One mapping: host [HostBegin, HostEnd) lives at device DevBegin.
struct MapEntry {
  uintptr_t HostBegin = 0, HostEnd = 0;
  uintptr_t DevBegin = 0;
  uint64_t RefCount = 0; // dynamic reference count
  bool Infinite = false; // declare-target global or associated pointer
  bool Associated = false; // made by omp_target_associate_ptr
  bool OwnsMemory = true;  // device memory allocated by the mapping table
  uintptr_t DevAlloc = 0;  // what to free when OwnsMemory, if not DevBegin
  std::string Name;
  /// Attached pointers inside this entry: host address of the pointer
  /// variable -> {host value, device value}. The device copy holds the
  /// device value; copies in either direction keep each side's value.
  std::map<uintptr_t, std::pair<uintptr_t, uintptr_t>> Shadows;
  /// A construct still in flight whose queued copies write the device copy:
  /// other constructs' work on it waits for them (DeviceWork::use).
  DeviceWork *Writer = nullptr;
  /// A construct still in flight whose kernel may write the device copy:
  /// other constructs' kernels and copies out of it wait for that kernel
  /// (DeviceWork::readsKernelOutput); copies into it do not.
  DeviceWork *KernelWriter = nullptr;
  /// The serial number of the construct that created the entry (mapBegin).
  uint64_t CreatedBy = 0;

  uintptr_t toDevice(uintptr_t Host) const { return DevBegin + (Host - HostBegin); }
  /// The device block the table frees with the entry (0: none it owns).
  uintptr_t block() const {
    return OwnsMemory ? (DevAlloc ? DevAlloc : DevBegin) : 0;
  }
};

struct LoadedImage {
  const cot_binary_desc *Desc;
  void *Handle;
  std::vector<void *> Kernels;      // host function keys
  std::vector<uintptr_t> Globals;   // mapping table keys
  std::vector<uintptr_t> Links;     // declare target link host variables
  void *IndirectTable;              // device copy of the indirect pairs
};

struct KernelInfo {
  void *Handle;
  const char *Name;
};

class Device {
public:
  Device(int32_t Id, Plugin *P, int32_t LocalId) : Id(Id), P(P), LocalId(LocalId) {}

  const int32_t Id;
  Plugin *const P;
  const int32_t LocalId;
  /// The program requires unified shared memory (and the device gives it):
  /// host storage is the device's, so maps neither allocate nor copy.
  bool SharesHostMemory = false;
  /// Guards everything below. Kernels run without it.
  std::mutex Mu;

  /// Initialises the device and loads images registered since the last call.
  /// Must be called with Mu held. The Error names Loc.
  Error ensureReady(const cot_source_loc *Loc);
  /// Whether queued work runs after the queueing call returns (a GPU), not
  /// within it (the host plugin); known once ensureReady has succeeded,
  /// and readable without Mu (false before).
  bool queuesRunLater() const {
    return QueuesRunLater.load(std::memory_order_acquire);
  }
  /// Unloads the image of a binary (Name: its file) that is being closed,
  /// with its kernels and declare-target globals, and removes every mapping
  /// of host storage inside Storage (the closing object's segments).
  using AddressRanges = std::vector<std::pair<uintptr_t, uintptr_t>>;
  void unloadBinary(const cot_binary_desc *Desc, const std::string &Name,
                    const AddressRanges &Storage);

  /// Lookup of host [Begin, Begin+Size): the entry that contains it, or the
  /// entry it partially overlaps (Partial set), or null. Size 0 finds the
  /// entry containing Begin. Callers have checked that the range does not
  /// wrap (rangeWraps).
  MapEntry *lookup(uintptr_t Begin, uint64_t Size, bool *Partial = nullptr);
  /// A new entry for host [HostBegin, HostBegin+Size), a range that does not
  /// wrap. The `declare target link` pointers it covers get its device
  /// address: on W's queue (after the kernels of constructs in flight that
  /// use the pointers' old values) when a construct makes the entry, else
  /// at once.
  MapEntry &insert(uintptr_t HostBegin, uint64_t Size, uintptr_t DevBegin,
                   const char *Name, DeviceWork *W = nullptr);
  /// Removes an entry; the link pointers it covers are cleared likewise.
  void erase(uintptr_t HostBegin, DeviceWork *W = nullptr);
  /// The construct in flight that last queued a write of a link pointer
  /// (null: none); cleared when it is done.
  DeviceWork *LinkWriter = nullptr;

  /// A queue of the calling thread for launches queued in the order the
  /// thread meets them (DeviceWork's ordered work): Preferred when it is
  /// one of the thread's, else the next of them, round-robin, so that
  /// launches that do not depend on each other may run side by side.
  /// Created on first use, kept while the device lives.
  OrderedQueue *orderedQueue(void *Preferred);

  /// Queues Kernel on Queue with Params.NumArgs arguments Args and returns
  /// the grid it got; fatal, naming the construct Site.Loc, when the plugin
  /// cannot launch it.
  cot_launch_grid launchKernel(void *Kernel, void **Args,
                               const cot_launch_params &Params,
                               const cot_launch_site &Site, void *Queue);

  // Data motion with shadow-pointer fix-ups, queued on W; fatal on failure.
  void copyToDevice(DeviceWork &W, MapEntry &E, uintptr_t HostBegin,
                    uint64_t Size);
  void copyFromDevice(DeviceWork &W, MapEntry &E, uintptr_t HostBegin,
                      uint64_t Size);
  /// Device blocks that constructs in flight use stay allocated until the
  /// last of them is done, even when their mapping is removed meanwhile.
  void holdBlock(uintptr_t Block);
  void releaseBlock(uintptr_t Block);
  /// Device memory of Size bytes for What (a variable's name, for the
  /// message) at construct Loc (may be null).
  Error allocate(uint64_t Size, const char *What, void *&Ptr,
                 const cot_source_loc *Loc = nullptr);
  /// The same, fatal (naming Loc) when the device has none.
  void *alloc(uint64_t Size, const char *What, const cot_source_loc *Loc);
  /// Frees device memory of What (for the trace).
  void free(void *DevPtr, const char *What);

  const KernelInfo *findKernel(void *HostFn) {
    auto It = Kernels.find(HostFn);
    return It == Kernels.end() ? nullptr : &It->second;
  }

  std::map<uintptr_t, MapEntry> Table;

  /// Launches of ordered work handed over by the threads (LaunchThread).
  LaunchThread Launches{*this};

private:
  struct BlockUse {
    uint32_t Users = 0;
    bool Removed = false; // its mapping is gone: free it after the last user
    std::string Name;     // the removed mapping's, for the free's report
  };
  std::unordered_map<uintptr_t, BlockUse> BlocksInUse;

  /// Each thread's ordered queues (orderedQueue).
  struct ThreadQueues {
    std::vector<std::unique_ptr<OrderedQueue>> Queues;
    size_t Next = 0;
  };
  std::unordered_map<std::thread::id, ThreadQueues> OrderedQueues;

  /// Sets QueuesRunLater from the plugin (at start-up).
  Error probeQueues();

  bool Initialized = false;
  std::atomic<bool> QueuesRunLater{false};
  size_t BinariesSeen = 0;
  /// Why an image could not be loaded, once that has happened.
  Error LoadFailure;
  std::vector<LoadedImage> Images;
  std::unordered_map<void *, KernelInfo> Kernels;
  /// declare target link: a host variable's extent and its device pointer
  /// variable, by the variable's address.
  struct LinkPointer {
    uint64_t Size;
    uintptr_t Slot;
  };
  std::unordered_map<uintptr_t, LinkPointer> LinkPtrs;
  /// Sets the device pointer variable Slot to Value (see insert()).
  void writeLinkPointer(uintptr_t Slot, uintptr_t Value, DeviceWork *W);

  // DeviceImages.cpp; Loc: the construct that made the device load images.
  Error loadBinary(const cot_binary_desc *Desc, const cot_source_loc *Loc);
  Error loadEntries(const cot_binary_desc *Desc, LoadedImage &L,
                    std::vector<const cot_offload_entry *> &Indirect,
                    std::vector<const cot_offload_entry *> &Initializers,
                    const cot_source_loc *Loc);
  Error runInitializer(void *Handle, const cot_offload_entry &Init,
                       const cot_binary_desc *Desc);
  Error mapDeclareTargetGlobal(const cot_offload_entry &E, LoadedImage &L,
                               const cot_source_loc *Loc);
  Error readIndirectSlot(void *Handle, const char *Name, uintptr_t &Value);
  Error writeIndirectTable(void *Handle,
                           const std::vector<const cot_offload_entry *> &Indirect,
                           const cot_source_loc *Loc, void *&Table);
  void writeDeviceInt(void *Handle, const char *Name, int32_t Value);
};

//===-- A construct's queued work on a device (DeviceWork.cpp) ------------===//

/// The work of one construct on a device: a plugin queue that its copies
/// and its kernel go to, in order, and what must happen once they are done
/// (host values of attached pointers, device temporaries, blocks it uses).
/// Nothing is waited for until finish() (or poll() for a deferred target
/// region). The mapping-table calls below are made with D.Mu held.
class DeviceWork {
public:
  /// Work on a queue of its own; fatal (naming Loc) when the device cannot
  /// give one. With Ordered (Device::orderedQueue), ordered work: it shares
  /// that queue of the constructing thread with the thread's other ordered
  /// work, and is done when the queue has reached the number end() gives
  /// it.
  DeviceWork(Device &D, const cot_source_loc *Loc,
             OrderedQueue *Ordered = nullptr);
  DeviceWork(const DeviceWork &) = delete;
  DeviceWork &operator=(const DeviceWork &) = delete;

  Device &device() const { return D; }
  /// The queue for a copy (after the kernel, when that was handed over).
  void *queue() {
    CopiesQueued = true;
    if (HandedOver)
      Ordered->waitLaunched(Number);
    return Queue;
  }
  /// The queue for the kernel.
  void *kernelQueue() const { return Queue; }
  const cot_source_loc *loc() const { return Loc; }

  /// This work reads or writes E's device copy: it waits for another
  /// construct in flight that writes it, and keeps E's block allocated
  /// until it is done.
  void use(MapEntry &E);
  /// This work's queued copies write E's device copy (after use(E)): other
  /// constructs' work on E waits for them until this work is done.
  void writes(MapEntry &E);
  /// This work's kernel may write E's device copy.
  void kernelWrites(MapEntry &E);
  /// This work reads E's device copy (a kernel, or a copy out of it): it
  /// waits for another construct's kernel in flight that may write it.
  void readsKernelOutput(MapEntry &E);
  /// Frees a device temporary once the work is done.
  void freeWhenDone(void *DevPtr);
  /// Writes Value to host address Addr once the work is done (the host
  /// value of an attached pointer, after the copy back that overwrote it).
  void restoreWhenDone(uintptr_t Addr, uintptr_t Value);
  /// Later work of this one starts after the work queued by Other so far
  /// (once for each Other).
  void after(const DeviceWork &Other);
  /// The work launched Name; its failure is then the kernel's.
  void launched(const char *Name) { Kernel = Name; }
  /// Whether this is ordered work (Device::orderedQueue).
  bool ordered() const { return Ordered != nullptr; }
  /// Ordered work: numbers it and hands its kernel's launch L to the
  /// device's launch thread (D.Mu held), in place of launching it.
  void handOver(HandedLaunch L);

  /// Everything is queued (D.Mu held): ordered work takes its number, if
  /// handOver has not given it one.
  /// Returns whether the caller must then waitNow(), without D.Mu: a copy
  /// went to the ordered queue, and a copy into host memory is only
  /// finished by waiting for the queue.
  bool end();
  /// Waits for the queued work and finishes it; fatal on failure.
  void finish();
  /// finish() if the work is done, without blocking; true then.
  bool poll();
  /// Waits for what is queued so far (for LIBOMPTARGET_SUMMARY's timings);
  /// fatal on failure.
  void waitNow();

private:
  Device &D;
  const cot_source_loc *Loc;
  void *Queue = nullptr;
  /// Ordered work: Queue is Ordered's, and the work is number Number on it
  /// (end() numbers it).
  OrderedQueue *Ordered = nullptr;
  uint64_t Number = 0;
  bool HandedOver = false;
  bool CopiesQueued = false;
  const char *Kernel = nullptr;
  std::vector<uintptr_t> Written; // host starts of the entries it writes
  std::vector<uintptr_t> Blocks;  // blocks it holds
  std::vector<void *> Temporaries;
  std::vector<std::pair<uintptr_t, uintptr_t>> Restores;
  std::vector<const DeviceWork *> WaitedFor; // writers it has waited for

  [[noreturn]] void failed();
  /// Names this work in Slot, E's writer or kernel writer, until it is
  /// done.
  void becomeWriter(DeviceWork *&Slot, MapEntry &E);
  /// With the queue done: the bookkeeping, then the queue goes back (not
  /// an ordered one).
  void complete();
};

//===-- Plugins and the device table (PluginManager.cpp) ------------------===//

/// Loads the plugins on first call.
int32_t numDevices();
Device &device(int32_t Id);
/// The calling task's default device: the initial value (OMP_DEFAULT_DEVICE)
/// until a program sets one, then libomp's per-task ICV (the process's
/// value without libomp).
int32_t defaultDevice();
void setDefaultDevice(int32_t Id);

/// The devices, or none while the plugins are not loaded (so that a call at
/// exit never loads them).
std::vector<Device *> devicesIfLoaded();

/// Why there is no device: the reasons the plugins were skipped, e.g.
/// "plugin 'cuda' skipped: no CUDA driver: ...".
std::string whyNoDevices();

/// The device a construct runs on, or null for the host. Applies the
/// offload policy; fatal for a device number out of range.
Device *deviceForConstruct(int64_t DeviceId, const cot_source_loc *Loc);

//===-- Registered binaries (Registry.cpp) --------------------------------===//

/// Registered binaries, in registration order; null once unregistered.
std::vector<const cot_binary_desc *> binariesFrom(size_t First);
/// The `#pragma omp requires` clauses of every translation unit of the
/// registered binaries (COT_REQUIRES_* bits).
uint32_t programRequirements();
/// The file (executable or shared library) a binary descriptor lives in.
std::string binaryName(const cot_binary_desc *Desc);

} // namespace cot

#endif

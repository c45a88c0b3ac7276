//===- DeviceWork.cpp - A construct's queued work on a device -------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A construct queues its copies and its kernel on one plugin queue (a CUDA
// stream) and waits once, at the end, instead of after each step; a
// deferred target region (nowait) does not wait at all: libomp polls it
// (Target.cpp). Meanwhile other constructs, of other threads or deferred,
// may meet the same mappings, so:
//  - a mapping whose device copy a construct in flight is writing records
//    that construct (MapEntry::Writer); another construct's work on the
//    mapping first waits, on the device and without blocking its thread,
//    for an event recorded then on the writer's queue: after the writer's
//    copies (and maybe more of its work, which only delays it). Recording
//    the event when it is needed, rather than after every construct's
//    copies, keeps it off the path of the usual construct that nobody
//    waits for;
//  - a mapping that a kernel in flight may write (all that the kernel maps
//    but `to` alone) records that construct too (MapEntry::KernelWriter):
//    a later kernel that uses the mapping, or a copy out of it, waits for
//    it the same way; a copy into it does not, so that the host may feed a
//    running kernel;
//  - a device block stays allocated while a construct in flight uses it,
//    even when its mapping is removed (Device::holdBlock), so that a later
//    allocation cannot reuse memory that a kernel still reads;
//  - host values of attached pointers are written back after the copies
//    into host memory are done (the queue is waited for).
// Ordered work (a nowait region without depend whose work is its kernel
// alone, Target.cpp) goes to a queue that its thread keeps instead
// (Device::orderedQueue): work of one queue needs no event to run in order,
// and no queue is taken per construct. Its completion is its number on the
// queue (OrderedQueue): the thread that queues it records no event, and
// whoever asks whether it is done records one only when none is pending,
// so one event answers for many constructs.
// See docs/Runtime.md, "Asynchronous work".
//
//===----------------------------------------------------------------------===//

#include "Runtime.h"

#include <algorithm>
#include <cstring>
#include <sched.h>

using namespace cot;

DeviceWork::DeviceWork(Device &D, const cot_source_loc *Loc,
                       OrderedQueue *Ordered)
    : D(D), Loc(Loc), Queue(Ordered ? Ordered->Queue : nullptr),
      Ordered(Ordered) {
  if (!Queue)
    Queue = D.P->Api->queue_create(D.LocalId);
  if (!Queue)
    fatal(Loc, D.P->lastError("cannot create a queue"));
}

OrderedQueue *Device::orderedQueue(void *Preferred) {
  // Enough for independent kernels to overlap, few enough that a thread's
  // dependent launches mostly meet on one queue.
  constexpr size_t QueuesPerThread = 4;
  ThreadQueues &T = OrderedQueues[std::this_thread::get_id()];
  for (const std::unique_ptr<OrderedQueue> &Q : T.Queues)
    if (Preferred && Q->Queue == Preferred)
      return Q.get();
  if (T.Queues.size() < QueuesPerThread) {
    void *Q = P->Api->queue_create(LocalId);
    if (!Q)
      return nullptr;
    T.Queues.push_back(std::make_unique<OrderedQueue>(Q));
    return T.Queues.back().get();
  }
  return T.Queues[T.Next++ % T.Queues.size()].get();
}

cot_launch_grid Device::launchKernel(void *Kernel, void **Args,
                                     const cot_launch_params &Params,
                                     const cot_launch_site &Site,
                                     void *Queue) {
  cot_launch_grid Grid = {0, 0, 0};
  if (P->Api->launch(LocalId, Kernel, Args, Params.NumArgs, &Params, &Site,
                     &Grid, Queue) != 0) {
    std::string What = std::string("kernel '") + Site.KernelName + "' failed";
    fatal(Site.Loc, P->lastError(What.c_str()));
  }
  return Grid;
}

int32_t OrderedQueue::reached(Device &D, uint64_t N) {
  if (knownDone(N))
    return 0;
  std::unique_lock<std::mutex> Lock(Mu, std::try_to_lock);
  if (!Lock.owns_lock())
    return COT_QUEUE_BUSY;
  for (int Round = 0; Round < 2 && !knownDone(N); ++Round) {
    if (!Pending) {
      // Everything launched so far is on the queue before the event.
      PendingUpTo = Launched.load(std::memory_order_acquire);
      if (int32_t Rc = D.P->Api->event_record(D.LocalId, Queue, &Pending))
        return Rc;
      if (!Pending) { // the plugin's queued work is always done
        DoneUpTo.store(PendingUpTo, std::memory_order_release);
        break;
      }
    }
    int32_t Rc = D.P->Api->event_query(D.LocalId, Pending);
    if (Rc == COT_QUEUE_BUSY)
      break;
    if (Rc != 0)
      return Rc;
    D.P->Api->event_destroy(D.LocalId, Pending);
    Pending = nullptr;
    DoneUpTo.store(PendingUpTo, std::memory_order_release);
  }
  return knownDone(N) ? 0 : COT_QUEUE_BUSY;
}

void OrderedQueue::waitLaunched(uint64_t N) const {
  while (Launched.load(std::memory_order_acquire) < N)
    sched_yield();
}

void DeviceWork::use(MapEntry &E) {
  if (E.Writer)
    after(*E.Writer);
  if (uintptr_t Block = E.block()) {
    D.holdBlock(Block);
    Blocks.push_back(Block);
  }
}

void DeviceWork::writes(MapEntry &E) { becomeWriter(E.Writer, E); }

void DeviceWork::kernelWrites(MapEntry &E) { becomeWriter(E.KernelWriter, E); }

void DeviceWork::becomeWriter(DeviceWork *&Slot, MapEntry &E) {
  if (Slot == this)
    return;
  Slot = this;
  Written.push_back(E.HostBegin);
}

void DeviceWork::readsKernelOutput(MapEntry &E) {
  if (E.KernelWriter)
    after(*E.KernelWriter);
}

void DeviceWork::after(const DeviceWork &Other) {
  // Other's writes were all queued while it held D.Mu, before this work
  // could see them: one wait for each covers them.
  if (&Other == this || std::find(WaitedFor.begin(), WaitedFor.end(),
                                  &Other) != WaitedFor.end())
    return;
  WaitedFor.push_back(&Other);
  if (Other.Queue == Queue)
    return; // one queue runs its work in order
  // An event recorded now on Other's queue follows all of Other's work
  // (its owner thread may be queueing more there meanwhile, which only
  // delays this work).
  if (Other.Ordered && Other.Ordered->knownDone(Other.Number))
    return;
  if (Other.Ordered)
    Other.Ordered->waitLaunched(Other.Number);
  void *Event = nullptr;
  if (D.P->Api->event_record(D.LocalId, Other.Queue, &Event) != 0)
    fatal(Loc, D.P->lastError("cannot record an event"));
  if (!Event)
    return; // the plugin's queued work is always done
  if (D.P->Api->event_wait(D.LocalId, Queue, Event) != 0)
    fatal(Loc, D.P->lastError("cannot order work after another construct's"));
  D.P->Api->event_destroy(D.LocalId, Event);
}

void DeviceWork::freeWhenDone(void *DevPtr) { Temporaries.push_back(DevPtr); }

void DeviceWork::restoreWhenDone(uintptr_t Addr, uintptr_t Value) {
  Restores.emplace_back(Addr, Value);
}

void DeviceWork::failed() {
  std::string What = Kernel ? std::string("kernel '") + Kernel + "' failed"
                            : std::string("copy failed");
  fatal(Loc, D.P->lastError(What.c_str()));
}

void DeviceWork::waitNow() {
  if (HandedOver)
    Ordered->waitLaunched(Number);
  if (D.P->Api->queue_wait(D.LocalId, Queue) != 0)
    failed();
}

void DeviceWork::handOver(HandedLaunch L) {
  Number = Ordered->noteQueued();
  HandedOver = true;
  L.Queue = Queue;
  L.Ordered = Ordered;
  L.Number = Number;
  D.Launches.handOver(std::move(L));
}

bool DeviceWork::end() {
  if (!Ordered)
    return false;
  if (!HandedOver) {
    Number = Ordered->noteQueued();
    Ordered->noteLaunched(Number);
  }
  return CopiesQueued;
}

void DeviceWork::finish() {
  if (Ordered) {
    while (!poll())
      sched_yield();
    return;
  }
  waitNow();
  complete();
}

bool DeviceWork::poll() {
  // Ordered work shares its queue: its own end is its number there.
  int32_t Rc = Ordered ? Ordered->reached(D, Number)
                       : D.P->Api->queue_query(D.LocalId, Queue);
  if (Rc == COT_QUEUE_BUSY)
    return false;
  if (Rc != 0)
    failed();
  complete();
  return true;
}

void DeviceWork::complete() {
  for (auto &[Addr, Value] : Restores)
    memcpy(reinterpret_cast<void *>(Addr), &Value, sizeof(Value));
  {
    std::lock_guard<std::mutex> Lock(D.Mu);
    for (uintptr_t HostBegin : Written) {
      auto It = D.Table.find(HostBegin);
      if (It == D.Table.end())
        continue;
      if (It->second.Writer == this)
        It->second.Writer = nullptr;
      if (It->second.KernelWriter == this)
        It->second.KernelWriter = nullptr;
    }
    if (D.LinkWriter == this)
      D.LinkWriter = nullptr;
    for (uintptr_t Block : Blocks)
      D.releaseBlock(Block);
    for (void *Tmp : Temporaries)
      D.free(Tmp, "private device temporary");
    // Under D.Mu, as queue_create: the plugin's lock of its idle queues is
    // then never held when fork() has taken the device locks (the child
    // would inherit it locked).
    if (!Ordered)
      D.P->Api->queue_destroy(D.LocalId, Queue);
  }
  Written.clear();
  Blocks.clear();
  Temporaries.clear();
  Restores.clear();
  WaitedFor.clear();
  Queue = nullptr;
}

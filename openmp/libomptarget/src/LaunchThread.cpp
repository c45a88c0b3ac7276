//===- LaunchThread.cpp - The device's thread for nowait launches ---------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A loop of nowait regions without depend (ordered work, DeviceWork.cpp)
// costs its thread, per region, the mappings and the driver's launch, one
// after the other; the driver's launch alone is as long as CUDA's whole
// loop takes a kernel. The device's launch thread takes the launch: the
// thread numbers the work on its ordered queue and hands the launch over,
// and the launch thread makes the launches in the order they were handed
// over, so that each queue still gets its kernels in its thread's order.
// Until a launch is made, whoever needs the kernel on the queue before its
// own driver call (an event another construct records there, a copy that
// the region's exit maps queue, a wait) waits for it
// (OrderedQueue::waitLaunched); a poll's event covers what is launched.
//
// The thread runs only while launches come often. A thread that launches
// ordered work while the launch thread sleeps launches it itself (an
// isolated region pays no hand-over, nor the wake-up's delay), and wakes
// the launch thread when its previous such launch was a moment ago; the
// launch thread waits a while for more after its last launch, then sleeps.
// At exit() the launches handed over are made before the driver shuts down;
// fork() takes the thread's lock, and the child, which has no launch thread,
// starts without one and with nothing handed over.
// See docs/Runtime.md, "Launch".
//
//===----------------------------------------------------------------------===//

#include "Runtime.h"

#include <sched.h>

#include <chrono>
#include <cstdlib>
#include <system_error>

using namespace cot;

namespace {

/// Two launches of ordered work this close together wake the launch thread
/// (a loop of nowait regions meets one every 5-20 us; a time step with a
/// nowait region and host work of a millisecond should not keep a thread
/// spinning for it).
constexpr int64_t BurstGapNs = 100'000;
/// How long the launch thread waits for work before it sleeps.
constexpr auto IdleSpin = std::chrono::microseconds(200);

int64_t nowNs() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

/// Makes the launches handed over before the driver shuts down: registered
/// when the first launch thread starts, after the driver started (so its
/// own exit handlers, registered before, run after this one).
void drainAtExit() {
  for (Device *D : devicesIfLoaded())
    D->Launches.drain();
}

} // namespace

void LaunchThread::handOver(HandedLaunch L) {
  std::unique_lock<std::mutex> Lock(Mu);
  Todo.push_back(std::move(L));
  TodoCount.store(Todo.size(), std::memory_order_release);
  if (Sleeping)
    wakeLocked(Lock);
}

void LaunchThread::noteOwnLaunch() {
  int64_t Now = nowNs();
  int64_t Last = LastOwnLaunchNs.exchange(Now, std::memory_order_relaxed);
  if (Now - Last > BurstGapNs)
    return;
  std::unique_lock<std::mutex> Lock(Mu);
  if (Sleeping || !Started)
    wakeLocked(Lock);
}

void LaunchThread::wakeLocked(std::unique_lock<std::mutex> &) {
  if (!Started) {
    try {
      std::thread(&LaunchThread::run, this).detach();
    } catch (const std::system_error &) {
      return; // threads launch on their own; a later burst tries again
    }
    Started = true;
    static std::once_flag ExitHandler;
    std::call_once(ExitHandler, [] { atexit(drainAtExit); });
  }
  Sleeping = false;
  Awake.store(true, std::memory_order_release);
  Wake.notify_one();
}

void LaunchThread::drain() {
  std::unique_lock<std::mutex> Lock(Mu);
  Drained.wait(Lock, [&] { return Todo.empty() && !Launching; });
}

void LaunchThread::lockForFork() { Mu.lock(); }

void LaunchThread::unlockAfterFork(bool InChild) {
  if (InChild) { // the child has no launch thread
    Todo.clear();
    TodoCount.store(0, std::memory_order_relaxed);
    Started = Launching = Sleeping = false;
    Awake.store(false, std::memory_order_relaxed);
  }
  Mu.unlock();
}

bool LaunchThread::spinForWork() const {
  auto Until = std::chrono::steady_clock::now() + IdleSpin;
  while (TodoCount.load(std::memory_order_acquire) == 0) {
    if (std::chrono::steady_clock::now() >= Until)
      return false;
    sched_yield();
  }
  return true;
}

void LaunchThread::run() {
  std::unique_lock<std::mutex> Lock(Mu);
  for (;;) {
    if (Todo.empty()) {
      Drained.notify_all();
      Lock.unlock();
      bool Handed = spinForWork();
      Lock.lock();
      if (!Handed && Todo.empty()) {
        Sleeping = true;
        Awake.store(false, std::memory_order_release);
        Wake.wait(Lock, [&] { return !Sleeping; });
      }
      continue;
    }
    HandedLaunch L = std::move(Todo.front());
    Todo.pop_front();
    TodoCount.store(Todo.size(), std::memory_order_release);
    Launching = true;
    Lock.unlock();
    launch(L);
    Lock.lock();
    Launching = false;
  }
}

void LaunchThread::launch(HandedLaunch &L) {
  D.launchKernel(L.Kernel, L.Args.data(), L.Params, L.Site, L.Queue);
  L.Ordered->noteLaunched(L.Number);
}

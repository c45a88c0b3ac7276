//===- LaunchThreads.cpp - Threads that run deferred host kernels ---------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The pool of LaunchThreads.h. A thread waits for one job at a time; the
// launching thread hands it the job and blocks until it is done, so the job
// may refer to the launcher's stack. Threads are never stopped: there are
// as many as launches were ever in flight at once, and the process ends
// with them blocked.
//
//===----------------------------------------------------------------------===//

#include "LaunchThreads.h"

#include <condition_variable>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

using namespace cot::host;

namespace {

class LaunchThread {
public:
  /// Starts the thread; throws std::system_error when it cannot.
  LaunchThread() : Thread([this] { serve(); }) { Thread.detach(); }

  void run(const std::function<void()> &Kernel) {
    std::unique_lock<std::mutex> Lock(Mu);
    Job = &Kernel;
    JobDone = false;
    Changed.notify_all();
    Changed.wait(Lock, [this] { return JobDone; });
  }

private:
  void serve() {
    std::unique_lock<std::mutex> Lock(Mu);
    for (;;) {
      Changed.wait(Lock, [this] { return Job != nullptr; });
      const std::function<void()> *Current = Job;
      Lock.unlock();
      (*Current)();
      Lock.lock();
      Job = nullptr;
      JobDone = true;
      Changed.notify_all();
    }
  }

  std::mutex Mu;
  std::condition_variable Changed;
  const std::function<void()> *Job = nullptr;
  bool JobDone = false;
  std::thread Thread;
};

struct LaunchThreadPool {
  std::mutex Mu;
  std::vector<LaunchThread *> Idle;
};

LaunchThreadPool &pool() {
  static auto *P = new LaunchThreadPool();
  return *P;
}

LaunchThread *takeIdleThread() {
  LaunchThreadPool &P = pool();
  {
    std::lock_guard<std::mutex> Lock(P.Mu);
    if (!P.Idle.empty()) {
      LaunchThread *T = P.Idle.back();
      P.Idle.pop_back();
      return T;
    }
  }
  try {
    return new LaunchThread();
  } catch (const std::system_error &) {
    return nullptr;
  }
}

} // namespace

bool cot::host::runOnLaunchThread(const std::function<void()> &Kernel) {
  LaunchThread *T = takeIdleThread();
  if (!T)
    return false;
  T->run(Kernel);
  LaunchThreadPool &P = pool();
  std::lock_guard<std::mutex> Lock(P.Mu);
  P.Idle.push_back(T);
  return true;
}

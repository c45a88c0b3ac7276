//===- LaunchThreads.h - Threads that run deferred host kernels -*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A host-device kernel forks its teams and parallel regions through libomp
// from the thread that launches it. The task of a deferred target region
// (nowait) runs on one of libomp's hidden helper threads, and libomp 19
// cannot fork from those: a few hundred such launches abort it ("Assertion
// failure at kmp_tasking.cpp(4368)") or corrupt its heap. So the plugin runs
// a deferred kernel on a thread of its own, which libomp sees as a new root
// thread of the program, and waits for it. The threads are pooled: one per
// launch in flight at a time, kept for the next.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_HOSTPLUGIN_LAUNCHTHREADS_H
#define CLANG_OFFLOAD_HOSTPLUGIN_LAUNCHTHREADS_H

#include <functional>

namespace cot::host {

/// Runs Kernel on an idle launch thread (started when none is idle) and
/// returns when it is done. False, with nothing run, when no thread could be
/// started.
bool runOnLaunchThread(const std::function<void()> &Kernel);

} // namespace cot::host

#endif

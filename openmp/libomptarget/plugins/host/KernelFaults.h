//===- KernelFaults.h - Faults in host-device kernels -----------*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A kernel of the host device is ordinary code in the process, so a bad
// pointer in a target region raises SIGSEGV (or SIGBUS, SIGFPE, SIGILL) like
// any other and, by default, kills the program without a word. The host
// plugin installs handlers for those signals that tell a fault in a running
// kernel from any other and report the kernel, the device and the construct:
//
//   libomptarget: error: kernel 'k' faulted on device 0 (x86_64 host device):
//   SIGSEGV (address not mapped) at address 0x10 at t.c:12:3
//
// then exit with status 1. Every other signal, and every fault when the
// program had installed a handler of its own before, goes on to the handler
// that was there before (the default action included).
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_HOSTPLUGIN_KERNELFAULTS_H
#define CLANG_OFFLOAD_HOSTPLUGIN_KERNELFAULTS_H

#include "PluginAPI.h"

#include <cstdint>

namespace cot::host {

/// The executable code of a loaded image, [Begin, End).
struct CodeRange {
  uintptr_t Begin = 0, End = 0;
};

/// The code range of an image opened with dlopen (empty when unknown).
CodeRange codeRangeOf(void *DlHandle);

/// Installs the fault handlers; later calls do nothing.
void installFaultHandlers();

/// Marks the calling thread as running a kernel for as long as it lives. A
/// fault is the kernel's when it happens on this thread, or on another
/// thread (the kernel's OpenMP threads) in Code or below a return address in
/// Code.
class RunningKernel {
public:
  RunningKernel(const cot_launch_site &Site, CodeRange Code);
  ~RunningKernel();
  RunningKernel(const RunningKernel &) = delete;
  RunningKernel &operator=(const RunningKernel &) = delete;

private:
  int Slot;
};

} // namespace cot::host

#endif

//===- Kernels.h - The kernels of a device module ---------------*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Device extraction records each kernel of a device module, with the mode
// its construct allows, in the named metadata `cot.kernels`; the device link
// reads it back to form the target's kernels (host-device entries, CUDA
// kernels in SPMD or generic mode).
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_OPENMPDEVICE_KERNELS_H
#define CLANG_OFFLOAD_OPENMPDEVICE_KERNELS_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"

namespace cot {

enum class KernelMode {
  /// Only the team's main thread runs the region's sequential code.
  Generic,
  /// The construct is a combined one whose region is a parallel region (or
  /// distribute around one): every thread may run it.
  SPMD
};

struct KernelInfo {
  llvm::Function *F;
  KernelMode Mode;
  /// The construct's loops have no schedule or dist_schedule clause, so the
  /// implementation picks the schedule (GPUs make it cyclic).
  bool DefaultSchedule = false;
};

/// Appends \p K to the module's kernel list.
void recordKernel(llvm::Module &M, const KernelInfo &K);

/// The kernels recorded in \p M, in order.
llvm::SmallVector<KernelInfo, 8> kernelsOf(llvm::Module &M);

/// Converts a pointer-sized kernel or microtask argument value (a pointer or
/// an integer of up to 64 bits holding the bits) to the parameter type \p To.
llvm::Value *castPointerSized(llvm::IRBuilder<> &B, llvm::Value *V,
                              llvm::Type *To);

/// Host-device (x86_64) images: gives each kernel the uniform entry
/// `void <name>(void **Args)` of OffloadABI.h; the outlined function itself
/// becomes the internal `<name>.impl`.
void formHostDeviceKernels(llvm::Module &M);

} // namespace cot

#endif // CLANG_OFFLOAD_OPENMPDEVICE_KERNELS_H

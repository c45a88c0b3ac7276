//===- Kernels.h - The kernels of a device module ---------------*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Device extraction records each kernel of a device module, with the mode
// its construct allows, in the named metadata `cot.kernels`:
//   !cot.kernels = !{!{ptr @kernel, !"spmd"|"generic"|"guarded", flags...}}
// with the flags "default-schedule" (no schedule clause) and "teams" (the
// region forks a league, recorded by the kernel-modes pass). Each function
// that Clang outlined from a kernel's construct carries `!cot.kernel
// !{ptr @kernel}`: passes tie code to its kernel by metadata, never by name.
// The device link's passes read both to form the target's kernels.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_OPENMPDEVICE_KERNELS_H
#define CLANG_OFFLOAD_OPENMPDEVICE_KERNELS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"

#include <optional>

namespace cot {

enum class KernelMode {
  /// Only the team's main thread runs the region's sequential code.
  Generic,
  /// The construct is a combined one whose region is a parallel region (or
  /// distribute around one), or a `target teams` whose region is one
  /// `distribute parallel for`: every thread may run it.
  SPMD,
  /// A generic construct whose sequential code every thread runs, with its
  /// side effects performed by thread 0 under guards (openmp-device-spmdize):
  /// parallel regions start without the control loop.
  Guarded
};

struct KernelInfo {
  llvm::Function *F;
  KernelMode Mode;
  /// The construct's loops have no schedule or dist_schedule clause, so the
  /// implementation picks the schedule (GPUs make it cyclic).
  bool DefaultSchedule = false;
  /// The region forks a league of teams (__kmpc_fork_teams).
  bool HasTeams = false;
};

/// The mode's name in `cot.kernels` and in remarks.
llvm::StringRef modeName(KernelMode Mode);

/// Appends \p K to the module's kernel list.
void recordKernel(llvm::Module &M, const KernelInfo &K);

/// Replaces the module's kernel list by \p Kernels.
void setKernels(llvm::Module &M, llvm::ArrayRef<KernelInfo> Kernels);

/// The kernels recorded in \p M, in order.
llvm::SmallVector<KernelInfo, 8> kernelsOf(llvm::Module &M);

/// Removes the kernel list and the `!cot.kernel` attachments once the
/// target's kernels are formed.
void eraseKernelMetadata(llvm::Module &M);

/// Marks \p Kernel and the functions Clang outlined from its construct
/// (`!cot.kernel`): the microtasks its code passes to __kmpc_fork_call and
/// __kmpc_fork_teams, and with -g the compiler-generated (artificial)
/// bodies that outlined functions call. Functions of the program the region
/// calls are not members. Members get the kernel's source location
/// (Diagnostics.h), so that errors in them name the construct's file:line.
void recordKernelMembers(llvm::Function &Kernel);

/// The CUDA kernels of \p M: the functions nvvm.annotations marks as such.
llvm::SmallVector<llvm::Function *, 8> annotatedKernels(llvm::Module &M);

/// The kernel whose construct \p F was outlined from, if any.
llvm::Function *owningKernel(const llvm::Function &F);

/// Records that every launch of \p Kernel has \p Threads threads per block
/// (the function attribute `"cot-block-threads"`, which kernel formation
/// gives the CUDA kernel and turns into `.reqntid`).
void setBlockThreads(llvm::Function &Kernel, unsigned Threads);

/// The threads per block every launch of \p Kernel has, when known.
std::optional<unsigned> blockThreadsOf(const llvm::Function &Kernel);

/// Records that \p Kernel's teams construct sets the number of teams
/// (num_teams): the program sizes its grid (the function attribute
/// `"cot-explicit-teams"`, which kernel formation gives the CUDA kernel).
void setExplicitTeams(llvm::Function &Kernel);

/// Whether \p Kernel's teams construct sets the number of teams.
bool hasExplicitTeams(const llvm::Function &Kernel);

/// Converts a pointer-sized kernel or microtask argument value (a pointer or
/// an integer of up to 64 bits holding the bits) to the parameter type \p To.
llvm::Value *castPointerSized(llvm::IRBuilder<> &B, llvm::Value *V,
                              llvm::Type *To);

} // namespace cot

#endif // CLANG_OFFLOAD_OPENMPDEVICE_KERNELS_H

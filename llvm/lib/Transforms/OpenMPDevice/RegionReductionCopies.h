//===- RegionReductionCopies.h - Region reduction targets per thread -*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Code ported from CUDA computes a block-wide sum for the team code after
// it:
//
//   target teams distribute
//   for (r ...) {
//     float m = 0;
//     parallel for reduction(+: m) ...
//     m /= n;
//     parallel for ... (reads m)
//   }
//
// Once openmp-device-spmdize guards such a kernel, m would be one copy per
// team in shared memory: thread 0 stores 0 under a guard, the region's
// threads combine their copies into thread 0's, which updates m with an
// atomic, the region ends with a barrier, thread 0 divides under another
// guard (two barriers), and the next region reads m from shared memory.
// CUDA code has each warp combine the warps' sums itself after one barrier
// and keeps m in a register.
//
// Where the team code uses such a small local only with its own loads and
// stores, and passes it only to parallel regions that read it or that use
// it only in the cases of a reduction of that one item, each thread keeps a
// copy of its own. Team code runs in every thread with the same values, so
// every copy holds the same value when a region starts. Each region that
// reduces into it calls __cot_gpu_reduce_all instead of __cot_gpu_reduce:
// every thread of the region gets the combination of their private copies,
// the same bits in all of them, and then combines it into its own copy with
// Clang's plain code (answer 1). A region with fewer threads than the block
// (num_threads, a team of one) leaves the others' copies behind:
// __cot_gpu_guarded_copy_sync after the region gives them thread 0's copy,
// and costs nothing where the region had the whole block. The reduction's
// microtask must have no other caller. Private to
// llvm/lib/Transforms/OpenMPDevice.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_LIB_OPENMPDEVICE_REGIONREDUCTIONCOPIES_H
#define CLANG_OFFLOAD_LIB_OPENMPDEVICE_REGIONREDUCTIONCOPIES_H

#include "llvm/IR/Instructions.h"

#include <optional>

namespace cot {

/// What every thread of the block calls after such a region.
constexpr llvm::StringLiteral GuardedCopySync = "__cot_gpu_guarded_copy_sync";

/// A team-code local passed to a parallel region that reduces into it.
struct RegionReductionCopy {
  /// The fork call that starts the region.
  llvm::CallInst *Fork = nullptr;
  /// The local, whose copy each thread keeps.
  llvm::AllocaInst *Copy = nullptr;
  /// The region's __cot_gpu_reduce whose cases update the local.
  llvm::CallInst *Reduction = nullptr;
};

/// The region reduction that \p U, a use of the local \p A by a fork call,
/// passes \p A to, where \p A may be one copy per thread in it: \p A is
/// small, and the region's microtask (which nothing else calls) uses the
/// parameter only in the cases of a __cot_gpu_reduce of one item.
std::optional<RegionReductionCopy> regionReductionCopy(const llvm::Use &U,
                                                       llvm::AllocaInst &A);

/// Makes \p R's region combine its threads' private copies into every one
/// of them, and gives the threads of the block that the region left out
/// thread 0's copy after it.
void reduceIntoEveryCopy(const RegionReductionCopy &R);

} // namespace cot

#endif // CLANG_OFFLOAD_LIB_OPENMPDEVICE_REGIONREDUCTIONCOPIES_H

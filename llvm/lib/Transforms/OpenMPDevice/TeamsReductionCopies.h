//===- TeamsReductionCopies.h - Reduction copies per thread -----*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A generic kernel of the form
//
//   target teams reduction(+: x)
//   distribute
//   for (chunk ...) { parallel for reduction(+: x) ... }
//
// keeps the teams' private copy of x in the team code and passes it to each
// chunk's parallel region as its shared copy. Once openmp-device-spmdize
// guards the kernel, that copy lives in shared memory and every chunk ends
// with the region's threads combining their copies per block, with barriers,
// before one of them updates it: several block-wide combinations per team
// where an SPMD kernel makes one.
//
// Where nothing but the parallel regions' reductions (of the same operator)
// and the teams reduction use the copy, every thread of a guarded kernel may
// keep a copy of its own instead, initialized as the team's: the regions'
// reductions then combine each thread's private copy into its own copy
// (__kmpc_reduce's answer 1), and __cot_gpu_combine_block, which
// openmp-device-reductions placed before the teams reduction, combines the
// block's copies into thread 0's once, before thread 0 runs the teams
// reduction. OpenMP leaves the number of private copies of a reduction and
// the order of their combination unspecified, and each copy starts with the
// reduction's initializer value.
//
// The copy qualifies when the teams reduction has one item, and the team
// code
//   - stores only constants into it, each byte once, in the function's
//     entry block (Clang's initialization: a user's assignment would store
//     there again or elsewhere);
//   - reads it only after __cot_gpu_combine_block;
//   - passes it only to the reduction's list and to parallel regions whose
//     microtask has no other caller and uses the parameter only in the
//     cases of one reduction of one item whose reduce function is the teams
//     reduction's (FunctionComparator), before __cot_gpu_combine_block.
// Private to llvm/lib/Transforms/OpenMPDevice.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_LIB_OPENMPDEVICE_TEAMSREDUCTIONCOPIES_H
#define CLANG_OFFLOAD_LIB_OPENMPDEVICE_TEAMSREDUCTIONCOPIES_H

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Instructions.h"

#include <string>

namespace cot {

/// A teams reduction whose private copy each thread of a guarded kernel
/// keeps.
struct ThreadCopyReduction {
  /// __cot_gpu_combine_block before the teams reduction.
  llvm::CallInst *Combine = nullptr;
  /// The teams' private copy.
  llvm::AllocaInst *Copy = nullptr;
  /// The reductions of the parallel regions that combine into the copy.
  llvm::SmallVector<llvm::CallInst *, 2> RegionReductions;
};

/// A __cot_gpu_combine_block of team code whose copy must stay the team's.
struct SharedCopyReduction {
  llvm::CallInst *Combine = nullptr;
  std::string Why;
};

/// The calls of __cot_gpu_combine_block in the team code \p TeamFunctions
/// of a generic kernel, sorted by whether their copy may become one per
/// thread.
void classifyTeamsReductions(
    const llvm::SetVector<llvm::Function *> &TeamFunctions,
    llvm::SmallVectorImpl<ThreadCopyReduction> &PerThread,
    llvm::SmallVectorImpl<SharedCopyReduction> &Shared);

/// A missed remark: \p R's teams reduction has its parallel regions combine
/// their threads' copies per block.
void remarkCopyPerTeam(const SharedCopyReduction &R);

/// Whether \p U passes a local to __cot_gpu_combine_block, which reads and
/// writes through it only the calling thread's own copies.
bool isBlockCombineArgument(const llvm::Use &U);

/// Whether \p U stores a pointer into a list that __cot_gpu_combine_block
/// reads (a private or scratch copy's address).
bool isBlockCombineListEntry(const llvm::Use &U);

/// Makes the parallel regions of \p R combine into the thread's own copy,
/// for a kernel that spmdize guards.
void keepCopyPerThread(const ThreadCopyReduction &R);

/// Erases the calls of __cot_gpu_combine_block in \p M but those of
/// \p Kept, with the lists only they read; returns whether it erased any.
bool eraseOtherBlockCombines(llvm::Module &M,
                             llvm::ArrayRef<llvm::CallInst *> Kept);

} // namespace cot

#endif // CLANG_OFFLOAD_LIB_OPENMPDEVICE_TEAMSREDUCTIONCOPIES_H

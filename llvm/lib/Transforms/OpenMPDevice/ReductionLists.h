//===- ReductionLists.h - Clang's reduction calls and their lists -*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Clang ends a reduction with __kmpc_reduce[_nowait](loc, gtid, n, size,
// RedList, reduce_fn, lock), RedList being a local array of pointers to the
// n private copies, then switches on the answer. openmp-device-reductions,
// openmp-device-logical-reductions and openmp-device-spmdize find the calls,
// their private copies and the blocks of the switch's cases here. Private
// to llvm/lib/Transforms/OpenMPDevice.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_LIB_OPENMPDEVICE_REDUCTIONLISTS_H
#define CLANG_OFFLOAD_LIB_OPENMPDEVICE_REDUCTIONLISTS_H

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"

#include <optional>

namespace cot {

constexpr llvm::StringLiteral ReduceNowait = "__kmpc_reduce_nowait";
constexpr llvm::StringLiteral EndReduceNowait = "__kmpc_end_reduce_nowait";
constexpr llvm::StringLiteral ReduceBlocking = "__kmpc_reduce";
constexpr llvm::StringLiteral EndReduceBlocking = "__kmpc_end_reduce";
/// The device runtime's reductions combined per block (OffloadABI.h): the
/// threads that share the target, the whole block, and the combination of
/// a whole block's copies into thread 0's that returns nothing.
constexpr llvm::StringLiteral ReduceInBlock = "__cot_gpu_reduce";
constexpr llvm::StringLiteral ReduceWholeBlock = "__cot_gpu_reduce_block";
constexpr llvm::StringLiteral CombineBlock = "__cot_gpu_combine_block";

// Operands of __kmpc_reduce{_nowait}(loc, gtid, n, size, list, fn, lock).
enum : unsigned { OpNumItems = 2, OpList = 4, OpCombine = 5 };

// Operands of the runtime's entries above (items, scratch, sizes, n, fn).
enum : unsigned {
  OpRuntimeItems = 0,
  OpRuntimeScratch = 1,
  OpRuntimeNumItems = 3,
  OpRuntimeCombine = 4
};

/// What a reduction call combines: its list of private copies, their count
/// and Clang's reduce function.
struct ReductionOperands {
  llvm::Value *List;
  llvm::Value *NumItems;
  llvm::Value *Combine;
};

/// \p Call's operands, for Clang's __kmpc_reduce{_nowait} and the device
/// runtime's __cot_gpu_reduce and __cot_gpu_combine_block.
std::optional<ReductionOperands> reductionOperands(llvm::CallInst &Call);

/// Whether \p Ops combine one item.
bool hasOneItem(const ReductionOperands &Ops);

/// Clang's reduce function of \p Ops, if it is a known function.
llvm::Function *reduceFunction(const ReductionOperands &Ops);

/// The calls of __kmpc_reduce and __kmpc_reduce_nowait in \p M.
llvm::SmallVector<llvm::CallInst *, 8> reductionCalls(llvm::Module &M);

/// The private copy stored into each slot of \p List (an array of
/// pointers), or nothing when a slot holds anything but a fixed-size local
/// or is stored more than once.
std::optional<llvm::SmallVector<llvm::AllocaInst *, 4>>
privatesInList(llvm::AllocaInst &List, unsigned NumItems,
               const llvm::DataLayout &DL);

/// The private copies of \p Call's list, when it is a local array whose
/// slots privatesInList finds.
std::optional<llvm::SmallVector<llvm::AllocaInst *, 4>>
privatesOf(llvm::CallInst &Call, const llvm::DataLayout &DL);

/// The blocks of the cases of the switch on a reduction call's answer, up
/// to where they meet (the switch's default).
struct ReductionCases {
  llvm::SmallPtrSet<llvm::BasicBlock *, 8> Blocks;
  llvm::BasicBlock *Merge = nullptr;
};

/// The cases of the switch on \p Call's answer, when that switch is the
/// call's only user and every case reaches the switch's default.
std::optional<ReductionCases> reductionCases(llvm::CallInst &Call);

/// The reduction call of the parallel region \p Micro (a microtask with one
/// caller) whose cases hold every use of its parameter \p ParamNo, the
/// region's shared copy of that reduction, or why there is none.
llvm::Expected<llvm::CallInst *> reductionIntoParameter(llvm::Function &Micro,
                                                        unsigned ParamNo);

} // namespace cot

#endif // CLANG_OFFLOAD_LIB_OPENMPDEVICE_REDUCTIONLISTS_H

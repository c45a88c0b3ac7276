//===- AllocateToStack.cpp - allocate clauses in a GPU thread's own memory -===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Clang gives each private copy of a variable in an `allocate` clause (and a
// variable of an `allocate` directive) storage from __kmpc_alloc, released
// by __kmpc_free at the end of its scope in the same function. On the GPU
// that is CUDA's device malloc: slow, serialising, and a heap of a few MB
// that a full grid of threads with a few KB each exhausts (a kernel fault
// where the program expected its copy).
//
// Every predefined allocator's memory is the GPU's memory, and a private
// copy belongs to one thread for its scope, so a small fixed-size one can
// live in the thread's stack frame instead: the call becomes an alloca in
// the entry block and the frees go. This runs before kernel formation, so
// a copy whose address reaches a parallel region (a team's variable in the
// sequential part of a generic kernel) is then globalized like any other
// local. Allocations of user-defined allocators (their traits may ask for
// pinned or pooled memory), of run-time sizes, or without a free in the
// same function stay calls.
//
// Function pass openmp-device-allocate-to-stack.
//
//===----------------------------------------------------------------------===//

#include "ForkCalls.h"
#include "OpenMPDevice/Diagnostics.h"
#include "OpenMPDevice/Passes.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "openmp-device-allocate-to-stack"

using namespace llvm;

STATISTIC(NumMovedToStack, "allocate-clause storage moved to the stack");

namespace cot {
namespace {

/// The largest stack storage the pass gives one function: local memory is
/// reserved for every resident thread of the GPU.
constexpr uint64_t StackBudget = 16 * 1024;
/// omp.h's predefined allocators are the handles 1 to 8 (0 is
/// omp_null_allocator, which means the default one).
constexpr uint64_t LastPredefinedAllocator = 8;

bool isPredefinedAllocator(const Value *Allocator) {
  if (isa<ConstantPointerNull>(Allocator))
    return true;
  const Value *Handle = Allocator;
  if (const auto *Cast = dyn_cast<Operator>(Allocator))
    if (Cast->getOpcode() == Instruction::IntToPtr)
      Handle = Cast->getOperand(0);
  const auto *C = dyn_cast<ConstantInt>(Handle);
  return C && C->getZExtValue() <= LastPredefinedAllocator;
}

/// The __kmpc_free calls that release \p Alloc's result.
SmallVector<CallInst *, 2> freesOf(CallInst &Alloc) {
  SmallVector<CallInst *, 2> Frees;
  for (User *U : Alloc.users())
    if (auto *Call = dyn_cast<CallInst>(U))
      if (isCallTo(*Call, "__kmpc_free") && Call->getArgOperand(1) == &Alloc)
        Frees.push_back(Call);
  return Frees;
}

/// Moves \p Alloc's storage to a stack slot when that is safe; returns the
/// bytes it took from the budget.
uint64_t moveToStack(CallInst &Alloc, uint64_t BudgetLeft) {
  const auto *Size = dyn_cast<ConstantInt>(Alloc.getArgOperand(1));
  if (!Size || Size->isZero() || Size->getZExtValue() > BudgetLeft ||
      !isPredefinedAllocator(Alloc.getArgOperand(2)))
    return 0;
  SmallVector<CallInst *, 2> Frees = freesOf(Alloc);
  if (Frees.empty())
    return 0;
  Function &F = *Alloc.getFunction();
  IRBuilder<> B(&*F.getEntryBlock().getFirstInsertionPt());
  const DataLayout &DL = F.getParent()->getDataLayout();
  Type *Storage = ArrayType::get(B.getInt8Ty(), Size->getZExtValue());
  AllocaInst *Slot = B.CreateAlloca(Storage, DL.getAllocaAddrSpace(), nullptr,
                                    Alloc.getName() + ".stack");
  Slot->setAlignment(Align(16)); // as much as device malloc gives
  Value *Ptr = B.CreateAddrSpaceCast(Slot, Alloc.getType());
  for (CallInst *Free : Frees)
    Free->eraseFromParent();
  Alloc.replaceAllUsesWith(Ptr);
  Alloc.eraseFromParent();
  ++NumMovedToStack;
  LLVM_DEBUG(dbgs() << "allocate-to-stack: " << Size->getZExtValue()
                    << " bytes in " << F.getName() << "\n");
  return Size->getZExtValue();
}

} // namespace

PreservedAnalyses AllocateToStackPass::run(Function &F,
                                           FunctionAnalysisManager &) {
  if (hasDeviceErrors(*F.getParent()))
    return PreservedAnalyses::all();
  SmallVector<CallInst *, 4> Allocs;
  for (Instruction &I : instructions(F))
    if (isa<CallInst>(I) && isCallTo(I, "__kmpc_alloc"))
      Allocs.push_back(cast<CallInst>(&I));
  uint64_t BudgetLeft = StackBudget;
  bool Changed = false;
  for (CallInst *Alloc : Allocs) {
    uint64_t Taken = moveToStack(*Alloc, BudgetLeft);
    BudgetLeft -= Taken;
    Changed |= Taken != 0;
  }
  return preservedKeepingCFG(Changed);
}

} // namespace cot

//===- LogicalReductions.cpp - && and || reductions without branches -----===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Pass openmp-device-logical-reductions. A loop with reduction(&& : x)
// updates its thread's private copy as the program writes it, `x = x &&
// a[i]`, and C evaluates a[i] only while x is true. Each iteration's load
// then waits for the previous iteration's compare: one load in flight per
// thread, where CUDA's twin loads unconditionally (measured on the H200:
// 1.24-1.37x CUDA's time for 32-bit && and || sums, 1.1-1.2x for 64-bit).
//
// Where the branch tests the private copy itself and the right operand is
// one block of side-effect-free code (reads and arithmetic that cannot
// trap), this pass evaluates the operand before the test and selects the
// result. A conforming program allows it: the schedule of a loop without a
// schedule clause is the implementation's, so any iteration may be the
// first its thread runs, where the private copy holds the identity (true
// for &&, false for ||) and the operand is evaluated anyway. So only the
// functions outlined from default-scheduled kernels, and only the branches
// on a private copy of a reduction of the same function, change.
//
// Runs in the NVPTX lowering before openmp-device-reductions, while the
// private copies are the locals of Clang's reduction list.
//
//===----------------------------------------------------------------------===//

#include "ReductionLists.h"

#include "OpenMPDevice/Diagnostics.h"
#include "OpenMPDevice/Kernels.h"
#include "OpenMPDevice/Passes.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "openmp-device-logical-reductions"

STATISTIC(NumEagerOperands,
          "Right operands of && and || on a reduction's private copy "
          "evaluated without a branch");

using namespace llvm;
using namespace llvm::PatternMatch;

namespace cot {
namespace {

/// Whether \p Condition is Clang's test of a private copy's truth: `x != 0`
/// on a read of one of \p Privates (an integer or a floating-point one).
bool testsPrivate(Value *Condition,
                  const SmallPtrSetImpl<AllocaInst *> &Privates) {
  Value *Read = nullptr;
  if (!match(Condition, m_SpecificICmp(ICmpInst::ICMP_NE, m_Value(Read),
                                       m_Zero())) &&
      !match(Condition, m_SpecificFCmp(FCmpInst::FCMP_UNE, m_Value(Read),
                                       m_AnyZeroFP())))
    return false;
  auto *Load = dyn_cast<LoadInst>(Read);
  auto *Private =
      Load ? dyn_cast<AllocaInst>(Load->getPointerOperand()) : nullptr;
  return Load && Load->isSimple() && Private && Privates.contains(Private);
}

/// Whether evaluating \p Operand's instructions when the program would not
/// has no effect the program can see: plain reads and code that cannot
/// trap, with no phi (one predecessor).
bool isSideEffectFree(BasicBlock &Operand) {
  for (Instruction &I : Operand) {
    if (I.isTerminator())
      continue;
    if (auto *Load = dyn_cast<LoadInst>(&I); Load && Load->isSimple())
      continue;
    if (!isSafeToSpeculativelyExecute(&I))
      return false;
  }
  return true;
}

/// Evaluates the right operand behind \p Branch (a test of a private copy,
/// whose one successor is the operand's block and the other where both
/// meet) before the test, when the operand's block is side-effect-free.
bool evaluateEagerly(BranchInst &Branch) {
  BasicBlock *Test = Branch.getParent();
  BasicBlock *OnTrue = Branch.getSuccessor(0);
  BasicBlock *OnFalse = Branch.getSuccessor(1);
  for (bool OperandOnTrue : {true, false}) {
    BasicBlock *Operand = OperandOnTrue ? OnTrue : OnFalse;
    BasicBlock *Merge = OperandOnTrue ? OnFalse : OnTrue;
    if (Operand == Merge || Operand->getSinglePredecessor() != Test ||
        Operand->getSingleSuccessor() != Merge ||
        !Merge->hasNPredecessors(2) || !isSideEffectFree(*Operand))
      continue;
    Value *Condition = Branch.getCondition();
    for (Instruction &I : make_early_inc_range(*Operand))
      if (!I.isTerminator())
        I.moveBefore(&Branch);
    IRBuilder<> B(&Branch);
    for (PHINode &Phi : Merge->phis()) {
      Value *FromOperand = Phi.getIncomingValueForBlock(Operand);
      Value *FromTest = Phi.getIncomingValueForBlock(Test);
      Value *Result =
          OperandOnTrue ? B.CreateSelect(Condition, FromOperand, FromTest)
                        : B.CreateSelect(Condition, FromTest, FromOperand);
      Phi.setIncomingValueForBlock(Operand, Result);
      Phi.removeIncomingValue(Test, /*DeletePHIIfEmpty=*/false);
    }
    BranchInst::Create(Operand, &Branch);
    Branch.eraseFromParent();
    ++NumEagerOperands;
    return true;
  }
  return false;
}

/// Evaluates eagerly the right operands of && and || on the private copies
/// of \p Call's reduction in its function.
bool evaluateOperandsEagerly(CallInst &Call, const DataLayout &DL) {
  std::optional<SmallVector<AllocaInst *, 4>> List = privatesOf(Call, DL);
  if (!List)
    return false;
  SmallPtrSet<AllocaInst *, 4> Privates(List->begin(), List->end());
  SmallVector<BranchInst *, 4> Tests;
  for (BasicBlock &BB : *Call.getFunction())
    if (auto *Br = dyn_cast<BranchInst>(BB.getTerminator());
        Br && Br->isConditional() && testsPrivate(Br->getCondition(), Privates))
      Tests.push_back(Br);
  bool Changed = false;
  for (BranchInst *Br : Tests)
    Changed |= evaluateEagerly(*Br);
  return Changed;
}

} // namespace

PreservedAnalyses LogicalReductionsPass::run(Module &M,
                                             ModuleAnalysisManager &) {
  if (hasDeviceErrors(M))
    return PreservedAnalyses::all();
  SmallPtrSet<Function *, 16> DefaultScheduleKernels;
  for (const KernelInfo &K : kernelsOf(M))
    if (K.DefaultSchedule)
      DefaultScheduleKernels.insert(K.F);
  bool Changed = false;
  for (CallInst *Call : reductionCalls(M))
    if (DefaultScheduleKernels.count(owningKernel(*Call->getFunction())))
      Changed |= evaluateOperandsEagerly(*Call, M.getDataLayout());
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace cot

//===- UnchangedCompareExchange.cpp - CAS loops that change nothing -------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Clang updates a value that has no atomicrmw operation (float min and max,
// float *, && and || of int, a user's `omp atomic` of such an expression)
// with a compare-and-swap loop:
//
//   loop:
//     %old = phi [ load atomic %p, %entry ], [ %seen, %loop ]
//     %new = <the update of %old>
//     %pair = cmpxchg ptr %p, %old, %new monotonic monotonic
//     %seen = extractvalue %pair, 0
//     br (extractvalue %pair, 1), %exit, %loop
//
// The reductions of a kernel end in one such loop per block, all on one
// address; a min or max rarely changes the value after the first few
// blocks, yet each block writes it and retries while others do (bench/
// reduce_min_f32 lost 15% when smaller register counts put 8 blocks on an
// SM instead of 6).
//
// Where %new equals %old, the update writes back the value it read: the
// loop can end without the cmpxchg. Its effect is that of a relaxed update
// at the moment of the read, which the memory model allows, so this is done
// for monotonic cmpxchg only (an acquire or release cmpxchg orders other
// accesses even when it writes the same value) and only where %old was read
// from %p itself (the atomic load before the loop, or the cmpxchg's own
// result): a cmpxchg whose expected value does not come from memory is a
// test of what memory holds, and must stay.
//
// Function pass openmp-device-unchanged-cas, at the end of O3 (the
// optimizer-last extension point), after the loop optimizations.
//
//===----------------------------------------------------------------------===//

#include "OpenMPDevice/Passes.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

#define DEBUG_TYPE "openmp-device-unchanged-cas"

STATISTIC(NumShortcuts, "Compare-and-swap loops that end when the update "
                        "changes nothing");

using namespace llvm;
using namespace llvm::PatternMatch;

namespace cot {
namespace {

/// A compare-and-swap update loop: the cmpxchg, the value it expects (read
/// from memory) and the block its success branches to.
struct UpdateLoop {
  AtomicCmpXchgInst *Swap;
  PHINode *Old;
  BasicBlock *Exit;
};

/// Whether \p V is the value \p Swap returns, or a load of its address.
bool readsSwappedMemory(Value *V, AtomicCmpXchgInst &Swap) {
  if (match(V, m_ExtractValue<0>(m_Specific(&Swap))))
    return true;
  auto *Load = dyn_cast<LoadInst>(V);
  return Load && Load->getPointerOperand() == Swap.getPointerOperand();
}

/// Whether the only way into \p Swap's block tests that its new value is
/// its expected one: the loop ends on unchanged values already.
bool testedForChange(AtomicCmpXchgInst &Swap) {
  BasicBlock *Pred = Swap.getParent()->getSinglePredecessor();
  auto *Test = Pred ? dyn_cast<BranchInst>(Pred->getTerminator()) : nullptr;
  return Test && Test->isConditional() &&
         match(Test->getCondition(),
               m_c_ICmp(m_Specific(Swap.getNewValOperand()),
                        m_Specific(Swap.getCompareOperand())));
}

std::optional<UpdateLoop> matchUpdateLoop(AtomicCmpXchgInst &Swap) {
  if (Swap.isVolatile() ||
      Swap.getSuccessOrdering() != AtomicOrdering::Monotonic ||
      Swap.getFailureOrdering() != AtomicOrdering::Monotonic ||
      testedForChange(Swap))
    return std::nullopt;
  auto *Old = dyn_cast<PHINode>(Swap.getCompareOperand());
  auto *Branch = dyn_cast<BranchInst>(Swap.getParent()->getTerminator());
  if (!Old || !Branch || !Branch->isConditional() ||
      !match(Branch->getCondition(), m_ExtractValue<1>(m_Specific(&Swap))) ||
      Branch->getSuccessor(1) != Old->getParent() ||
      Branch->getSuccessor(0) == Old->getParent())
    return std::nullopt;
  if (!all_of(Old->incoming_values(),
              [&](Value *V) { return readsSwappedMemory(V, Swap); }))
    return std::nullopt;
  return UpdateLoop{&Swap, Old, Branch->getSuccessor(0)};
}

/// The value the exit's phi \p Incoming (from the cmpxchg's block) has when
/// the cmpxchg is skipped, or null where it depends on more than the
/// cmpxchg's result.
Value *valueWithoutSwap(Value *Incoming, const UpdateLoop &Loop) {
  if (match(Incoming, m_ExtractValue<0>(m_Specific(Loop.Swap))))
    return Loop.Old;
  if (match(Incoming, m_ExtractValue<1>(m_Specific(Loop.Swap))))
    return ConstantInt::getTrue(Incoming->getContext());
  auto *I = dyn_cast<Instruction>(Incoming);
  if (!I || I->getParent() != Loop.Swap->getParent() ||
      I->comesBefore(Loop.Swap))
    return Incoming;
  return nullptr;
}

/// Ends \p Loop before its cmpxchg where the new value is the old one.
bool skipUnchangedSwap(const UpdateLoop &Loop) {
  BasicBlock *SwapBlock = Loop.Swap->getParent();
  SmallVector<std::pair<PHINode *, Value *>, 2> ExitValues;
  for (PHINode &Phi : Loop.Exit->phis()) {
    Value *V = valueWithoutSwap(Phi.getIncomingValueForBlock(SwapBlock), Loop);
    if (!V)
      return false;
    ExitValues.emplace_back(&Phi, V);
  }
  BasicBlock *Swapping = SplitBlock(SwapBlock, Loop.Swap);
  Instruction *Jump = SwapBlock->getTerminator();
  IRBuilder<> B(Jump);
  Value *Unchanged =
      B.CreateICmpEQ(Loop.Swap->getNewValOperand(), Loop.Old, "cas.unchanged");
  B.CreateCondBr(Unchanged, Loop.Exit, Swapping);
  Jump->eraseFromParent();
  for (auto [Phi, V] : ExitValues)
    Phi->addIncoming(V, SwapBlock);
  return true;
}

} // namespace

PreservedAnalyses UnchangedCompareExchangePass::run(Function &F,
                                                    FunctionAnalysisManager &) {
  SmallVector<UpdateLoop, 2> Loops;
  for (Instruction &I : instructions(F))
    if (auto *Swap = dyn_cast<AtomicCmpXchgInst>(&I))
      if (std::optional<UpdateLoop> Loop = matchUpdateLoop(*Swap))
        Loops.push_back(*Loop);
  bool Changed = false;
  for (const UpdateLoop &Loop : Loops)
    if (skipUnchangedSwap(Loop)) {
      ++NumShortcuts;
      Changed = true;
    }
  LLVM_DEBUG(if (Changed) dbgs()
             << F.getName() << ": CAS loops end on unchanged values\n");
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace cot

//===- ExactTripCounts.cpp - Loops whose trip count is one value ----------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Code ported from CUDA walks a tile with the threads of a block:
// `for (k = ty; k < 32; k += 8)` with ty = omp_get_thread_num() / 32 and
// thread_limit(256). Once the block size is known
// (openmp-device-fold-block-threads gives %tid.x the range [0, 256)), the
// loop runs 4 times in every thread, but ScalarEvolution knows its trip
// count only as (31 - ty) / 8, an expression whose range holds one value,
// and LLVM's unroller wants a constant: the loop ran one load at a time
// (a load, then its store to shared memory), where nvcc unrolls it and
// keeps the four loads in flight (bench `transpose_tiled`).
//
// Function pass openmp-device-exact-trip-counts (at the vectorizer's start,
// before the optimizer's loop unroller) finds innermost loops with one
// exiting block whose exit count is not a constant but has a range of one
// value C, and makes the exit test count: a counter from 0 that the latch
// increments, and the loop leaves where the counter reaches C. The other
// exit test becomes dead. Loops with several exits, or whose count
// ScalarEvolution cannot compute, stay as they are.
//
//===----------------------------------------------------------------------===//

#include "ForkCalls.h"
#include "OpenMPDevice/Passes.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/Local.h"

#define DEBUG_TYPE "openmp-device-exact-trip-counts"

STATISTIC(NumCountedLoops, "Loops given a constant trip count");

using namespace llvm;

namespace cot {
namespace {

/// The exit count of \p L at its only exiting block, when it is not a
/// constant but can only be one value.
std::optional<APInt> singleValueExitCount(Loop &L, BasicBlock &Exiting,
                                          ScalarEvolution &SE) {
  const SCEV *Count = SE.getExitCount(&L, &Exiting);
  if (isa<SCEVCouldNotCompute>(Count) || isa<SCEVConstant>(Count))
    return std::nullopt;
  if (const APInt *Value = SE.getUnsignedRange(Count).getSingleElement())
    return *Value;
  return std::nullopt;
}

/// Makes \p L leave at \p Exiting's branch when a counter of its iterations
/// reaches \p Count. Returns whether it did.
bool countIterations(Loop &L, ScalarEvolution &SE, const DominatorTree &DT) {
  BasicBlock *Exiting = L.getExitingBlock();
  BasicBlock *Latch = L.getLoopLatch();
  if (!Exiting || !L.isLoopSimplifyForm() || !DT.dominates(Exiting, Latch))
    return false;
  auto *Exit = dyn_cast<BranchInst>(Exiting->getTerminator());
  if (!Exit || !Exit->isConditional())
    return false;
  std::optional<APInt> Count = singleValueExitCount(L, *Exiting, SE);
  if (!Count)
    return false;

  Type *CountTy = IntegerType::get(L.getHeader()->getContext(),
                                   Count->getBitWidth());
  IRBuilder<> B(&L.getHeader()->front());
  PHINode *Done = B.CreatePHI(CountTy, 2, "iterations.done");
  B.SetInsertPoint(Latch->getTerminator());
  Value *Next = B.CreateAdd(Done, ConstantInt::get(CountTy, 1),
                            "iterations.next", /*HasNUW=*/true);
  for (BasicBlock *Pred : predecessors(L.getHeader()))
    Done->addIncoming(Pred == Latch ? Next
                                    : ConstantInt::get(CountTy, 0),
                      Pred);
  // Exiting runs once per iteration (it dominates the latch), after
  // Done iterations; the branch's true successor leaves the loop or not.
  B.SetInsertPoint(Exit);
  bool LeavesOnTrue = !L.contains(Exit->getSuccessor(0));
  Value *Last = ConstantInt::get(CountTy, *Count);
  Value *Old = Exit->getCondition();
  Exit->setCondition(LeavesOnTrue ? B.CreateICmpEQ(Done, Last, "last")
                                  : B.CreateICmpNE(Done, Last, "more"));
  RecursivelyDeleteTriviallyDeadInstructions(Old);
  SE.forgetLoop(&L);
  return true;
}

} // namespace

PreservedAnalyses ExactTripCountsPass::run(Function &F,
                                           FunctionAnalysisManager &FAM) {
  if (F.isDeclaration())
    return PreservedAnalyses::all();
  auto &LI = FAM.getResult<LoopAnalysis>(F);
  auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  auto &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  bool Changed = false;
  for (Loop *L : LI.getLoopsInPreorder())
    if (L->isInnermost() && countIterations(*L, SE, DT)) {
      Changed = true;
      ++NumCountedLoops;
    }
  return preservedKeepingCFG(Changed);
}

} // namespace cot

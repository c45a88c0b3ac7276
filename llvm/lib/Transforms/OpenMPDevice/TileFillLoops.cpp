//===- TileFillLoops.cpp - Unrolled loops that wait on their loads --------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A loop that copies global memory into shared memory, each thread taking
// every nth element (a tile and its halo, `for (e = tid; e < size; e +=
// nth) tile[e] = u[...]`), runs a few iterations per thread, a number known
// only at run time; so does a loop that sums every nth row of a column
// (HeCBench's stddev). The optimizer's unroller leaves such loops rolled:
// it unrolls a loop whose trip count is unknown when compiling only where
// the count's maximum is unknown or at least eight, and where computing the
// count takes no division (every nth element, n not a constant, takes one).
// Each iteration then waits for its load before it stores or adds and the
// next one loads: one load in flight per thread. nvcc unrolls these loops
// by four and issues the four loads first (bench cs_stencil: CUDA's kernel
// with the loop kept rolled took 19% longer).
//
// Function pass openmp-device-tile-fill-loops, where the vectorizer starts
// (before the optimizer's unroller), asks for that unrolling: an innermost
// loop that the unroller would leave rolled for one of those two reasons,
// small, without calls, that stores a value it loaded from memory other
// than shared memory (directly, or chosen by a phi or select) to shared
// memory, or whose header carries a value computed from such a load (a
// sum), gets the loop metadata of `#pragma unroll 4`. The unroller then
// makes four copies and a remainder loop. Each copy's load sits behind its
// bounds test; ptxas turns a test of one condition into a predicated load
// and issues the four loads before the sums, and
// openmp-device-sink-shared-stores moves the copies' shared stores below
// the later copies' loads at the end of O3. Loops the unroller unrolls by
// itself are left to it: forcing four on them made bench matmul's k loop
// 2.5% slower, and a walk whose trip count is not known when it starts
// (hash_records) cannot have a remainder loop.
//
//===----------------------------------------------------------------------===//

#include "OpenMPDevice/Passes.h"
#include "TeamShared.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

#define DEBUG_TYPE "openmp-device-tile-fill-loops"

STATISTIC(NumFillLoops, "Loops waiting on their loads unrolled by four");

using namespace llvm;

namespace cot {
namespace {

/// The unroll count, nvcc's for such loops.
constexpr unsigned FillUnrollCount = 4;

/// The unroller's limits: it unrolls a loop whose trip count is known at run
/// time only where the count's maximum is unknown or at least
/// UnrollMaxUpperBound (LLVM's -unroll-max-upperbound), and where computing
/// the count costs at most CheapExpansionBudget (-scev-cheap-expansion-budget).
constexpr unsigned UnrollMaxUpperBound = 8;
constexpr unsigned CheapExpansionBudget = 4;

/// Loops with more instructions are left to the unroller's own sizing.
constexpr unsigned MaxFillLoopInstructions = 64;

/// Phis and selects a stored value is followed through to its load.
constexpr unsigned MaxSelectDepth = 2;

/// Operands an accumulated value is followed through to a load.
constexpr unsigned MaxAccumulationDepth = 6;

/// Whether \p V is a load of \p L from memory other than shared memory, or
/// a phi or select of \p L one of whose operands is.
bool isLoadedOutsideShared(const Value *V, const Loop &L, unsigned Depth) {
  const auto *I = dyn_cast<Instruction>(V);
  if (!I || !L.contains(I))
    return false;
  if (const auto *Load = dyn_cast<LoadInst>(I))
    return !pointsToSharedMemory(Load->getPointerOperand());
  if (Depth == MaxSelectDepth || !(isa<PHINode>(I) || isa<SelectInst>(I)))
    return false;
  return any_of(I->operands(), [&](const Value *Op) {
    return isLoadedOutsideShared(Op, L, Depth + 1);
  });
}

/// Whether \p V, computed in \p L, uses a load of \p L from memory other
/// than shared memory through arithmetic and joins of \p L (not through the
/// values its header carries from the previous iteration).
bool usesLoadOutsideShared(const Value *V, const Loop &L, unsigned Depth) {
  const auto *I = dyn_cast<Instruction>(V);
  if (!I || !L.contains(I) || Depth > MaxAccumulationDepth ||
      (isa<PHINode>(I) && I->getParent() == L.getHeader()))
    return false;
  if (const auto *Load = dyn_cast<LoadInst>(I))
    return !pointsToSharedMemory(Load->getPointerOperand());
  return any_of(I->operands(), [&](const Value *Op) {
    return usesLoadOutsideShared(Op, L, Depth + 1);
  });
}

/// Whether \p Next, the value \p Phi carries into the next iteration, is
/// one step of a reduction: an operation of \p Phi and a value computed
/// from a load of \p L (a sum, a product, a minimum), not a longer chain of
/// arithmetic on \p Phi (a hash), whose iterations wait on each other.
bool isReductionStep(const Value *Next, const PHINode &Phi, const Loop &L) {
  auto StepsWith = [&](const Value *A, const Value *B) {
    return (A == &Phi && usesLoadOutsideShared(B, L, 0)) ||
           (B == &Phi && usesLoadOutsideShared(A, L, 0));
  };
  if (const auto *Op = dyn_cast<BinaryOperator>(Next))
    return StepsWith(Op->getOperand(0), Op->getOperand(1));
  if (const auto *Select = dyn_cast<SelectInst>(Next))
    return StepsWith(Select->getTrueValue(), Select->getFalseValue());
  if (const auto *Call = dyn_cast<IntrinsicInst>(Next)) {
    switch (Call->getIntrinsicID()) {
    case Intrinsic::fmuladd:
    case Intrinsic::fma:
      return Call->getArgOperand(2) == &Phi &&
             usesLoadOutsideShared(Call->getArgOperand(0), L, 0);
    case Intrinsic::smin:
    case Intrinsic::smax:
    case Intrinsic::umin:
    case Intrinsic::umax:
    case Intrinsic::minnum:
    case Intrinsic::maxnum:
      return StepsWith(Call->getArgOperand(0), Call->getArgOperand(1));
    default:
      return false;
    }
  }
  return false;
}

/// Whether a phi of \p L's header other than its counter reduces values
/// computed from the iteration's loads.
bool accumulatesLoads(const Loop &L, ScalarEvolution &SE) {
  BasicBlock *Latch = L.getLoopLatch();
  for (const PHINode &Phi : L.getHeader()->phis()) {
    if (SE.isSCEVable(Phi.getType()) &&
        isa<SCEVAddRecExpr>(SE.getSCEV(const_cast<PHINode *>(&Phi))))
      continue;
    if (isReductionStep(Phi.getIncomingValueForBlock(Latch), Phi, L))
      return true;
  }
  return false;
}

/// Whether \p L is a small loop, without calls, that stores to shared
/// memory what it loaded from elsewhere, or accumulates such loads.
bool waitsOnLoads(const Loop &L, ScalarEvolution &SE) {
  unsigned Instructions = 0;
  bool Fills = false;
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB) {
      if (++Instructions > MaxFillLoopInstructions)
        return false;
      if (const auto *Call = dyn_cast<CallBase>(&I);
          Call && !(isa<IntrinsicInst>(Call) && Call->doesNotAccessMemory()))
        return false;
      if (const auto *Store = dyn_cast<StoreInst>(&I))
        Fills |= Store->isSimple() &&
                 pointsToSharedMemory(Store->getPointerOperand()) &&
                 isLoadedOutsideShared(Store->getValueOperand(), L, 0);
    }
  return Fills || accumulatesLoads(L, SE);
}

/// Whether O3's unroller leaves \p L rolled although it could unroll it with
/// a remainder loop (its trip count is known when the loop starts): the
/// count's maximum is small, or computing the count takes a division (a
/// loop over every nth element, n not a constant).
bool staysRolled(Loop &L, ScalarEvolution &SE, const TargetTransformInfo &TTI) {
  const SCEV *Exits = SE.getExitCount(&L, L.getLoopLatch());
  if (isa<SCEVCouldNotCompute>(Exits))
    return false;
  unsigned MaxTrips = SE.getSmallConstantMaxTripCount(&L);
  if (MaxTrips != 0 && MaxTrips < UnrollMaxUpperBound)
    return true;
  BasicBlock *Entry = L.getLoopPredecessor();
  if (!Entry)
    return false;
  const SCEV *Trips = SE.getAddExpr(Exits, SE.getOne(Exits->getType()));
  SCEVExpander Expander(SE, Entry->getModule()->getDataLayout(), "trip-count");
  return Expander.isHighCostExpansion(Trips, &L, CheapExpansionBudget, &TTI,
                                      Entry->getTerminator());
}

} // namespace

PreservedAnalyses TileFillLoopsPass::run(Function &F,
                                         FunctionAnalysisManager &FAM) {
  auto &LI = FAM.getResult<LoopAnalysis>(F);
  auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  auto &TTI = FAM.getResult<TargetIRAnalysis>(F);
  bool Changed = false;
  for (Loop *L : LI.getLoopsInPreorder()) {
    if (!L->isInnermost() || !L->getLoopLatch() ||
        hasUnrollTransformation(L) != TM_Unspecified ||
        SE.getSmallConstantTripCount(L) != 0 || !waitsOnLoads(*L, SE) ||
        !staysRolled(*L, SE, TTI))
      continue;
    addStringMetadataToLoop(L, "llvm.loop.unroll.count", FillUnrollCount);
    ++NumFillLoops;
    Changed = true;
    LLVM_DEBUG(dbgs() << F.getName() << ": loop " << L->getName()
                      << " fills shared memory: unrolled by " << FillUnrollCount
                      << "\n");
  }
  if (!Changed)
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  PA.preserve<LoopAnalysis>();
  PA.preserve<ScalarEvolutionAnalysis>();
  return PA;
}

} // namespace cot

//===- TileFillLoops.cpp - Unrolled loops that fill shared memory ---------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A loop that copies global memory into shared memory, each thread taking
// every nth element (a tile and its halo, `for (e = tid; e < size; e +=
// nth) tile[e] = u[...]`), runs a few iterations per thread, a number known
// only at run time. The optimizer's unroller leaves such a loop rolled: it
// unrolls a loop whose trip count is unknown only where the count may be
// large (a maximum below its upper-bound limit, eight, keeps it rolled), so
// each iteration waits for its load before it stores and the next one
// loads. nvcc unrolls these loops by four and issues the four loads before
// the stores (bench cs_stencil: CUDA's kernel with the loop kept rolled
// took 19% longer).
//
// Function pass openmp-device-tile-fill-loops, where the vectorizer starts
// (before the optimizer's unroller), asks for that unrolling: an innermost
// loop of unknown trip count, small, without calls, that stores a value it
// loaded from memory other than shared memory (directly, or chosen by a phi
// or select) to shared memory gets the loop metadata of `#pragma unroll 4`.
// The unroller then makes four copies and a remainder loop;
// openmp-device-sink-shared-stores moves the copies' stores below their
// loads at the end of O3.
//
//===----------------------------------------------------------------------===//

#include "OpenMPDevice/Passes.h"
#include "TeamShared.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

#define DEBUG_TYPE "openmp-device-tile-fill-loops"

STATISTIC(NumFillLoops, "Loops filling shared memory unrolled by four");

using namespace llvm;

namespace cot {
namespace {

/// The unroll count, nvcc's for such loops.
constexpr unsigned FillUnrollCount = 4;

/// Loops with more instructions are left to the unroller's own sizing.
constexpr unsigned MaxFillLoopInstructions = 64;

/// Phis and selects a stored value is followed through to its load.
constexpr unsigned MaxSelectDepth = 2;

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

/// Whether \p L is a small loop, without calls, that stores to shared
/// memory what it loaded from elsewhere.
bool fillsSharedMemory(const Loop &L) {
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
  return Fills;
}

} // namespace

PreservedAnalyses TileFillLoopsPass::run(Function &F,
                                         FunctionAnalysisManager &FAM) {
  auto &LI = FAM.getResult<LoopAnalysis>(F);
  auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  bool Changed = false;
  for (Loop *L : LI.getLoopsInPreorder()) {
    if (!L->isInnermost() || !L->getLoopLatch() ||
        hasUnrollTransformation(L) != TM_Unspecified ||
        SE.getSmallConstantTripCount(L) != 0 || !fillsSharedMemory(*L))
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

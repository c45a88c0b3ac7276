//===- PopcountLoops.cpp - Bit-clearing loops become a population count ---===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// `for (c = 0; x; c++) x &= x - 1;` counts the set bits of x, one loop
// iteration per bit. nvcc compiles it to one `popc`; LLVM's loop-idiom
// recognition does the same only where the target says that a population
// count is fast, which NVPTX's cost model does not (HeCBench popcount: 276
// us against CUDA's 60, clang-19 409).
//
// Loop pass openmp-device-popcount-loops finds the rotated form of that
// loop: one block whose only work is x' = x & (x - 1), c' = c + 1 and the
// test x' != 0. Entered with x0, it runs max(popcount(x0), 1) times (a
// rotated loop runs at least once, and with x0 = 0 once), so on leaving it
// c' is c0 + max(popcount(x0), 1) and x' is 0. The pass computes those in
// the preheader with llvm.ctpop and gives them to the loop's users outside
// it (its LCSSA phis); the loop, whose values nothing uses any more, is
// left to loop deletion. The NVPTX device link runs it among the late loop
// optimizations of O3 (before loop deletion).
//
//===----------------------------------------------------------------------===//

#include "OpenMPDevice/Diagnostics.h"
#include "OpenMPDevice/Passes.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/PatternMatch.h"

#define DEBUG_TYPE "openmp-device-popcount-loops"

STATISTIC(NumPopcountLoops, "Bit-clearing loops replaced by a popcount");

using namespace llvm;
using namespace llvm::PatternMatch;

namespace cot {
namespace {

/// The values of a bit-clearing loop.
struct BitClearingLoop {
  PHINode *Bits;       // x
  PHINode *Count;      // c
  Instruction *Next;   // x & (x - 1)
  Instruction *Count1; // c + 1
};

/// Whether \p BB's branch stays in the loop while \p Tested is not zero.
bool loopsWhileNonZero(BranchInst &Br, BasicBlock &BB, Value *&Tested) {
  ICmpInst::Predicate Pred;
  if (!Br.isConditional() ||
      !match(Br.getCondition(), m_ICmp(Pred, m_Value(Tested), m_Zero())))
    return false;
  bool StaysOnTrue = Br.getSuccessor(0) == &BB;
  return (Pred == ICmpInst::ICMP_NE && StaysOnTrue) ||
         (Pred == ICmpInst::ICMP_EQ && !StaysOnTrue);
}

/// Whether \p V has a use outside \p L.
bool isUsedOutside(Instruction &V, Loop &L) {
  return any_of(V.users(),
                [&](User *U) { return !L.contains(cast<Instruction>(U)); });
}

/// \p L when it is the rotated loop `do { x &= x - 1; c++; } while (x);`
/// with nothing else in it.
std::optional<BitClearingLoop> matchBitClearingLoop(Loop &L) {
  BasicBlock *BB = L.getHeader();
  if (L.getNumBlocks() != 1 || !L.getLoopPreheader())
    return std::nullopt;
  auto *Br = dyn_cast<BranchInst>(BB->getTerminator());
  Value *Tested = nullptr;
  if (!Br || !loopsWhileNonZero(*Br, *BB, Tested))
    return std::nullopt;
  Value *X = nullptr;
  Instruction *Minus1 = nullptr;
  if (!match(Tested,
             m_c_And(m_Value(X), m_CombineAnd(m_Add(m_Deferred(X), m_AllOnes()),
                                              m_Instruction(Minus1)))))
    return std::nullopt;
  auto *Bits = dyn_cast<PHINode>(X);
  if (!Bits || Bits->getParent() != BB ||
      Bits->getIncomingValueForBlock(BB) != Tested)
    return std::nullopt;
  BitClearingLoop Found{Bits, nullptr, cast<Instruction>(Tested), nullptr};
  for (PHINode &Phi : BB->phis()) {
    if (&Phi == Bits)
      continue;
    Value *In = Phi.getIncomingValueForBlock(BB);
    if (Found.Count || !match(In, m_Add(m_Specific(&Phi), m_One())))
      return std::nullopt;
    Found.Count = &Phi;
    Found.Count1 = cast<Instruction>(In);
  }
  if (!Found.Count)
    return std::nullopt;
  SmallPtrSet<Instruction *, 8> Known = {Bits,         Found.Count, Found.Next,
                                         Found.Count1, Minus1,      Br};
  if (auto *Test = dyn_cast<Instruction>(Br->getCondition()))
    Known.insert(Test);
  for (Instruction &I : *BB)
    if (!Known.count(&I))
      return std::nullopt;
  // x itself (the last set bit before the exit) is not computed.
  if (isUsedOutside(*Bits, L))
    return std::nullopt;
  return Found;
}

/// Gives the uses of \p V outside \p L (its LCSSA phis) \p Exit instead.
void replaceExitUses(Instruction &V, Value *Exit, Loop &L) {
  for (Use &U : make_early_inc_range(V.uses()))
    if (!L.contains(cast<Instruction>(U.getUser())))
      U.set(Exit);
}

/// Whether every use of \p V outside \p L is a phi (LCSSA form).
bool hasOnlyExitPhiUses(Instruction &V, Loop &L) {
  return all_of(V.users(), [&](User *U) {
    return L.contains(cast<Instruction>(U)) || isa<PHINode>(U);
  });
}

} // namespace

PreservedAnalyses PopcountLoopsPass::run(Loop &L, LoopAnalysisManager &,
                                         LoopStandardAnalysisResults &AR,
                                         LPMUpdater &) {
  std::optional<BitClearingLoop> Found = matchBitClearingLoop(L);
  if (!Found)
    return PreservedAnalyses::all();
  Instruction *Values[] = {Found->Count1, Found->Count, Found->Next};
  if (!all_of(Values,
              [&](Instruction *V) { return hasOnlyExitPhiUses(*V, L); }) ||
      none_of(Values, [&](Instruction *V) { return isUsedOutside(*V, L); }))
    return PreservedAnalyses::all();

  BasicBlock *Pre = L.getLoopPreheader();
  Value *X0 = Found->Bits->getIncomingValueForBlock(Pre);
  Value *C0 = Found->Count->getIncomingValueForBlock(Pre);
  IRBuilder<> B(Pre->getTerminator());
  Value *Pop = B.CreateUnaryIntrinsic(Intrinsic::ctpop, X0);
  Value *Iterations = B.CreateBinaryIntrinsic(
      Intrinsic::umax, Pop, ConstantInt::get(Pop->getType(), 1));
  Value *Counted = B.CreateAdd(
      C0, B.CreateZExtOrTrunc(Iterations, C0->getType()), "popcount.count");
  replaceExitUses(*Found->Count1, Counted, L);
  if (isUsedOutside(*Found->Count, L))
    replaceExitUses(*Found->Count,
                    B.CreateSub(Counted, ConstantInt::get(C0->getType(), 1)),
                    L);
  replaceExitUses(*Found->Next, Constant::getNullValue(X0->getType()), L);
  AR.SE.forgetLoop(&L);

  Function &F = *Pre->getParent();
  OptimizationRemarkEmitter ORE(&F);
  ORE.emit([&] {
    return OptimizationRemark(RemarkPassName, "PopcountLoop", Found->Next)
           << "loop that clears the lowest set bit until none is left "
              "replaced by a population count";
  });
  ++NumPopcountLoops;
  return getLoopPassPreservedAnalyses();
}

} // namespace cot

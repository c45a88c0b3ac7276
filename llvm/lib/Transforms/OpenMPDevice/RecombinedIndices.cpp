//===- RecombinedIndices.cpp - A collapsed nest's indices put back together ===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A `collapse(2)` nest runs one 64-bit logical iteration number iv and
// recovers its indices with a division: `b = iv / h`, `x = iv - b * h`.
// Code ported from CUDA often puts them straight back together, in int:
// `index = (b * h + x) * w` (HeCBench gelu, one row a team). In 64 bits
// InstSimplify would see that `b * h + (iv - b * h)` is iv and the division
// would die; in 32 bits, `trunc(b) * trunc(h) + trunc(iv - b * h)`, nothing
// folds, and every thread of the kernel divides: some 30 of the 250
// instructions a thread of gelu's kernel issues, where nvcc's thread of the
// CUDA version issues 140 in all.
//
// Function pass openmp-device-recombined-indices, at the end of O3 (after
// DivRemPairs has written each remainder as the subtraction above),
// evaluates each integer add or sub of a tree of add, sub and mul over
// truncations of 64-bit values and constants in 64 bits: the low bits of
// such a tree depend only on the low bits of its leaves, so the tree is the
// truncation of the same tree on the untruncated leaves. Each 64-bit node
// is InstSimplify's fold of its operands or, failing that, an existing
// instruction computing the same operation without poison-generating
// flags; nothing new is created. Where a fold happened and the tree comes
// out as a value available at the root, the root becomes the truncation
// of that value, and what only the root used (the division) is erased.
//
//===----------------------------------------------------------------------===//

#include "OpenMPDevice/Passes.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/InstructionSimplify.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/Local.h"

#define DEBUG_TYPE "openmp-device-recombined-indices"

STATISTIC(NumRecombined, "Narrow index trees folded to a wide value");

using namespace llvm;

namespace cot {
namespace {

/// Trees deeper than this are not index arithmetic worth the search.
constexpr unsigned MaxDepth = 6;

/// Evaluates narrow add/sub/mul trees over truncated wide values in the
/// wide type, creating no instruction.
class WideEvaluator {
public:
  WideEvaluator(Type *WideTy, const SimplifyQuery &SQ)
      : WideTy(WideTy), SQ(SQ) {}

  /// The wide value whose truncation \p V is, or null. \p Folded is set
  /// when InstSimplify folded some node.
  Value *widen(Value *V, unsigned Depth, bool &Folded) const {
    if (auto *C = dyn_cast<ConstantInt>(V))
      return ConstantInt::get(WideTy, C->getValue().sext(
                                          WideTy->getIntegerBitWidth()));
    if (auto *T = dyn_cast<TruncInst>(V))
      return T->getSrcTy() == WideTy ? T->getOperand(0) : nullptr;
    auto *Node = dyn_cast<BinaryOperator>(V);
    if (!Node || Depth == MaxDepth || !isWrappingArithmetic(Node))
      return nullptr;
    Value *LHS = widen(Node->getOperand(0), Depth + 1, Folded);
    if (!LHS)
      return nullptr;
    Value *RHS = widen(Node->getOperand(1), Depth + 1, Folded);
    if (!RHS)
      return nullptr;
    if (Value *Simplified = simplifyBinOp(Node->getOpcode(), LHS, RHS, SQ)) {
      Folded = true;
      return Simplified;
    }
    return existingOperation(Node->getOpcode(), LHS, RHS);
  }

private:
  static bool isWrappingArithmetic(const BinaryOperator *Node) {
    switch (Node->getOpcode()) {
    case Instruction::Add:
    case Instruction::Sub:
    case Instruction::Mul:
      return true;
    default:
      return false;
    }
  }

  /// An instruction computing `LHS Opcode RHS` with no flag that could
  /// make it poison, so that it stands for the wrapping result. It uses
  /// both operands; the search walks a non-constant one's users, as a
  /// constant's span the whole module (two constants fold before this).
  static Value *existingOperation(Instruction::BinaryOps Opcode, Value *LHS,
                                  Value *RHS) {
    Value *Searched = isa<Constant>(LHS) ? RHS : LHS;
    for (User *U : Searched->users()) {
      auto *Candidate = dyn_cast<BinaryOperator>(U);
      if (!Candidate || Candidate->getOpcode() != Opcode ||
          Candidate->hasPoisonGeneratingFlags())
        continue;
      Value *A = Candidate->getOperand(0), *B = Candidate->getOperand(1);
      if ((A == LHS && B == RHS) ||
          (Candidate->isCommutative() && A == RHS && B == LHS))
        return Candidate;
    }
    return nullptr;
  }

  Type *WideTy;
  const SimplifyQuery &SQ;
};

bool isAvailableAt(const Value *V, const Instruction *Root,
                   const DominatorTree &DT) {
  const auto *I = dyn_cast<Instruction>(V);
  return !I || DT.dominates(I, Root);
}

/// Replaces \p Root by the truncation of the wide value its tree folds to.
bool recombine(BinaryOperator *Root, const WideEvaluator &Wide,
               const DominatorTree &DT) {
  bool Folded = false;
  Value *WideValue = Wide.widen(Root, 0, Folded);
  if (!WideValue || !Folded || isa<Constant>(WideValue) ||
      !isAvailableAt(WideValue, Root, DT))
    return false;
  auto *Narrow = new TruncInst(WideValue, Root->getType(),
                               Root->getName() + ".recombined",
                               Root->getIterator());
  Root->replaceAllUsesWith(Narrow);
  RecursivelyDeleteTriviallyDeadInstructions(Root);
  ++NumRecombined;
  return true;
}

} // namespace

PreservedAnalyses RecombinedIndicesPass::run(Function &F,
                                             FunctionAnalysisManager &FAM) {
  auto &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  const DataLayout &DL = F.getDataLayout();
  SimplifyQuery SQ(DL, &FAM.getResult<TargetLibraryAnalysis>(F), &DT,
                   &FAM.getResult<AssumptionAnalysis>(F));
  WideEvaluator Wide(Type::getInt64Ty(F.getContext()), SQ);

  SmallVector<WeakTrackingVH, 16> Roots;
  for (Instruction &I : instructions(F))
    if ((I.getOpcode() == Instruction::Add ||
         I.getOpcode() == Instruction::Sub) &&
        I.getType()->isIntegerTy() &&
        I.getType()->getIntegerBitWidth() < 64)
      Roots.push_back(&I);

  bool Changed = false;
  for (WeakTrackingVH &Handle : Roots)
    if (auto *Root = dyn_cast_or_null<BinaryOperator>(Handle))
      Changed |= recombine(Root, Wide, DT);
  if (!Changed)
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

} // namespace cot

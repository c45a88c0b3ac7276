//===- WideAddressIndices.cpp - 64-bit indices for strided addresses ------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// C code indexes arrays with int arithmetic: `B[k * n + j]` in a loop over
// k. The index is computed in 32 bits and sign-extended for the address.
// IndVarSimplify, which would widen the loop's counter and the arithmetic
// on it, does not on NVPTX (its cost model makes 64-bit adds dearer), so
// the address stays the extension of 32-bit arithmetic. ScalarEvolution
// sees it as a 64-bit recurrence (a start plus a loop-invariant step per
// iteration) only where it proves that the 32-bit one does not wrap, and
// it takes the IR's nsw for that only from instructions it knows run in
// every iteration from where their operands are defined: in matmul's
// unrolled loop, with j from the enclosing loop, it did not. The back
// end's strength reduction then kept 32-bit counters and recomputed each
// address of B with an add, a widening multiply and a 64-bit add, where
// nvcc steps a pointer by the row length (bench `matmul`: 5.3 ms against
// CUDA's 4.35; the loop written with `(long)k * n` ran at CUDA's speed).
//
// Function pass openmp-device-wide-address-indices, where the vectorizer
// starts (before the optimizer's unroller), rewrites the sign or zero
// extension of an address index that is a recurrence of the extension's
// loop, where doing its arithmetic in 64 bits from extended leaves gives a
// 64-bit recurrence: the extension moves to the leaves (the counter, n, j,
// extended where they are defined), and the add, sub, mul and shl above
// them are done in 64 bits with the same flags. Only arithmetic whose
// flags say it does not wrap in the extension's sense is rewritten (nsw
// under a sign extension or a `zext nneg`, which InstCombine makes of a
// sign extension it proves non-negative; nuw under another zero
// extension; an `or disjoint` with a non-negative constant is an add that
// cannot carry), so each 64-bit result equals the extension of the 32-bit
// one whenever that one is not poison. The loop is then what `(long)` in
// the source would have made it: the unroller sizes it as such, and the
// back end steps pointers.
// This is done also where ScalarEvolution folds the extension itself, so
// that a loop's addresses have one form: after the unroller, rewriting
// only the copies whose extension did not fold left the others 32-bit,
// and a column walk with few threads (PolyBench's mvt, `A[j * n + i]`)
// ran 25% slower than without the pass, where this placement runs it as
// fast as the `(long)` form.
//
//===----------------------------------------------------------------------===//

#include "OpenMPDevice/Passes.h"

#include "ForkCalls.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/PointerIntPair.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/ConstantFolding.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Utils/Local.h"

#define DEBUG_TYPE "openmp-device-wide-address-indices"

STATISTIC(NumWidenedIndices, "Extended address indices computed in 64 bits");

using namespace llvm;

namespace cot {
namespace {

/// Arithmetic nested deeper than this is left narrow (the walk recurses).
constexpr unsigned MaxDepth = 8;

/// Whether \p I, arithmetic under an extension (signed when \p Signed),
/// done in 64 bits on extended operands equals the extension of its
/// result: it carries the flag that rules out wrapping in the extension's
/// sense, or it is an `or disjoint` with a non-negative constant.
bool extendsThrough(const Instruction &I, bool Signed) {
  switch (I.getOpcode()) {
  case Instruction::Add:
  case Instruction::Sub:
  case Instruction::Mul:
    return Signed ? I.hasNoSignedWrap() : I.hasNoUnsignedWrap();
  case Instruction::Shl:
    return isa<ConstantInt>(I.getOperand(1)) &&
           (Signed ? I.hasNoSignedWrap() : I.hasNoUnsignedWrap());
  case Instruction::Or: {
    auto *Mask = dyn_cast<ConstantInt>(I.getOperand(1));
    return cast<PossiblyDisjointInst>(I).isDisjoint() && Mask &&
           !Mask->isNegative();
  }
  default:
    return false;
  }
}

/// Rewrites a function's extended address indices. Widened values are kept
/// per narrow value and signedness, so that a subexpression that several
/// indices share is widened once.
class IndexWidener {
public:
  IndexWidener(ScalarEvolution &SE, LoopInfo &LI, const DataLayout &DL)
      : SE(SE), LI(LI), DL(DL) {}

  /// Replaces \p Ext by the wide form of its operand when that makes the
  /// index a recurrence of its loop. Returns whether it did.
  bool widen(CastInst &Ext);

private:
  /// What \p V, under an extension in \p L, is in 64 bits once the
  /// extension moves to the leaves of its arithmetic; null when some of
  /// that arithmetic may wrap.
  const SCEV *wideSCEV(Value *V, const Loop &L, bool Signed,
                       unsigned Depth) const;
  /// \p V computed in \p WideTy (wideSCEV gave its value).
  Value *wideValue(Value *V, const Loop &L, Type *WideTy, bool Signed);
  /// The extension of \p Leaf, placed after its definition.
  Value *extendLeaf(Value *Leaf, Type *WideTy, bool Signed);

  ScalarEvolution &SE;
  LoopInfo &LI;
  const DataLayout &DL;
  DenseMap<PointerIntPair<Value *, 1, bool>, Value *> Widened;
};

/// Whether \p V is a leaf of the arithmetic widened in \p L (extended
/// where it is defined): not an add, sub, mul, shl or or in the loop.
bool isLeaf(const Value *V, const Loop &L) {
  auto *I = dyn_cast<Instruction>(V);
  if (!I || !L.contains(I))
    return true;
  switch (I->getOpcode()) {
  case Instruction::Add:
  case Instruction::Sub:
  case Instruction::Mul:
  case Instruction::Shl:
  case Instruction::Or:
    return false;
  default:
    return true;
  }
}

const SCEV *IndexWidener::wideSCEV(Value *V, const Loop &L, bool Signed,
                                   unsigned Depth) const {
  Type *WideTy = Type::getInt64Ty(V->getContext());
  if (isLeaf(V, L)) {
    auto *I = dyn_cast<Instruction>(V);
    if (I && I->isTerminator())
      return nullptr; // no place after it for the extension
    const SCEV *Narrow = SE.getSCEV(V);
    return Signed ? SE.getSignExtendExpr(Narrow, WideTy)
                  : SE.getZeroExtendExpr(Narrow, WideTy);
  }
  auto *I = cast<Instruction>(V);
  if (Depth >= MaxDepth || !extendsThrough(*I, Signed))
    return nullptr;
  const SCEV *LHS = wideSCEV(I->getOperand(0), L, Signed, Depth + 1);
  const SCEV *RHS = wideSCEV(I->getOperand(1), L, Signed, Depth + 1);
  if (!LHS || !RHS)
    return nullptr;
  switch (I->getOpcode()) {
  case Instruction::Add:
  case Instruction::Or: // disjoint: an add without carries
    return SE.getAddExpr(LHS, RHS);
  case Instruction::Sub:
    return SE.getMinusSCEV(LHS, RHS);
  case Instruction::Mul:
    return SE.getMulExpr(LHS, RHS);
  case Instruction::Shl: {
    uint64_t Shift = cast<ConstantInt>(I->getOperand(1))->getZExtValue();
    if (Shift >= 32)
      return nullptr;
    return SE.getMulExpr(LHS, SE.getConstant(WideTy, uint64_t(1) << Shift));
  }
  default:
    return nullptr;
  }
}

Value *IndexWidener::extendLeaf(Value *Leaf, Type *WideTy, bool Signed) {
  if (auto *C = dyn_cast<Constant>(Leaf))
    return ConstantFoldCastOperand(
        Signed ? Instruction::SExt : Instruction::ZExt, C, WideTy, DL);
  BasicBlock::iterator Where;
  if (auto *I = dyn_cast<Instruction>(Leaf))
    Where = isa<PHINode>(I) ? I->getParent()->getFirstInsertionPt()
                            : std::next(I->getIterator());
  else
    Where = cast<Argument>(Leaf)
                ->getParent()
                ->getEntryBlock()
                .getFirstInsertionPt();
  IRBuilder<> B(Where->getParent(), Where);
  return Signed ? B.CreateSExt(Leaf, WideTy, Leaf->getName() + ".sext")
                : B.CreateZExt(Leaf, WideTy, Leaf->getName() + ".zext");
}

Value *IndexWidener::wideValue(Value *V, const Loop &L, Type *WideTy,
                               bool Signed) {
  PointerIntPair<Value *, 1, bool> Key(V, Signed);
  if (Value *Known = Widened.lookup(Key))
    return Known;
  auto *I = dyn_cast<Instruction>(V);
  Value *Wide;
  if (isLeaf(V, L)) {
    Wide = extendLeaf(V, WideTy, Signed);
  } else {
    Value *LHS = wideValue(I->getOperand(0), L, WideTy, Signed);
    Value *RHS = wideValue(I->getOperand(1), L, WideTy, Signed);
    IRBuilder<> B(I);
    auto *Op = cast<BinaryOperator>(I);
    Wide = B.CreateBinOp(Op->getOpcode(), LHS, RHS, I->getName() + ".wide");
    if (auto *WideOp = dyn_cast<BinaryOperator>(Wide))
      WideOp->copyIRFlags(Op);
  }
  Widened[Key] = Wide;
  return Wide;
}

bool IndexWidener::widen(CastInst &Ext) {
  // A zero extension of a value known non-negative (`zext nneg`, what
  // InstCombine makes of a sign extension it proves non-negative) is a sign
  // extension as well, and C's int arithmetic under it says nsw.
  bool Signed = isa<SExtInst>(Ext) || Ext.hasNonNeg();
  Value *Narrow = Ext.getOperand(0);
  Loop *L = LI.getLoopFor(Ext.getParent());
  if (!L || !SE.isSCEVable(Narrow->getType()))
    return false;
  auto *NarrowRec = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(Narrow));
  if (!NarrowRec || NarrowRec->getLoop() != L || !NarrowRec->isAffine())
    return false;
  // Widening must move the extension below some arithmetic and give a
  // recurrence: an extended leaf is what the extension already was.
  if (isLeaf(Narrow, *L))
    return false;
  auto *WideRec =
      dyn_cast_or_null<SCEVAddRecExpr>(wideSCEV(Narrow, *L, Signed, 0));
  if (!WideRec || WideRec->getLoop() != L || !WideRec->isAffine())
    return false;
  Value *Wide = wideValue(Narrow, *L, Ext.getType(), Signed);
  LLVM_DEBUG(dbgs() << "wide-address-indices: " << Ext << " -> " << *Wide
                    << "\n");
  Ext.replaceAllUsesWith(Wide);
  return true;
}

/// Whether \p Ext extends an index to 64 bits for an address.
bool extendsAddressIndex(const CastInst &Ext) {
  if (!Ext.getType()->isIntegerTy(64))
    return false;
  return any_of(Ext.users(),
                [](const User *U) { return isa<GetElementPtrInst>(U); });
}

} // namespace

PreservedAnalyses WideAddressIndicesPass::run(Function &F,
                                              FunctionAnalysisManager &FAM) {
  if (F.isDeclaration())
    return PreservedAnalyses::all();
  auto &LI = FAM.getResult<LoopAnalysis>(F);
  if (LI.empty())
    return PreservedAnalyses::all();
  auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  SmallVector<CastInst *, 16> Extensions;
  for (Instruction &I : instructions(F))
    if ((isa<SExtInst>(I) || isa<ZExtInst>(I)) &&
        extendsAddressIndex(cast<CastInst>(I)))
      Extensions.push_back(cast<CastInst>(&I));

  IndexWidener Widener(SE, LI, F.getDataLayout());
  SmallVector<WeakTrackingVH, 16> Replaced;
  for (CastInst *Ext : Extensions)
    if (Widener.widen(*Ext)) {
      ++NumWidenedIndices;
      Replaced.push_back(Ext);
    }
  if (Replaced.empty())
    return PreservedAnalyses::all();
  RecursivelyDeleteTriviallyDeadInstructionsPermissive(Replaced);
  return preservedKeepingCFG(true);
}

} // namespace cot

//===- NonNegativeExtends.cpp - One 64-bit value for a non-negative int ---===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Clang computes the trip count of a collapsed `int` nest twice in a
// `distribute parallel for`: in the distribute function, before its `0 < n`
// test, and in the parallel function it calls, as sext(n) * sext(m). O3
// simplifies the parallel function before inlining it, where its product
// is computed after its own test: InstCombine writes the extensions of
// numbers known non-negative as zero extensions, `and %n, 0x7fffffff`,
// and after inlining the two products are different instructions of one
// value. The parallel function's clamp of its bound to its own count then
// does not fold against the distribute's, and every iteration of the
// thread's grid-stride loop kept a 64-bit test of its index against the
// count: in PTX each unrolled load behind a branch of its own, where a
// collapsed `long` or `unsigned` nest has one loop and no test.
//
// Function pass openmp-device-nonnegative-extends (after each InstCombine
// of the function simplification pipeline, the peephole extension point)
// replaces an extension to 64 bits of a 32-bit int by a sign extension of
// the same int that dominates it, where the two are equal: another sign
// extension (SROA and InstCombine write them differently), `zext nneg`,
// and `zext`, `and X, 0x7fffffff` or `and X, 0xffffffff` of a value whose
// bit 31 the dominating conditions clear. An int is compared as a value,
// or the low half of a 64-bit one, plus a constant (a stencil's loops from
// 1 to n - 1 count n - 2). EarlyCSE then merges what repeats dominating
// instructions (the products), and ConstraintElimination drops the test.
// Where no sign extension dominates nothing changes (a new one in the
// tested block would be made a zero extension again).
//
//===----------------------------------------------------------------------===//

#include "OpenMPDevice/Passes.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/DomConditionCache.h"
#include "llvm/Analysis/SimplifyQuery.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Transforms/Scalar/EarlyCSE.h"

#define DEBUG_TYPE "openmp-device-nonnegative-extends"

STATISTIC(NumReplaced, "Extensions of ints replaced by an equal one");

using namespace llvm;
using namespace llvm::PatternMatch;

namespace cot {
namespace {

/// A 32-bit int as a value plus a constant, the key by which extensions
/// are compared: Of is an i32, or an i64 whose low half is meant (the form
/// InstCombine gives an extension of a truncation).
struct Int32 {
  Value *Of = nullptr;
  int64_t Plus = 0;
};

/// The key of the i32 \p V: `trunc X` is X's low half, `add A, C` adds C.
Int32 int32Of(Value *V) {
  const APInt *C;
  Value *A;
  int64_t Plus = 0;
  if (match(V, m_Add(m_Value(A), m_APInt(C)))) {
    Plus = C->getSExtValue();
    V = A;
  }
  Value *X;
  if (match(V, m_Trunc(m_Value(X))) && X->getType()->isIntegerTy(64))
    V = X;
  return {V, Plus};
}

bool isInt32(const Value *V) { return V->getType()->isIntegerTy(32); }

/// Whether \p V is X's low half moved to the high half: `shl X, 32`, or
/// `mul X, 1 << 32` as SROA writes it.
bool isLowHalfShiftedUp(Value *V, Value *&X) {
  return match(V, m_Shl(m_Value(X), m_SpecificInt(32))) ||
         match(V, m_Mul(m_Value(X), m_SpecificInt(APInt(64, 1) << 32)));
}

/// The int that \p I sign-extends to 64 bits: `sext i32 V`, or
/// `ashr exact (shl X, 32), 32` and `ashr exact (add (shl X, 32), C << 32),
/// 32`, InstCombine's forms of `sext (trunc X)` and `sext (trunc X + C)`.
std::optional<Int32> signExtended(Instruction &I) {
  if (!I.getType()->isIntegerTy(64))
    return std::nullopt;
  Value *V, *X;
  const APInt *C;
  if (match(&I, m_SExt(m_Value(V))) && isInt32(V))
    return int32Of(V);
  if (!match(&I, m_AShr(m_Value(V), m_SpecificInt(32))))
    return std::nullopt;
  if (isLowHalfShiftedUp(V, X))
    return Int32{X, 0};
  Value *Shifted;
  if (match(V, m_Add(m_Value(Shifted), m_APInt(C))) && C->countr_zero() >= 32 &&
      isLowHalfShiftedUp(Shifted, X))
    return Int32{X, C->ashr(32).getSExtValue()};
  return std::nullopt;
}

/// A 64-bit extension of a 32-bit int, and when it is a zero extension
/// whose operand's sign bit the IR does not say is clear (`zext nneg`
/// does), the value whose bit 31 decides whether it equals the sign
/// extension.
struct Extension {
  Int32 Key;
  Instruction *I;
  bool Signed = false;
  Value *SignBitOf = nullptr;
};

/// \p I as an extension: a sign extension, `zext V`, or `and X,
/// 0x7fffffff` and `and X, 0xffffffff` (zero extensions of X's low half).
std::optional<Extension> extensionOf(Instruction &I) {
  if (std::optional<Int32> Key = signExtended(I))
    return Extension{*Key, &I, /*Signed=*/true};
  if (!I.getType()->isIntegerTy(64))
    return std::nullopt;
  Value *V;
  if (match(&I, m_ZExt(m_Value(V))) && isInt32(V))
    return Extension{int32Of(V), &I, false, I.hasNonNeg() ? nullptr : V};
  const APInt *Mask;
  if (match(&I, m_And(m_Value(V), m_APInt(Mask))) &&
      (*Mask == 0x7fffffffu || *Mask == 0xffffffffu))
    return Extension{{V, 0}, &I, false, V};
  return std::nullopt;
}

/// Whether bit 31 of \p V is clear at \p At.
bool bit31Clear(Value *V, Instruction &At, const SimplifyQuery &Q) {
  KnownBits Known = computeKnownBits(V, /*Depth=*/0, Q.getWithInstruction(&At));
  return Known.Zero[31];
}

} // namespace

PreservedAnalyses NonNegativeExtendsPass::run(Function &F,
                                              FunctionAnalysisManager &FAM) {
  SmallVector<Extension, 16> Extensions;
  DenseMap<std::pair<Value *, int64_t>, SmallVector<Instruction *, 2>>
      SignExtensionsOf;
  DomConditionCache Conditions;
  for (Instruction &I : instructions(F)) {
    if (std::optional<Extension> E = extensionOf(I)) {
      Extensions.push_back(*E);
      if (E->Signed)
        SignExtensionsOf[{E->Key.Of, E->Key.Plus}].push_back(&I);
    }
    if (auto *Br = dyn_cast<BranchInst>(&I); Br && Br->isConditional())
      Conditions.registerBranch(Br);
  }
  if (Extensions.size() < 2 || SignExtensionsOf.empty())
    return PreservedAnalyses::all();

  auto &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  auto &AC = FAM.getResult<AssumptionAnalysis>(F);
  SimplifyQuery Q(F.getDataLayout(), &DT, &AC);
  Q.DC = &Conditions;
  SmallPtrSet<Instruction *, 8> Replaced;
  for (const Extension &E : Extensions) {
    auto Candidates = SignExtensionsOf.find({E.Key.Of, E.Key.Plus});
    if (Candidates == SignExtensionsOf.end())
      continue;
    for (Instruction *S : Candidates->second) {
      if (S == E.I || Replaced.contains(S) || !DT.dominates(S, E.I))
        continue;
      if (E.SignBitOf && !bit31Clear(E.SignBitOf, *E.I, Q))
        break;
      E.I->replaceAllUsesWith(S);
      Replaced.insert(E.I);
      ++NumReplaced;
      break;
    }
  }
  if (Replaced.empty())
    return PreservedAnalyses::all();
  // The users of the replaced extensions now repeat instructions that
  // dominate them: merge them, so that the passes after see one value.
  EarlyCSEPass().run(F, FAM);
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

} // namespace cot

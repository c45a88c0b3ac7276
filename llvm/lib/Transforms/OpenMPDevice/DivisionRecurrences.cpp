//===- DivisionRecurrences.cpp - Loop index digits without division -------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A collapsed loop nest runs as one loop over a linear index, and Clang's
// code recovers the original indices from it in every iteration: for
// collapse(3), i = iv / (nj * nk), r = iv - i * (nj * nk), j = r / nk and
// k = r - j * nk. On a GPU an integer division is a sequence of some twenty
// instructions (64-bit ones test first whether 32 bits suffice), and the
// grid-stride loop of a kernel runs it for every element: a 7-point
// stencil's sweep of collapse(3) spent more instructions on its indices
// than on its arithmetic.
//
// The loop's index advances by a loop-invariant stride, so the quotient and
// the remainder can advance instead, as the digits of a mixed-radix counter:
// with the stride's own digits (s / d, s % d) computed once before the loop,
// each iteration adds them and carries one when the remainder reaches d.
// The remainder is again a counter (it advances by s % d and wraps by d when
// it carries), so dividing it by the next divisor (j = r / nk) splits it the
// same way, with a borrow for the wrap. What an iteration computed with
// divisions it now computes with adds, compares and selects.
//
// Function pass openmp-device-division-recurrences. It rewrites `udiv`/`sdiv`
// by a loop-invariant divisor of a loop header phi that is never negative
// and advances by a known non-negative loop-invariant step (so that it
// cannot wrap without turning negative), together with the matching
// remainders (`urem`/`srem`, or iv - q * d). Never negative means: an
// assumption at the top of each iteration says so (a chunk loop's lower
// bound, which openmp-device-cyclic-schedules marks: OpenMP's logical
// iteration numbers start at 0), or scalar evolution proves a non-negative
// start and no signed wrap. A signed divisor of unknown sign divides by its
// magnitude and negates the quotient when it is negative (the dividend is
// not). The divisions before the loop use max(|d|, 1), so a zero divisor
// adds no division by zero the original loop would not have made. The
// NVPTX device link runs it in O3 after openmp-device-kernel-traffic (which
// reads the divisions to see how neighbouring lanes' indices differ) and
// before the loops are unrolled.
//
//===----------------------------------------------------------------------===//

#include "OpenMPDevice/Passes.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

#define DEBUG_TYPE "openmp-device-division-recurrences"

STATISTIC(NumDivisionsReplaced, "Divisions of a loop index made recurrences");

using namespace llvm;
using namespace llvm::PatternMatch;

namespace cot {
namespace {

/// Digits split off a counter: one remainder of a remainder is as deep as
/// collapse(3) goes; deeper nests keep their innermost divisions.
constexpr unsigned MaxDigits = 4;

/// A header phi that each iteration advances by Add and, when Wrap (an i1
/// computed in the latch, or null for never) is true, takes Modulus from
/// again. Start, Add and Modulus are computed before the loop; the phi's
/// values are never negative.
struct Counter {
  PHINode *Phi = nullptr;
  Value *Start = nullptr;
  Value *Add = nullptr;
  Value *Wrap = nullptr;
  Value *Modulus = nullptr;
};

/// The pieces of a counter divided by a divisor: the quotient's phi, and
/// the remainder as a counter of its own.
struct Digits {
  PHINode *Quotient;
  Counter Remainder;
};

/// Whether V, a value from outside L, is never negative: by scalar
/// evolution, a condition guarding the loop, or its known bits (umin and
/// select, which scalar evolution's ranges lose).
bool isKnownNonNegative(Value *V, const Loop &L, ScalarEvolution &SE) {
  const SCEV *S = SE.getSCEV(V);
  return SE.isKnownNonNegative(S) ||
         SE.isLoopEntryGuardedByCond(&L, ICmpInst::ICMP_SGE, S,
                                     SE.getZero(S->getType())) ||
         llvm::isKnownNonNegative(
             V, SimplifyQuery(L.getHeader()->getDataLayout()));
}

/// The amount Next adds to P: Next is P + Step, or the sum of an add with
/// overflow check of P and Step.
Value *stepFrom(PHINode &P, Value *Next) {
  Value *Step;
  if (match(Next, m_c_Add(m_Specific(&P), m_Value(Step))))
    return Step;
  auto *Sum = dyn_cast<ExtractValueInst>(Next);
  auto *Add = Sum ? dyn_cast<WithOverflowInst>(Sum->getAggregateOperand())
                  : nullptr;
  if (!Add || Sum->getIndices()[0] != 0 ||
      Add->getBinaryOp() != Instruction::Add)
    return nullptr;
  if (Add->getLHS() == &P)
    return Add->getRHS();
  return Add->getRHS() == &P ? Add->getLHS() : nullptr;
}

/// Whether P is never negative in an iteration of L and never wraps: an
/// assumption at the top of every iteration says so (a chunk loop's lower
/// bound, openmp-device-cyclic-schedules), or it starts non-negative and
/// scalar evolution knows that its steps do not wrap.
bool isNonNegativeIndex(PHINode &P, Value *Start, const Loop &L,
                        ScalarEvolution &SE, AssumptionCache &AC,
                        DominatorTree &DT) {
  const DataLayout &DL = P.getDataLayout();
  // At the end of the header, after the assumptions at its top.
  Instruction *Header = L.getHeader()->getTerminator();
  if (llvm::isKnownNonNegative(&P, SimplifyQuery(DL, &DT, &AC, Header)))
    return true;
  const auto *Rec = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(&P));
  return Rec && Rec->getLoop() == &L && Rec->hasNoSignedWrap() &&
         isKnownNonNegative(Start, L, SE);
}

/// P as a counter: an integer header phi that is never negative and adds a
/// non-negative loop-invariant step in the latch (so that its steps cannot
/// wrap either: a wrapped value would be negative).
std::optional<Counter> inductionCounter(PHINode &P, const Loop &L,
                                        ScalarEvolution &SE,
                                        AssumptionCache &AC,
                                        DominatorTree &DT) {
  BasicBlock *Preheader = L.getLoopPreheader();
  BasicBlock *Latch = L.getLoopLatch();
  if (!P.getType()->isIntegerTy() || !Preheader || !Latch)
    return std::nullopt;
  Value *Step = stepFrom(P, P.getIncomingValueForBlock(Latch));
  if (!Step || !L.isLoopInvariant(Step) || !isKnownNonNegative(Step, L, SE))
    return std::nullopt;
  Value *Start = P.getIncomingValueForBlock(Preheader);
  if (!isNonNegativeIndex(P, Start, L, SE, AC, DT))
    return std::nullopt;
  return Counter{&P, Start, Step, nullptr, nullptr};
}

/// The divisions of C's value inside L by a loop-invariant divisor.
SmallVector<BinaryOperator *, 4> divisionsOf(const Counter &C, const Loop &L) {
  SmallVector<BinaryOperator *, 4> Divisions;
  for (User *U : C.Phi->users()) {
    auto *Div = dyn_cast<BinaryOperator>(U);
    if (Div && Div->getOperand(0) == C.Phi && L.contains(Div) &&
        (Div->getOpcode() == Instruction::SDiv ||
         Div->getOpcode() == Instruction::UDiv) &&
        L.isLoopInvariant(Div->getOperand(1)))
      Divisions.push_back(Div);
  }
  return Divisions;
}

/// Splits C by Magnitude (an unsigned divisor): new header phis for the
/// quotient and the remainder, their start and the stride's digits before
/// the loop, the carry (and, when C wraps, the borrow) in the latch.
Digits splitCounter(const Counter &C, Value *Magnitude, const Loop &L) {
  BasicBlock *Preheader = L.getLoopPreheader();
  BasicBlock *Latch = L.getLoopLatch();
  Type *Ty = C.Phi->getType();

  IRBuilder<> Before(Preheader->getTerminator());
  Value *D = Before.CreateBinaryIntrinsic(Intrinsic::umax, Magnitude,
                                          ConstantInt::get(Ty, 1));
  Value *StartQ = Before.CreateUDiv(C.Start, D, "start.q");
  Value *StartR = Before.CreateURem(C.Start, D, "start.r");
  Value *AddQ = Before.CreateUDiv(C.Add, D, "step.q");
  Value *AddR = Before.CreateURem(C.Add, D, "step.r");

  IRBuilder<> Head(C.Phi->getParent(), C.Phi->getParent()->begin());
  PHINode *Q = Head.CreatePHI(Ty, 2, "index.q");
  PHINode *R = Head.CreatePHI(Ty, 2, "index.r");
  Q->addIncoming(StartQ, Preheader);
  R->addIncoming(StartR, Preheader);

  IRBuilder<> Step(Latch->getTerminator());
  Value *SumR = Step.CreateAdd(R, AddR);
  Value *Carry = Step.CreateICmpUGE(SumR, D, "index.carry");
  Value *NextR = Step.CreateSelect(Carry, Step.CreateSub(SumR, D), SumR);
  Value *NextQ =
      Step.CreateAdd(Step.CreateAdd(Q, AddQ), Step.CreateZExt(Carry, Ty));
  if (C.Wrap) {
    // C takes Modulus away: take its digits away from ours.
    Value *Zero = ConstantInt::get(Ty, 0);
    Value *ModQ = Before.CreateUDiv(C.Modulus, D, "wrap.q");
    Value *ModR = Before.CreateURem(C.Modulus, D, "wrap.r");
    Value *TakeQ = Step.CreateSelect(C.Wrap, ModQ, Zero);
    Value *TakeR = Step.CreateSelect(C.Wrap, ModR, Zero);
    Value *Borrow = Step.CreateICmpULT(NextR, TakeR, "index.borrow");
    Value *Less = Step.CreateSub(NextR, TakeR);
    NextR = Step.CreateSelect(Borrow, Step.CreateAdd(Less, D), Less);
    NextQ = Step.CreateSub(Step.CreateSub(NextQ, TakeQ),
                           Step.CreateZExt(Borrow, Ty));
  }
  Q->addIncoming(NextQ, Latch);
  R->addIncoming(NextR, Latch);
  return {Q, Counter{R, StartR, AddR, Carry, D}};
}

/// Whether V is C's remainder by Divisor in one of the forms Clang and
/// InstCombine write it: RemOpcode, or C - Quotient * Divisor with one of
/// Quotients.
bool isRemainder(Value *V, const Counter &C, Value *Divisor,
                 Instruction::BinaryOps RemOpcode,
                 ArrayRef<BinaryOperator *> Quotients) {
  auto *I = dyn_cast<BinaryOperator>(V);
  if (!I || I->getOperand(0) != C.Phi)
    return false;
  if (I->getOpcode() == RemOpcode)
    return I->getOperand(1) == Divisor;
  Value *Quotient;
  return match(I, m_Sub(m_Specific(C.Phi),
                        m_c_Mul(m_Value(Quotient), m_Specific(Divisor)))) &&
         is_contained(Quotients, Quotient);
}

/// The quotient by a signed Divisor of unknown sign from the quotient by
/// its magnitude: C is never negative, so it is the negated quotient when
/// the divisor is negative (and the remainder is the same).
Value *signedQuotient(PHINode *Quotient, Value *Divisor, const Loop &L) {
  IRBuilder<> Before(L.getLoopPreheader()->getTerminator());
  Value *Negative = Before.CreateICmpSLT(
      Divisor, ConstantInt::get(Divisor->getType(), 0), "divisor.negative");
  IRBuilder<> Head(&*L.getHeader()->getFirstInsertionPt());
  return Head.CreateSelect(Negative, Head.CreateNeg(Quotient), Quotient,
                           "index.q.signed");
}

/// Replaces the divisions of C inside L (and their remainders) by
/// recurrences, then those of the remainders, up to MaxDigits deep.
bool replaceDivisions(const Counter &C, const Loop &L, ScalarEvolution &SE,
                      unsigned Depth) {
  SmallVector<BinaryOperator *, 4> Divisions = divisionsOf(C, L);
  if (Divisions.empty() || Depth >= MaxDigits)
    return false;
  Value *Divisor = Divisions.front()->getOperand(1);
  Instruction::BinaryOps Opcode = Divisions.front()->getOpcode();
  SmallVector<BinaryOperator *, 4> Quotients;
  for (BinaryOperator *Div : Divisions)
    if (Div->getOperand(1) == Divisor && Div->getOpcode() == Opcode)
      Quotients.push_back(Div);
  Instruction::BinaryOps RemOpcode =
      Opcode == Instruction::SDiv ? Instruction::SRem : Instruction::URem;
  SmallVector<Instruction *, 4> Remainders;
  for (User *U : C.Phi->users())
    if (L.contains(cast<Instruction>(U)) &&
        isRemainder(U, C, Divisor, RemOpcode, Quotients))
      Remainders.push_back(cast<Instruction>(U));

  bool SignUnknown = Opcode == Instruction::SDiv &&
                     !isKnownNonNegative(Divisor, L, SE);
  Value *Magnitude = Divisor;
  if (SignUnknown) {
    IRBuilder<> Before(L.getLoopPreheader()->getTerminator());
    Magnitude = Before.CreateBinaryIntrinsic(Intrinsic::abs, Divisor,
                                             Before.getFalse());
  }
  Digits Split = splitCounter(C, Magnitude, L);
  Value *Quotient = SignUnknown
                        ? signedQuotient(Split.Quotient, Divisor, L)
                        : static_cast<Value *>(Split.Quotient);
  LLVM_DEBUG(dbgs() << "division-recurrences: " << Quotients.size()
                    << " divisions and " << Remainders.size()
                    << " remainders of " << *C.Phi << "\n");
  for (BinaryOperator *Div : Quotients) {
    Div->replaceAllUsesWith(Quotient);
    ++NumDivisionsReplaced;
  }
  for (Instruction *Rem : Remainders)
    Rem->replaceAllUsesWith(Split.Remainder.Phi);
  for (Instruction *I : Remainders)
    RecursivelyDeleteTriviallyDeadInstructions(I);
  for (BinaryOperator *Div : Quotients)
    RecursivelyDeleteTriviallyDeadInstructions(Div);
  replaceDivisions(Split.Remainder, L, SE, Depth + 1);
  // Divisions of C by another divisor get digits of their own.
  replaceDivisions(C, L, SE, Depth + 1);
  return true;
}

/// Whether a phi of L's header is divided inside L: worth a preheader.
bool dividesHeaderPhi(const Loop &L) {
  for (PHINode &P : L.getHeader()->phis())
    for (User *U : P.users())
      if (auto *Div = dyn_cast<BinaryOperator>(U);
          Div && Div->getOperand(0) == &P && L.contains(Div) &&
          (Div->getOpcode() == Instruction::SDiv ||
           Div->getOpcode() == Instruction::UDiv))
        return true;
  return false;
}

} // namespace

PreservedAnalyses DivisionRecurrencesPass::run(Function &F,
                                               FunctionAnalysisManager &FAM) {
  if (F.isDeclaration() || F.hasOptNone())
    return PreservedAnalyses::all();
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  ScalarEvolution &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  AssumptionCache &AC = FAM.getResult<AssumptionAnalysis>(F);
  DominatorTree &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  bool Changed = false, CFGChanged = false;
  for (Loop *L : LI.getLoopsInPreorder()) {
    if (!L->getLoopLatch() || !dividesHeaderPhi(*L))
      continue;
    if (!L->getLoopPreheader()) {
      if (!InsertPreheaderForLoop(L, &DT, &LI, nullptr,
                                  /*PreserveLCSSA=*/false))
        continue;
      CFGChanged = true;
      SE.forgetLoop(L);
    }
    SmallVector<PHINode *, 4> Phis;
    for (PHINode &P : L->getHeader()->phis())
      Phis.push_back(&P);
    bool LoopChanged = false;
    for (PHINode *P : Phis)
      if (std::optional<Counter> C = inductionCounter(*P, *L, SE, AC, DT))
        LoopChanged |= replaceDivisions(*C, *L, SE, 0);
    if (LoopChanged)
      SE.forgetLoop(L);
    Changed |= LoopChanged;
  }
  if (!Changed && !CFGChanged)
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserve<DominatorTreeAnalysis>();
  PA.preserve<LoopAnalysis>();
  if (!CFGChanged)
    PA.preserveSet<CFGAnalyses>();
  return PA;
}

} // namespace cot

//===- CollapsedOrder.cpp - Which index of a collapsed nest lanes step ----===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A collapsed loop nest (`collapse(2)`, `collapse(3)`) runs as one loop over
// a logical iteration number X, whose body splits X into the loops' indices
// in mixed radix: the outer index X / D and the inner one X - (X / D) * D,
// with D the product of the inner loops' trip counts (Clang's code, and the
// shape of a hand-written `i = k / m; j = k % m`). Under the cyclic default
// schedule (openmp-device-cyclic-schedules) neighbouring lanes of a warp get
// neighbouring X, so the innermost index is the one that differs between
// lanes. Code whose contiguous array dimension is an outer loop's index
// (Jacobi written `f[i + j * n]` with i the outer loop, as HeCBench's jacobi
// has it) then puts the lanes of a warp a row apart, and every access of a
// warp is 32 transactions where CUDA, with threadIdx.x on i, has one.
//
// Without a schedule clause the assignment of iterations to threads is the
// implementation's, so this pass picks the index that lanes step. For every
// global memory access of the loop body it works out by how many bytes the
// address moves when one index steps by one, the others fixed, and adds up
// the bytes of the accesses that stay within their own size (coalesced or
// uniform) for each index. When an outer index beats the innermost one, the
// indices are renumbered so that it varies fastest: it becomes X modulo its
// radix, and the others, in their order, the digits of X divided by it. The
// renumbering is a bijection of the iteration space only when X's range,
// the loop's iteration count, is a multiple of each divisor, which is
// proven from the values (both constants, or the divisor's factors among
// the count's); otherwise the loop stays as it is. The sequentially last
// iteration (every index at its last value) stays the one X numbers last,
// so lastprivate keeps its value.
//
// Only loops of default schedules made cyclic are candidates: X is the
// counter of a loop directly inside a chunk loop (ChunkLoops.h), and X has
// no uses but its increment, its exit test and the split (a `linear`
// variable computed from X keeps the order). The count is read from
// Clang's clamp of the thread's upper bound to the last iteration,
// `ub = ub > last ? last : ub`.
//
// Function pass openmp-device-collapsed-order. The NVPTX device link runs
// it after SROA has promoted the loop's counters and before InstCombine
// merges the split into the address arithmetic (optimizing builds only).
//
//===----------------------------------------------------------------------===//

#include "ChunkLoops.h"
#include "ForkCalls.h"
#include "OpenMPDevice/Diagnostics.h"
#include "OpenMPDevice/NVPTX.h"
#include "OpenMPDevice/Passes.h"
#include "TeamShared.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Transforms/Utils/Local.h"

#define DEBUG_TYPE "openmp-device-collapsed-order"

STATISTIC(NumReordered, "Collapsed loops whose lanes step an outer index");

using namespace llvm;
using namespace llvm::PatternMatch;

namespace cot {
namespace {

/// Below this many values an index cannot give a warp's 32 lanes distinct
/// addresses, and renumbering gains little.
constexpr uint64_t MinFastRadix = 32;

/// One step of the mixed-radix split: Quotient = Dividend / Divisor and
/// Remainder = Dividend - Quotient * Divisor (or Dividend % Divisor).
struct Split {
  Instruction *Quotient;
  Instruction *Remainder;
  Value *Divisor;
};

/// The indices of a collapsed nest, outermost first: the quotient of each
/// split, then the last split's remainder.
struct Digits {
  SmallVector<Split, 2> Splits;

  size_t size() const { return Splits.size() + 1; }
  Instruction *digit(size_t I) const {
    return I < Splits.size() ? Splits[I].Quotient : Splits.back().Remainder;
  }
  /// What digit \p I and the digits inside it count together: the
  /// iteration count \p Count for the outermost, else the divisor of the
  /// split above it.
  Value *span(size_t I, Value *Count) const {
    return I == 0 ? Count : Splits[I - 1].Divisor;
  }
  /// What the digits inside digit \p I count: its split's divisor; null for
  /// the innermost, whose radix is its span.
  Value *innerSpan(size_t I) const {
    return I < Splits.size() ? Splits[I].Divisor : nullptr;
  }
};

bool isDivision(const Instruction &I) {
  return I.getOpcode() == Instruction::SDiv ||
         I.getOpcode() == Instruction::UDiv;
}

/// The remainder of \p Dividend by \p Quotient's divisor among \p Users:
/// `Dividend % Divisor` or `Dividend - Quotient * Divisor`.
Instruction *remainderAmong(ArrayRef<Instruction *> Users, Value *Dividend,
                            Instruction &Quotient) {
  Value *Divisor = Quotient.getOperand(1);
  for (Instruction *U : Users) {
    if ((U->getOpcode() == Instruction::SRem ||
         U->getOpcode() == Instruction::URem) &&
        U->getOperand(0) == Dividend && U->getOperand(1) == Divisor)
      return U;
    if (match(U, m_Sub(m_Specific(Dividend),
                       m_c_Mul(m_Specific(&Quotient), m_Specific(Divisor)))))
      return U;
  }
  return nullptr;
}

/// The split of \p Dividend when \p Users, its users that matter, are
/// exactly a division and the matching remainder.
std::optional<Split> splitOf(Value *Dividend, ArrayRef<Instruction *> Users) {
  if (Users.size() != 2)
    return std::nullopt;
  for (Instruction *Quotient : Users) {
    if (!isDivision(*Quotient) || Quotient->getOperand(0) != Dividend)
      continue;
    Instruction *Remainder = remainderAmong(Users, Dividend, *Quotient);
    if (Remainder && Remainder != Quotient)
      return Split{Quotient, Remainder, Quotient->getOperand(1)};
  }
  return std::nullopt;
}

SmallVector<Instruction *, 4> instructionUsers(Value *V) {
  SmallVector<Instruction *, 4> Users;
  for (User *U : V->users())
    Users.push_back(cast<Instruction>(U));
  return Users;
}

/// The digits that \p Number, the counter of \p L, is split into, when the
/// split is its only use besides \p Increment and \p ExitTest.
std::optional<Digits> digitsOf(PHINode &Number, Instruction &Increment,
                               Instruction &ExitTest) {
  SmallVector<Instruction *, 4> Users;
  for (Instruction *U : instructionUsers(&Number))
    if (U != &Increment && U != &ExitTest)
      Users.push_back(U);
  std::optional<Split> First = splitOf(&Number, Users);
  if (!First)
    return std::nullopt;
  Digits D;
  D.Splits.push_back(*First);
  while (std::optional<Split> Next =
             splitOf(D.Splits.back().Remainder,
                     instructionUsers(D.Splits.back().Remainder)))
    D.Splits.push_back(*Next);
  return D;
}

/// A product, as a constant times the values multiplied (extensions
/// looked through where the product cannot wrap).
struct Factors {
  uint64_t Constant = 1;
  SmallVector<Value *, 4> Values;
};

Value *stripExtension(Value *V) {
  while (isa<SExtInst, ZExtInst>(V))
    V = cast<Instruction>(V)->getOperand(0);
  return V;
}

/// Whether a multiplication is exact under the extension around it.
bool productIsExact(const Instruction &Mul, bool UnderSExt, bool UnderZExt) {
  return (!UnderSExt || Mul.hasNoSignedWrap()) &&
         (!UnderZExt || Mul.hasNoUnsignedWrap());
}

bool collectFactors(Value *V, Factors &F, bool UnderSExt = false,
                    bool UnderZExt = false, unsigned Depth = 0) {
  if (Depth > 8)
    return false;
  if (auto *Ext = dyn_cast<CastInst>(V); Ext && isa<SExtInst, ZExtInst>(Ext))
    return collectFactors(Ext->getOperand(0), F,
                          UnderSExt || isa<SExtInst>(Ext),
                          UnderZExt || isa<ZExtInst>(Ext), Depth + 1);
  if (auto *C = dyn_cast<ConstantInt>(V)) {
    if (C->isNegative() || C->getValue().getActiveBits() > 63)
      return false;
    bool Overflow = false;
    F.Constant = SaturatingMultiply(F.Constant, C->getZExtValue(), &Overflow);
    return !Overflow;
  }
  auto *Mul = dyn_cast<BinaryOperator>(V);
  if (Mul && Mul->getOpcode() == Instruction::Mul &&
      productIsExact(*Mul, UnderSExt, UnderZExt))
    return collectFactors(Mul->getOperand(0), F, UnderSExt, UnderZExt,
                          Depth + 1) &&
           collectFactors(Mul->getOperand(1), F, UnderSExt, UnderZExt,
                          Depth + 1);
  F.Values.push_back(stripExtension(V));
  return true;
}

/// Whether \p Total is provably a multiple of \p Divisor.
bool isMultipleOf(Value *Total, Value *Divisor) {
  Factors T, D;
  if (!collectFactors(Total, T) || !collectFactors(Divisor, D) ||
      D.Constant == 0 || T.Constant % D.Constant != 0)
    return false;
  for (Value *V : D.Values) {
    auto *It = find(T.Values, V);
    if (It == T.Values.end())
      return false;
    T.Values.erase(It);
  }
  return true;
}

/// The last iteration that Clang clamps the upper bound in \p UpperBound to:
/// the G of a stored `ub > G ? G : ub` (a phi of two branches or a select),
/// when there is one.
Value *clampedLastIteration(AllocaInst &UpperBound) {
  Value *Last = nullptr;
  auto IsBoundLoad = [&](Value *V) {
    auto *L = dyn_cast<LoadInst>(V);
    return L && L->getPointerOperand() == &UpperBound;
  };
  for (User *U : UpperBound.users()) {
    auto *Store = dyn_cast<StoreInst>(U);
    if (!Store || Store->getPointerOperand() != &UpperBound)
      continue;
    Value *Stored = Store->getValueOperand();
    Value *Candidate = nullptr;
    if (auto *Phi = dyn_cast<PHINode>(Stored);
        Phi && Phi->getNumIncomingValues() == 2) {
      if (IsBoundLoad(Phi->getIncomingValue(0)))
        Candidate = Phi->getIncomingValue(1);
      else if (IsBoundLoad(Phi->getIncomingValue(1)))
        Candidate = Phi->getIncomingValue(0);
    } else if (auto *Sel = dyn_cast<SelectInst>(Stored)) {
      if (IsBoundLoad(Sel->getFalseValue()))
        Candidate = Sel->getTrueValue();
    }
    if (!Candidate)
      continue;
    if (Last && Last != Candidate)
      return nullptr;
    Last = Candidate;
  }
  return Last;
}

/// X's iteration count, the clamp's last iteration plus one, when the code
/// holds it: a constant, or the `count - 1` that Clang computes the last
/// iteration as.
Value *iterationCount(Value *Last) {
  if (auto *C = dyn_cast<ConstantInt>(Last))
    return ConstantInt::get(C->getType(), C->getValue() + 1);
  Value *Count;
  if (match(Last, m_Add(m_Value(Count), m_AllOnes())) ||
      match(Last, m_Sub(m_Value(Count), m_One())))
    return Count;
  return nullptr;
}

/// How an access's address moves when one index steps by one.
class IndexSteps {
public:
  IndexSteps(const Loop &L, const LoopInfo &LI, const DataLayout &DL,
             const DenseMap<Value *, int64_t> &Digits)
      : L(L), LI(LI), DL(DL) {
    for (auto &[V, Step] : Digits)
      Memo[V] = Step;
  }

  /// The change of \p V in bytes (of integers: in units), when it is a
  /// linear function of the index; nullopt otherwise.
  std::optional<int64_t> of(Value *V, unsigned Depth = 0) {
    if (auto It = Memo.find(V); It != Memo.end())
      return It->second;
    std::optional<int64_t> Step = compute(V, Depth);
    Memo[V] = Step;
    return Step;
  }

private:
  std::optional<int64_t> compute(Value *V, unsigned Depth);
  std::optional<int64_t> ofGEP(GEPOperator &GEP, unsigned Depth);
  std::optional<int64_t> ofPhi(PHINode &Phi, unsigned Depth);

  const Loop &L;
  const LoopInfo &LI;
  const DataLayout &DL;
  DenseMap<Value *, std::optional<int64_t>> Memo;
};

std::optional<int64_t> mulSteps(std::optional<int64_t> A, int64_t B) {
  int64_t Product;
  if (!A || MulOverflow(*A, B, Product))
    return std::nullopt;
  return Product;
}

std::optional<int64_t> addSteps(std::optional<int64_t> A,
                                std::optional<int64_t> B, bool Subtract) {
  int64_t Result;
  if (!A || !B ||
      (Subtract ? SubOverflow(*A, *B, Result) : AddOverflow(*A, *B, Result)))
    return std::nullopt;
  return Result;
}

std::optional<int64_t> IndexSteps::compute(Value *V, unsigned Depth) {
  auto *I = dyn_cast<Instruction>(V);
  if (!I || !L.contains(I))
    return 0;
  if (Depth > 24)
    return std::nullopt;
  unsigned Next = Depth + 1;
  if (auto *GEP = dyn_cast<GEPOperator>(I))
    return ofGEP(*GEP, Next);
  if (auto *Phi = dyn_cast<PHINode>(I))
    return ofPhi(*Phi, Next);
  switch (I->getOpcode()) {
  case Instruction::Add:
    return addSteps(of(I->getOperand(0), Next), of(I->getOperand(1), Next),
                    /*Subtract=*/false);
  case Instruction::Or:
    if (!cast<PossiblyDisjointInst>(I)->isDisjoint())
      return std::nullopt;
    return addSteps(of(I->getOperand(0), Next), of(I->getOperand(1), Next),
                    /*Subtract=*/false);
  case Instruction::Sub:
    return addSteps(of(I->getOperand(0), Next), of(I->getOperand(1), Next),
                    /*Subtract=*/true);
  case Instruction::Mul: {
    std::optional<int64_t> A = of(I->getOperand(0), Next);
    std::optional<int64_t> B = of(I->getOperand(1), Next);
    if (A == 0 && B == 0)
      return 0;
    if (auto *C = dyn_cast<ConstantInt>(I->getOperand(1));
        C && C->getValue().getSignificantBits() <= 64)
      return mulSteps(A, C->getSExtValue());
    if (auto *C = dyn_cast<ConstantInt>(I->getOperand(0));
        C && C->getValue().getSignificantBits() <= 64)
      return mulSteps(B, C->getSExtValue());
    return std::nullopt;
  }
  case Instruction::Shl: {
    auto *C = dyn_cast<ConstantInt>(I->getOperand(1));
    if (!C || C->getZExtValue() >= 63)
      return std::nullopt;
    return mulSteps(of(I->getOperand(0), Next), int64_t(1)
                                                    << C->getZExtValue());
  }
  case Instruction::SExt:
  case Instruction::ZExt:
  case Instruction::Trunc:
    return of(I->getOperand(0), Next);
  case Instruction::Select: {
    std::optional<int64_t> A = of(I->getOperand(1), Next);
    return A == of(I->getOperand(2), Next) ? A : std::nullopt;
  }
  case Instruction::Load:
    // A value read at one address for all lanes is the same in all lanes.
    if (of(cast<LoadInst>(I)->getPointerOperand(), Next) == 0)
      return 0;
    return std::nullopt;
  default:
    return std::nullopt;
  }
}

std::optional<int64_t> IndexSteps::ofGEP(GEPOperator &GEP, unsigned Depth) {
  std::optional<int64_t> Step = of(GEP.getPointerOperand(), Depth);
  for (gep_type_iterator GTI = gep_type_begin(GEP), E = gep_type_end(GEP);
       GTI != E && Step; ++GTI) {
    if (GTI.isStruct())
      continue;
    int64_t Size = GTI.getSequentialElementStride(DL).getFixedValue();
    Step = addSteps(Step, mulSteps(of(GTI.getOperand(), Depth), Size),
                    /*Subtract=*/false);
  }
  return Step;
}

/// The counter of a loop inside the nest moves with its start (its
/// increment is the same in every lane); a merge of values moves when they
/// all move alike.
std::optional<int64_t> IndexSteps::ofPhi(PHINode &Phi, unsigned Depth) {
  // A cycle through phis: assume no step until shown otherwise.
  Memo[&Phi] = 0;
  const Loop *Inner = LI.getLoopFor(Phi.getParent());
  bool IsInnerCounter =
      Inner && Inner != &L && Inner->getHeader() == Phi.getParent();
  std::optional<std::optional<int64_t>> Step;
  for (unsigned I = 0, E = Phi.getNumIncomingValues(); I != E; ++I) {
    if (IsInnerCounter && Inner->contains(Phi.getIncomingBlock(I)))
      continue;
    std::optional<int64_t> S = of(Phi.getIncomingValue(I), Depth);
    if (Step && *Step != S)
      return std::nullopt;
    Step = S;
  }
  return Step ? *Step : std::nullopt;
}

/// A global memory access of a loop: its address and its size in bytes.
struct Access {
  Value *Address;
  uint64_t Size;
};

/// The address and accessed type of a memory instruction, if it is one.
std::pair<Value *, Type *> accessOf(Instruction &I) {
  if (auto *Load = dyn_cast<LoadInst>(&I))
    return {Load->getPointerOperand(), Load->getType()};
  if (auto *Store = dyn_cast<StoreInst>(&I))
    return {Store->getPointerOperand(), Store->getValueOperand()->getType()};
  if (auto *RMW = dyn_cast<AtomicRMWInst>(&I))
    return {RMW->getPointerOperand(), RMW->getValOperand()->getType()};
  if (auto *CmpXchg = dyn_cast<AtomicCmpXchgInst>(&I))
    return {CmpXchg->getPointerOperand(),
            CmpXchg->getNewValOperand()->getType()};
  return {nullptr, nullptr};
}

bool isGlobalMemory(Value *Address) {
  if (Address->getType()->getPointerAddressSpace() == LocalAddressSpace ||
      pointsToSharedMemory(Address))
    return false;
  return !isa<AllocaInst>(getUnderlyingObject(Address));
}

/// The global memory accesses of \p L and of the loops inside it.
SmallVector<Access, 16> globalAccesses(const Loop &L, const DataLayout &DL) {
  SmallVector<Access, 16> Accesses;
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB) {
      auto [Address, Ty] = accessOf(I);
      if (Address && isGlobalMemory(Address))
        Accesses.push_back({Address, DL.getTypeStoreSize(Ty).getFixedValue()});
    }
  return Accesses;
}

/// The bytes of \p Accesses that stay within their own size (coalesced or
/// uniform) when digit \p Stepped of \p D steps by one.
uint64_t coalescedBytes(const Digits &D, size_t Stepped,
                        ArrayRef<Access> Accesses, const Loop &L,
                        const LoopInfo &LI, const DataLayout &DL) {
  DenseMap<Value *, int64_t> DigitSteps;
  for (size_t I = 0; I != D.size(); ++I)
    DigitSteps[D.digit(I)] = I == Stepped ? 1 : 0;
  IndexSteps Steps(L, LI, DL, DigitSteps);
  uint64_t Bytes = 0;
  for (const Access &A : Accesses) {
    std::optional<int64_t> Step = Steps.of(A.Address);
    if (Step && Step != std::numeric_limits<int64_t>::min() &&
        uint64_t(std::abs(*Step)) <= A.Size)
      Bytes += A.Size;
  }
  return Bytes;
}

/// The number of values of digit \p I when it is a known constant.
std::optional<uint64_t> constantRadix(const Digits &D, size_t I, Value *Count) {
  auto *W = dyn_cast<ConstantInt>(D.span(I, Count));
  if (!W)
    return std::nullopt;
  Value *Inner = D.innerSpan(I);
  if (!Inner)
    return W->getZExtValue();
  auto *P = dyn_cast<ConstantInt>(Inner);
  if (!P || P->isZero())
    return std::nullopt;
  return W->getZExtValue() / P->getZExtValue();
}

/// The loop nest's counter: the phi of \p L's header that the latch
/// increments by one, with the compare that ends the loop, against a load of
/// the upper bound's slot.
struct Counter {
  PHINode *Number;
  Instruction *Increment;
  ICmpInst *ExitTest;
  AllocaInst *UpperBound;
};

std::optional<Counter> counterOf(const Loop &L) {
  BasicBlock *Latch = L.getLoopLatch();
  if (!Latch)
    return std::nullopt;
  for (PHINode &Phi : L.getHeader()->phis()) {
    auto *Increment =
        dyn_cast<Instruction>(Phi.getIncomingValueForBlock(Latch));
    if (!Increment || !match(Increment, m_Add(m_Specific(&Phi), m_One())))
      continue;
    for (User *U : Phi.users()) {
      auto *Test = dyn_cast<ICmpInst>(U);
      ICmpInst::Predicate Pred;
      Value *Bound;
      if (!Test || !L.contains(Test) ||
          !match(Test, m_ICmp(Pred, m_Specific(&Phi), m_Value(Bound))) ||
          (Pred != ICmpInst::ICMP_SLE && Pred != ICmpInst::ICMP_ULE))
        continue;
      auto *Load = dyn_cast<LoadInst>(Bound);
      auto *Slot =
          Load ? dyn_cast<AllocaInst>(Load->getPointerOperand()) : nullptr;
      if (Slot)
        return Counter{&Phi, Increment, Test, Slot};
    }
  }
  return std::nullopt;
}

bool isChunkLoop(const Loop &L) {
  BasicBlock *Latch = L.getLoopLatch();
  return Latch && Latch->getTerminator()->getMetadata(ChunkLoopLatch);
}

/// The instruction of \p D's splits that comes first (a remainder `%` may
/// precede its division), where the renumbered digits are computed.
Instruction *firstOfSplits(const Digits &D, const DominatorTree &DT) {
  SmallVector<Instruction *, 6> All;
  for (const Split &S : D.Splits)
    All.append({S.Quotient, S.Remainder});
  for (Instruction *I : All)
    if (all_of(All,
               [&](Instruction *J) { return I == J || DT.dominates(I, J); }))
      return I;
  return nullptr;
}

bool dominatesUse(Value *V, Instruction &Use, const DominatorTree &DT) {
  auto *I = dyn_cast<Instruction>(V);
  return !I || DT.dominates(I, &Use);
}

/// Whether every digit is a whole part of the one above it: the count a
/// multiple of the first divisor, each divisor of the next.
bool isBijective(const Digits &D, Value *Count) {
  for (size_t I = 0; I != D.Splits.size(); ++I)
    if (!isMultipleOf(D.span(I, Count), D.innerSpan(I)))
      return false;
  return true;
}

/// Renumbers \p D so that digit \p Fast varies fastest with the counter
/// \p Number: it becomes Number modulo its radix, and the other digits, in
/// their order, the digits of Number divided by that radix.
void renumber(const Digits &D, size_t Fast, Value *Number, Value *Count,
              Instruction &InsertPt) {
  size_t N = D.size();
  IRBuilder<> B(&InsertPt);
  auto RadixOf = [&](size_t I) -> Value * {
    Value *Span = D.span(I, Count);
    Value *Inner = D.innerSpan(I);
    return Inner ? B.CreateUDiv(Span, Inner, "collapsed.radix") : Span;
  };

  SmallVector<Value *, 3> Renumbered(N);
  Value *FastRadix = RadixOf(Fast);
  Renumbered[Fast] = B.CreateURem(Number, FastRadix, "collapsed.index");
  Value *Rest = B.CreateUDiv(Number, FastRadix, "collapsed.rest");
  size_t Outermost = Fast == 0 ? 1 : 0;
  for (size_t I = N; I-- > 0;) {
    if (I == Fast)
      continue;
    if (I == Outermost) {
      Renumbered[I] = Rest;
      break;
    }
    Value *Radix = RadixOf(I);
    Renumbered[I] = B.CreateURem(Rest, Radix, "collapsed.index");
    Rest = B.CreateUDiv(Rest, Radix, "collapsed.rest");
  }

  SmallVector<WeakTrackingVH, 6> Old;
  for (size_t I = 0; I != N; ++I) {
    D.digit(I)->replaceAllUsesWith(Renumbered[I]);
    Old.push_back(D.digit(I));
  }
  RecursivelyDeleteTriviallyDeadInstructions(Old);
}

/// Makes the lanes of \p L, a collapsed nest's loop, step the index whose
/// accesses coalesce best. Returns whether it changed the loop.
bool reorderNest(Loop &L, const LoopInfo &LI, const DominatorTree &DT,
                 OptimizationRemarkEmitter &ORE) {
  if (!L.getParentLoop() || !isChunkLoop(*L.getParentLoop()))
    return false;
  std::optional<Counter> C = counterOf(L);
  if (!C)
    return false;
  std::optional<Digits> D = digitsOf(*C->Number, *C->Increment, *C->ExitTest);
  Value *Last = D ? clampedLastIteration(*C->UpperBound) : nullptr;
  Value *Count = Last ? iterationCount(Last) : nullptr;
  if (!Count || !isBijective(*D, Count))
    return false;
  Instruction *First = firstOfSplits(*D, DT);
  if (!First || !dominatesUse(Count, *First, DT) ||
      !all_of(D->Splits, [&](const Split &S) {
        return dominatesUse(S.Divisor, *First, DT);
      }))
    return false;

  const DataLayout &DL = L.getHeader()->getDataLayout();
  SmallVector<Access, 16> Accesses = globalAccesses(L, DL);
  size_t Innermost = D->size() - 1;
  size_t Best = Innermost;
  uint64_t BestBytes = coalescedBytes(*D, Innermost, Accesses, L, LI, DL);
  uint64_t InnermostBytes = BestBytes;
  for (size_t I = 0; I != Innermost; ++I) {
    std::optional<uint64_t> Radix = constantRadix(*D, I, Count);
    if (Radix && *Radix < MinFastRadix)
      continue;
    uint64_t Bytes = coalescedBytes(*D, I, Accesses, L, LI, DL);
    if (Bytes > BestBytes) {
      Best = I;
      BestBytes = Bytes;
    }
  }
  if (Best == Innermost)
    return false;

  ORE.emit([&] {
    return OptimizationRemark(RemarkPassName, "CollapsedOrder", First)
           << "collapsed loop nest: neighbouring threads take neighbouring "
              "values of loop "
           << ore::NV("Loop", unsigned(Best + 1)) << " of "
           << ore::NV("Depth", unsigned(D->size()))
           << " (coalesced or uniform bytes per iteration: "
           << ore::NV("Bytes", BestBytes) << ", against "
           << ore::NV("InnermostBytes", InnermostBytes)
           << " stepping the innermost loop)";
  });
  renumber(*D, Best, C->Number, Count, *First);
  ++NumReordered;
  return true;
}

} // namespace

PreservedAnalyses CollapsedOrderPass::run(Function &F,
                                          FunctionAnalysisManager &FAM) {
  if (F.isDeclaration() || hasDeviceErrors(*F.getParent()))
    return PreservedAnalyses::all();
  auto &LI = FAM.getResult<LoopAnalysis>(F);
  auto &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  auto &ORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(F);
  bool Changed = false;
  for (Loop *L : LI.getLoopsInPreorder())
    Changed |= reorderNest(*L, LI, DT, ORE);
  return preservedKeepingCFG(Changed);
}

} // namespace cot

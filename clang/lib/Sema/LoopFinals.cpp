//===- LoopFinals.cpp - Final counter values of non-rectangular nests -----===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Rebuilds the final expressions of the inner counters of non-rectangular
// loop nests (LoopFinals.h). For a loop `for (c = lb(o); c < ub(o); c += s)`
// whose bounds use an outer counter o, the value after the nest is
//
//   lb' < ub' ? lb' + ((ub' - lb' + s - 1) / s) * s : lb'
//
// where lb' and ub' are the bounds with o at its last value, o's final value
// minus o's step (the mirror forms for <=, >, >= and !=). Outer counters are
// done first, so that a counter whose loop depends on a non-rectangular
// loop uses that loop's rebuilt value.
//
//===----------------------------------------------------------------------===//

#include "clang-offload/Sema/LoopFinals.h"
#include "clang-offload/Sema/ASTRewrite.h"
#include "clang-offload/Sema/CanonicalLoop.h"
#include "clang-offload/Sema/ExprRebuild.h"
#include "clang-offload/Sema/HostExpressions.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Sema/Sema.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;

namespace cot {
namespace {

const VarDecl *counterVar(const Expr *E) {
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E);
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  return VD ? VD->getCanonicalDecl() : nullptr;
}

class FinalsBuilder {
public:
  FinalsBuilder(Sema &S, OMPLoopDirective &D)
      : S(S), Ctx(S.getASTContext()), D(D), Loc(D.getBeginLoc()) {}

  void run();

private:
  Sema &S;
  ASTContext &Ctx;
  OMPLoopDirective &D;
  SourceLocation Loc;
  SmallVector<const VarDecl *, 4> Counters;
  SmallVector<std::optional<CanonicalLoop>, 4> Loops;
  /// Each counter's value after the nest (the right-hand side of its final
  /// expression); null where unknown.
  SmallVector<Expr *, 4> FinalValues;

  bool collectLoops();
  Expr *finalOf(unsigned Index);
  Expr *lastValueOf(unsigned Index);
  Expr *afterLoop(Expr *Lower, Expr *Bound, const CanonicalLoop &L);
  Expr *asLongLong(Expr *E);
  Expr *castTo(Expr *E, QualType T);
  Expr *literal(int64_t V);
  Expr *binary(BinaryOperatorKind K, Expr *L, Expr *R);
};

Expr *FinalsBuilder::literal(int64_t V) {
  return IntegerLiteral::Create(Ctx, llvm::APInt(64, V, /*isSigned=*/true),
                                Ctx.LongLongTy, Loc);
}

Expr *FinalsBuilder::binary(BinaryOperatorKind K, Expr *L, Expr *R) {
  if (!L || !R)
    return nullptr;
  ExprResult E = S.BuildBinOp(nullptr, Loc, K, L, R);
  return E.isUsable() ? E.get() : nullptr;
}

/// \p E converted to \p T by a new node: the loop's own expressions are
/// shared with the directive, and Sema's ImpCastExprToType would retype an
/// implicit cast at their top in place.
Expr *FinalsBuilder::castTo(Expr *E, QualType T) {
  if (Ctx.hasSameType(E->getType(), T))
    return E;
  return ImplicitCastExpr::Create(Ctx, T, CK_IntegralCast, E, nullptr,
                                  VK_PRValue, FPOptionsOverride());
}

Expr *FinalsBuilder::asLongLong(Expr *E) {
  ExprResult Value = S.DefaultLvalueConversion(E);
  if (!Value.isUsable() || !Value.get()->getType()->isIntegerType())
    return nullptr;
  return castTo(Value.get(), Ctx.LongLongTy);
}

bool FinalsBuilder::collectLoops() {
  for (const Expr *Counter : D.counters())
    Counters.push_back(counterVar(Counter));
  bool AllFor = true;
  OMPLoopBasedDirective::doForAllLoops(
      D.getInnermostCapturedStmt()->getCapturedStmt(),
      /*TryImperfectlyNestedLoops=*/true, D.getLoopsNumber(),
      [&](unsigned, const Stmt *Loop) {
        const auto *For = dyn_cast<ForStmt>(Loop);
        if (!For) {
          AllFor = false;
          return true; // stop
        }
        Loops.push_back(readCanonicalLoop(*For, Ctx));
        return false;
      });
  return AllFor && Loops.size() == Counters.size();
}

/// The value of counter \p Index in the last iteration of its loop.
Expr *FinalsBuilder::lastValueOf(unsigned Index) {
  if (!FinalValues[Index] || !Loops[Index])
    return nullptr;
  Expr *Last = binary(BO_Sub, asLongLong(FinalValues[Index]),
                      literal(Loops[Index]->Step));
  return Last ? castTo(Last, Counters[Index]->getType().getUnqualifiedType())
              : nullptr;
}

/// The counter's value after its loop runs from \p Lower to \p Bound.
Expr *FinalsBuilder::afterLoop(Expr *Lower, Expr *Bound,
                               const CanonicalLoop &L) {
  bool Up = L.Step > 0;
  bool Inclusive = L.Cmp == BO_LE || L.Cmp == BO_GE;
  bool Valid = L.Cmp == BO_NE ? (L.Step == 1 || L.Step == -1)
                              : Up == (L.Cmp == BO_LT || L.Cmp == BO_LE);
  Expr *Lb = asLongLong(Lower), *Ub = asLongLong(Bound);
  if (!Valid || !Lb || !Ub)
    return nullptr;
  int64_t Size = Up ? L.Step : -L.Step;
  Expr *Span = Up ? binary(BO_Sub, Ub, Lb) : binary(BO_Sub, Lb, Ub);
  Expr *Trip =
      binary(BO_Div, binary(BO_Add, Span, literal(Inclusive ? Size : Size - 1)),
             literal(Size));
  Expr *Moved =
      binary(Up ? BO_Add : BO_Sub, Lb, binary(BO_Mul, Trip, literal(Size)));
  BinaryOperatorKind RunsCmp =
      L.Cmp == BO_NE
          ? BO_NE
          : (Up ? (Inclusive ? BO_LE : BO_LT) : (Inclusive ? BO_GE : BO_GT));
  Expr *Runs = binary(RunsCmp, Lb, Ub);
  if (!Moved || !Runs)
    return nullptr;
  ExprResult Value = S.ActOnConditionalOp(Loc, Loc, Runs, Moved, Lb);
  return Value.isUsable() ? Value.get() : nullptr;
}

/// The new final expression of counter \p Index, or null to keep Clang's.
Expr *FinalsBuilder::finalOf(unsigned Index) {
  const auto *Final = dyn_cast_or_null<BinaryOperator>(D.finals()[Index]);
  const std::optional<CanonicalLoop> &L = Loops[Index];
  if (!Final || Final->getOpcode() != BO_Assign || !L ||
      L->Counter->getCanonicalDecl() != Counters[Index] ||
      !Counters[Index]->getType()->isIntegerType())
    return nullptr;
  ArrayRef<const VarDecl *> Outer = ArrayRef(Counters).take_front(Index);
  if (!onlyReads(L->Start, Outer) || !onlyReads(L->Bound, Outer))
    return nullptr;
  bool Known = true;
  auto AtLastValue = [&](DeclRefExpr *DRE) -> Expr * {
    const auto *It = llvm::find(Outer, counterVar(DRE));
    if (It == Outer.end())
      return nullptr;
    Expr *Last = lastValueOf(It - Outer.begin());
    Known &= Last != nullptr;
    return Last ? Last : DRE;
  };
  Expr *Lower =
      rebuildReferences(Ctx, const_cast<Expr *>(L->Start), AtLastValue);
  Expr *Bound =
      rebuildReferences(Ctx, const_cast<Expr *>(L->Bound), AtLastValue);
  Expr *Value = Known && Lower && Bound ? afterLoop(Lower, Bound, *L) : nullptr;
  if (!Value)
    return nullptr;
  return binary(BO_Assign, Final->getLHS(),
                castTo(Value, Counters[Index]->getType().getUnqualifiedType()));
}

void FinalsBuilder::run() {
  if (llvm::none_of(D.dependent_counters(), [](Expr *E) { return E; }) ||
      !collectLoops())
    return;
  for (unsigned I = 0; I < Counters.size(); ++I) {
    Expr *NewFinal = D.dependent_counters()[I] ? finalOf(I) : nullptr;
    if (NewFinal)
      setLoopFinal(D, I, NewFinal);
    const auto *Final = dyn_cast_or_null<BinaryOperator>(D.finals()[I]);
    FinalValues.push_back(Final ? Final->getRHS() : nullptr);
  }
}

} // namespace

void fixNonRectangularFinals(Sema &S, OMPLoopDirective &D) {
  FinalsBuilder(S, D).run();
}

} // namespace cot

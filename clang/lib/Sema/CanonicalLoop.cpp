//===- CanonicalLoop.cpp - Loops of a loop directive, read back -----------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Reads `for` loops in OpenMP canonical form (CanonicalLoop.h): the init
// (a declaration or an assignment of the counter), the condition with the
// counter on either side, and an increment by a constant (++, --, +=, -=,
// counter = counter +/- step).
//
//===----------------------------------------------------------------------===//

#include "clang-offload/Sema/CanonicalLoop.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

using namespace clang;

namespace cot {
namespace {

const VarDecl *counterOf(const Expr *E) {
  const auto *DRE =
      dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
  return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
}

BinaryOperatorKind swapped(BinaryOperatorKind K) {
  switch (K) {
  case BO_LT:
    return BO_GT;
  case BO_GT:
    return BO_LT;
  case BO_LE:
    return BO_GE;
  case BO_GE:
    return BO_LE;
  default:
    return K;
  }
}

std::optional<int64_t> constantOf(const Expr *E, const ASTContext &Ctx) {
  Expr::EvalResult R;
  if (!E || E->isValueDependent() || !E->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  return R.Val.getInt().getSExtValue();
}

bool readInit(const ForStmt &For, CanonicalLoop &L) {
  const Stmt *Init = For.getInit();
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(Init)) {
    const auto *VD =
        DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
    if (!VD || !VD->getInit())
      return false;
    L.Counter = VD;
    L.Start = VD->getInit();
    return true;
  }
  const auto *BO = dyn_cast_or_null<BinaryOperator>(Init);
  if (!BO || BO->getOpcode() != BO_Assign)
    return false;
  L.Counter = counterOf(BO->getLHS());
  L.Start = BO->getRHS();
  return L.Counter != nullptr;
}

bool readCond(const ForStmt &For, CanonicalLoop &L) {
  const auto *BO = dyn_cast_or_null<BinaryOperator>(For.getCond());
  if (!BO)
    return false;
  BinaryOperatorKind K = BO->getOpcode();
  if (K != BO_LT && K != BO_LE && K != BO_GT && K != BO_GE && K != BO_NE)
    return false;
  if (counterOf(BO->getLHS()) == L.Counter) {
    L.Cmp = K;
    L.Bound = BO->getRHS();
  } else if (counterOf(BO->getRHS()) == L.Counter) {
    L.Cmp = swapped(K);
    L.Bound = BO->getLHS();
  } else {
    return false;
  }
  return true;
}

bool readInc(const ForStmt &For, CanonicalLoop &L, const ASTContext &Ctx) {
  const Expr *Inc = For.getInc() ? For.getInc()->IgnoreParens() : nullptr;
  if (const auto *UO = dyn_cast_or_null<UnaryOperator>(Inc)) {
    if (counterOf(UO->getSubExpr()) != L.Counter)
      return false;
    L.Step = UO->isIncrementOp() ? 1 : UO->isDecrementOp() ? -1 : 0;
    return L.Step != 0;
  }
  const auto *BO = dyn_cast_or_null<BinaryOperator>(Inc);
  if (!BO || counterOf(BO->getLHS()) != L.Counter)
    return false;
  std::optional<int64_t> Step;
  if (BO->getOpcode() == BO_AddAssign || BO->getOpcode() == BO_SubAssign) {
    Step = constantOf(BO->getRHS(), Ctx);
    if (Step && BO->getOpcode() == BO_SubAssign)
      Step = -*Step;
  } else if (BO->getOpcode() == BO_Assign) {
    // counter = counter + step, step + counter, counter - step
    const auto *Sum =
        dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParenImpCasts());
    if (!Sum || (Sum->getOpcode() != BO_Add && Sum->getOpcode() != BO_Sub))
      return false;
    if (counterOf(Sum->getLHS()) == L.Counter)
      Step = constantOf(Sum->getRHS(), Ctx);
    else if (Sum->getOpcode() == BO_Add &&
             counterOf(Sum->getRHS()) == L.Counter)
      Step = constantOf(Sum->getLHS(), Ctx);
    if (Step && Sum->getOpcode() == BO_Sub)
      Step = -*Step;
  }
  if (!Step || *Step == 0)
    return false;
  L.Step = *Step;
  return true;
}

} // namespace

std::optional<CanonicalLoop> readCanonicalLoop(const ForStmt &For,
                                               const ASTContext &Ctx) {
  CanonicalLoop L;
  if (!readInit(For, L) || !readCond(For, L) || !readInc(For, L, Ctx))
    return std::nullopt;
  return L;
}

} // namespace cot

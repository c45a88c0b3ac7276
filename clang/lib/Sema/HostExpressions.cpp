//===- HostExpressions.cpp - Construct values for the host ----------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Expressions inside a construct refer to the variables of the enclosing
// function through the region's captures, so they are copied with plain
// references before the host evaluates them.
//
// Clang's own iteration count of a loop directive (getNumIterations) is
// built on temporaries that exist only once the construct starts, so it
// cannot be evaluated before it. This rebuilds the count from the loops as
// written: each loop's start, bound and constant step give
//   (bound - start + step - 1) / step     for <, != (step > 0)
//   (bound - start + step) / step         for <=
// and the mirror forms for decreasing loops, each clamped at zero, and the
// collapsed loops multiply. Only expressions made of literals, integer
// constants (enumerators, sizeof, constexpr variables), arithmetic,
// casts and references to variables of the enclosing function (or globals)
// are copied; anything else (calls, members, variables of the region, such
// as an outer loop's counter in a non-rectangular nest) gives no count.
//
//===----------------------------------------------------------------------===//

#include "clang-offload/Sema/HostExpressions.h"
#include "clang-offload/Sema/ASTRewrite.h"
#include "clang-offload/Sema/CanonicalLoop.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Sema/Sema.h"

#include <optional>

using namespace clang;
using llvm::APInt;

namespace cot {
namespace {

/// Builds expressions for the host, right before the construct.
class Builder {
public:
  Builder(Sema &S, const DeclContext *DC, SourceLocation Loc)
      : S(S), Ctx(S.getASTContext()), DC(DC), Loc(Loc) {}

  /// A fresh copy of \p E as a long long rvalue, or null.
  Expr *copy(const Expr *E) {
    Expr *C = copyValue(E);
    if (!C || !C->getType()->isIntegerType())
      return nullptr;
    return S.ImpCastExprToType(C, Ctx.LongLongTy, CK_IntegralCast).get();
  }
  Expr *literal(int64_t V) {
    return IntegerLiteral::Create(Ctx, APInt(64, V, true), Ctx.LongLongTy, Loc);
  }
  Expr *binary(BinaryOperatorKind K, Expr *L, Expr *R) {
    if (!L || !R)
      return nullptr;
    ExprResult E = S.BuildBinOp(nullptr, Loc, K, L, R);
    return E.isUsable() ? E.get() : nullptr;
  }
  /// V > 0 ? V : 0, with V built twice (an expression node has one parent).
  Expr *atLeastZero(llvm::function_ref<Expr *()> Make) {
    Expr *Cond = binary(BO_GT, Make(), literal(0));
    Expr *Value = Make();
    if (!Cond || !Value)
      return nullptr;
    ExprResult E = S.ActOnConditionalOp(Loc, Loc, Cond, Value, literal(0));
    return E.isUsable() ? E.get() : nullptr;
  }

private:
  Sema &S;
  ASTContext &Ctx;
  const DeclContext *DC;
  SourceLocation Loc;

  bool visibleHere(const VarDecl *VD) const {
    if (VD->hasGlobalStorage())
      return true;
    return VD->getParentFunctionOrMethod() == DC;
  }

  Expr *copyValue(const Expr *E) {
    E = E->IgnoreParens();
    if (const auto *IL = dyn_cast<IntegerLiteral>(E))
      return IntegerLiteral::Create(Ctx, IL->getValue(), IL->getType(), Loc);
    // Other integer constants (enumerators, sizeof, constexpr variables):
    // their value.
    Expr::EvalResult Constant;
    if (!E->isValueDependent() && E->getType()->isIntegralOrEnumerationType() &&
        E->EvaluateAsInt(Constant, Ctx))
      return IntegerLiteral::Create(Ctx, Constant.Val.getInt().extOrTrunc(64),
                                    Ctx.LongLongTy, Loc);
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
      if (!VD || !visibleHere(VD) || VD->getType()->isReferenceType() ||
          !VD->getType()->isIntegerType())
        return nullptr;
      // Built directly: Sema's own builder would check the reference
      // against its current context, which is not the function's.
      QualType T = VD->getType();
      Expr *Ref = plainReference(Ctx, *VD, Loc);
      return ImplicitCastExpr::Create(Ctx, T.getUnqualifiedType(),
                                      CK_LValueToRValue, Ref, nullptr,
                                      VK_PRValue, FPOptionsOverride());
    }
    if (const auto *Cast = dyn_cast<ImplicitCastExpr>(E)) {
      if (Cast->getCastKind() == CK_LValueToRValue ||
          Cast->getCastKind() == CK_NoOp)
        return copyValue(Cast->getSubExpr());
      if (Cast->getCastKind() != CK_IntegralCast)
        return nullptr;
      Expr *Sub = copyValue(Cast->getSubExpr());
      return Sub ? S.ImpCastExprToType(Sub, Cast->getType(), CK_IntegralCast)
                       .get()
                 : nullptr;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      if (UO->getOpcode() != UO_Minus && UO->getOpcode() != UO_Plus)
        return nullptr;
      Expr *Sub = copyValue(UO->getSubExpr());
      if (!Sub)
        return nullptr;
      ExprResult R = S.BuildUnaryOp(nullptr, Loc, UO->getOpcode(), Sub);
      return R.isUsable() ? R.get() : nullptr;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      switch (BO->getOpcode()) {
      case BO_Add:
      case BO_Sub:
      case BO_Mul:
      case BO_Div:
      case BO_Shl:
      case BO_Shr:
        return binary(BO->getOpcode(), copyValue(BO->getLHS()),
                      copyValue(BO->getRHS()));
      default:
        return nullptr;
      }
    }
    return nullptr;
  }
};

/// The iterations of one loop, clamped at zero.
Expr *tripCountOf(const CanonicalLoop &L, Builder &B) {
  bool Up = L.Step > 0;
  if (Up ? (L.Cmp == BO_GT || L.Cmp == BO_GE)
         : (L.Cmp == BO_LT || L.Cmp == BO_LE))
    return nullptr; // Runs never or forever: not a counted loop.
  if (L.Cmp == BO_NE && L.Step != 1 && L.Step != -1)
    return nullptr;
  int64_t Size = Up ? L.Step : -L.Step;
  bool Inclusive = L.Cmp == BO_LE || L.Cmp == BO_GE;
  auto Make = [&]() -> Expr * {
    Expr *Span = Up ? B.binary(BO_Sub, B.copy(L.Bound), B.copy(L.Start))
                    : B.binary(BO_Sub, B.copy(L.Start), B.copy(L.Bound));
    Expr *Padded =
        B.binary(BO_Add, Span, B.literal(Inclusive ? Size : Size - 1));
    return B.binary(BO_Div, Padded, B.literal(Size));
  };
  if (!Make())
    return nullptr;
  return B.atLeastZero(Make);
}

/// Counts the references to some variables and those that are loads.
class VarReads : public RecursiveASTVisitor<VarReads> {
public:
  explicit VarReads(ArrayRef<const VarDecl *> Vars) : Vars(Vars) {}
  unsigned References = 0, Loads = 0;
  bool TraverseCapturedStmt(CapturedStmt *S) {
    return TraverseDecl(S->getCapturedDecl());
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    References += refersToOne(E);
    return true;
  }
  bool VisitImplicitCastExpr(ImplicitCastExpr *E) {
    const auto *Ref = dyn_cast<DeclRefExpr>(E->getSubExpr()->IgnoreParens());
    Loads += E->getCastKind() == CK_LValueToRValue && Ref && refersToOne(Ref);
    return true;
  }

private:
  ArrayRef<const VarDecl *> Vars;
  bool refersToOne(const DeclRefExpr *E) const {
    const auto *VD = dyn_cast<VarDecl>(E->getDecl());
    return VD && llvm::is_contained(Vars, VD->getCanonicalDecl());
  }
};

} // namespace

bool onlyReads(const Stmt *S, ArrayRef<const VarDecl *> Vars) {
  VarReads Reads(Vars);
  Reads.TraverseStmt(const_cast<Stmt *>(S));
  return Reads.References == Reads.Loads;
}

/// Whether the host code right before a construct in \p DC can refer to
/// \p DC's variables directly (not from inside an outlined region).
static bool isFunctionBody(const DeclContext *DC) {
  return DC && DC->isFunctionOrMethod() && !isa<CapturedDecl>(DC);
}

Expr *copyIntegerForHost(Sema &S, const Expr *E, const DeclContext *DC) {
  if (!E || !isFunctionBody(DC))
    return nullptr;
  Builder B(S, DC, E->getBeginLoc());
  return B.copy(E);
}

Expr *buildLoopTripCount(Sema &S, const OMPLoopDirective &D,
                         const DeclContext *DC) {
  if (!isFunctionBody(DC))
    return nullptr;
  const ASTContext &Ctx = S.getASTContext();
  Builder B(S, DC, D.getBeginLoc());
  Expr *Product = nullptr;
  bool Counted = true;
  const Stmt *Body = D.getInnermostCapturedStmt()->getCapturedStmt();
  OMPLoopBasedDirective::doForAllLoops(
      Body, /*TryImperfectlyNestedLoops=*/true, D.getLoopsNumber(),
      [&](unsigned, const Stmt *S) {
        const auto *For = dyn_cast<ForStmt>(S);
        std::optional<CanonicalLoop> L =
            For ? readCanonicalLoop(*For, Ctx) : std::nullopt;
        Expr *Count = nullptr;
        if (L && L->Counter->getType()->isIntegerType())
          Count = tripCountOf(*L, B);
        if (!Count) {
          Counted = false;
          return true; // stop
        }
        Product = Product ? B.binary(BO_Mul, Product, Count) : Count;
        return false;
      });
  return Counted ? Product : nullptr;
}

} // namespace cot

//===- ExprRebuild.cpp - Copies of expressions with other references ------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Rebuilds clause expressions with some references replaced (ExprRebuild.h).
// Only the nodes on the path to a replaced reference are copied; the rest
// of the tree is shared with the original.
//
//===----------------------------------------------------------------------===//

#include "clang-offload/Sema/ExprRebuild.h"
#include "clang-offload/Sema/ASTRewrite.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclOpenMP.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprOpenMP.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace cot {
namespace {

class Rebuilder {
public:
  Rebuilder(ASTContext &Ctx, llvm::function_ref<Expr *(DeclRefExpr *)> R)
      : Ctx(Ctx), Replacement(R) {}

  /// The rebuilt expression (X when unchanged), or null on failure.
  Expr *rebuild(Expr *X);

private:
  ASTContext &Ctx;
  llvm::function_ref<Expr *(DeclRefExpr *)> Replacement;
  /// Each reference's replacement (null: kept), asked for once.
  llvm::DenseMap<DeclRefExpr *, Expr *> Replaced;

  Expr *replacementOf(DeclRefExpr *DRE);
  bool replacesIn(Stmt *X);
  Expr *rebuildCast(CastExpr *Cast, Expr *Sub);
  Expr *rebuildCall(CallExpr *Call);
};

Expr *Rebuilder::replacementOf(DeclRefExpr *DRE) {
  auto [It, New] = Replaced.try_emplace(DRE, nullptr);
  if (New)
    It->second = Replacement(DRE);
  return It->second;
}

/// Whether some reference in \p X gets replaced.
bool Rebuilder::replacesIn(Stmt *X) {
  if (auto *DRE = dyn_cast<DeclRefExpr>(X))
    return replacementOf(DRE) != nullptr;
  if (isa<UnaryExprOrTypeTraitExpr>(X))
    return false;
  return llvm::any_of(X->children(),
                      [&](Stmt *Child) { return Child && replacesIn(Child); });
}

Expr *Rebuilder::rebuildCast(CastExpr *Cast, Expr *Sub) {
  // A value in place of a variable that is only read.
  if (Cast->getCastKind() == CK_LValueToRValue && Sub->isPRValue())
    return Ctx.hasSameUnqualifiedType(Sub->getType(), Cast->getType())
               ? Sub
               : nullptr;
  CXXCastPath Path(Cast->path_begin(), Cast->path_end());
  FPOptionsOverride FPO = Cast->getStoredFPFeaturesOrDefault();
  if (isa<ImplicitCastExpr>(Cast))
    return ImplicitCastExpr::Create(Ctx, Cast->getType(), Cast->getCastKind(),
                                    Sub, &Path, Cast->getValueKind(), FPO);
  auto *CStyle = dyn_cast<CStyleCastExpr>(Cast);
  if (!CStyle)
    return nullptr;
  return CStyleCastExpr::Create(Ctx, CStyle->getType(), CStyle->getValueKind(),
                                CStyle->getCastKind(), Sub, &Path, FPO,
                                CStyle->getTypeInfoAsWritten(),
                                CStyle->getLParenLoc(), CStyle->getRParenLoc());
}

Expr *Rebuilder::rebuildCall(CallExpr *Call) {
  Expr *Callee = rebuild(Call->getCallee());
  if (!Callee)
    return nullptr;
  SmallVector<Expr *, 4> Args;
  bool Changed = Callee != Call->getCallee();
  for (Expr *Arg : Call->arguments()) {
    Expr *New = rebuild(Arg);
    if (!New)
      return nullptr;
    Changed |= New != Arg;
    Args.push_back(New);
  }
  if (!Changed)
    return Call;
  return CallExpr::Create(Ctx, Callee, Args, Call->getType(),
                          Call->getValueKind(), Call->getRParenLoc(),
                          Call->getStoredFPFeaturesOrDefault());
}

Expr *Rebuilder::rebuild(Expr *X) {
  if (!X || !replacesIn(X))
    return X;
  if (auto *DRE = dyn_cast<DeclRefExpr>(X))
    return replacementOf(DRE);
  if (auto *P = dyn_cast<ParenExpr>(X)) {
    Expr *Sub = rebuild(P->getSubExpr());
    return Sub ? new (Ctx) ParenExpr(P->getLParen(), P->getRParen(), Sub)
               : nullptr;
  }
  if (auto *Cast = dyn_cast<CastExpr>(X)) {
    Expr *Sub = rebuild(Cast->getSubExpr());
    return Sub ? rebuildCast(Cast, Sub) : nullptr;
  }
  if (auto *ME = dyn_cast<MemberExpr>(X)) {
    Expr *Base = rebuild(ME->getBase());
    return Base
               ? MemberExpr::Create(
                     Ctx, Base, ME->isArrow(), ME->getOperatorLoc(),
                     ME->getQualifierLoc(), ME->getTemplateKeywordLoc(),
                     ME->getMemberDecl(), ME->getFoundDecl(),
                     ME->getMemberNameInfo(), nullptr, ME->getType(),
                     ME->getValueKind(), ME->getObjectKind(), ME->isNonOdrUse())
               : nullptr;
  }
  if (auto *AS = dyn_cast<ArraySectionExpr>(X)) {
    Expr *Base = rebuild(AS->getBase());
    Expr *Lower = rebuild(AS->getLowerBound());
    Expr *Length = rebuild(AS->getLength());
    Expr *Stride = rebuild(AS->getStride());
    if (!Base || (AS->getLowerBound() && !Lower) ||
        (AS->getLength() && !Length) || (AS->getStride() && !Stride))
      return nullptr;
    return new (Ctx) ArraySectionExpr(
        Base, Lower, Length, Stride, AS->getType(), AS->getValueKind(),
        AS->getObjectKind(), AS->getColonLocFirst(), AS->getColonLocSecond(),
        AS->getRBracketLoc());
  }
  if (auto *ASE = dyn_cast<ArraySubscriptExpr>(X)) {
    Expr *L = rebuild(ASE->getLHS()), *R = rebuild(ASE->getRHS());
    return L && R ? new (Ctx) ArraySubscriptExpr(
                        L, R, ASE->getType(), ASE->getValueKind(),
                        ASE->getObjectKind(), ASE->getRBracketLoc())
                  : nullptr;
  }
  if (auto *BO = dyn_cast<BinaryOperator>(X)) {
    if (isa<CompoundAssignOperator>(BO))
      return nullptr;
    Expr *L = rebuild(BO->getLHS()), *R = rebuild(BO->getRHS());
    return L && R ? BinaryOperator::Create(Ctx, L, R, BO->getOpcode(),
                                           BO->getType(), BO->getValueKind(),
                                           BO->getObjectKind(),
                                           BO->getOperatorLoc(),
                                           BO->getStoredFPFeaturesOrDefault())
                  : nullptr;
  }
  if (auto *UO = dyn_cast<UnaryOperator>(X)) {
    Expr *Sub = rebuild(UO->getSubExpr());
    return Sub ? UnaryOperator::Create(Ctx, Sub, UO->getOpcode(), UO->getType(),
                                       UO->getValueKind(), UO->getObjectKind(),
                                       UO->getOperatorLoc(), UO->canOverflow(),
                                       UO->getStoredFPFeaturesOrDefault())
               : nullptr;
  }
  if (auto *CO = dyn_cast<ConditionalOperator>(X)) {
    Expr *Cond = rebuild(CO->getCond()), *L = rebuild(CO->getLHS()),
         *R = rebuild(CO->getRHS());
    return Cond && L && R
               ? new (Ctx) ConditionalOperator(
                     Cond, CO->getQuestionLoc(), L, CO->getColonLoc(), R,
                     CO->getType(), CO->getValueKind(), CO->getObjectKind())
               : nullptr;
  }
  if (auto *Call = dyn_cast<CallExpr>(X);
      Call && Call->getStmtClass() == Stmt::CallExprClass)
    return rebuildCall(Call);
  return nullptr;
}

/// Whether code in \p DC reaches the local variable \p VD through captures.
bool isCapturedIn(const VarDecl &VD, const DeclContext &DC) {
  return VD.getDeclContext()->getRedeclContext() != DC.getRedeclContext();
}

} // namespace

Expr *rebuildReferences(ASTContext &Ctx, Expr *E,
                        llvm::function_ref<Expr *(DeclRefExpr *)> Replacement) {
  return Rebuilder(Ctx, Replacement).rebuild(E);
}

Expr *
referencesForContext(ASTContext &Ctx, Expr *E, const DeclContext *DC,
                     llvm::function_ref<bool(const VarDecl &)> ReachesGlobal) {
  auto Reference = [&](DeclRefExpr *DRE) -> Expr * {
    auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (!VD || isa<OMPCapturedExprDecl>(VD))
      return nullptr;
    bool Marked = DRE->refersToEnclosingVariableOrCapture();
    bool Captured = VD->hasLocalStorage() ? isCapturedIn(*VD, *DC)
                                          : Marked && ReachesGlobal(*VD);
    if (Captured == Marked)
      return nullptr;
    return withCaptureFlag(Ctx, *DRE, Captured);
  };
  return rebuildReferences(Ctx, E, Reference);
}

} // namespace cot

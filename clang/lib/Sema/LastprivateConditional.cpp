//===- LastprivateConditional.cpp - Conditional updates in C --------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Rewrites the plain assignments to lastprivate(conditional:) variables in
// a C loop directive's body (LastprivateConditional.h). The walk goes
// through the captured regions of the directive and of constructs nested
// in it: Clang records an assignment in a nested region too (through the
// region's "fired" flag), given a compound assignment.
//
//===----------------------------------------------------------------------===//

#include "clang-offload/Sema/LastprivateConditional.h"
#include "clang-offload/Sema/ASTRewrite.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Sema/Sema.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;
using namespace llvm;

namespace cot {
namespace {

using VarSet = SmallPtrSet<const Decl *, 4>;

VarSet conditionalVars(const OMPLoopDirective &D) {
  VarSet Vars;
  for (const auto *C : D.getClausesOfKind<OMPLastprivateClause>()) {
    if (C->getKind() != OMPC_LASTPRIVATE_conditional)
      continue;
    for (const Expr *Ref : C->varlists())
      if (const auto *DRE = dyn_cast<DeclRefExpr>(Ref->IgnoreParenImpCasts()))
        Vars.insert(DRE->getDecl()->getCanonicalDecl());
  }
  return Vars;
}

/// The variable reference that \p E assigns with `=`, if it is one of \p Vars.
DeclRefExpr *assignedVar(Stmt *S, const VarSet &Vars) {
  auto *Assign = dyn_cast<BinaryOperator>(S);
  if (!Assign || Assign->getOpcode() != BO_Assign)
    return nullptr;
  auto *DRE = dyn_cast<DeclRefExpr>(Assign->getLHS()->IgnoreParens());
  return DRE && Vars.contains(DRE->getDecl()->getCanonicalDecl()) ? DRE
                                                                  : nullptr;
}

/// `(x = e, x -= 0)`, or null if Sema does not build it.
Expr *withCompoundAssignment(Sema &S, Expr *Assign, DeclRefExpr &Var) {
  ASTContext &Ctx = S.getASTContext();
  SourceLocation Loc = Assign->getExprLoc();
  Expr *Zero = IntegerLiteral::Create(Ctx, APInt(Ctx.getIntWidth(Ctx.IntTy), 0),
                                      Ctx.IntTy, Loc);
  ExprResult Update = S.BuildBinOp(
      /*Scope=*/nullptr, Loc, BO_SubAssign,
      withCaptureFlag(Ctx, Var, Var.refersToEnclosingVariableOrCapture()),
      Zero);
  if (Update.isInvalid())
    return nullptr;
  ExprResult Both =
      S.BuildBinOp(/*Scope=*/nullptr, Loc, BO_Comma, Assign, Update.get());
  return Both.isInvalid() ? nullptr : Both.get();
}

void rewriteAssignments(Sema &S, Stmt *&Slot, const VarSet &Vars) {
  if (!Slot)
    return;
  if (auto *CS = dyn_cast<CapturedStmt>(Slot)) {
    rewriteCapturedBody(
        *CS, [&](Stmt *&Body) { rewriteAssignments(S, Body, Vars); });
    return;
  }
  for (Stmt *&Child : Slot->children())
    rewriteAssignments(S, Child, Vars);
  if (DeclRefExpr *Var = assignedVar(Slot, Vars))
    if (Expr *Recorded = withCompoundAssignment(S, cast<Expr>(Slot), *Var))
      Slot = Recorded;
}

} // namespace

void recordConditionalAssignments(Sema &S, OMPLoopDirective &D) {
  if (S.getLangOpts().CPlusPlus || !D.hasAssociatedStmt())
    return;
  VarSet Vars = conditionalVars(D);
  if (Vars.empty())
    return;
  for (Stmt *&Child : D.children())
    rewriteAssignments(S, Child, Vars);
}

} // namespace cot

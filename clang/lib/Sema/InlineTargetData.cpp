//===- InlineTargetData.cpp - Target data regions as plain code -----------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Takes the statement of a target data region out of its construct and
// adapts the references that the enclosing code evaluates (InlineTargetData.h).
// The walk follows where Clang CodeGen evaluates each part of a construct:
// clause values, pre-initialisers and capture initialisers in the
// encountering code; the region itself in the same function for constructs
// that CodeGen does not outline.
//
//===----------------------------------------------------------------------===//

#include "clang-offload/Sema/InlineTargetData.h"
#include "clang-offload/Sema/ASTRewrite.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/AST/StmtOpenMP.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;

namespace cot {

bool isOutlinedRegion(OpenMPDirectiveKind K) {
  return isOpenMPParallelDirective(K) || isOpenMPTaskingDirective(K) ||
         isOpenMPTeamsDirective(K) || isOpenMPTargetExecutionDirective(K);
}

namespace {

bool isSameVar(const Expr *E, const VarDecl &VD) {
  const auto *DRE =
      dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
  return DRE && DRE->getDecl()->getCanonicalDecl() == VD.getCanonicalDecl();
}

/// Whether a clause of kind ClauseT of \p D lists \p VD.
template <typename ClauseT>
bool lists(const OMPExecutableDirective &D, const VarDecl &VD) {
  for (const auto *C : D.getClausesOfKind<ClauseT>())
    if (llvm::any_of(C->varlists(),
                     [&](const Expr *E) { return isSameVar(E, VD); }))
      return true;
  return false;
}

/// Whether \p D's region has its own copy of \p VD.
bool makesPrivate(const OMPExecutableDirective &D, const VarDecl &VD) {
  if (lists<OMPPrivateClause>(D, VD) || lists<OMPFirstprivateClause>(D, VD) ||
      lists<OMPLastprivateClause>(D, VD) || lists<OMPLinearClause>(D, VD) ||
      lists<OMPReductionClause>(D, VD) ||
      lists<OMPTaskReductionClause>(D, VD) ||
      lists<OMPInReductionClause>(D, VD))
    return true;
  const auto *Loop = dyn_cast<OMPLoopDirective>(&D);
  return Loop && llvm::any_of(Loop->counters(), [&](const Expr *Counter) {
           return isSameVar(Counter, VD);
         });
}

/// Whether one of \p D's nested capture regions captures \p VD.
bool captures(const OMPExecutableDirective &D, const VarDecl &VD) {
  if (!D.hasAssociatedStmt())
    return false;
  const auto *CS = dyn_cast<CapturedStmt>(D.getAssociatedStmt());
  for (; CS; CS = dyn_cast<CapturedStmt>(CS->getCapturedStmt()))
    if (CS->capturesVariable(VD.getCanonicalDecl()))
      return true;
  return false;
}

/// Whether the encountering code evaluates the value of \p C, a clause of
/// \p D. Target regions evaluate their clauses' list items on the device;
/// values that they need Clang computes before them (pre-initialisers),
/// except `if`, `device` and `depend`, and the map clauses, which only our
/// markers evaluate.
bool isValueOnHost(const OMPExecutableDirective &D, const OMPClause &C) {
  if (!isOpenMPTargetExecutionDirective(D.getDirectiveKind()))
    return true;
  return isa<OMPIfClause>(C) || isa<OMPDeviceClause>(C) ||
         isa<OMPDependClause>(C) || isa<OMPMapClause>(C);
}

class RegionReferences {
public:
  RegionReferences(ASTContext &Ctx, const DeclContext &Region,
                   const DeclContext &Parent,
                   ArrayRef<const OMPExecutableDirective *> Enclosing)
      : Ctx(Ctx), Region(Region), Parent(Parent),
        Enclosing(Enclosing.begin(), Enclosing.end()) {}

  void visitRegion(Stmt *Body);

private:
  ASTContext &Ctx;
  /// The target data construct's CapturedDecl.
  const DeclContext &Region;
  const DeclContext &Parent;
  /// The constructs around the code being visited, outermost first.
  SmallVector<const OMPExecutableDirective *, 8> Enclosing;

  void visitStmt(Stmt *&Slot);
  void visitChildren(Stmt *S);
  void visitDirective(OMPExecutableDirective &D);
  void visitClause(OMPClause &C, bool Values);
  bool isFrameLocal(const VarDecl &VD) const;
  bool resolvesAsCapture(const DeclRefExpr &DRE, const VarDecl &VD) const;
};

/// Whether \p VD is a variable of the enclosing code's function frame: of
/// \p Parent, or of the region (maybe inside constructs there that CodeGen
/// does not outline, which are the only ones whose code the walk sees).
bool RegionReferences::isFrameLocal(const VarDecl &VD) const {
  for (const DeclContext *DC = VD.getDeclContext(); DC; DC = DC->getParent()) {
    if (DC == &Region || DC->getRedeclContext() == Parent.getRedeclContext())
      return true;
    if (!isa<CapturedDecl>(DC))
      return false;
  }
  return false;
}

bool RegionReferences::resolvesAsCapture(const DeclRefExpr &DRE,
                                         const VarDecl &VD) const {
  if (VD.hasGlobalStorage())
    return DRE.refersToEnclosingVariableOrCapture() &&
           reachesThroughRegions(Enclosing, VD);
  return !isFrameLocal(VD);
}

void RegionReferences::visitChildren(Stmt *S) {
  if (!S)
    return;
  for (Stmt *&Child : S->children())
    visitStmt(Child);
}

void RegionReferences::visitStmt(Stmt *&Slot) {
  if (!Slot)
    return;
  if (auto *DRE = dyn_cast<DeclRefExpr>(Slot)) {
    auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (!VD)
      return;
    bool Captured = resolvesAsCapture(*DRE, *VD);
    if (Captured == DRE->refersToEnclosingVariableOrCapture())
      return;
    Slot = withCaptureFlag(Ctx, *DRE, Captured);
    return;
  }
  // A lambda's body is a function of its own; its captures are initialised
  // here. Blocks are functions of their own too.
  if (auto *LE = dyn_cast<LambdaExpr>(Slot)) {
    rewriteLambdaCaptureInits(*LE, [&](Stmt *&Init) { visitStmt(Init); });
    return;
  }
  if (isa<BlockExpr>(Slot))
    return;
  if (auto *D = dyn_cast<OMPExecutableDirective>(Slot)) {
    visitDirective(*D);
    return;
  }
  visitChildren(Slot);
}

/// The statement of a region: a construct, or code. (A region's statement
/// that is a lone reference has no effect to keep, so the statement itself
/// is never replaced.)
void RegionReferences::visitRegion(Stmt *Body) {
  if (auto *D = dyn_cast_or_null<OMPExecutableDirective>(Body))
    visitDirective(*D);
  else
    visitChildren(Body);
}

/// The clause's pre-initialisers and post-updates run in the encountering
/// code, and so do its values (\p Values).
void RegionReferences::visitClause(OMPClause &C, bool Values) {
  if (auto *WithPreInit = OMPClauseWithPreInit::get(&C))
    visitChildren(WithPreInit->getPreInitStmt());
  if (auto *WithPostUpdate = OMPClauseWithPostUpdate::get(&C))
    visitChildren(WithPostUpdate->getPostUpdateExpr());
  if (Values)
    for (Stmt *&Child : C.children())
      visitStmt(Child);
}

void RegionReferences::visitDirective(OMPExecutableDirective &D) {
  for (OMPClause *C : D.clauses())
    if (C)
      visitClause(*C, isValueOnHost(D, *C));
  if (!D.hasAssociatedStmt())
    return;
  auto *CS = dyn_cast<CapturedStmt>(D.getAssociatedStmt());
  if (!CS)
    return;
  // The capture initialisers of the outermost region are evaluated here.
  visitChildren(CS);
  if (isOutlinedRegion(D.getDirectiveKind()))
    return;
  Enclosing.push_back(&D);
  visitRegion(D.getInnermostCapturedStmt()->getCapturedStmt());
  Enclosing.pop_back();
}

} // namespace

bool reachesThroughRegions(ArrayRef<const OMPExecutableDirective *> Enclosing,
                           const VarDecl &Global) {
  for (const OMPExecutableDirective *D : llvm::reverse(Enclosing)) {
    OpenMPDirectiveKind Kind = D->getDirectiveKind();
    if (Kind != llvm::omp::OMPD_target_data &&
        (makesPrivate(*D, Global) || captures(*D, Global)))
      return true;
    if (isOutlinedRegion(Kind))
      return false;
  }
  return false;
}

Stmt *
inlineTargetDataRegion(ASTContext &Ctx, OMPExecutableDirective &TargetData,
                       const DeclContext *Parent,
                       ArrayRef<const OMPExecutableDirective *> Enclosing) {
  CapturedStmt *CS = TargetData.getInnermostCapturedStmt();
  Stmt *Body = CS->getCapturedStmt();
  RegionReferences(Ctx, *CS->getCapturedDecl(), *Parent, Enclosing)
      .visitRegion(Body);
  return Body;
}

} // namespace cot

//===- ASTRewrite.cpp - Changing Clang's AST in place ---------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The Sema step's writes into Clang's AST (ASTRewrite.h). Statements are
// replaced through the slots that hold them; nodes that are shared between
// places (clause expressions) are rebuilt elsewhere (ExprRebuild.h), never
// changed here.
//
//===----------------------------------------------------------------------===//

#include "clang-offload/Sema/ASTRewrite.h"
#include "clang-offload/Sema/InlineTargetData.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/OpenMPKinds.h"

using namespace clang;
using namespace llvm;

namespace cot {

/// CapturedStmt stores its capture initialisers and then its body in one
/// array, and has no setter for the body; the assert checks that Clang's
/// layout is still the one relied on.
void setCapturedBody(CapturedStmt &CS, Stmt *Body) {
  if (Body == CS.getCapturedStmt())
    return;
  Stmt **Slot = reinterpret_cast<Stmt **>(CS.capture_init_end());
  assert(*Slot == CS.getCapturedStmt() && "CapturedStmt layout changed");
  *Slot = Body;
  CS.getCapturedDecl()->setBody(Body);
}

/// OMPLoopDirective::finals() is a view of the directive's own storage.
void setLoopFinal(OMPLoopDirective &D, unsigned Counter, Expr *Final) {
  assert(Counter < D.finals().size() && "no such loop counter");
  const_cast<Expr **>(D.finals().data())[Counter] = Final;
}

void rewriteCapturedBody(CapturedStmt &CS, SlotRewriter Rewrite) {
  Stmt *Body = CS.getCapturedStmt();
  Rewrite(Body);
  setCapturedBody(CS, Body);
}

void rewriteLambdaCaptureInits(LambdaExpr &LE, SlotRewriter Rewrite) {
  for (Expr *&Init : LE.capture_inits()) {
    if (!Init)
      continue;
    Stmt *Slot = Init;
    Rewrite(Slot);
    Init = cast<Expr>(Slot);
  }
}

DeclRefExpr *withCaptureFlag(ASTContext &Ctx, const DeclRefExpr &DRE,
                             bool Captured) {
  return DeclRefExpr::Create(
      Ctx, DRE.getQualifierLoc(), DRE.getTemplateKeywordLoc(),
      const_cast<ValueDecl *>(DRE.getDecl()), Captured, DRE.getNameInfo(), DRE.getType(), DRE.getValueKind(),
      const_cast<NamedDecl *>(DRE.getFoundDecl()), nullptr, DRE.isNonOdrUse());
}

DeclRefExpr *plainReference(ASTContext &Ctx, const VarDecl &VD,
                            SourceLocation Loc) {
  return DeclRefExpr::Create(Ctx, NestedNameSpecifierLoc(), SourceLocation(),
                             const_cast<VarDecl *>(&VD),
                             /*RefersToEnclosingVariableOrCapture=*/false, Loc,
                             VD.getType(), VK_LValue);
}

namespace {

/// The walk of replaceVariableUses.
class UseReplacer {
public:
  UseReplacer(const VarDecl &From, function_ref<Expr *()> Make)
      : From(From.getCanonicalDecl()), Make(Make) {}

  void replaceIn(Stmt *&Slot) {
    if (!Slot)
      return;
    if (auto *DRE = dyn_cast<DeclRefExpr>(Slot)) {
      if (DRE->getDecl()->getCanonicalDecl() == From)
        Slot = Make();
      return;
    }
    if (auto *Dir = dyn_cast<OMPExecutableDirective>(Slot)) {
      if (!Dir->hasAssociatedStmt())
        return;
      auto *CS = dyn_cast<CapturedStmt>(Dir->getAssociatedStmt());
      if (!CS)
        return;
      if (isOutlinedRegion(Dir->getDirectiveKind()))
        replaceInOutlinedCaptures(*Dir, CS);
      else
        replaceInCaptured(*CS, /*Outlined=*/false);
      return;
    }
    if (auto *CS = dyn_cast<CapturedStmt>(Slot)) {
      replaceInCaptured(*CS, /*Outlined=*/false);
      return;
    }
    if (auto *LE = dyn_cast<LambdaExpr>(Slot)) {
      rewriteLambdaCaptureInits(*LE, [&](Stmt *&Init) { replaceIn(Init); });
      return;
    }
    for (Stmt *&Child : Slot->children())
      replaceIn(Child);
  }

private:
  const Decl *From;
  function_ref<Expr *()> Make;

  /// The values an outlined region receives. A target construct nests its
  /// capture regions (task, target, teams, ...); without nowait/depend Clang
  /// skips the task and evaluates the target region's initialisers right
  /// here, so they change too. Deeper levels live inside the outlined code.
  void replaceInOutlinedCaptures(OMPExecutableDirective &Dir, CapturedStmt *CS) {
    OpenMPDirectiveKind Kind = Dir.getDirectiveKind();
    bool Deferred = Dir.getSingleClause<OMPNowaitClause>() ||
                    !Dir.getClausesOfKind<OMPDependClause>().empty();
    SmallVector<OpenMPDirectiveKind, 4> Regions;
    getOpenMPCaptureRegions(Regions, Kind);
    for (OpenMPDirectiveKind Region : Regions) {
      replaceInCaptured(*CS, /*Outlined=*/true);
      if (!isOpenMPTargetExecutionDirective(Kind) || Deferred ||
          Region == llvm::omp::OMPD_target)
        return;
      CS = dyn_cast<CapturedStmt>(CS->getCapturedStmt());
      if (!CS)
        return;
    }
  }

  void replaceInCaptured(CapturedStmt &CS, bool Outlined) {
    for (Stmt *&Init : CS.children())
      replaceIn(Init);
    if (!Outlined)
      rewriteCapturedBody(CS, [&](Stmt *&Body) { replaceIn(Body); });
  }
};

} // namespace

void replaceVariableUses(Stmt *&Slot, const VarDecl &From,
                         function_ref<Expr *()> Make) {
  UseReplacer(From, Make).replaceIn(Slot);
}

void captureByReference(ASTContext &Ctx, OMPExecutableDirective &D,
                        const DenseSet<const Decl *> &Vars) {
  CapturedStmt *Innermost = D.getInnermostCapturedStmt();
  for (auto *Region = cast<CapturedStmt>(D.getAssociatedStmt());;
       Region = cast<CapturedStmt>(Region->getCapturedStmt())) {
    auto Field = Region->getCapturedRecordDecl()->field_begin();
    for (CapturedStmt::Capture &Cap : Region->captures()) {
      FieldDecl *FD = *Field++;
      if (!Cap.capturesVariableByCopy() ||
          !Vars.contains(Cap.getCapturedVar()->getCanonicalDecl()))
        continue;
      Cap = CapturedStmt::Capture(Cap.getLocation(), CapturedStmt::VCK_ByRef,
                                  Cap.getCapturedVar());
      FD->setType(Ctx.getLValueReferenceType(FD->getType()));
    }
    if (Region == Innermost)
      return;
  }
}

} // namespace cot

//===- OffloadSema.cpp - The offload Sema step ----------------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// An AST consumer that runs before Clang CodeGen in the same
// MultiplexConsumer. For every target, target data, target enter/exit data
// and target update construct in a function body it builds the helper
// expressions (map entries and clause values, MapEntryBuilder.h) and replaces
// the construct's statement by
//
//   { __cot_site(...); __cot_map(...)...; [use_device vars]; <construct>;
//     __cot_site_end(...); }
//
// so that Clang CodeGen evaluates them on the host right where the construct
// runs. The host lowering pass turns these marker calls into runtime calls
// (OffloadMarkers.h). For use_device_ptr/use_device_addr the construct's body
// is rewritten to use a new variable that holds the device address.
//
// Every function body reaches CodeGen through the consumer callbacks before
// it is emitted: ordinary definitions by HandleTopLevelDecl, inline and
// instantiated ones by their own callbacks, and whatever CodeGen emits late
// (deferred definitions) by the sweep in HandleTranslationUnit, which runs
// before CodeGen's.
//
// The marker calls are built in MarkerCalls.cpp, declare target and declare
// variant handled in DeclareTarget.cpp, the AST changed through
// ASTRewrite.h.
//
//===----------------------------------------------------------------------===//

#include "clang-offload/Sema/OffloadSema.h"
#include "OffloadSemaConsumer.h"
#include "clang-offload/Sema/ASTRewrite.h"
#include "clang-offload/Sema/InlineTargetData.h"
#include "clang-offload/Sema/LastprivateConditional.h"
#include "clang-offload/Sema/LoopFinals.h"

#include "OffloadABI.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclOpenMP.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/OpenMPKinds.h"
#include "clang/Sema/SemaOpenMP.h"

using namespace clang;
using namespace llvm;

namespace cot {

static bool isOffloadConstruct(OpenMPDirectiveKind K) {
  return isOpenMPTargetExecutionDirective(K) ||
         isOpenMPTargetDataManagementDirective(K);
}

void OffloadSemaConsumer::processDecl(Decl *D) {
  if (auto *FD = dyn_cast<FunctionDecl>(D)) {
    markDeclareTarget(FD);
    for (FunctionDecl *Variant : markDeviceVariants(FD))
      CodeGen->HandleTopLevelDecl(DeclGroupRef(Variant));
    processFunction(FD);
    return;
  }
  if (auto *VD = dyn_cast<VarDecl>(D)) {
    markDeclareTarget(VD);
    return;
  }
  if (auto *RD = dyn_cast<OMPRequiresDecl>(D)) {
    recordRequires(*RD);
    return;
  }
  if (auto *RD = dyn_cast<CXXRecordDecl>(D)) {
    if (RD->isDependentContext())
      return;
    for (Decl *Member : RD->decls())
      processDecl(Member);
    return;
  }
  if (auto *DC = dyn_cast<DeclContext>(D))
    if (isa<NamespaceDecl>(D) || isa<LinkageSpecDecl>(D) || isa<ExportDecl>(D))
      for (Decl *Inner : DC->decls())
        processDecl(Inner);
}

void OffloadSemaConsumer::recordRequires(const OMPRequiresDecl &D) {
  for (const OMPClause *C : D.clauselists()) {
    switch (C->getClauseKind()) {
    case llvm::omp::OMPC_unified_address:
      Requires->Flags |= COT_REQUIRES_UNIFIED_ADDRESS;
      break;
    case llvm::omp::OMPC_unified_shared_memory:
      Requires->Flags |= COT_REQUIRES_UNIFIED_SHARED_MEMORY;
      break;
    case llvm::omp::OMPC_reverse_offload:
      Requires->Flags |= COT_REQUIRES_REVERSE_OFFLOAD;
      break;
    case llvm::omp::OMPC_dynamic_allocators:
      Requires->Flags |= COT_REQUIRES_DYNAMIC_ALLOCATORS;
      break;
    default: // atomic_default_mem_order: Clang applies it while parsing.
      break;
    }
  }
}

void OffloadSemaConsumer::processFunction(FunctionDecl *FD) {
  if (!SemaRef || !FD || !FD->doesThisDeclarationHaveABody() ||
      FD->isDependentContext() || FD->isInvalidDecl())
    return;
  if (!DoneFunctions.insert(FD).second)
    return;
  Stmt *Body = FD->getBody();
  if (!Body)
    return;
  FunctionDecl *Saved = CurFunction;
  DeclContext *SavedFrame = Frame;
  SmallVector<const OMPExecutableDirective *, 8> SavedEnclosing =
      std::move(Enclosing);
  Enclosing.clear();
  CurFunction = FD;
  Frame = FD;
  walk(Body, FD);
  FD->setBody(Body);
  CurFunction = Saved;
  Frame = SavedFrame;
  Enclosing = std::move(SavedEnclosing);
}

/// Whether an error directive acts when the program runs: only with
/// at(execution); without an at clause it acts at compilation (OpenMP 5.1),
/// which Sema has done. Clang 19's CodeGen emits __kmpc_error for every
/// error directive, so a compile-time warning was printed again by every run.
static bool actsAtExecution(const OMPErrorDirective &D) {
  const auto *At = D.getSingleClause<OMPAtClause>();
  return At && At->getAtKind() == OMPC_AT_execution;
}

/// `atomic compare weak` without its weak clause. Clang 19's CodeGen takes
/// the weak clause for the atomic's kind and emits nothing for the whole
/// statement (and for `compare capture weak`); a strong compare-and-swap is
/// a valid weak one (weak only allows spurious failures).
static Stmt *withoutWeakClause(ASTContext &Ctx, OMPAtomicDirective &D) {
  if (!D.getSingleClause<OMPWeakClause>())
    return nullptr;
  SmallVector<OMPClause *, 4> Clauses;
  for (OMPClause *C : D.clauses())
    if (!isa<OMPWeakClause>(C))
      Clauses.push_back(C);
  OMPAtomicDirective::Expressions Exprs;
  Exprs.X = D.getX();
  Exprs.V = D.getV();
  Exprs.R = D.getR();
  Exprs.E = D.getExpr();
  Exprs.UE = D.getUpdateExpr();
  Exprs.D = D.getD();
  Exprs.Cond = D.getCondExpr();
  Exprs.IsXLHSInRHSPart = D.isXLHSInRHSPart();
  Exprs.IsPostfixUpdate = D.isPostfixUpdate();
  Exprs.IsFailOnly = D.isFailOnly();
  return OMPAtomicDirective::Create(Ctx, D.getBeginLoc(), D.getEndLoc(),
                                    Clauses, D.getAssociatedStmt(), Exprs);
}

void OffloadSemaConsumer::walk(Stmt *&Slot, DeclContext *DC) {
  Stmt *S = Slot;
  if (!S)
    return;
  if (auto *LE = dyn_cast<LambdaExpr>(S)) {
    processFunction(LE->getCallOperator());
    return;
  }
  if (auto *POE = dyn_cast<PseudoObjectExpr>(S))
    if (Expr *Bound = bindVariantMarkerCall(*POE))
      Slot = S = Bound;
  if (auto *CS = dyn_cast<CapturedStmt>(S)) {
    rewriteCapturedBody(
        *CS, [&](Stmt *&Body) { walk(Body, CS->getCapturedDecl()); });
    return;
  }
  if (auto *DS = dyn_cast<DeclStmt>(S)) {
    for (Decl *D : DS->decls())
      if (auto *VD = dyn_cast<VarDecl>(D); VD && VD->getInit()) {
        Stmt *Init = VD->getInit();
        walk(Init, DC);
      }
  }
  if (auto *Atomic = dyn_cast<OMPAtomicDirective>(S))
    if (Stmt *Strong = withoutWeakClause(ctx(), *Atomic))
      Slot = S = Strong;
  if (auto *Error = dyn_cast<OMPErrorDirective>(S);
      Error && !actsAtExecution(*Error)) {
    Slot = new (ctx()) NullStmt(Error->getBeginLoc());
    return;
  }
  auto *D = dyn_cast<OMPExecutableDirective>(S);
  if (auto *Loop = dyn_cast_or_null<OMPLoopDirective>(D)) {
    fixNonRectangularFinals(*SemaRef, *Loop);
    recordConditionalAssignments(*SemaRef, *Loop);
  }
  DeclContext *Outer = Frame;
  if (D && isOutlinedRegion(D->getDirectiveKind()))
    Frame = nullptr;
  if (D)
    Enclosing.push_back(D);
  for (Stmt *&Child : S->children())
    walk(Child, DC);
  if (D)
    Enclosing.pop_back();
  Frame = Outer;
  if (D && isOffloadConstruct(D->getDirectiveKind()) &&
      DoneConstructs.insert(D).second)
    Slot = lowerConstruct(*D, DC);
}

void OffloadSemaConsumer::HandleTranslationUnit(ASTContext &Ctx) {
  struct Sweep : RecursiveASTVisitor<Sweep> {
    OffloadSemaConsumer &C;
    explicit Sweep(OffloadSemaConsumer &C) : C(C) {}
    bool shouldVisitTemplateInstantiations() const { return true; }
    bool shouldVisitImplicitCode() const { return true; }
    bool VisitFunctionDecl(FunctionDecl *FD) {
      markDeclareTarget(FD);
      C.processFunction(FD);
      return true;
    }
    bool VisitVarDecl(VarDecl *VD) {
      if (VD->hasGlobalStorage())
        markDeclareTarget(VD);
      return true;
    }
  };
  Sweep(*this).TraverseDecl(Ctx.getTranslationUnitDecl());
}

/// Declares the variable that stands for a use_device_ptr/use_device_addr
/// list item inside the construct, and points the body's uses at it.
Stmt *OffloadSemaConsumer::useDeviceDecl(const MapEntry &E, int Site, int Index,
                                         OMPExecutableDirective &D,
                                         DeclContext *DC) {
  ASTContext &Ctx = ctx();
  SourceLocation Loc = D.getBeginLoc();
  VarDecl *Orig = E.UseDeviceVar;
  QualType OrigTy = Orig->getType().getNonReferenceType();
  QualType VarTy = E.UseDeviceAddr ? Ctx.getPointerType(OrigTy) : OrigTy;
  std::string Name = ("__cot_device_" + Orig->getName()).str();
  auto *VD = VarDecl::Create(Ctx, DC, Loc, Loc, &Ctx.Idents.get(Name), VarTy,
                             Ctx.getTrivialTypeSourceInfo(VarTy), SC_None);
  SmallVector<Expr *, 2> Args = {integer(Site, Ctx.IntTy, Loc),
                                 integer(Index, Ctx.IntTy, Loc)};
  Expr *Addr = call(DeviceAddrFn, Args, Loc);
  if (!Addr)
    return nullptr;
  Expr *Init = SemaRef
                   ->BuildCStyleCastExpr(
                       Loc, Ctx.getTrivialTypeSourceInfo(VarTy), Loc, Addr)
                   .get();
  VD->setInit(Init);
  VD->setImplicit();

  auto MakeRef = [&]() -> Expr * {
    Expr *Ref = plainReference(Ctx, *VD, Loc);
    if (!E.UseDeviceAddr)
      return Ref;
    Expr *Ptr = SemaRef->DefaultLvalueConversion(Ref).get();
    return SemaRef->CreateBuiltinUnaryOp(Loc, UO_Deref, Ptr).get();
  };
  if (D.hasAssociatedStmt()) {
    Stmt *Body = D.getAssociatedStmt();
    replaceVariableUses(Body, *Orig, MakeRef);
  }
  return new (Ctx) DeclStmt(DeclGroupRef(VD), Loc, Loc);
}

VarDecl *OffloadSemaConsumer::localVar(StringRef Name, QualType T, Expr *Init,
                                       DeclContext *DC) {
  ASTContext &Ctx = ctx();
  SourceLocation Loc;
  auto *VD = VarDecl::Create(Ctx, DC, Loc, Loc, &Ctx.Idents.get(Name), T,
                             Ctx.getTrivialTypeSourceInfo(T), SC_None);
  VD->setInit(Init);
  VD->setImplicit();
  return VD;
}

Expr *OffloadSemaConsumer::use(VarDecl *VD) {
  return SemaRef->DefaultLvalueConversion(plainReference(ctx(), *VD)).get();
}

/// \p Item (a motion clause's item) with its dimension \p Section replaced
/// by \p Element: the subscripts and sections around it are built again on
/// the new base, with \p Shared's copies of their bounds.
static Expr *replaceDimension(Sema &S, Expr *Item, ArraySectionExpr *Section,
                              Expr *Element,
                              function_ref<Expr *(Expr *)> Shared) {
  Expr *Node = Item->IgnoreParens();
  if (Node == Section)
    return Element;
  SourceLocation Loc = Node->getExprLoc();
  if (auto *AS = dyn_cast<ArraySectionExpr>(Node)) {
    Expr *Base = replaceDimension(S, AS->getBase(), Section, Element, Shared);
    auto Bound = [&](Expr *E) { return E ? Shared(E) : nullptr; };
    return Base ? S.OpenMP()
                      .ActOnOMPArraySectionExpr(
                          Base, Loc, Bound(AS->getLowerBound()),
                          AS->getColonLocFirst(), AS->getColonLocSecond(),
                          Bound(AS->getLength()), Bound(AS->getStride()), Loc)
                      .get()
                : nullptr;
  }
  if (auto *Subscript = dyn_cast<ArraySubscriptExpr>(Node)) {
    Expr *Base =
        replaceDimension(S, Subscript->getBase()->IgnoreParenImpCasts(),
                         Section, Element, Shared);
    return Base ? S.CreateBuiltinArraySubscriptExpr(
                       Base, Loc, Shared(Subscript->getIdx()), Loc)
                      .get()
                : nullptr;
  }
  return nullptr;
}

/// The elements of a strided section of a target update whose length is not
/// a constant, or of the dimension that makes a non-contiguous item's
/// elements contiguous, moved one at a time:
///   long long n = length;
///   for (long long k = 0; k < n; ++k)
///     { <update site for base[lower + k * stride], in the item> }
/// (or, where that element is not contiguous either, the loop over its
/// next dimension).
/// The clause's expressions are shared with the construct, so they enter
/// the new ones in parentheses (Sema's conversions would retype an implicit
/// cast at their top in place).
Stmt *OffloadSemaConsumer::stridedUpdateLoop(OMPExecutableDirective &D,
                                             const StridedSection &Section,
                                             DeclContext *DC) {
  ASTContext &Ctx = ctx();
  SourceLocation Loc = D.getBeginLoc();
  ArraySectionExpr *AS = Section.Section;
  auto Shared = [&](Expr *E) -> Expr * {
    return new (Ctx) ParenExpr(Loc, Loc, E);
  };
  auto Binary = [&](BinaryOperatorKind K, Expr *L, Expr *R) -> Expr * {
    return L && R ? SemaRef->BuildBinOp(nullptr, Loc, K, L, R).get() : nullptr;
  };
  Expr *Length = SemaRef
                     ->BuildCStyleCastExpr(
                         Loc, Ctx.getTrivialTypeSourceInfo(Ctx.LongLongTy), Loc,
                         Shared(inContext(AS->getLength(), DC)))
                     .get();
  VarDecl *Count = localVar("__cot_stride_count", Ctx.LongLongTy, Length, DC);
  VarDecl *Index = localVar("__cot_stride_index", Ctx.LongLongTy,
                            integer(0, Ctx.LongLongTy, Loc), DC);
  Expr *Lower = AS->getLowerBound() ? Shared(AS->getLowerBound())
                                    : integer(0, Ctx.LongLongTy, Loc);
  Expr *Offset = AS->getStride()
                     ? Binary(BO_Mul, use(Index), Shared(AS->getStride()))
                     : use(Index);
  Expr *Element =
      SemaRef
          ->CreateBuiltinArraySubscriptExpr(Shared(AS->getBase()), Loc,
                                            Binary(BO_Add, Lower, Offset), Loc)
          .get();
  if (Element && Section.Item)
    Element = replaceDimension(*SemaRef, Section.Item, AS, Element, Shared);
  Expr *Cond = Binary(BO_LT, use(Index), use(Count));
  Expr *IndexRef = plainReference(Ctx, *Index);
  Expr *Inc = SemaRef->CreateBuiltinUnaryOp(Loc, UO_PreInc, IndexRef).get();
  if (!Length || !Element || !Cond || !Inc)
    return nullptr;

  SmallVector<Stmt *, 8> Body;
  auto Push = [&](Stmt *S) {
    if (S)
      Body.push_back(S);
  };
  if (ArraySectionExpr *Next =
          Section.Item ? loopDimension(Ctx, Element) : nullptr) {
    Push(stridedUpdateLoop(
        D, {Next, Section.Mapper, Section.Type, Section.Name, Element}, DC));
  } else {
    int Site = NextSite++;
    Push(siteCall(D, Site, DC));
    for (const MapEntry &E : buildElementEntries(*SemaRef, D, Section, Element))
      Push(mapCall(E, Site, Loc, DC));
    SmallVector<Expr *, 1> EndArgs = {integer(Site, Ctx.IntTy, Loc)};
    Push(call(SiteEndFn, EndArgs, Loc));
  }
  auto *Loop = new (Ctx) ForStmt(
      Ctx, new (Ctx) DeclStmt(DeclGroupRef(Index), Loc, Loc), Cond, nullptr,
      Inc, CompoundStmt::Create(Ctx, Body, FPOptionsOverride(), Loc, Loc), Loc,
      Loc, Loc);
  Stmt *Stmts[] = {new (Ctx) DeclStmt(DeclGroupRef(Count), Loc, Loc), Loop};
  return CompoundStmt::Create(Ctx, Stmts, FPOptionsOverride(), Loc, Loc);
}

Stmt *OffloadSemaConsumer::lowerConstruct(OMPExecutableDirective &D,
                                          DeclContext *DC) {
  declareMarkers();
  int Site = NextSite++;
  SourceLocation Loc = D.getBeginLoc();
  std::vector<StridedSection> Strided;
  std::vector<MapEntry> Entries = buildMapEntries(*SemaRef, D, &Strided);

  SmallVector<Stmt *, 16> Stmts;
  auto Push = [&](Stmt *S) {
    if (S)
      Stmts.push_back(S);
  };
  Push(siteCall(D, Site, DC));
  for (const MapEntry &E : Entries)
    Push(mapCall(E, Site, Loc, DC));
  for (size_t I = 0; I < Entries.size(); ++I)
    if (Entries[I].UseDeviceVar)
      Push(useDeviceDecl(Entries[I], Site, I, D, DC));
  // The markers do what a target data construct does at run time; CodeGen
  // needs only its region's code (InlineTargetData.h).
  if (D.getDirectiveKind() == llvm::omp::OMPD_target_data)
    Stmts.push_back(inlineTargetDataRegion(ctx(), D, DC, Enclosing));
  else
    Stmts.push_back(&D);
  SmallVector<Expr *, 1> EndArgs = {integer(Site, ctx().IntTy, Loc)};
  Push(call(SiteEndFn, EndArgs, D.getEndLoc()));
  for (const StridedSection &Section : Strided)
    Push(stridedUpdateLoop(D, Section, DC));
  return CompoundStmt::Create(ctx(), Stmts, FPOptionsOverride(), Loc,
                              D.getEndLoc());
}

std::unique_ptr<ASTConsumer>
createOffloadSemaConsumer(std::shared_ptr<TranslationUnitRequires> Requires,
                          ASTConsumer *CodeGen) {
  return std::make_unique<OffloadSemaConsumer>(std::move(Requires), CodeGen);
}

} // namespace cot

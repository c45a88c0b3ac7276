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
//===----------------------------------------------------------------------===//

#include "clang-offload/Sema/OffloadSema.h"
#include "OpenMPDevice/OffloadMarkers.h"
#include "clang-offload/Sema/ExprRebuild.h"
#include "clang-offload/Sema/HostExpressions.h"
#include "clang-offload/Sema/InlineTargetData.h"
#include "clang-offload/Sema/LoopFinals.h"
#include "clang-offload/Sema/MapEntryBuilder.h"

#include "OffloadABI.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclOpenMP.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Mangle.h"
#include "clang/Basic/TargetInfo.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/OpenMPKinds.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/SemaConsumer.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Frontend/OpenMP/OMPContext.h"
#include "llvm/TargetParser/Triple.h"

using namespace clang;
using namespace llvm;

namespace cot {
namespace {

bool isOffloadConstruct(OpenMPDirectiveKind K) {
  return isOpenMPTargetExecutionDirective(K) ||
         isOpenMPTargetDataManagementDirective(K);
}

SiteKind siteKindOf(OpenMPDirectiveKind K) {
  switch (K) {
  case llvm::omp::OMPD_target_data:
    return SiteKind::TargetData;
  case llvm::omp::OMPD_target_enter_data:
    return SiteKind::EnterData;
  case llvm::omp::OMPD_target_exit_data:
    return SiteKind::ExitData;
  case llvm::omp::OMPD_target_update:
    return SiteKind::Update;
  default:
    return SiteKind::Target;
  }
}

/// Combined constructs whose whole region is a parallel region, maybe inside
/// a distribute loop, and whose threads all run it. A num_threads or if
/// clause for the parallel part keeps the construct in generic mode, and so
/// does lastprivate or linear with teams: in SPMD mode every thread keeps
/// its own copy of the team's private variable, and the distribute loop's
/// final copy-out, which all threads of the last team make, would race
/// with copies that do not hold the last iteration's value.
bool allowsSPMD(const OMPExecutableDirective &D) {
  switch (D.getDirectiveKind()) {
  case llvm::omp::OMPD_target_teams_distribute_parallel_for:
  case llvm::omp::OMPD_target_teams_distribute_parallel_for_simd:
  case llvm::omp::OMPD_target_parallel_for:
  case llvm::omp::OMPD_target_parallel_for_simd:
  case llvm::omp::OMPD_target_parallel:
  case llvm::omp::OMPD_target_teams_loop:
  case llvm::omp::OMPD_target_parallel_loop:
    break;
  default:
    return false;
  }
  if (D.getSingleClause<OMPNumThreadsClause>())
    return false;
  if (isOpenMPTeamsDirective(D.getDirectiveKind()) &&
      (D.hasClausesOfKind<OMPLastprivateClause>() ||
       D.hasClausesOfKind<OMPLinearClause>()))
    return false;
  for (const auto *C : D.getClausesOfKind<OMPIfClause>())
    if (C->getNameModifier() == llvm::omp::OMPD_parallel ||
        C->getNameModifier() == llvm::omp::OMPD_unknown)
      return false;
  return true;
}

/// The teams construct of a target construct: the construct itself when it
/// is a combined `target teams...`, or the teams construct that is the
/// target region's only statement; null when the region runs as one team.
const OMPExecutableDirective *teamsOf(const OMPExecutableDirective &D) {
  if (isOpenMPTeamsDirective(D.getDirectiveKind()))
    return &D;
  if (!D.hasAssociatedStmt())
    return nullptr;
  const Stmt *Body = D.getInnermostCapturedStmt()->getCapturedStmt();
  while (const auto *CS = dyn_cast<CompoundStmt>(Body)) {
    if (CS->size() != 1)
      return nullptr;
    Body = CS->body_front();
  }
  const auto *Inner = dyn_cast<OMPExecutableDirective>(Body);
  return Inner && isOpenMPTeamsDirective(Inner->getDirectiveKind()) ? Inner
                                                                     : nullptr;
}

/// Whether \p E can be evaluated before the construct: it must not use the
/// temporaries Clang creates for the construct itself (OMPCapturedExprDecl),
/// which exist only once the construct starts.
bool isUsableBeforeConstruct(const Stmt *E) {
  if (!E)
    return false;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (isa<OMPCapturedExprDecl>(DRE->getDecl()))
      return false;
  for (const Stmt *Child : E->children())
    if (Child && !isUsableBeforeConstruct(Child))
      return false;
  return true;
}

/// A clause value that the markers can evaluate: Clang moves clause values
/// of constructs with capture regions into an OMPCapturedExprDecl, whose
/// initialiser is the expression as written.
const Expr *valueBeforeConstruct(const Expr *E) {
  if (!E)
    return nullptr;
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreImpCasts());
  if (const auto *Captured =
          DRE ? dyn_cast<OMPCapturedExprDecl>(DRE->getDecl()) : nullptr)
    return valueBeforeConstruct(Captured->getInit());
  return isUsableBeforeConstruct(E) ? E : nullptr;
}

/// Replaces the body of a captured region. CapturedStmt keeps the body in
/// the slot right after its capture initialisers and has no public setter;
/// the assert checks that Clang's layout is still the one relied on.
void setCapturedBody(CapturedStmt *CS, Stmt *Body) {
  if (Body == CS->getCapturedStmt())
    return;
  Stmt **Slot = reinterpret_cast<Stmt **>(CS->capture_init_end());
  assert(*Slot == CS->getCapturedStmt() && "CapturedStmt layout changed");
  *Slot = Body;
  CS->getCapturedDecl()->setBody(Body);
}

/// Replaces the uses of one variable inside a construct's body by another
/// expression. Inside regions that CodeGen outlines only the values passed
/// into the region (capture initialisers) change, as the body reaches the
/// variable through the captures.
class UseReplacer {
public:
  UseReplacer(const VarDecl *From, function_ref<Expr *()> Make)
      : From(From->getCanonicalDecl()), Make(Make) {}

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
        replaceInCaptured(CS, /*Outlined=*/false);
      return;
    }
    if (auto *CS = dyn_cast<CapturedStmt>(Slot)) {
      replaceInCaptured(CS, /*Outlined=*/false);
      return;
    }
    // A lambda's body is a function of its own, which reaches the variable
    // through the lambda's capture: only the capture's initialiser changes.
    if (auto *LE = dyn_cast<LambdaExpr>(Slot)) {
      for (Expr *&Init : LE->capture_inits()) {
        Stmt *InitSlot = Init;
        replaceIn(InitSlot);
        Init = cast_or_null<Expr>(InitSlot);
      }
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
      replaceInCaptured(CS, /*Outlined=*/true);
      if (!isOpenMPTargetExecutionDirective(Kind) || Deferred ||
          Region == llvm::omp::OMPD_target)
        return;
      CS = dyn_cast<CapturedStmt>(CS->getCapturedStmt());
      if (!CS)
        return;
    }
  }

  void replaceInCaptured(CapturedStmt *CS, bool Outlined) {
    for (Stmt *&Init : CS->children())
      replaceIn(Init);
    if (Outlined)
      return;
    Stmt *Body = CS->getCapturedStmt();
    replaceIn(Body);
    setCapturedBody(CS, Body);
  }
};

class OffloadSemaConsumer : public SemaConsumer {
public:
  explicit OffloadSemaConsumer(std::shared_ptr<TranslationUnitRequires> R)
      : Requires(std::move(R)) {}

  void InitializeSema(Sema &S) override { SemaRef = &S; }
  void ForgetSema() override { SemaRef = nullptr; }

  bool HandleTopLevelDecl(DeclGroupRef DG) override {
    for (Decl *D : DG)
      processDecl(D);
    return true;
  }
  void HandleInlineFunctionDefinition(FunctionDecl *FD) override {
    processFunction(FD);
  }
  void HandleCXXImplicitFunctionInstantiation(FunctionDecl *FD) override {
    processFunction(FD);
  }
  void HandleTranslationUnit(ASTContext &Ctx) override;

  /// Finds every function body in the translation unit, instantiations
  /// included.
  void processFunction(FunctionDecl *FD);

private:
  Sema *SemaRef = nullptr;
  std::shared_ptr<TranslationUnitRequires> Requires;
  int NextSite = 0;
  DenseSet<const Decl *> DoneFunctions;
  DenseSet<const Stmt *> DoneConstructs;
  FunctionDecl *SiteFn = nullptr, *MapFn = nullptr, *DeviceAddrFn = nullptr,
               *SiteEndFn = nullptr;
  FunctionDecl *CurFunction = nullptr;
  /// The function whose frame the host code at the current point of the
  /// walk runs in (constructs that CodeGen emits inline, such as target
  /// data, keep it); null inside regions CodeGen outlines.
  DeclContext *Frame = nullptr;
  /// The constructs around the current point of the walk, outermost first,
  /// in the function being walked.
  SmallVector<const OMPExecutableDirective *, 8> Enclosing;

  /// The functions that calls bound to host-only variants go to, by base
  /// and variant (OffloadMarkers.h, HostVariantPrefix).
  DenseMap<std::pair<const Decl *, const Decl *>, FunctionDecl *>
      HostVariantCallees;

  void processDecl(Decl *D);
  void recordRequires(const OMPRequiresDecl &D);
  Expr *bindHostVariantCall(PseudoObjectExpr &Call);
  FunctionDecl *hostVariantCallee(FunctionDecl &Base, FunctionDecl &Variant);
  void walk(Stmt *&Slot, DeclContext *DC);
  Stmt *lowerConstruct(OMPExecutableDirective &D, DeclContext *DC);
  Stmt *stridedUpdateLoop(OMPExecutableDirective &D,
                          const StridedSection &Section, DeclContext *DC);
  VarDecl *localVar(StringRef Name, QualType T, Expr *Init, DeclContext *DC);
  Expr *use(VarDecl *VD);

  // Expression helpers.
  ASTContext &ctx() { return SemaRef->getASTContext(); }
  void declareMarkers();
  FunctionDecl *declareMarker(StringRef Name, QualType Ret,
                              ArrayRef<QualType> Params);
  Expr *call(FunctionDecl *FD, SmallVectorImpl<Expr *> &Args,
             SourceLocation Loc);
  Expr *integer(int64_t V, QualType T, SourceLocation Loc);
  Expr *string(StringRef S, SourceLocation Loc);
  Expr *siteCall(OMPExecutableDirective &D, int Site, DeclContext *DC);
  Expr *mapCall(const MapEntry &E, int Site, SourceLocation Loc,
                DeclContext *DC);
  Expr *inContext(Expr *E, DeclContext *DC);
  void useInContext(SmallVectorImpl<Expr *> &Args, DeclContext *DC);
  Stmt *useDeviceDecl(const MapEntry &E, int Site, int Index,
                      OMPExecutableDirective &D, DeclContext *DC);
};

/// Tags declare-target functions and variables with an annotation that
/// survives into the IR (llvm.global.annotations), where device extraction
/// takes them as roots of the device code. Done before CodeGen emits them.
static void addAnnotation(ValueDecl *VD, StringRef Annotation) {
  for (const auto *A : VD->specific_attrs<AnnotateAttr>())
    if (A->getAnnotation() == Annotation)
      return;
  VD->addAttr(AnnotateAttr::CreateImplicit(VD->getASTContext(), Annotation,
                                           nullptr, 0));
}

/// `declare target indirect`, or `indirect(expr)` with a true expr.
static bool isIndirect(const ValueDecl &VD) {
  const auto *A = VD.getAttr<OMPDeclareTargetDeclAttr>();
  if (!A || !A->getIndirect())
    return false;
  const Expr *Cond = A->getIndirectExpr();
  bool Value = true;
  return !Cond || !Cond->EvaluateAsBooleanCondition(Value, VD.getASTContext()) ||
         Value;
}

static void markDeclareTarget(ValueDecl *VD) {
  std::optional<OMPDeclareTargetDeclAttr::DevTypeTy> DevType =
      OMPDeclareTargetDeclAttr::getDeviceType(VD);
  if (!DevType || *DevType == OMPDeclareTargetDeclAttr::DT_Host)
    return;
  // One parse serves host and device: Clang's host CodeGen would drop a
  // device_type(nohost) function, which device code (and the host fallback
  // of the regions that call it) needs, so it is emitted as for any.
  if (*DevType == OMPDeclareTargetDeclAttr::DT_NoHost)
    if (auto *A = VD->getAttr<OMPDeclareTargetDeclAttr>()) {
      auto *Any = OMPDeclareTargetDeclAttr::CreateImplicit(
          VD->getASTContext(), A->getMapType(),
          OMPDeclareTargetDeclAttr::DT_Any, A->getIndirectExpr(),
          A->getIndirect(), A->getLevel(), A->getRange());
      VD->dropAttr<OMPDeclareTargetDeclAttr>();
      VD->addAttr(Any);
    }
  std::optional<OMPDeclareTargetDeclAttr::MapTypeTy> MapType =
      OMPDeclareTargetDeclAttr::isDeclareTargetDeclaration(VD);
  StringRef Annotation = MapType && *MapType == OMPDeclareTargetDeclAttr::MT_Link
                             ? DeclareTargetLinkAnnotation
                             : DeclareTargetAnnotation;
  addAnnotation(VD, Annotation);
  if (isa<FunctionDecl>(VD) && isIndirect(*VD))
    addAnnotation(VD, DeclareTargetIndirectAnnotation);
}

/// Whether a variant's selector holds in the OpenMP context of a
/// compilation for \p Triple (a device compilation unless \p Device is
/// false).
static bool variantHolds(const llvm::omp::VariantMatchInfo &VMI,
                         StringRef Triple, bool Device) {
  llvm::omp::OMPContext Context(Device, llvm::Triple(Triple));
  return llvm::omp::isVariantApplicableInContext(VMI, Context);
}

/// The variant function that \p A names, if any.
static FunctionDecl *variantOf(const OMPDeclareVariantAttr &A) {
  const auto *Ref =
      dyn_cast<DeclRefExpr>(A.getVariantFuncRef()->IgnoreParenImpCasts());
  return Ref ? const_cast<FunctionDecl *>(
                   dyn_cast<FunctionDecl>(Ref->getDecl()))
             : nullptr;
}

/// The symbol of \p FD in the IR.
static std::string symbolOf(const FunctionDecl &FD) {
  std::unique_ptr<MangleContext> Mangler(
      FD.getASTContext().createMangleContext());
  std::string Symbol;
  llvm::raw_string_ostream OS(Symbol);
  if (Mangler->shouldMangleDeclName(&FD))
    Mangler->mangleName(GlobalDecl(&FD), OS);
  else
    OS << FD.getName();
  return Symbol;
}

/// Where the selector of \p A holds: on the host, on the host device, on
/// GPUs.
struct VariantContexts {
  bool Host, HostDevice, GPU;
};

static VariantContexts contextsOf(const OMPDeclareVariantAttr &A,
                                  ASTContext &Ctx) {
  llvm::omp::VariantMatchInfo VMI;
  A.getTraitInfos()->getAsVariantMatchInfo(Ctx, VMI);
  const std::string &HostTriple = Ctx.getTargetInfo().getTriple().str();
  return {variantHolds(VMI, HostTriple, /*Device=*/false),
          variantHolds(VMI, HostTriple, /*Device=*/true),
          variantHolds(VMI, "nvptx64-nvidia-cuda", /*Device=*/true)};
}

/// One parse serves host and devices, and Clang binds calls to the host's
/// variant. A variant that only an offload device selects (device={kind(
/// nohost)}, kind(gpu), arch(nvptx64)) is kept (used) and named in an
/// annotation on the base function; device extraction and the NVPTX
/// retargeting rebind device code's calls to it.
static void markDeviceVariants(FunctionDecl *FD) {
  ASTContext &Ctx = FD->getASTContext();
  for (const auto *A : FD->specific_attrs<OMPDeclareVariantAttr>()) {
    FunctionDecl *Variant = variantOf(*A);
    if (!Variant)
      continue;
    VariantContexts Holds = contextsOf(*A, Ctx);
    if (Holds.Host || (!Holds.HostDevice && !Holds.GPU))
      continue;
    if (!Variant->hasAttr<UsedAttr>())
      Variant->addAttr(UsedAttr::CreateImplicit(Ctx));
    addAnnotation(FD, ((Holds.HostDevice ? DeviceVariantAnnotation
                                         : GPUVariantAnnotation) +
                       symbolOf(*Variant))
                          .str());
  }
}

/// Whether \p Variant is a `declare variant` of \p Base that the host
/// selects and no offload device does (match(device={kind(host)})).
static bool isHostOnlyVariant(const FunctionDecl &Base,
                              const FunctionDecl &Variant) {
  for (const FunctionDecl *Redecl : Base.redecls())
    for (const auto *A : Redecl->specific_attrs<OMPDeclareVariantAttr>()) {
      const FunctionDecl *Named = variantOf(*A);
      if (!Named || Named->getCanonicalDecl() != Variant.getCanonicalDecl())
        continue;
      VariantContexts Holds = contextsOf(*A, Base.getASTContext());
      if (Holds.Host && !Holds.HostDevice && !Holds.GPU)
        return true;
    }
  return false;
}

void OffloadSemaConsumer::processDecl(Decl *D) {
  if (auto *FD = dyn_cast<FunctionDecl>(D)) {
    markDeclareTarget(FD);
    markDeviceVariants(FD);
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
    if (isa<NamespaceDecl>(D) || isa<LinkageSpecDecl>(D) ||
        isa<ExportDecl>(D))
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

void OffloadSemaConsumer::walk(Stmt *&Slot, DeclContext *DC) {
  Stmt *S = Slot;
  if (!S)
    return;
  if (auto *LE = dyn_cast<LambdaExpr>(S)) {
    processFunction(LE->getCallOperator());
    return;
  }
  if (auto *POE = dyn_cast<PseudoObjectExpr>(S))
    if (Expr *Bound = bindHostVariantCall(*POE))
      Slot = S = Bound;
  if (auto *CS = dyn_cast<CapturedStmt>(S)) {
    Stmt *Body = CS->getCapturedStmt();
    walk(Body, CS->getCapturedDecl());
    setCapturedBody(CS, Body);
    return;
  }
  if (auto *DS = dyn_cast<DeclStmt>(S)) {
    for (Decl *D : DS->decls())
      if (auto *VD = dyn_cast<VarDecl>(D); VD && VD->getInit()) {
        Stmt *Init = VD->getInit();
        walk(Init, DC);
      }
  }
  auto *D = dyn_cast<OMPExecutableDirective>(S);
  if (auto *Loop = dyn_cast_or_null<OMPLoopDirective>(D))
    fixNonRectangularFinals(*SemaRef, *Loop);
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

/// A declared function of \p Variant's type whose name tells the host
/// lowering and device extraction which functions to call.
FunctionDecl *OffloadSemaConsumer::hostVariantCallee(FunctionDecl &Base,
                                                     FunctionDecl &Variant) {
  FunctionDecl *&Callee =
      HostVariantCallees[{Base.getCanonicalDecl(), Variant.getCanonicalDecl()}];
  if (Callee)
    return Callee;
  ASTContext &Ctx = ctx();
  std::string Name = hostVariantName(symbolOf(Base), symbolOf(Variant));
  QualType FnTy = Variant.getType();
  SourceLocation Loc;
  Callee = FunctionDecl::Create(
      Ctx, Ctx.getTranslationUnitDecl(), Loc, Loc, &Ctx.Idents.get(Name), FnTy,
      Ctx.getTrivialTypeSourceInfo(FnTy), SC_Extern, /*UsesFPIntrin=*/false,
      /*isInlineSpecified=*/false, Variant.hasWrittenPrototype());
  SmallVector<ParmVarDecl *, 4> Parms;
  if (const auto *Proto = FnTy->getAs<FunctionProtoType>())
    for (QualType T : Proto->param_types())
      Parms.push_back(ParmVarDecl::Create(Ctx, Callee, Loc, Loc, nullptr, T,
                                          Ctx.getTrivialTypeSourceInfo(T),
                                          SC_None, nullptr));
  Callee->setParams(Parms);
  Callee->setImplicit();
  Callee->addAttr(
      AsmLabelAttr::CreateImplicit(Ctx, Name, /*LiteralLabel=*/false));
  return Callee;
}

/// A call that Clang bound to a host-only variant of the called function
/// calls that variant on the host, and the base function on the devices:
/// it calls hostVariantCallee instead. The new expression also refers to
/// both functions, so that CodeGen emits them (static and inline ones only
/// when used). Null when the call is not one of these.
Expr *OffloadSemaConsumer::bindHostVariantCall(PseudoObjectExpr &POE) {
  const auto *Written = dyn_cast<CallExpr>(POE.getSyntacticForm());
  auto *Bound = dyn_cast_or_null<CallExpr>(POE.getResultExpr());
  if (!Written || !Bound || Bound->getStmtClass() != Stmt::CallExprClass ||
      POE.getNumSemanticExprs() != 1)
    return nullptr;
  FunctionDecl *Base = const_cast<FunctionDecl *>(Written->getDirectCallee());
  FunctionDecl *Variant = Bound->getDirectCallee();
  if (!Base || !Variant || isa<CXXMethodDecl>(Base) ||
      isa<CXXMethodDecl>(Variant) ||
      Base->getCanonicalDecl() == Variant->getCanonicalDecl() ||
      !isHostOnlyVariant(*Base, *Variant))
    return nullptr;
  SourceLocation Loc = Bound->getBeginLoc();
  auto FunctionPointer = [&](FunctionDecl *FD) -> Expr * {
    Expr *Ref = SemaRef->BuildDeclRefExpr(
        FD, FD->getType(),
        ctx().getLangOpts().CPlusPlus ? VK_LValue : VK_PRValue, Loc);
    ExprResult Decayed = SemaRef->DefaultFunctionArrayConversion(Ref);
    return Decayed.isUsable() ? Decayed.get() : nullptr;
  };
  Expr *Callee = FunctionPointer(hostVariantCallee(*Base, *Variant));
  Expr *VariantRef = FunctionPointer(Variant);
  Expr *BaseRef = FunctionPointer(Base);
  if (!Callee || !VariantRef || !BaseRef)
    return nullptr;
  Bound->setCallee(Callee);
  Expr *Semantics[] = {VariantRef, BaseRef, Bound};
  return PseudoObjectExpr::Create(ctx(), POE.getSyntacticForm(), Semantics,
                                  /*resultIndex=*/2);
}

FunctionDecl *OffloadSemaConsumer::declareMarker(StringRef Name, QualType Ret,
                                                 ArrayRef<QualType> Params) {
  ASTContext &Ctx = ctx();
  FunctionProtoType::ExtProtoInfo EPI;
  QualType FnTy = Ctx.getFunctionType(Ret, Params, EPI);
  SourceLocation Loc;
  auto *FD = FunctionDecl::Create(
      Ctx, Ctx.getTranslationUnitDecl(), Loc, Loc, &Ctx.Idents.get(Name), FnTy,
      Ctx.getTrivialTypeSourceInfo(FnTy), SC_Extern,
      /*UsesFPIntrin=*/false, /*isInlineSpecified=*/false,
      /*hasWrittenPrototype=*/true);
  SmallVector<ParmVarDecl *, 12> Parms;
  for (QualType T : Params)
    Parms.push_back(ParmVarDecl::Create(Ctx, FD, Loc, Loc, nullptr, T,
                                        Ctx.getTrivialTypeSourceInfo(T),
                                        SC_None, nullptr));
  FD->setParams(Parms);
  FD->setImplicit();
  FD->addAttr(AsmLabelAttr::CreateImplicit(Ctx, Name, /*LiteralLabel=*/false));
  FD->addAttr(NoThrowAttr::CreateImplicit(Ctx));
  return FD;
}

void OffloadSemaConsumer::declareMarkers() {
  if (SiteFn)
    return;
  ASTContext &Ctx = ctx();
  QualType I32 = Ctx.IntTy, I64 = Ctx.LongLongTy, U64 = Ctx.UnsignedLongLongTy;
  QualType Str = Ctx.getPointerType(Ctx.CharTy.withConst());
  QualType Ptr = Ctx.getPointerType(Ctx.VoidTy.withConst().withVolatile());
  SiteFn = declareMarker(SiteMarker, Ctx.VoidTy, {I32, I32, I64, I32, I32, I32,
                                                  I64, I32, Str, Str, I32, I32});
  MapFn = declareMarker(MapMarker, Ctx.VoidTy, {I32, Ptr, Ptr, I64, U64, Str});
  DeviceAddrFn = declareMarker(DeviceAddrMarker, Ctx.VoidPtrTy, {I32, I32});
  SiteEndFn = declareMarker(SiteEndMarker, Ctx.VoidTy, {I32});
}

Expr *OffloadSemaConsumer::integer(int64_t V, QualType T, SourceLocation Loc) {
  return IntegerLiteral::Create(ctx(), APInt(ctx().getIntWidth(T), V, true), T,
                                Loc);
}

Expr *OffloadSemaConsumer::string(StringRef S, SourceLocation Loc) {
  QualType Ty = ctx().getStringLiteralArrayType(ctx().CharTy, S.size());
  return clang::StringLiteral::Create(ctx(), S, StringLiteralKind::Ordinary,
                               /*Pascal=*/false, Ty, Loc);
}

Expr *OffloadSemaConsumer::call(FunctionDecl *FD, SmallVectorImpl<Expr *> &Args,
                                SourceLocation Loc) {
  ExprValueKind VK = ctx().getLangOpts().CPlusPlus ? VK_LValue : VK_PRValue;
  Expr *Fn = SemaRef->BuildDeclRefExpr(FD, FD->getType(), VK, Loc);
  ExprResult R = SemaRef->BuildCallExpr(nullptr, Fn, Loc, Args, Loc);
  return R.isUsable() ? R.get() : nullptr;
}

/// \p E, from a clause or a capture initialiser, which Clang wrote for
/// another place than right before the construct, as code there.
Expr *OffloadSemaConsumer::inContext(Expr *E, DeclContext *DC) {
  auto ReachesGlobal = [&](const VarDecl &VD) {
    return reachesThroughRegions(Enclosing, VD);
  };
  if (Expr *InContext = referencesForContext(ctx(), E, DC, ReachesGlobal))
    return InContext;
  unsigned ID = SemaRef->getDiagnostics().getCustomDiagID(
      DiagnosticsEngine::Error,
      "clang-offload cannot evaluate this expression before the construct");
  SemaRef->Diag(E->getExprLoc(), ID) << E->getSourceRange();
  return E;
}

void OffloadSemaConsumer::useInContext(SmallVectorImpl<Expr *> &Args,
                                       DeclContext *DC) {
  for (Expr *&Arg : Args)
    Arg = inContext(Arg, DC);
}

Expr *OffloadSemaConsumer::siteCall(OMPExecutableDirective &D, int Site,
                                    DeclContext *DC) {
  ASTContext &Ctx = ctx();
  SourceLocation Loc = D.getBeginLoc();
  QualType I32 = Ctx.IntTy;
  Expr *Device = integer(COT_DEVICE_DEFAULT, Ctx.LongLongTy, Loc);
  if (const auto *C = D.getSingleClause<OMPDeviceClause>())
    if (const Expr *V = valueBeforeConstruct(C->getDevice()))
      Device = const_cast<Expr *>(V);
  Expr *IfCond = integer(1, I32, Loc);
  for (const auto *C : D.getClausesOfKind<OMPIfClause>()) {
    OpenMPDirectiveKind M = C->getNameModifier();
    bool AppliesToTarget = M == llvm::omp::OMPD_unknown ||
                           isOpenMPTargetExecutionDirective(M) ||
                           isOpenMPTargetDataManagementDirective(M);
    if (!AppliesToTarget)
      continue;
    if (const Expr *V = valueBeforeConstruct(C->getCondition()))
      IfCond = const_cast<Expr *>(V);
  }
  // The geometry clauses of a teams construct nested in the target region
  // are the launch's too, evaluated before it as upstream Clang does.
  const OMPExecutableDirective *Teams = teamsOf(D);
  const OMPExecutableDirective *Nested = Teams != &D ? Teams : nullptr;
  Expr *NumTeams = integer(0, I32, Loc);
  if (isOpenMPTargetExecutionDirective(D.getDirectiveKind()) && !Teams)
    NumTeams = integer(1, I32, Loc);
  if (const auto *C = D.getSingleClause<OMPNumTeamsClause>()) {
    if (const Expr *V = valueBeforeConstruct(C->getNumTeams()))
      NumTeams = const_cast<Expr *>(V);
  } else if (const auto *C = Nested ? Nested->getSingleClause<OMPNumTeamsClause>()
                                    : nullptr) {
    if (Expr *V = copyIntegerForHost(*SemaRef, C->getNumTeams(), Frame))
      NumTeams = V;
  }
  Expr *ThreadLimit = integer(0, I32, Loc);
  if (const auto *C = D.getSingleClause<OMPThreadLimitClause>()) {
    if (const Expr *V = valueBeforeConstruct(C->getThreadLimit()))
      ThreadLimit = const_cast<Expr *>(V);
  } else if (const auto *C =
                 Nested ? Nested->getSingleClause<OMPThreadLimitClause>()
                        : nullptr) {
    if (Expr *V = copyIntegerForHost(*SemaRef, C->getThreadLimit(), Frame))
      ThreadLimit = V;
  }
  Expr *TripCount = nullptr;
  auto *Loop = dyn_cast<OMPLoopDirective>(&D);
  if (Loop && isOpenMPTargetExecutionDirective(D.getDirectiveKind()) &&
      isOpenMPDistributeDirective(D.getDirectiveKind()))
    TripCount = buildLoopTripCount(*SemaRef, *Loop, Frame);
  if (!TripCount)
    TripCount = integer(0, Ctx.LongLongTy, Loc);
  int Flags = 0;
  if (D.getSingleClause<OMPNowaitClause>())
    Flags |= SiteNowait;
  if (!D.getClausesOfKind<OMPDependClause>().empty())
    Flags |= SiteDepend;
  if (allowsSPMD(D))
    Flags |= SiteSPMD;
  if (allowsSPMD(D) && isOpenMPDistributeDirective(D.getDirectiveKind()) &&
      isOpenMPWorksharingDirective(D.getDirectiveKind()))
    Flags |= SiteThreadsShareIterations;
  if (!D.getSingleClause<OMPScheduleClause>() &&
      !D.getSingleClause<OMPDistScheduleClause>() &&
      !D.getSingleClause<OMPOrderedClause>())
    Flags |= SiteDefaultSchedule;

  PresumedLoc PLoc = Ctx.getSourceManager().getPresumedLoc(Loc);
  std::string Function =
      CurFunction ? CurFunction->getNameAsString() : std::string();
  SmallVector<Expr *, 12> Args = {
      integer(Site, I32, Loc),
      integer(int(siteKindOf(D.getDirectiveKind())), I32, Loc),
      Device,
      IfCond,
      NumTeams,
      ThreadLimit,
      TripCount,
      integer(Flags, I32, Loc),
      string(PLoc.isValid() ? PLoc.getFilename() : "", Loc),
      string(Function, Loc),
      integer(PLoc.isValid() ? PLoc.getLine() : 0, I32, Loc),
      integer(PLoc.isValid() ? PLoc.getColumn() : 0, I32, Loc)};
  useInContext(Args, DC);
  return call(SiteFn, Args, Loc);
}

Expr *OffloadSemaConsumer::mapCall(const MapEntry &E, int Site,
                                   SourceLocation Loc, DeclContext *DC) {
  ASTContext &Ctx = ctx();
  Expr *Null = integer(0, Ctx.IntTy, Loc);
  SmallVector<Expr *, 6> Args = {
      integer(Site, Ctx.IntTy, Loc),
      E.Base ? E.Base : Null,
      E.Begin ? E.Begin : Null,
      E.Size ? E.Size : integer(0, Ctx.LongLongTy, Loc),
      integer(int64_t(E.Type), Ctx.UnsignedLongLongTy, Loc),
      string(E.Name, Loc)};
  useInContext(Args, DC);
  return call(MapFn, Args, Loc);
}

/// Declares the variable that stands for a use_device_ptr/use_device_addr
/// list item inside the construct, and points the body's uses at it.
Stmt *OffloadSemaConsumer::useDeviceDecl(const MapEntry &E, int Site,
                                         int Index, OMPExecutableDirective &D,
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
                   ->BuildCStyleCastExpr(Loc, Ctx.getTrivialTypeSourceInfo(VarTy),
                                         Loc, Addr)
                   .get();
  VD->setInit(Init);
  VD->setImplicit();

  auto MakeRef = [&]() -> Expr * {
    Expr *Ref = DeclRefExpr::Create(Ctx, NestedNameSpecifierLoc(), Loc, VD,
                                    /*RefersToEnclosingVariableOrCapture=*/false,
                                    Loc, VarTy, VK_LValue);
    if (!E.UseDeviceAddr)
      return Ref;
    Expr *Ptr = SemaRef->DefaultLvalueConversion(Ref).get();
    return SemaRef->CreateBuiltinUnaryOp(Loc, UO_Deref, Ptr).get();
  };
  if (D.hasAssociatedStmt()) {
    Stmt *Body = D.getAssociatedStmt();
    UseReplacer(Orig, MakeRef).replaceIn(Body);
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
  Expr *Ref =
      DeclRefExpr::Create(ctx(), NestedNameSpecifierLoc(), SourceLocation(), VD,
                          /*RefersToEnclosingVariableOrCapture=*/false,
                          SourceLocation(), VD->getType(), VK_LValue);
  return SemaRef->DefaultLvalueConversion(Ref).get();
}

/// The elements of a strided section of a target update whose length is not
/// a constant, moved one at a time:
///   long long n = length;
///   for (long long k = 0; k < n; ++k)
///     { <update site for base[lower + k * stride]> }
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
  Expr *Offset = Binary(BO_Mul, use(Index), Shared(AS->getStride()));
  Expr *Element =
      SemaRef
          ->CreateBuiltinArraySubscriptExpr(Shared(AS->getBase()), Loc,
                                            Binary(BO_Add, Lower, Offset), Loc)
          .get();
  Expr *Cond = Binary(BO_LT, use(Index), use(Count));
  Expr *IndexRef = DeclRefExpr::Create(
      Ctx, NestedNameSpecifierLoc(), SourceLocation(), Index,
      /*RefersToEnclosingVariableOrCapture=*/false, SourceLocation(),
      Index->getType(), VK_LValue);
  Expr *Inc = SemaRef->CreateBuiltinUnaryOp(Loc, UO_PreInc, IndexRef).get();
  if (!Length || !Element || !Cond || !Inc)
    return nullptr;

  int Site = NextSite++;
  SmallVector<Stmt *, 8> Body;
  auto Push = [&](Stmt *S) {
    if (S)
      Body.push_back(S);
  };
  Push(siteCall(D, Site, DC));
  for (const MapEntry &E : buildElementEntries(*SemaRef, D, Section, Element))
    Push(mapCall(E, Site, Loc, DC));
  SmallVector<Expr *, 1> EndArgs = {integer(Site, Ctx.IntTy, Loc)};
  Push(call(SiteEndFn, EndArgs, Loc));
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

} // namespace

std::unique_ptr<ASTConsumer>
createOffloadSemaConsumer(std::shared_ptr<TranslationUnitRequires> Requires) {
  return std::make_unique<OffloadSemaConsumer>(std::move(Requires));
}

} // namespace cot

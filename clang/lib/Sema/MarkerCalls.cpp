//===- MarkerCalls.cpp - The marker calls of a construct ------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Builds the marker calls (OffloadMarkers.h) that the Sema step puts around
// an offload construct: the site call with the construct's clause values
// (device, if, num_teams, thread_limit, the threads of its parallel part or
// of the parallel constructs nested in it, trip count, execution-mode
// flags, source location), and one map call per map entry. Their arguments are
// evaluated by the host code right before the construct, so each is
// rewritten for that place (ExprRebuild.h).
//
//===----------------------------------------------------------------------===//

#include "OffloadSemaConsumer.h"
#include "OpenMPDevice/OffloadMarkers.h"
#include "clang-offload/Sema/ExprRebuild.h"
#include "clang-offload/Sema/HostExpressions.h"
#include "clang-offload/Sema/InlineTargetData.h"

#include "OffloadABI.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclOpenMP.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/OpenMPKinds.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;
using namespace llvm;

namespace cot {
namespace {

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

/// The only statement of \p D's region, inside any blocks of one statement;
/// null when the region has more.
const Stmt *soleStatement(const OMPExecutableDirective &D) {
  if (!D.hasAssociatedStmt())
    return nullptr;
  const Stmt *Body = D.getInnermostCapturedStmt()->getCapturedStmt();
  while (const auto *CS = dyn_cast<CompoundStmt>(Body)) {
    if (CS->size() != 1)
      return nullptr;
    Body = CS->body_front();
  }
  return Body;
}

/// The teams construct of a target construct: the construct itself when it
/// is a combined `target teams...`, or the teams construct that is the
/// target region's only statement; null when the region runs as one team.
const OMPExecutableDirective *teamsOf(const OMPExecutableDirective &D) {
  if (isOpenMPTeamsDirective(D.getDirectiveKind()))
    return &D;
  const auto *Inner =
      dyn_cast_or_null<OMPExecutableDirective>(soleStatement(D));
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

/// The clauses of a combined construct's parallel part that decide how many
/// threads each team's parallel region gets: num_threads, and an if clause
/// for the parallel part (an if without a modifier applies to the target
/// part too, and when it is false the region runs on the host), as values
/// the markers can compute before the construct.
struct ParallelClauses {
  const Expr *NumThreads = nullptr; // null: not given
  const Expr *IfCond = nullptr;     // null: not given
  bool Computable = true; // false: a value exists only inside the construct
};

ParallelClauses parallelClauses(const OMPExecutableDirective &D) {
  ParallelClauses P;
  if (!isOpenMPParallelDirective(D.getDirectiveKind()))
    return P;
  if (const auto *C = D.getSingleClause<OMPNumThreadsClause>()) {
    P.NumThreads = valueBeforeConstruct(C->getNumThreads());
    P.Computable &= P.NumThreads != nullptr;
  }
  for (const auto *C : D.getClausesOfKind<OMPIfClause>())
    if (C->getNameModifier() == llvm::omp::OMPD_parallel) {
      P.IfCond = valueBeforeConstruct(C->getCondition());
      P.Computable &= P.IfCond != nullptr;
    }
  return P;
}

/// The parallel constructs lexically inside a target construct's region.
class NestedParallels : public RecursiveASTVisitor<NestedParallels> {
public:
  SmallVector<const OMPExecutableDirective *, 2> Found;
  bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
    if (isOpenMPParallelDirective(D->getDirectiveKind()))
      Found.push_back(D);
    return true;
  }
};

/// The variables an expression refers to (canonical declarations).
class ReferencedVars : public RecursiveASTVisitor<ReferencedVars> {
public:
  SmallVector<const VarDecl *, 4> Vars;
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *VD = dyn_cast<VarDecl>(E->getDecl()))
      if (!is_contained(Vars, VD->getCanonicalDecl()))
        Vars.push_back(VD->getCanonicalDecl());
    return true;
  }
};

/// Whether an expression divides or shifts: evaluated before the
/// construct, where the region might never have evaluated it, a division by
/// zero or an overlong shift would be the host's.
class DividesOrShifts : public RecursiveASTVisitor<DividesOrShifts> {
public:
  bool Found = false;
  bool VisitBinaryOperator(BinaryOperator *E) {
    BinaryOperatorKind K = E->getOpcode();
    Found |= K == BO_Div || K == BO_Rem || K == BO_Shl || K == BO_Shr;
    return !Found;
  }
};

/// Whether the variables \p E refers to keep in \p Region the values they
/// have before the construct: locals (or constants) that the region only
/// loads (a store, an increment, their address or a reference to them may
/// change them; a function the region calls may change a global).
bool keepsValuesIn(const Expr *E, const Stmt *Region) {
  ReferencedVars Refs;
  Refs.TraverseStmt(const_cast<Expr *>(E));
  return none_of(Refs.Vars,
                 [](const VarDecl *VD) {
                   return VD->hasGlobalStorage() &&
                          !VD->getType().isConstQualified();
                 }) &&
         onlyReads(Region, Refs.Vars);
}

/// The num_threads value of \p Parallel as the host can evaluate it before
/// the construct, when the construct has no if clause. Null otherwise.
const Expr *numThreadsBeforeConstruct(const OMPExecutableDirective &Parallel) {
  const auto *C = Parallel.getSingleClause<OMPNumThreadsClause>();
  if (!C || !Parallel.getClausesOfKind<OMPIfClause>().empty())
    return nullptr;
  return valueBeforeConstruct(C->getNumThreads());
}

/// Whether \p A and \p B are the same expression of the same variables.
bool sameExpr(const ASTContext &Ctx, const Expr *A, const Expr *B) {
  llvm::FoldingSetNodeID IdA, IdB;
  A->Profile(IdA, Ctx, /*Canonical=*/true);
  B->Profile(IdB, Ctx, /*Canonical=*/true);
  return IdA == IdB;
}

/// The launch's team size for the target construct \p D that is not itself
/// a parallel one, from the parallel constructs inside its region: the
/// num_threads value they all give (numThreadsBeforeConstruct), written the
/// same way in each, when the region does not change what it reads (its
/// variables), so that the value before the construct is the one the
/// parallel constructs will see, and it neither divides nor shifts (the
/// region may not reach it). CUDA-style code: `teams distribute` with
/// nested `parallel for num_threads(block_size)` loops. Null when a
/// parallel construct has no such value or two differ. The region is
/// walked twice whatever the number of parallel constructs in it.
const Expr *nestedNumThreads(const ASTContext &Ctx,
                             const OMPExecutableDirective &D) {
  if (!isOpenMPTargetExecutionDirective(D.getDirectiveKind()) ||
      isOpenMPParallelDirective(D.getDirectiveKind()) || !D.hasAssociatedStmt())
    return nullptr;
  const Stmt *Region = D.getInnermostCapturedStmt()->getCapturedStmt();
  NestedParallels Parallels;
  Parallels.TraverseStmt(const_cast<Stmt *>(Region));
  const Expr *Value = nullptr;
  for (const OMPExecutableDirective *Parallel : Parallels.Found) {
    const Expr *Own = numThreadsBeforeConstruct(*Parallel);
    if (!Own || (Value && !sameExpr(Ctx, Value, Own)))
      return nullptr;
    Value = Own;
  }
  if (!Value || !keepsValuesIn(Value, Region))
    return nullptr;
  DividesOrShifts Risky;
  Risky.TraverseStmt(const_cast<Expr *>(Value));
  return Risky.Found ? nullptr : Value;
}

/// The `distribute parallel for` (or its simd form) that is the whole region
/// of the `target teams` construct \p D: the loops of the combined
/// `target teams distribute parallel for`, which Clang lowers the same way.
/// Null when the region has anything else.
const OMPLoopDirective *wholeRegionLoop(const OMPExecutableDirective &D) {
  if (D.getDirectiveKind() != llvm::omp::OMPD_target_teams)
    return nullptr;
  const auto *Loop = dyn_cast_or_null<OMPLoopDirective>(soleStatement(D));
  if (!Loop)
    return nullptr;
  switch (Loop->getDirectiveKind()) {
  case llvm::omp::OMPD_distribute_parallel_for:
  case llvm::omp::OMPD_distribute_parallel_for_simd:
    return Loop;
  default:
    return nullptr;
  }
}

/// Whether the `target teams` construct \p D and the loop \p Loop that is
/// its whole region have only clauses that give every thread of a team the
/// values the team's main thread would have: in SPMD mode each thread runs
/// the team's code with its own copies. Private, reduction and copy-out
/// clauses keep generic mode.
bool sharesTeamValues(const OMPExecutableDirective &D,
                      const OMPLoopDirective &Loop) {
  for (const OMPClause *C : D.clauses())
    switch (C->getClauseKind()) {
    case llvm::omp::OMPC_map:
    case llvm::omp::OMPC_num_teams:
    case llvm::omp::OMPC_thread_limit:
    case llvm::omp::OMPC_if:
    case llvm::omp::OMPC_device:
    case llvm::omp::OMPC_defaultmap:
    case llvm::omp::OMPC_default:
    case llvm::omp::OMPC_shared:
    case llvm::omp::OMPC_firstprivate:
    case llvm::omp::OMPC_is_device_ptr:
    case llvm::omp::OMPC_has_device_addr:
    case llvm::omp::OMPC_depend:
    case llvm::omp::OMPC_nowait:
      break;
    default:
      return false;
    }
  return !Loop.hasClausesOfKind<OMPLastprivateClause>() &&
         !Loop.hasClausesOfKind<OMPLinearClause>() &&
         !Loop.hasClausesOfKind<OMPReductionClause>() &&
         !Loop.hasClausesOfKind<OMPCopyinClause>();
}

/// Combined constructs whose whole region is a parallel region, maybe inside
/// a distribute loop, and whose threads all run it (also `target teams`
/// whose region is one `distribute parallel for`). The launch gives each
/// team as many threads as the parallel part asks for (num_threads, one
/// when its if clause is false), so those clauses keep SPMD mode when the
/// markers can compute them. Lastprivate or linear with teams keeps the
/// construct in generic mode: in SPMD mode every thread keeps its own copy
/// of the team's private variable, and the distribute loop's final
/// copy-out, which all threads of the last team make, would race with
/// copies that do not hold the last iteration's value.
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
  case llvm::omp::OMPD_target_teams:
    if (const OMPLoopDirective *Loop = wholeRegionLoop(D))
      return parallelClauses(*Loop).Computable && sharesTeamValues(D, *Loop);
    return false;
  default:
    return false;
  }
  if (!parallelClauses(D).Computable)
    return false;
  return !isOpenMPTeamsDirective(D.getDirectiveKind()) ||
         (!D.hasClausesOfKind<OMPLastprivateClause>() &&
          !D.hasClausesOfKind<OMPLinearClause>());
}

/// Whether \p D chooses its loop schedule: a schedule, dist_schedule or
/// ordered clause.
bool choosesSchedule(const OMPExecutableDirective &D) {
  return D.getSingleClause<OMPScheduleClause>() ||
         D.getSingleClause<OMPDistScheduleClause>() ||
         D.getSingleClause<OMPOrderedClause>();
}

/// Whether every loop of the target construct \p D and of the constructs
/// nested in its region has the schedule the implementation picks, which
/// the GPU lowering may make cyclic (openmp-device-cyclic-schedules): no
/// construct in the region chooses one. (Functions the region calls keep
/// their loops' schedules whatever this says.)
bool hasDefaultSchedules(const OMPExecutableDirective &D) {
  SmallVector<const Stmt *, 32> Work = {&D};
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (auto *Construct = dyn_cast<OMPExecutableDirective>(S);
        Construct && choosesSchedule(*Construct))
      return false;
    // A captured statement's children are its captures' initializers.
    if (auto *Captured = dyn_cast<CapturedStmt>(S))
      Work.push_back(Captured->getCapturedStmt());
    for (const Stmt *Child : S->children())
      if (Child)
        Work.push_back(Child);
  }
  return true;
}

} // namespace

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
  SiteFn = declareMarker(
      SiteMarker, Ctx.VoidTy,
      {I32, I32, I64, I32, I32, I32, I32, I64, I32, Str, Str, I32, I32});
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

/// The threads each team's parallel region gets from the parallel part of
/// the combined construct \p D (ParallelClauses): `IfCond ? NumThreads : 1`,
/// or from the num_threads of the parallel constructs in a target region
/// that is not a parallel one (nestedNumThreads); 0 when no clause says or
/// none can be computed before the construct.
Expr *OffloadSemaConsumer::parallelThreads(const OMPExecutableDirective &D) {
  SourceLocation Loc = D.getBeginLoc();
  QualType I32 = ctx().IntTy;
  ParallelClauses P = parallelClauses(D);
  if (const Expr *Nested = nestedNumThreads(ctx(), D))
    if (Expr *V = copyIntegerForHost(*SemaRef, Nested, Frame))
      return V;
  if (!P.Computable || (!P.NumThreads && !P.IfCond))
    return integer(0, I32, Loc);
  Expr *Threads =
      P.NumThreads ? const_cast<Expr *>(P.NumThreads) : integer(0, I32, Loc);
  if (!P.IfCond)
    return Threads;
  ExprResult E = SemaRef->ActOnConditionalOp(
      Loc, Loc, const_cast<Expr *>(P.IfCond), Threads, integer(1, I32, Loc));
  return E.isUsable() ? E.get() : integer(0, I32, Loc);
}

/// The condition of an `if` clause that applies to the teams construct of a
/// target region (OpenMP 5.2: `if(teams: c)`, or `if(c)` on the teams
/// construct or a combined construct with it), as the host evaluates it
/// before the construct; when it is false the league has one team. Null
/// without one.
Expr *
OffloadSemaConsumer::teamsIfCondition(OMPExecutableDirective &D,
                                      const OMPExecutableDirective *Nested) {
  const OMPExecutableDirective &Teams = Nested ? *Nested : D;
  if (!isOpenMPTeamsDirective(Teams.getDirectiveKind()))
    return nullptr;
  for (const auto *C : Teams.getClausesOfKind<OMPIfClause>()) {
    OpenMPDirectiveKind M = C->getNameModifier();
    bool Unmodified = M == llvm::omp::OMPD_unknown;
    if (M != llvm::omp::OMPD_teams &&
        !(Unmodified && (Nested || SemaRef->getLangOpts().OpenMP >= 52)))
      continue;
    if (!Nested)
      return const_cast<Expr *>(valueBeforeConstruct(C->getCondition()));
    return copyIntegerForHost(*SemaRef, C->getCondition(), Frame);
  }
  return nullptr;
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
  } else if (const auto *C = Nested
                                 ? Nested->getSingleClause<OMPNumTeamsClause>()
                                 : nullptr) {
    if (Expr *V = copyIntegerForHost(*SemaRef, C->getNumTeams(), Frame))
      NumTeams = V;
  }
  if (Expr *Cond = teamsIfCondition(D, Nested))
    NumTeams =
        SemaRef
            ->ActOnConditionalOp(Loc, Loc, Cond, NumTeams, integer(1, I32, Loc))
            .get();
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
  Expr *NumThreads = parallelThreads(D);
  Expr *TripCount = nullptr;
  // The distributed loop: the construct's own, or the one that is the
  // whole region of a `target teams`.
  const OMPLoopDirective *Loop = dyn_cast<OMPLoopDirective>(&D);
  if (!Loop)
    Loop = wholeRegionLoop(D);
  if (Loop && isOpenMPTargetExecutionDirective(D.getDirectiveKind()) &&
      isOpenMPDistributeDirective(Loop->getDirectiveKind()))
    TripCount = buildLoopTripCount(*SemaRef, *Loop, Frame);
  if (!TripCount)
    TripCount = integer(0, Ctx.LongLongTy, Loc);
  int Flags = 0;
  // A region with in_reduction adds to the reduction variable through its
  // mapping, which the other participating regions share: its task must
  // not end before its copy back has landed, so the runtime does not let
  // it outlive its task's entry as it does other nowait regions.
  if (D.getSingleClause<OMPNowaitClause>() &&
      D.getClausesOfKind<OMPInReductionClause>().empty())
    Flags |= SiteNowait;
  if (!D.getClausesOfKind<OMPDependClause>().empty())
    Flags |= SiteDepend;
  if (!D.getClausesOfKind<OMPInReductionClause>().empty())
    Flags |= SiteInReduction;
  if (allowsSPMD(D))
    Flags |= SiteSPMD;
  if (allowsSPMD(D) && Loop &&
      isOpenMPDistributeDirective(Loop->getDirectiveKind()) &&
      isOpenMPWorksharingDirective(Loop->getDirectiveKind()))
    Flags |= SiteThreadsShareIterations;
  if (hasDefaultSchedules(D))
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
      NumThreads,
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
  // The address of a restrict-qualified pointer (`T *__restrict p` in
  // is_device_ptr or firstprivate) does not convert implicitly to the
  // marker's `const volatile void *`: it would drop the qualifier.
  QualType Address = Ctx.getPointerType(Ctx.getCVRQualifiedType(
      Ctx.VoidTy, Qualifiers::Const | Qualifiers::Volatile));
  for (unsigned I : {1u, 2u})
    if (Args[I] && Args[I]->getType()->isPointerType())
      Args[I] =
          SemaRef
              ->BuildCStyleCastExpr(Loc, Ctx.getTrivialTypeSourceInfo(Address),
                                    Loc, Args[I])
              .get();
  return call(MapFn, Args, Loc);
}

} // namespace cot

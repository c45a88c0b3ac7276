//===- DeclareTarget.cpp - Declare target and declare variant -------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// One parse serves the host and every offload device, so what Clang decides
// for the host alone is recorded for the devices here: declare-target
// functions and variables get annotations that device extraction takes as
// roots (and device_type(nohost) functions are emitted, not dropped),
// declare variants that only a device selects are kept and named, and
// calls that Clang bound to a host-only variant call a function whose name
// tells the host lowering and device extraction which one to call where.
//
//===----------------------------------------------------------------------===//

#include "OffloadSemaConsumer.h"
#include "OpenMPDevice/OffloadMarkers.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclOpenMP.h"
#include "clang/AST/Mangle.h"
#include "clang/Basic/TargetInfo.h"
#include "llvm/Frontend/OpenMP/OMPContext.h"
#include "llvm/TargetParser/Triple.h"

using namespace clang;
using namespace llvm;

namespace cot {

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

/// `declare target indirect`, or `indirect(expr)` with a true expr (Clang
/// 19 keeps the expr alone for `to(f) indirect(expr)`, without the flag).
static bool isIndirect(const ValueDecl &VD) {
  std::optional<OMPDeclareTargetDeclAttr *> A =
      OMPDeclareTargetDeclAttr::getActiveAttr(&VD);
  if (!A || (!(*A)->getIndirect() && !(*A)->getIndirectExpr()))
    return false;
  const Expr *Cond = (*A)->getIndirectExpr();
  bool Value = true;
  return !Cond ||
         !Cond->EvaluateAsBooleanCondition(Value, VD.getASTContext()) || Value;
}

void markDeclareTarget(ValueDecl *VD) {
  std::optional<OMPDeclareTargetDeclAttr::DevTypeTy> DevType =
      OMPDeclareTargetDeclAttr::getDeviceType(VD);
  if (!DevType)
    return;
  if (*DevType == OMPDeclareTargetDeclAttr::DT_Host) {
    if (isa<FunctionDecl>(VD))
      addAnnotation(VD, HostOnlyAnnotation);
    return;
  }
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
  StringRef Annotation =
      MapType && *MapType == OMPDeclareTargetDeclAttr::MT_Link
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
/// retargeting rebind device code's calls to it. A static or inline variant
/// defined before the base and unused on the host was put off by CodeGen,
/// which emits such a definition only when it is used: the caller hands it
/// to CodeGen again, now `used`.
SmallVector<FunctionDecl *, 2> markDeviceVariants(FunctionDecl *FD) {
  ASTContext &Ctx = FD->getASTContext();
  SmallVector<FunctionDecl *, 2> PutOff;
  for (const auto *A : FD->specific_attrs<OMPDeclareVariantAttr>()) {
    FunctionDecl *Variant = variantOf(*A);
    if (!Variant)
      continue;
    VariantContexts Holds = contextsOf(*A, Ctx);
    if (Holds.Host || (!Holds.HostDevice && !Holds.GPU))
      continue;
    const FunctionDecl *Definition = nullptr;
    if (!Variant->hasAttr<UsedAttr>()) {
      if (Variant->hasBody(Definition) && !Ctx.DeclMustBeEmitted(Definition) &&
          !Variant->isUsed() && !isa<CXXMethodDecl>(Definition) &&
          !Definition->isTemplateInstantiation())
        PutOff.push_back(const_cast<FunctionDecl *>(Definition));
      Variant->addAttr(UsedAttr::CreateImplicit(Ctx));
    }
    addAnnotation(FD, ((Holds.HostDevice ? DeviceVariantAnnotation
                                         : GPUVariantAnnotation) +
                       symbolOf(*Variant))
                          .str());
  }
  return PutOff;
}

/// The marker for calls of \p Base that Clang bound to its `declare variant`
/// \p Variant, when the host selects the variant and some offload device
/// does not (OffloadMarkers.h): HostOnly for match(device={kind(host)}),
/// CPUOnly for kind(cpu) and arch(x86_64). Nothing when every device selects
/// it as the host does.
static std::optional<VariantMarkerKind>
variantMarkerKind(const FunctionDecl &Base, const FunctionDecl &Variant) {
  for (const FunctionDecl *Redecl : Base.redecls())
    for (const auto *A : Redecl->specific_attrs<OMPDeclareVariantAttr>()) {
      const FunctionDecl *Named = variantOf(*A);
      if (!Named || Named->getCanonicalDecl() != Variant.getCanonicalDecl())
        continue;
      VariantContexts Holds = contextsOf(*A, Base.getASTContext());
      if (!Holds.Host || Holds.GPU)
        continue;
      return Holds.HostDevice ? VariantMarkerKind::CPUOnly
                              : VariantMarkerKind::HostOnly;
    }
  return std::nullopt;
}

/// A declared function of \p Variant's type whose name tells the host
/// lowering and device extraction which functions to call.
FunctionDecl *OffloadSemaConsumer::variantMarker(FunctionDecl &Base,
                                                 FunctionDecl &Variant,
                                                 VariantMarkerKind Kind) {
  FunctionDecl *&Callee =
      VariantMarkers[{Base.getCanonicalDecl(), Variant.getCanonicalDecl()}];
  if (Callee)
    return Callee;
  ASTContext &Ctx = ctx();
  std::string Name = variantMarkerName(Kind, symbolOf(Base), symbolOf(Variant));
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

/// A call that Clang bound to a variant of the called function that some
/// offload device does not select calls variantMarker instead: the variant
/// on the host, the base function on those devices. The new expression also
/// refers to both functions, so that CodeGen emits them (static and inline ones
/// only when used). Null when the call is not one of these.
Expr *OffloadSemaConsumer::bindVariantMarkerCall(PseudoObjectExpr &POE) {
  const auto *Written = dyn_cast<CallExpr>(POE.getSyntacticForm());
  auto *Bound = dyn_cast_or_null<CallExpr>(POE.getResultExpr());
  if (!Written || !Bound || Bound->getStmtClass() != Stmt::CallExprClass ||
      POE.getNumSemanticExprs() != 1)
    return nullptr;
  FunctionDecl *Base = const_cast<FunctionDecl *>(Written->getDirectCallee());
  FunctionDecl *Variant = Bound->getDirectCallee();
  if (!Base || !Variant || isa<CXXMethodDecl>(Base) ||
      isa<CXXMethodDecl>(Variant) ||
      Base->getCanonicalDecl() == Variant->getCanonicalDecl())
    return nullptr;
  std::optional<VariantMarkerKind> Kind = variantMarkerKind(*Base, *Variant);
  if (!Kind)
    return nullptr;
  SourceLocation Loc = Bound->getBeginLoc();
  auto FunctionPointer = [&](FunctionDecl *FD) -> Expr * {
    Expr *Ref = SemaRef->BuildDeclRefExpr(
        FD, FD->getType(),
        ctx().getLangOpts().CPlusPlus ? VK_LValue : VK_PRValue, Loc);
    ExprResult Decayed = SemaRef->DefaultFunctionArrayConversion(Ref);
    return Decayed.isUsable() ? Decayed.get() : nullptr;
  };
  Expr *Callee = FunctionPointer(variantMarker(*Base, *Variant, *Kind));
  Expr *VariantRef = FunctionPointer(Variant);
  Expr *BaseRef = FunctionPointer(Base);
  if (!Callee || !VariantRef || !BaseRef)
    return nullptr;
  Bound->setCallee(Callee);
  Expr *Semantics[] = {VariantRef, BaseRef, Bound};
  return PseudoObjectExpr::Create(ctx(), POE.getSyntacticForm(), Semantics,
                                  /*resultIndex=*/2);
}

} // namespace cot

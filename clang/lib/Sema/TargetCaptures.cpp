//===- TargetCaptures.cpp - Target entries in capture order ---------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// For a target construct the entries follow the captures of the target
// region: one TARGET_PARAM entry per argument of the outlined function, in
// the order Clang passes them, with the entries the capture needs after
// it. Lastprivate and linear items of combined constructs are captured by
// reference so their final values reach the host (OpenMP 5.1, 2.17).
//
//===----------------------------------------------------------------------===//

#include "MapEntryBuilderImpl.h"
#include "clang-offload/Sema/ASTRewrite.h"

#include "OffloadABI.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/Sema/Sema.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;
using namespace llvm;

namespace cot {
namespace mapentries {

/// Clang captures a pointer by reference when its items reach the pointee
/// without a section or `->` (pt[0].x, (*pt).x): the kernel reads the
/// pointer from its argument. Maps the pointer variable itself then, so
/// that the items attach to its device copy.
void Builder::addCapturedPointerItem(ValueDecl *CapVar) {
  if (!CapVar->getType()->isPointerType())
    return;
  Expr *Root = nullptr;
  for (const MapItem &I : Items) {
    if (I.Consumed || !I.isRootedAt(CapVar))
      continue;
    if (I.Kind == ItemKind::Plain)
      return;
    if (I.ThroughRootPointer)
      Root = I.RootExpr;
  }
  if (!Root)
    return;
  MapItem Item;
  Item.E = Root;
  Item.Type = COT_MAP_TO | COT_MAP_IMPLICIT;
  Item.Name = sourceText(Root);
  if (analyse(Item))
    Items.push_back(std::move(Item));
}

/// Clang captures a pointer by copy when its items include sections or
/// members of what it points to, also when the pointer is mapped itself
/// (map(p) map(p[0:n])): the kernel argument is then the device address of
/// the pointee, as for a pointer that is not mapped. The pointer's own
/// mapping follows, and its device copy is attached to the pointee
/// (OpenMP 5.x pointer attachment) by a PTR_AND_OBJ entry that repeats the
/// argument's storage without data motion.
void Builder::buildForCopiedPointer(MutableArrayRef<MapItem *> Group) {
  auto IsPlain = [](MapItem *I) { return I->Kind == ItemKind::Plain; };
  SmallVector<MapItem *, 4> Pointer(make_filter_range(Group, IsPlain));
  SmallVector<MapItem *, 4> Pointees(
      make_filter_range(Group, std::not_fn(IsPlain)));
  if (Pointer.empty() || Pointees.empty()) {
    buildForItems(Group, /*TargetParam=*/true, /*BaseFromCall=*/true);
    return;
  }
  size_t Arg = Entries.size();
  buildForItems(Pointees, /*TargetParam=*/true, /*BaseFromCall=*/true);
  buildForItems(Pointer, /*TargetParam=*/false, /*BaseFromCall=*/false);
  MapEntry Attach = Entries[Arg];
  Attach.Base = addressOf(Pointer.front()->RootExpr);
  Attach.Type = COT_MAP_PTR_AND_OBJ;
  Entries.push_back(Attach);
}

void Builder::buildForCapture(ValueDecl *CapVar, QualType FieldTy,
                              bool ByCopy,
                              const DenseSet<const Decl *> &DevPtrs,
                              const DenseSet<const Decl *> &FirstPrivates) {
  if (CapVar && !ByCopy)
    addCapturedPointerItem(CapVar);
  SmallVector<MapItem *, 4> Group;
  for (MapItem &I : Items)
    if (!I.Consumed &&
        (CapVar ? I.isRootedAt(CapVar) : (I.RootDecl == nullptr)))
      Group.push_back(&I);
  // The kernel argument of a by-copy pointer is what it points to; of a
  // by-reference capture, the variable.
  if (!ByCopy)
    putPlainItemsFirst(Group);

  MapEntry Entry;
  Entry.Type = COT_MAP_TARGET_PARAM;
  Entry.Name = CapVar ? CapVar->getName().str() : std::string("this");
  bool IsDevicePtr = CapVar && DevPtrs.contains(CapVar->getCanonicalDecl());
  // A firstprivate pointer keeps its host value (it is not a zero-length
  // section, which would translate it).
  bool FirstPrivatePointer =
      CapVar && CapVar->getType()->isPointerType() &&
      FirstPrivates.contains(CapVar->getCanonicalDecl());
  if (IsDevicePtr || (Group.empty() && ByCopy && CapVar &&
                      (!CapVar->getType()->isPointerType() ||
                       FirstPrivatePointer))) {
    Entry.Type |= COT_MAP_LITERAL;
    Entries.push_back(Entry);
    return;
  }
  if (!Group.empty()) {
    if (ByCopy && CapVar && CapVar->getType()->isPointerType())
      buildForCopiedPointer(Group);
    else
      buildForItems(Group, /*TargetParam=*/true, /*BaseFromCall=*/true);
    return;
  }
  if (ByCopy) {
    // `this` or a pointer without a map: the object is mapped implicitly
    // as a whole for `this`, else the pointer is a zero-length section.
    Entry.Type |= COT_MAP_IMPLICIT;
    if (!CapVar) {
      Entry.Type |= COT_MAP_TO | COT_MAP_FROM;
      Entry.Size = sizeOf(FieldTy->getPointeeType());
    }
    Entries.push_back(Entry);
    return;
  }
  Entry.Size = sizeOf(CapVar->getType().getNonReferenceType());
  if (FirstPrivates.contains(CapVar->getCanonicalDecl()))
    Entry.Type |= COT_MAP_PRIVATE | COT_MAP_TO;
  else if (lambdaClosureOf(CapVar->getType()))
    // As upstream: a lambda is firstprivate, its captures attached to the
    // device copy (buildForClosureCaptures).
    Entry.Type |= COT_MAP_PRIVATE | COT_MAP_TO | COT_MAP_IMPLICIT;
  else
    Entry.Type |= COT_MAP_TO | COT_MAP_FROM | COT_MAP_IMPLICIT;
  Entries.push_back(Entry);
}

/// Gives a kernel-argument entry the value its capture passes, for the host
/// lowering of deferred (nowait/depend) regions, where the outlined call is
/// not in the construct's function. Literals pass the variable's address and
/// size so the lowering can load its bytes.
void Builder::setBaseFromCapture(MapEntry &Entry, Expr *CaptureInit,
                                 const CapturedStmt::Capture &Cap) {
  if (Entry.Base || !CaptureInit)
    return;
  if (Cap.capturesThis()) {
    Entry.Base = CaptureInit;
    return;
  }
  if (!Cap.capturesVariableByCopy()) {
    Entry.Base = addressOf(CaptureInit);
    return;
  }
  if (Entry.Type & COT_MAP_LITERAL) {
    if (!CaptureInit->isLValue())
      return;
    Entry.Begin = addressOf(CaptureInit);
    Entry.Size = sizeOf(CaptureInit->getType());
    return;
  }
  Entry.Base = rvalue(CaptureInit);
}

/// OpenMP 5.0 (2.19.7) / 5.1 (2.17, clauses on combined constructs): a
/// lastprivate or linear list item of a combined target construct that is
/// not the base of a map item is treated as if it appeared in map(tofrom:).
/// Clang does this for reduction alone, by capturing the variable by
/// reference; buildForTarget does the same for these variables in all
/// capture regions of the construct (task of nowait/depend, target, teams,
/// parallel), so that the variable is mapped (the last case of
/// buildForCapture) and the copy-back of the last iteration's value reaches
/// it.
DenseSet<const Decl *> Builder::copiedBackVariables() {
  DenseSet<const Decl *> Vars;
  auto AddVars = [&](auto *C) {
    for (const Expr *E : C->varlists())
      if (auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
        if (none_of(Items, [&](const MapItem &I) {
              return I.isRootedAt(DRE->getDecl());
            }))
          Vars.insert(DRE->getDecl()->getCanonicalDecl());
  };
  for (const auto *C : D.getClausesOfKind<OMPLastprivateClause>())
    AddVars(C);
  for (const auto *C : D.getClausesOfKind<OMPLinearClause>())
    AddVars(C);
  return Vars;
}

/// A variable that Clang captures by copy but that a map item names is
/// mapped storage: the implicit map of `defaultmap(present: scalar)` (map
/// type alloc with the present modifier, OpenMP 5.1, 2.21.7.3), which Clang
/// 19 leaves captured by copy, unlike the other defaultmap behaviours. It is
/// captured by reference, as for an explicit map, so that the region works
/// on the device copy. (A by-copy pointer with a map keeps its own handling,
/// the argument being its pointee, and so does a reference.) Adds these
/// variables to \p Vars.
void Builder::addMappedScalarsCapturedByCopy(DenseSet<const Decl *> &Vars) {
  for (const CapturedStmt::Capture &Cap :
       D.getCapturedStmt(llvm::omp::OMPD_target)->captures()) {
    if (!Cap.capturesVariableByCopy())
      continue;
    ValueDecl *Var = Cap.getCapturedVar();
    QualType T = Var->getType();
    if (!T->isScalarType() || T->isPointerType())
      continue;
    if (any_of(Items, [&](const MapItem &I) { return I.isRootedAt(Var); }))
      Vars.insert(Var->getCanonicalDecl());
  }
}

/// The expression an array section or subscript chain starts from
/// (v in v[0:n][1]), without parentheses and implicit casts.
static const Expr *sectionRoot(const Expr *E) {
  for (E = E->IgnoreParenImpCasts();; E = E->IgnoreParenImpCasts()) {
    if (const auto *AS = dyn_cast<ArraySectionExpr>(E))
      E = AS->getBase();
    else if (const auto *Subscript = dyn_cast<ArraySubscriptExpr>(E))
      E = Subscript->getBase();
    else
      return E;
  }
}

void Builder::buildForTarget() {
  DenseSet<const Decl *> CopiedBack = copiedBackVariables();
  DenseSet<const Decl *> ByReference = CopiedBack;
  addMappedScalarsCapturedByCopy(ByReference);
  if (!ByReference.empty())
    captureByReference(Ctx, D, ByReference);
  DenseSet<const Decl *> DevPtrs, FirstPrivates;
  for (const auto *C : D.getClausesOfKind<OMPIsDevicePtrClause>())
    for (const Expr *E : C->varlists())
      if (auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
        DevPtrs.insert(DRE->getDecl()->getCanonicalDecl());
  // has_device_addr names a variable or an array section of one (v[0:n]):
  // either way the variable's address is the device address.
  for (const auto *C : D.getClausesOfKind<OMPHasDeviceAddrClause>())
    for (const Expr *E : C->varlists())
      if (auto *DRE = dyn_cast<DeclRefExpr>(sectionRoot(E)))
        DevPtrs.insert(DRE->getDecl()->getCanonicalDecl());
  // Clang lists pointers it treats as zero-length sections as implicit
  // firstprivates; only a written firstprivate keeps the host value. One
  // that is also lastprivate applies to the inner constructs alone (OpenMP
  // 5.1, 2.17), as the variable is mapped.
  for (const auto *C : D.getClausesOfKind<OMPFirstprivateClause>())
    for (const Expr *E : C->varlists())
      if (auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
        if ((!C->isImplicit() ||
             !DRE->getDecl()->getType()->isPointerType()) &&
            !CopiedBack.contains(DRE->getDecl()->getCanonicalDecl()))
          FirstPrivates.insert(DRE->getDecl()->getCanonicalDecl());

  auto *CS = const_cast<CapturedStmt *>(
      D.getCapturedStmt(llvm::omp::OMPD_target));
  // Capture initialisers are written in the context of their region's
  // parent; for `target nowait` the target region sits inside a task region,
  // so take the initialisers of the outermost region, which are written in
  // the construct's own context, where the markers go.
  auto *Outer = cast<CapturedStmt>(D.getAssociatedStmt());
  DenseMap<const Decl *, Expr *> OuterInits;
  Expr *OuterThis = nullptr;
  Expr **OuterInit = Outer->capture_init_begin();
  for (const CapturedStmt::Capture &Cap : Outer->captures()) {
    Expr *E = *OuterInit++;
    if (Cap.capturesThis())
      OuterThis = E;
    else if (!Cap.capturesVariableArrayType())
      OuterInits[Cap.getCapturedVar()->getCanonicalDecl()] = E;
  }
  auto Field = CS->getCapturedRecordDecl()->field_begin();
  Expr **Init = CS->capture_init_begin();
  for (const CapturedStmt::Capture &Cap : CS->captures()) {
    QualType FieldTy = (*Field++)->getType();
    Expr *CaptureInit = *Init++;
    if (Outer != CS) {
      if (Cap.capturesThis())
        CaptureInit = OuterThis;
      else if (!Cap.capturesVariableArrayType())
        CaptureInit =
            OuterInits.lookup(Cap.getCapturedVar()->getCanonicalDecl());
    }
    if (Cap.capturesVariableArrayType()) {
      MapEntry Entry;
      Entry.Type = COT_MAP_TARGET_PARAM | COT_MAP_LITERAL;
      Entries.push_back(Entry);
      continue;
    }
    ValueDecl *Var = Cap.capturesThis() ? nullptr : Cap.getCapturedVar();
    bool ByCopy = Cap.capturesThis() || Cap.capturesVariableByCopy();
    size_t First = Entries.size();
    buildForCapture(Var, FieldTy, ByCopy, DevPtrs, FirstPrivates);
    if (First == Entries.size())
      continue;
    setBaseFromCapture(Entries[First], CaptureInit, Cap);
    if (Var && !ByCopy && CaptureInit)
      noteMappedClosure(Var, First, CaptureInit);
  }
  emitRemainingItems();
  // Last: the captured variables' own maps are in place by then.
  buildForClosureCaptures();
}

} // namespace mapentries
} // namespace cot

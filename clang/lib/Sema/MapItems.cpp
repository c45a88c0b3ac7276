//===- MapItems.cpp - Map items of a construct ----------------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Collects the items of a construct's map, motion, is_device_ptr and
// has_device_addr clauses (explicit, and the implicit ones Clang's Sema
// added) and classifies each by the path from its root to the mapped
// storage (Plain, RootPointee, Member, PtrAndObj: MapEntryBuilder.cpp). An
// item that several map clauses name is mapped once, with the map types
// combined.
//
//===----------------------------------------------------------------------===//

#include "MapEntryBuilderImpl.h"
#include "clang-offload/Sema/ExprRebuild.h"

#include "OffloadABI.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ExprOpenMP.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/Sema/Sema.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/FoldingSet.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;
using namespace llvm;

namespace cot {
namespace mapentries {

bool isPointerTyped(const Expr *Base) {
  QualType T = Base->IgnoreParenImpCasts()->getType();
  return T->isPointerType();
}

/// Whether \p E is *p or p[0].
static bool isFirstPointee(ASTContext &Ctx, const Expr *E) {
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return UO->getOpcode() == UO_Deref;
  const auto *ASE = dyn_cast<ArraySubscriptExpr>(E);
  Expr::EvalResult Index;
  return ASE && ASE->getIdx()->EvaluateAsInt(Index, Ctx) &&
         Index.Val.getInt().isZero();
}

Expr *withoutOpaqueBase(ASTContext &Ctx, Expr *E) {
  auto *ME = dyn_cast<MemberExpr>(E->IgnoreParens());
  if (!ME)
    return E;
  Expr *Base = ME->getBase();
  auto *OVE = dyn_cast<OpaqueValueExpr>(Base->IgnoreParens());
  Expr *NewBase = OVE ? OVE->getSourceExpr() : withoutOpaqueBase(Ctx, Base);
  if (!NewBase || NewBase == Base)
    return E;
  return MemberExpr::Create(
      Ctx, NewBase, ME->isArrow(), ME->getOperatorLoc(), ME->getQualifierLoc(),
      ME->getTemplateKeywordLoc(), ME->getMemberDecl(), ME->getFoundDecl(),
      ME->getMemberNameInfo(), nullptr, ME->getType(), ME->getValueKind(),
      ME->getObjectKind(), ME->isNonOdrUse());
}

bool Builder::analyse(MapItem &Item) {
  SmallVector<Expr *, 8> Path;
  Expr *Cur = Item.E;
  while (true) {
    Cur = Cur->IgnoreParenImpCasts();
    Path.push_back(Cur);
    if (auto *AS = dyn_cast<ArraySectionExpr>(Cur))
      Cur = AS->getBase();
    else if (auto *ASE = dyn_cast<ArraySubscriptExpr>(Cur))
      Cur = ASE->getBase();
    else if (auto *ME = dyn_cast<MemberExpr>(Cur))
      Cur = ME->getBase();
    else if (auto *UO = dyn_cast<UnaryOperator>(Cur);
             UO && UO->getOpcode() == UO_Deref)
      Cur = UO->getSubExpr();
    else
      break;
  }
  Expr *Root = Path.back();
  if (auto *DRE = dyn_cast<DeclRefExpr>(Root)) {
    Item.RootDecl = DRE->getDecl();
  } else if (!isa<CXXThisExpr>(Root)) {
    unsupported(Item.E, "this kind of expression");
    return false;
  }
  Item.RootExpr = Root;

  // Walk from the root towards the item; Path[I] is reached from Path[I+1].
  bool SeenPointer = false, SeenMember = false;
  for (size_t I = Path.size() - 1; I-- > 0;) {
    Expr *Step = Path[I];
    Expr *From = Path[I + 1];
    bool ThroughPointer = false;
    if (auto *ME = dyn_cast<MemberExpr>(Step))
      ThroughPointer = ME->isArrow();
    else if (isa<ArraySectionExpr>(Step) || isa<ArraySubscriptExpr>(Step))
      ThroughPointer = isPointerTyped(From);
    else
      ThroughPointer = true; // unary *
    bool AtRoot = I + 2 == Path.size();
    if (ThroughPointer) {
      if (AtRoot)
        Item.ThroughRootPointer = true;
      else
        Item.PointerLValue = From;
      SeenPointer = true;
    }
    // A member of the object the root is or points to: s.a, p->a, and
    // also p[0].a and (*p).a.
    if (auto *ME = dyn_cast<MemberExpr>(Step)) {
      if (!SeenMember && !Item.PointerLValue &&
          (!SeenPointer || AtRoot ||
           (I + 3 == Path.size() && isFirstPointee(Ctx, From))))
        Item.TopMember = ME;
      SeenMember = true;
    }
  }
  if (isa<CXXThisExpr>(Root))
    Item.ThroughRootPointer = true;

  if (Item.PointerLValue)
    Item.Kind = ItemKind::PtrAndObj;
  else if (Item.TopMember)
    Item.Kind = ItemKind::Member;
  else if (Item.ThroughRootPointer)
    Item.Kind = ItemKind::RootPointee;
  else
    Item.Kind = ItemKind::Plain;
  return true;
}

uint64_t Builder::defaultMapType() const {
  switch (D.getDirectiveKind()) {
  case llvm::omp::OMPD_target_enter_data:
    return COT_MAP_TO;
  case llvm::omp::OMPD_target_exit_data:
    return COT_MAP_FROM;
  default:
    return COT_MAP_TO | COT_MAP_FROM;
  }
}

/// Whether the storage \p E maps is const: copying it back could write
/// read-only memory, and cannot change it anyway.
static bool mapsConstStorage(ASTContext &Ctx, const Expr *E) {
  E = E->IgnoreParenImpCasts();
  QualType T = E->getType();
  if (const auto *AS = dyn_cast<ArraySectionExpr>(E)) {
    T = ArraySectionExpr::getBaseOriginalType(AS->getBase());
    if (const auto *PT = T->getAs<PointerType>())
      T = PT->getPointeeType();
  }
  return Ctx.getBaseElementType(T.getNonReferenceType()).isConstQualified();
}

void Builder::addItem(Expr *E, uint64_t Type, bool Implicit) {
  if (mapsConstStorage(Ctx, E))
    Type &= ~uint64_t(COT_MAP_FROM);
  MapItem Item;
  Item.E = E;
  Item.Type = Type | (Implicit ? COT_MAP_IMPLICIT : 0);
  Item.Name = sourceText(E);
  if (analyse(Item))
    Items.push_back(std::move(Item));
}

uint64_t mapTypeBits(OpenMPMapClauseKind Kind, uint64_t Default) {
  switch (Kind) {
  case OMPC_MAP_to:
    return COT_MAP_TO;
  case OMPC_MAP_from:
    return COT_MAP_FROM;
  case OMPC_MAP_tofrom:
    return COT_MAP_TO | COT_MAP_FROM;
  case OMPC_MAP_delete:
    return COT_MAP_DELETE;
  case OMPC_MAP_alloc:
  case OMPC_MAP_release:
    return 0;
  default:
    return Default;
  }
}

/// An array shaping expression ([n][m])p (OpenMP 5.0, motion clauses)
/// stands for the contiguous section p[0:n*m]; other expressions stay as
/// they are. The section is parenthesised with the shaping expression's
/// source range, so that the entry keeps its name.
Expr *Builder::sectionOfShape(Expr *E) {
  auto *Shape = dyn_cast<OMPArrayShapingExpr>(E->IgnoreParens());
  if (!Shape)
    return E;
  Expr *Length = nullptr;
  for (Expr *Dim : Shape->getDimensions())
    Length =
        Length ? S.CreateBuiltinBinOp(Loc, BO_Mul, Length, Dim).get() : Dim;
  auto *Section = new (Ctx) ArraySectionExpr(
      Shape->getBase(), integer(0), Length, /*Stride=*/nullptr,
      Ctx.ArraySectionTy, VK_LValue, OK_Ordinary, Loc, SourceLocation(), Loc);
  return new (Ctx) ParenExpr(Shape->getBeginLoc(), Shape->getEndLoc(), Section);
}

/// The map type of one mapping for an item that two map clauses name: the
/// data motion and modifiers of both; implicit only if both are.
static uint64_t combineRepeatedType(uint64_t A, uint64_t B) {
  return ((A | B) & ~uint64_t(COT_MAP_IMPLICIT)) | (A & B & COT_MAP_IMPLICIT);
}

/// A list item that several map clauses of the construct name (the same
/// expression) gets one mapping with their map types combined, as Clang
/// does: map(alloc: x) map(to: x) copies x to the device. Two entries would
/// make the second find x present and move nothing.
void Builder::mergeRepeatedItems() {
  DenseMap<unsigned, SmallVector<size_t, 1>> ByHash;
  std::vector<MapItem> Merged;
  std::vector<llvm::FoldingSetNodeID> Profiles;
  for (MapItem &Item : Items) {
    llvm::FoldingSetNodeID Profile;
    Item.E->Profile(Profile, Ctx, /*Canonical=*/true);
    SmallVector<size_t, 1> &Same = ByHash[Profile.ComputeHash()];
    auto Repeated =
        llvm::find_if(Same, [&](size_t I) { return Profiles[I] == Profile; });
    if (Repeated != Same.end()) {
      MapItem &First = Merged[*Repeated];
      First.Type = combineRepeatedType(First.Type, Item.Type);
      continue;
    }
    Same.push_back(Merged.size());
    Profiles.push_back(Profile);
    Merged.push_back(std::move(Item));
  }
  Items = std::move(Merged);
}

/// Adds what a motion clause moves for \p E, naming items without a name
/// of their own \p Name; a mapper's item that moves nothing in this
/// direction is left out.
void Builder::addMotionItems(Expr *E, const Expr *MapperRef, uint64_t Type,
                             StringRef Name) {
  size_t First = Items.size();
  addMappedItems(E, MapperRef, Type, /*Implicit=*/false, /*Depth=*/0);
  Items.erase(std::remove_if(Items.begin() + First, Items.end(),
                             [](const MapItem &I) {
                               return !(I.Type & (COT_MAP_TO | COT_MAP_FROM));
                             }),
              Items.end());
  for (size_t I = First; I < Items.size(); ++I)
    if (Items[I].Name.empty())
      Items[I].Name = Name.str();
}

uint64_t mapClauseBits(const OMPMapClause &C, uint64_t Default) {
  uint64_t Type = mapTypeBits(C.getMapType(), Default);
  for (OpenMPMapModifierKind M : C.getMapTypeModifiers()) {
    if (M == OMPC_MAP_MODIFIER_always)
      Type |= COT_MAP_ALWAYS;
    else if (M == OMPC_MAP_MODIFIER_close)
      Type |= COT_MAP_CLOSE;
    else if (M == OMPC_MAP_MODIFIER_present)
      Type |= COT_MAP_PRESENT;
  }
  return Type;
}

/// The values of the iterators of a map clause's iterator modifier (OpenMP
/// 5.1), one combination a row, when their ranges are constants of at most
/// MaxIteratedItems combinations; nothing otherwise.
static std::optional<std::vector<SmallVector<int64_t, 2>>>
iteratorValues(ASTContext &Ctx, const OMPIteratorExpr &It) {
  constexpr size_t MaxIteratedItems = 1024;
  std::vector<SmallVector<int64_t, 2>> Rows = {{}};
  for (unsigned I = 0; I < It.numOfIterators(); ++I) {
    OMPIteratorExpr::IteratorRange R = It.getIteratorRange(I);
    Expr::EvalResult Begin, End, Step;
    if (!R.Begin || !R.End || !R.Begin->EvaluateAsInt(Begin, Ctx) ||
        !R.End->EvaluateAsInt(End, Ctx) ||
        (R.Step && !R.Step->EvaluateAsInt(Step, Ctx)))
      return std::nullopt;
    int64_t First = Begin.Val.getInt().getExtValue();
    int64_t Last = End.Val.getInt().getExtValue();
    int64_t By = R.Step ? Step.Val.getInt().getExtValue() : 1;
    if (By == 0)
      return std::nullopt;
    std::vector<SmallVector<int64_t, 2>> Next;
    for (const auto &Row : Rows)
      for (int64_t V = First; By > 0 ? V < Last : V > Last; V += By) {
        if (Next.size() == MaxIteratedItems)
          return std::nullopt;
        Next.push_back(Row);
        Next.back().push_back(V);
      }
    Rows = std::move(Next);
  }
  return Rows;
}

/// A map clause with an iterator modifier maps each item once for each
/// combination of the iterators' values, written out as constants.
void Builder::addIteratedItems(const OMPMapClause &C, uint64_t Type) {
  auto *It = cast<OMPIteratorExpr>(
      const_cast<OMPMapClause &>(C).getIteratorModifier());
  std::optional<std::vector<SmallVector<int64_t, 2>>> Rows =
      iteratorValues(Ctx, *It);
  if (!Rows) {
    unsupported(It, "an iterator modifier whose ranges are not constants "
                    "(of at most 1024 combinations)");
    return;
  }
  for (const SmallVector<int64_t, 2> &Values : *Rows)
    for (const Expr *E : C.varlists()) {
      Expr *Item = rebuildReferences(
          Ctx, withoutOpaqueBase(Ctx, const_cast<Expr *>(E)),
          [&](DeclRefExpr *DRE) -> Expr * {
            for (unsigned I = 0; I < It->numOfIterators(); ++I)
              if (DRE->getDecl() == It->getIteratorDecl(I))
                return IntegerLiteral::Create(
                    Ctx, APInt(Ctx.getIntWidth(DRE->getType()), Values[I], true),
                    DRE->getType(), Loc);
            return nullptr;
          });
      if (!Item) {
        unsupported(E, "this item of a map clause with an iterator modifier");
        return;
      }
      size_t First = Items.size();
      addMappedItems(Item, /*MapperRef=*/nullptr, Type, /*Implicit=*/false,
                     /*Depth=*/0);
      for (size_t I = First; I < Items.size(); ++I)
        if (Items[I].Name.empty())
          Items[I].Name = sourceText(E);
    }
}

void Builder::collectItems() {
  for (const auto *C : D.getClausesOfKind<OMPMapClause>()) {
    uint64_t Type = mapClauseBits(*C, defaultMapType());
    if (const_cast<OMPMapClause *>(C)->getIteratorModifier()) {
      addIteratedItems(*C, Type);
      continue;
    }
    auto Mapper = C->mapperlist_begin();
    for (const Expr *E : C->varlists()) {
      const Expr *MapperRef =
          Mapper != C->mapperlist_end() ? *Mapper++ : nullptr;
      addMappedItems(withoutOpaqueBase(Ctx, const_cast<Expr *>(E)), MapperRef,
                     Type, C->isImplicit(), /*Depth=*/0);
    }
  }
  mergeRepeatedItems();
  // Motion clauses use declare mappers too (OpenMP 5.0, 2.12.6.1); a
  // mapper's item that moves nothing in this direction is left out.
  auto AddMotion = [&](auto *C, uint64_t Type) {
    for (OpenMPMotionModifierKind M : C->getMotionModifiers())
      if (M == OMPC_MOTION_MODIFIER_present)
        Type |= COT_MAP_PRESENT;
    auto Mapper = C->mapperlist_begin();
    for (const Expr *E : C->varlists()) {
      const Expr *MapperRef =
          Mapper != C->mapperlist_end() ? *Mapper++ : nullptr;
      Expr *Item = sectionOfShape(const_cast<Expr *>(E));
      if (!addNonContiguousMotion(Item, MapperRef, Type))
        addMotionItems(Item, MapperRef, Type, /*Name=*/"");
    }
  };
  for (const auto *C : D.getClausesOfKind<OMPToClause>())
    AddMotion(C, COT_MAP_TO);
  for (const auto *C : D.getClausesOfKind<OMPFromClause>())
    AddMotion(C, COT_MAP_FROM);
}

} // namespace mapentries
} // namespace cot

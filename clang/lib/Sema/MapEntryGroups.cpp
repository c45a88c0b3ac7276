//===- MapEntryGroups.cpp - Entries of the items of one root --------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Emits the entries of the items that share one root: the head entry (the
// root or storage in it), members grouped under a parent entry that spans
// them, and pointees attached to the device copy of the pointer they hang
// off (PTR_AND_OBJ), declare-target pointers included.
//
//===----------------------------------------------------------------------===//

#include "MapEntryBuilderImpl.h"

#include "OffloadABI.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclOpenMP.h"
#include "clang/Sema/Sema.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;
using namespace llvm;

namespace cot {
namespace mapentries {

void Builder::emitItem(MapItem &Item, uint64_t ExtraBits, int Parent) {
  MapEntry Entry;
  Entry.Type = Item.Type | ExtraBits;
  Entry.Name = Item.Name;
  if (Parent >= 0)
    Entry.Type |= uint64_t(Parent + 1) << COT_MAP_MEMBER_OF_SHIFT;
  Entry.Begin = itemBegin(Item);
  Entry.Size = itemSize(Item);
  switch (Item.Kind) {
  case ItemKind::Plain:
  case ItemKind::RootPointee:
    Entry.Base = rootBase(Item);
    break;
  case ItemKind::Member:
    Entry.Base = Entry.Begin;
    break;
  case ItemKind::PtrAndObj:
    Entry.Base = addressOf(Item.PointerLValue);
    Entry.Type |= COT_MAP_PTR_AND_OBJ;
    break;
  }
  Item.Consumed = true;
  Entries.push_back(Entry);
}

/// Whether \p Item's storage lies behind a declare-target pointer variable.
/// The device has its own copy of that pointer, mapped for the whole
/// program, which the kernels read instead of an argument: the storage must
/// be attached to it.
static bool isBehindDeviceGlobalPointer(const MapItem &Item) {
  const auto *VD = dyn_cast_or_null<VarDecl>(Item.RootDecl);
  return Item.ThroughRootPointer && VD && VD->hasGlobalStorage() &&
         OMPDeclareTargetDeclAttr::isDeclareTargetDeclaration(VD);
}

/// p[l:n] behind a declare-target pointer p: attached to p, see above.
static bool isDeviceGlobalPointee(const MapItem &Item) {
  return Item.Kind == ItemKind::RootPointee &&
         isBehindDeviceGlobalPointer(Item);
}

/// Emits a parent entry spanning the members' storage in the root object,
/// then the members as its children. With \p AttachToRoot, the members lie
/// behind the root pointer, which is mapped: the parent is attached to it.
void Builder::emitMemberGroup(ArrayRef<MapItem *> Members, bool TargetParam,
                              bool BaseFromCall, bool AttachToRoot) {
  auto OffsetOf = [&](const MapItem *I) {
    const auto *FD = dyn_cast<FieldDecl>(I->TopMember->getMemberDecl());
    return FD ? Ctx.getFieldOffset(FD) : 0;
  };
  auto EndOf = [&](const MapItem *I) {
    return OffsetOf(I) +
           Ctx.getTypeSize(I->TopMember->getType().getNonReferenceType());
  };
  const MapItem *Low = *llvm::min_element(
      Members, [&](auto *A, auto *B) { return OffsetOf(A) < OffsetOf(B); });
  const MapItem *High = *llvm::max_element(
      Members, [&](auto *A, auto *B) { return EndOf(A) < EndOf(B); });

  MapEntry Parent;
  Parent.Name = sourceText(Members.front()->RootExpr);
  Parent.Base = BaseFromCall ? nullptr : rootBase(*Members.front());
  Parent.Begin = addressOf(Low->TopMember);
  Expr *HighEnd =
      S.CreateBuiltinBinOp(Loc, BO_Add, addressOf(High->TopMember), integer(1))
          .get();
  Parent.Size = byteDistance(Parent.Begin, HighEnd);
  Parent.Type = TargetParam ? COT_MAP_TARGET_PARAM : 0;
  if (AttachToRoot) {
    Parent.Base = addressOf(Members.front()->RootExpr);
    Parent.Type |= COT_MAP_PTR_AND_OBJ;
  }
  // The parent carries the members' data motion only through them; it
  // inherits `present` and `delete` so that those apply to the object.
  for (const MapItem *M : Members)
    Parent.Type |=
        M->Type & (COT_MAP_PRESENT | COT_MAP_DELETE | COT_MAP_IMPLICIT);
  int ParentIndex = Entries.size();
  Entries.push_back(Parent);
  for (MapItem *M : Members)
    emitItem(*M, 0, ParentIndex);
}

/// Appends the head entry of a root's entries; returns its index.
int Builder::pushHeadEntry(std::string Name, Expr *Base, Expr *Begin,
                           Expr *Size, uint64_t Type, bool TargetParam) {
  MapEntry Entry;
  Entry.Name = std::move(Name);
  Entry.Base = Base;
  Entry.Begin = Begin;
  Entry.Size = Size;
  Entry.Type = Type | (TargetParam ? COT_MAP_TARGET_PARAM : 0);
  Entries.push_back(Entry);
  return Entries.size() - 1;
}

/// The motion and modifiers of \p Item that a head entry for the pointers
/// it hangs off keeps.
static uint64_t pointerHeadType(const MapItem &Item) {
  return Item.Type &
         (COT_MAP_TO | COT_MAP_DELETE | COT_MAP_PRESENT | COT_MAP_IMPLICIT);
}

/// For pp[i][0:n]: maps the intermediate pointer's storage (pp[i]) so that
/// the section can be attached to its device copy, as the head of the
/// root's entries (the kernel argument for target constructs).
int Builder::emitIntermediatePointer(MapItem &Item, bool TargetParam,
                                     bool BaseFromCall) {
  return pushHeadEntry(
      sourceText(Item.PointerLValue), BaseFromCall ? nullptr : rootBase(Item),
      addressOf(Item.PointerLValue), sizeOf(Item.PointerLValue->getType()),
      pointerHeadType(Item), TargetParam);
}

/// For pp[0][0:n], pp[1][0:n], ... (a map clause's iterator written out, or
/// rows listed one by one): maps the pointers pp[lo..hi] as one piece, as
/// the head of the root's entries, when every index is a constant: mapped
/// one by one, each pointer was storage of its own, and the kernel, which
/// gets pp[lo]'s device address, found the others nowhere. -1 otherwise.
int Builder::emitPointerSpan(ArrayRef<MapItem *> Through, bool TargetParam,
                             bool BaseFromCall) {
  std::optional<uint64_t> Lo, Hi;
  for (MapItem *I : Through) {
    auto *Sub = dyn_cast<ArraySubscriptExpr>(I->PointerLValue->IgnoreParens());
    std::optional<uint64_t> Index =
        Sub ? constantOf(Ctx, Sub->getIdx()) : std::nullopt;
    if (!Index || Sub->getBase()->IgnoreParenImpCasts() !=
                      Through.front()->RootExpr->IgnoreParenImpCasts())
      return -1;
    Lo = Lo ? std::min(*Lo, *Index) : *Index;
    Hi = Hi ? std::max(*Hi, *Index) : *Index;
  }
  MapItem &First = *Through.front();
  QualType PointerTy = First.PointerLValue->getType();
  Expr *Root = rvalue(First.RootExpr);
  Expr *LoSlot =
      S.CreateBuiltinArraySubscriptExpr(Root, Loc, integer(*Lo), Loc).get();
  if (!LoSlot)
    return -1;
  return pushHeadEntry(sourceText(First.RootExpr) + "[" + std::to_string(*Lo) +
                           ":" + std::to_string(*Hi - *Lo + 1) + "]",
                       BaseFromCall ? nullptr : rootBase(First),
                       addressOf(LoSlot),
                       S.CreateBuiltinBinOp(Loc, BO_Mul, sizeOf(PointerTy),
                                            integer(*Hi - *Lo + 1))
                           .get(),
                       pointerHeadType(First), TargetParam);
}

/// For p[i][0:n] with p an array of pointers that no item maps itself: maps
/// all of p, as an implicit map of it would, as the head of the root's
/// entries (the kernel argument), so that each section attaches to the
/// device copy of its pointer. Without it the kernel missed its argument.
int Builder::emitRootStorage(MapItem &Item, bool TargetParam,
                             bool BaseFromCall) {
  return pushHeadEntry(
      sourceText(Item.RootExpr), BaseFromCall ? nullptr : rootBase(Item),
      addressOf(Item.RootExpr), sizeOf(Item.RootExpr->getType()),
      COT_MAP_TO | COT_MAP_FROM | COT_MAP_IMPLICIT, TargetParam);
}

/// Whether \p Item hangs off a pointer stored in its root array itself.
static bool hangsOffRootElement(const MapItem &Item) {
  return Item.Kind == ItemKind::PtrAndObj && !Item.TopMember &&
         !Item.ThroughRootPointer && Item.RootDecl &&
         Item.RootExpr->getType()->isArrayType();
}

/// The item whose entry heads its root's entries: the first Plain item (the
/// root itself, or storage in it) or RootPointee item that is not behind a
/// declare-target pointer; null if none.
static MapItem *groupHead(ArrayRef<MapItem *> Group) {
  auto *Head = llvm::find_if(Group, [](MapItem *I) {
    return I->Kind == ItemKind::Plain ||
           (I->Kind == ItemKind::RootPointee && !isDeviceGlobalPointee(*I));
  });
  return Head != Group.end() ? *Head : nullptr;
}

void putPlainItemsFirst(SmallVectorImpl<MapItem *> &Group) {
  auto IsPlain = [](MapItem *I) { return I->Kind == ItemKind::Plain; };
  SmallVector<MapItem *, 4> Ordered(make_filter_range(Group, IsPlain));
  llvm::append_range(Ordered, make_filter_range(Group, std::not_fn(IsPlain)));
  Group.assign(Ordered.begin(), Ordered.end());
}

/// Emits the entries of items that share one root: the group's head, then
/// members and pointees.
void Builder::buildForItems(MutableArrayRef<MapItem *> Group, bool TargetParam,
                            bool BaseFromCall) {
  MapItem *Head = groupHead(Group);
  SmallVector<MapItem *, 4> Members;
  int HeadIndex = -1;
  if (!Head) {
    SmallVector<MapItem *, 4> Through;
    for (MapItem *I : Group)
      if (I->Kind == ItemKind::PtrAndObj && !I->TopMember &&
          I->ThroughRootPointer)
        Through.push_back(I);
    if (Through.size() > 1)
      HeadIndex = emitPointerSpan(Through, TargetParam, BaseFromCall);
    if (HeadIndex < 0 && !Through.empty())
      HeadIndex =
          emitIntermediatePointer(*Through.front(), TargetParam, BaseFromCall);
  }
  if (!Head && HeadIndex < 0 && TargetParam)
    if (auto *I = llvm::find_if(
            Group, [](MapItem *I) { return hangsOffRootElement(*I); });
        I != Group.end())
      HeadIndex = emitRootStorage(**I, TargetParam, BaseFromCall);
  if (Head) {
    HeadIndex = Entries.size();
    emitItem(*Head, TargetParam ? COT_MAP_TARGET_PARAM : 0, -1);
    if (BaseFromCall)
      Entries.back().Base = nullptr;
  }
  for (MapItem *I : Group) {
    if (I == Head)
      continue;
    // With the pointer itself mapped, what it points to is attached to the
    // device copy of the pointer.
    if (I->Kind == ItemKind::RootPointee &&
        ((Head && Head->Kind == ItemKind::Plain) ||
         isDeviceGlobalPointee(*I))) {
      I->Kind = ItemKind::PtrAndObj;
      I->PointerLValue = I->RootExpr;
    }
    // Storage reached through a pointer that is not a member of the root
    // object (pp[i][0:n]) attaches to that pointer wherever it is mapped.
    if (I->Kind == ItemKind::PtrAndObj && !I->TopMember) {
      emitItem(*I, 0, -1);
      continue;
    }
    // Members of what the mapped root pointer points to are grouped, and
    // the group is attached to the pointer.
    bool InHead =
        Head && !(Head->Kind == ItemKind::Plain && I->ThroughRootPointer);
    if (I->Kind == ItemKind::Member || I->Kind == ItemKind::PtrAndObj) {
      if (InHead)
        emitItem(*I, 0, HeadIndex);
      else
        Members.push_back(I);
      continue;
    }
    emitItem(*I, 0, -1);
  }
  if (Members.empty())
    return;
  if (Head)
    emitMemberGroup(Members, /*TargetParam=*/false, /*BaseFromCall=*/false,
                    /*AttachToRoot=*/true);
  else
    emitMemberGroup(Members, TargetParam, BaseFromCall,
                    isBehindDeviceGlobalPointer(*Members.front()));
}

/// Items whose root is not an argument of the region, and all items of
/// data constructs: grouped by root, in clause order.
void Builder::emitRemainingItems() {
  // Motion clauses move exactly the listed storage: no parent objects.
  bool IsUpdate = D.getDirectiveKind() == llvm::omp::OMPD_target_update;
  for (size_t I = 0; I < Items.size(); ++I) {
    if (Items[I].Consumed)
      continue;
    if (IsUpdate) {
      if (Items[I].Kind == ItemKind::Member)
        Items[I].Kind = ItemKind::Plain;
      emitItem(Items[I], 0, -1);
      if (Items[I].Kind == ItemKind::Plain && Items[I].TopMember)
        Entries.back().Base = Entries.back().Begin;
      continue;
    }
    SmallVector<MapItem *, 4> Group;
    for (size_t J = I; J < Items.size(); ++J)
      if (!Items[J].Consumed && Items[J].RootDecl == Items[I].RootDecl)
        Group.push_back(&Items[J]);
    putPlainItemsFirst(Group);
    buildForItems(Group, /*TargetParam=*/false, /*BaseFromCall=*/false);
  }
}

} // namespace mapentries
} // namespace cot

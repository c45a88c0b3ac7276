//===- DeclareMapper.cpp - Declare mapper expansion -----------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Declare mappers (OpenMP 5.0) apply to map and motion clause items of
// their type: the item is replaced by what the mapper maps for it, with the
// map types combined, recursively; on arrays and array sections they apply
// per element.
//
//===----------------------------------------------------------------------===//

#include "MapEntryBuilderImpl.h"
#include "clang-offload/Sema/ExprRebuild.h"

#include "OffloadABI.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclOpenMP.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ExprOpenMP.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/Sema/Sema.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;
using namespace llvm;

namespace cot {
namespace mapentries {

/// The type a declare mapper must have to apply to \p E: the element type
/// of arrays and array sections.
static QualType mappedElementType(ASTContext &Ctx, const Expr *E) {
  E = E->IgnoreParenImpCasts();
  QualType T = E->getType().getNonReferenceType();
  if (const auto *AS = dyn_cast<ArraySectionExpr>(E)) {
    T = ArraySectionExpr::getBaseOriginalType(AS->getBase());
    if (const auto *PT = T->getAs<PointerType>())
      T = PT->getPointeeType();
  }
  return Ctx.getBaseElementType(T.getNonReferenceType());
}

/// The declare mapper for \p E that its clause names (a reference that can
/// list the mappers of several types), if any.
static const OMPDeclareMapperDecl *
mapperOf(ASTContext &Ctx, const Expr *MapperRef, const Expr *E) {
  if (!MapperRef)
    return nullptr;
  QualType T = mappedElementType(Ctx, E);
  auto Matches = [&](const NamedDecl *D) {
    const auto *M = dyn_cast<OMPDeclareMapperDecl>(D);
    return M && Ctx.hasSameUnqualifiedType(M->getType(), T) ? M : nullptr;
  };
  if (const auto *DRE = dyn_cast<DeclRefExpr>(MapperRef))
    return Matches(DRE->getDecl());
  if (const auto *ULE = dyn_cast<UnresolvedLookupExpr>(MapperRef))
    for (const NamedDecl *D : ULE->decls())
      if (const OMPDeclareMapperDecl *M = Matches(D))
        return M;
  return nullptr;
}

/// Map type of an item the mapper maps, given the map type of the item the
/// mapper was applied to (OpenMP 5.0, declare mapper): `to` and `from` of
/// the use keep only the mapper's matching motion, `alloc`/`release`/
/// `delete` keep none; the use's modifiers apply, and so do those of the
/// mapper's clause (`map(always, present, from: ...)` in the mapper copies
/// back also a mapping that stays, and requires it to be there).
uint64_t combineMapperType(uint64_t Outer, uint64_t Inner) {
  constexpr uint64_t Motion = COT_MAP_TO | COT_MAP_FROM;
  constexpr uint64_t Modifiers =
      COT_MAP_ALWAYS | COT_MAP_CLOSE | COT_MAP_PRESENT;
  return (Outer & ~Motion) | (Inner & Modifiers) | (Inner & Outer & Motion);
}

/// Whether \p Item, a declare mapper's map item, is its variable itself.
static bool isMapperVar(const Expr *Item, const Decl *Var) {
  const auto *DRE = dyn_cast<DeclRefExpr>(Item->IgnoreParenImpCasts());
  return DRE && DRE->getDecl() == Var;
}

/// Adds \p E, or what its declare mapper maps for it.
void Builder::addMappedItems(Expr *E, const Expr *MapperRef, uint64_t Type,
                             bool Implicit, unsigned Depth) {
  if (strideOf(Ctx, E)) {
    addStridedElements(cast<ArraySectionExpr>(E->IgnoreParens()), MapperRef,
                       Type, Depth);
    return;
  }
  const OMPDeclareMapperDecl *Mapper = mapperOf(Ctx, MapperRef, E);
  const auto *VarRef =
      Mapper ? dyn_cast_or_null<DeclRefExpr>(Mapper->getMapperVarRef())
             : nullptr;
  if (!VarRef || Depth > 8) {
    addItem(E, Type, Implicit);
    return;
  }
  if (Ctx.hasSameUnqualifiedType(E->getType().getNonReferenceType(),
                                 Mapper->getType()))
    addMapperItems(E, sourceText(E), *Mapper, Type, /*SkipVar=*/false, Depth);
  else
    addMappedElements(E, *Mapper, Type, Depth);
}

/// Adds the items \p Mapper maps for the object \p Obj, named after
/// \p UseName; with \p SkipVar, not the item that maps the object itself.
void Builder::addMapperItems(Expr *Obj, StringRef UseName,
                             const OMPDeclareMapperDecl &Mapper, uint64_t Type,
                             bool SkipVar, unsigned Depth) {
  const Decl *Var = cast<DeclRefExpr>(Mapper.getMapperVarRef())->getDecl();
  for (const OMPClause *C : Mapper.clauselists()) {
    const auto *MC = dyn_cast<OMPMapClause>(C);
    if (!MC)
      continue;
    uint64_t Inner = mapClauseBits(*MC, COT_MAP_TO | COT_MAP_FROM);
    auto NestedMapper = MC->mapperlist_begin();
    for (const Expr *Item : MC->varlists()) {
      const Expr *NestedRef =
          NestedMapper != MC->mapperlist_end() ? *NestedMapper++ : nullptr;
      if (SkipVar && isMapperVar(Item, Var))
        continue;
      Expr *Sub = rebuildReferences(
          Ctx, withoutOpaqueBase(Ctx, const_cast<Expr *>(Item)),
          [&](DeclRefExpr *DRE) -> Expr * {
            return DRE->getDecl() == Var ? Obj : nullptr;
          });
      if (!Sub) {
        unsupported(Obj, "this use of a declare mapper");
        return;
      }
      // The mapper's own item for the variable maps the object itself.
      const OMPDeclareMapperDecl *Nested = mapperOf(Ctx, NestedRef, Sub);
      if (Nested == &Mapper)
        Nested = nullptr;
      size_t First = Items.size();
      addMappedItems(Sub, Nested ? NestedRef : nullptr,
                     combineMapperType(Type, Inner), /*Implicit=*/false,
                     Depth + 1);
      // Rebuilt expressions have no source text of their own: name them
      // after the use and the mapper's item.
      for (size_t I = First; I < Items.size(); ++I)
        if (Items[I].Name.empty())
          Items[I].Name =
              (UseName + " (mapper: " + sourceText(Item) + ")").str();
    }
  }
}

/// A declare mapper on an array or array section applies to each element:
/// the storage is mapped as a whole, with the motion of the mapper's item
/// for its variable (none without one), then the mapper's other items per
/// element. Needs a constant number of elements (at most 1024).
void Builder::addMappedElements(Expr *E, const OMPDeclareMapperDecl &Mapper,
                                uint64_t Type, unsigned Depth) {
  constexpr uint64_t MaxElements = 1024;
  Expr *Array = E, *Lower = integer(0);
  std::optional<uint64_t> Count;
  QualType ArrayTy = E->getType().getNonReferenceType();
  if (auto *AS = dyn_cast<ArraySectionExpr>(E->IgnoreParens())) {
    Array = AS->getBase();
    ArrayTy = ArraySectionExpr::getBaseOriginalType(Array);
    if (AS->getLowerBound())
      Lower = AS->getLowerBound();
    const auto *CAT = Ctx.getAsConstantArrayType(ArrayTy);
    if (AS->getLength())
      Count = constantOf(Ctx, AS->getLength());
    else if (!AS->getColonLocFirst().isValid())
      Count = 1;
    else if (CAT && constantOf(Ctx, Lower))
      Count = CAT->getSize().getZExtValue() - *constantOf(Ctx, Lower);
  } else if (const auto *CAT = Ctx.getAsConstantArrayType(ArrayTy)) {
    Count = CAT->getSize().getZExtValue();
  }
  QualType ElementTy;
  if (const auto *PT = ArrayTy->getAs<PointerType>())
    ElementTy = PT->getPointeeType();
  else if (const auto *AT = Ctx.getAsArrayType(ArrayTy))
    ElementTy = AT->getElementType();
  if (!Count || *Count > MaxElements || ElementTy.isNull() ||
      !Ctx.hasSameUnqualifiedType(ElementTy, Mapper.getType())) {
    unsupported(E, "a declare mapper on an array (section) whose number of "
                   "elements is not a constant (at most 1024), or on a "
                   "multidimensional array,");
    return;
  }
  const Decl *Var = cast<DeclRefExpr>(Mapper.getMapperVarRef())->getDecl();
  uint64_t Whole = Type & ~uint64_t(COT_MAP_TO | COT_MAP_FROM);
  for (const OMPClause *C : Mapper.clauselists())
    if (const auto *MC = dyn_cast<OMPMapClause>(C))
      if (llvm::any_of(MC->varlists(),
                       [&](const Expr *I) { return isMapperVar(I, Var); }))
        Whole = combineMapperType(
            Type, mapClauseBits(*MC, COT_MAP_TO | COT_MAP_FROM));
  addItem(E, Whole, /*Implicit=*/false);
  std::string Name = sourceText(E);
  for (uint64_t K = 0; K < *Count; ++K) {
    Expr *Index = S.CreateBuiltinBinOp(Loc, BO_Add, Lower, integer(K)).get();
    Expr *Element =
        S.CreateBuiltinArraySubscriptExpr(Array, Loc, Index, Loc).get();
    addMapperItems(Element, Name + "[" + std::to_string(K) + "]", Mapper, Type,
                   /*SkipVar=*/true, Depth);
  }
}

} // namespace mapentries
} // namespace cot

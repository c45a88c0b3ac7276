//===- StridedSections.cpp - Strided sections of motion clauses -----------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A strided section (allowed in target update's motion clauses) moves only
// its elements: one item per element for a constant length, otherwise a
// loop of update sites that the Sema step builds (StridedSection,
// OffloadSema.cpp). So does a motion item that is not contiguous storage
// (M[lo:n][c:m], M[lo:n:s][0:m], also allowed there since OpenMP 5.0): the
// loop runs over the dimension that makes each element contiguous.
//
//===----------------------------------------------------------------------===//

#include "MapEntryBuilderImpl.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprOpenMP.h"
#include "clang/Sema/Sema.h"

using namespace clang;
using namespace llvm;

namespace cot {
namespace mapentries {

/// A strided section of a constant length up to this many elements moves
/// as one item per element, a longer one in a loop.
constexpr uint64_t MaxStridedItems = 1024;

namespace {

/// One of the trailing subscripts and sections of a motion item.
struct Dimension {
  Expr *Node;
  /// One index: a subscript, or a section of length 1.
  bool One;
  /// The whole extent of an array dimension (of constant size, or a
  /// variable-length one by its size variable), stride 1.
  bool Full;
  /// A stride other than 1.
  bool Strided;
};

} // namespace

std::optional<uint64_t> constantOf(ASTContext &Ctx, const Expr *E) {
  Expr::EvalResult R;
  if (!E || !E->EvaluateAsInt(R, Ctx) || R.Val.getInt().isNegative())
    return std::nullopt;
  return R.Val.getInt().getZExtValue();
}

/// Whether \p Length is the size expression of the variable-length array
/// type \p Array, as in u[0:ny] with `double (*u)[ny]`: the same variable.
static bool isVLASize(const ArrayType *Array, const Expr *Length) {
  const auto *VLA = dyn_cast_or_null<VariableArrayType>(Array);
  const auto *Size =
      VLA && VLA->getSizeExpr()
          ? dyn_cast<DeclRefExpr>(VLA->getSizeExpr()->IgnoreParenImpCasts())
          : nullptr;
  const auto *Ref = dyn_cast<DeclRefExpr>(Length->IgnoreParenImpCasts());
  return Size && Ref && Size->getDecl() == Ref->getDecl();
}

static Dimension sectionDimension(ASTContext &Ctx, ArraySectionExpr &AS) {
  std::optional<uint64_t> Lower =
      AS.getLowerBound() ? constantOf(Ctx, AS.getLowerBound()) : 0;
  std::optional<uint64_t> Length = constantOf(Ctx, AS.getLength());
  const ArrayType *Array =
      Ctx.getAsArrayType(ArraySectionExpr::getBaseOriginalType(AS.getBase()));
  const auto *Constant = dyn_cast_or_null<ConstantArrayType>(Array);
  bool Strided = strideOf(Ctx, &AS) != nullptr;
  bool Whole =
      Array && Lower == 0 &&
      (!AS.getLength()
           ? AS.getColonLocFirst().isValid()
           : (Constant && Length == Constant->getSize().getZExtValue()) ||
                 isVLASize(Array, AS.getLength()));
  // A subscript after a section, G[0:4][2], is a section without a colon.
  bool Index = !AS.getLength() && AS.getColonLocFirst().isInvalid();
  return {&AS, Index || Length == 1, Whole && !Strided, Strided};
}

/// The trailing subscripts and sections of \p E, outermost first.
static SmallVector<Dimension, 4> dimensionsOf(ASTContext &Ctx, Expr *E) {
  SmallVector<Dimension, 4> Dims;
  for (Expr *Node = E->IgnoreParens();;) {
    if (auto *AS = dyn_cast<ArraySectionExpr>(Node)) {
      Dims.push_back(sectionDimension(Ctx, *AS));
      Node = AS->getBase()->IgnoreParenImpCasts();
    } else if (auto *Subscript = dyn_cast<ArraySubscriptExpr>(Node)) {
      Dims.push_back({Subscript, true, false, false});
      Node = Subscript->getBase()->IgnoreParenImpCasts();
    } else {
      break;
    }
  }
  std::reverse(Dims.begin(), Dims.end());
  return Dims;
}

/// The dimension to move one index at a time so that each element is one
/// piece of storage, or a strided section of single elements: the first of
/// several indices, when a later one does not cover its whole extent or it
/// has a stride itself. Nothing when the item is such already.
static std::optional<size_t> splitDimension(ArrayRef<Dimension> Dims) {
  const Dimension *First =
      llvm::find_if(Dims, [](const Dimension &D) { return !D.One; });
  if (First == Dims.end())
    return std::nullopt;
  bool RestWhole = std::all_of(First + 1, Dims.end(),
                               [](const Dimension &D) { return D.Full; });
  if (RestWhole && (!First->Strided || First + 1 == Dims.end()))
    return std::nullopt;
  return First - Dims.begin();
}

/// A motion item that is not contiguous storage moves in a loop over the
/// dimension that splitDimension picks (StridedSection::Item; the loop
/// nests another where an element is not contiguous either). True when the
/// item went that way, or was reported.
bool Builder::addNonContiguousMotion(Expr *E, const Expr *MapperRef,
                                     uint64_t Type) {
  SmallVector<Dimension, 4> Dims = dimensionsOf(Ctx, E);
  std::optional<size_t> Split = splitDimension(Dims);
  if (!Split)
    return false;
  auto *Outer = cast<ArraySectionExpr>(Dims[*Split].Node);
  for (; Split; Split = splitDimension(Dims)) {
    auto *AS = cast<ArraySectionExpr>(Dims[*Split].Node);
    if (!AS->getLength() || !Strided) {
      unsupported(E, "a section that is not contiguous and has a dimension "
                     "of several indices without a length");
      return true;
    }
    Dims[*Split] = {AS, /*One=*/true, /*Full=*/false, /*Strided=*/false};
  }
  Strided->push_back({Outer, MapperRef, Type, sourceText(E), E});
  return true;
}

} // namespace mapentries

ArraySectionExpr *loopDimension(ASTContext &Ctx, Expr *Item) {
  SmallVector<mapentries::Dimension, 4> Dims =
      mapentries::dimensionsOf(Ctx, Item);
  if (std::optional<size_t> Split = mapentries::splitDimension(Dims))
    return cast<ArraySectionExpr>(Dims[*Split].Node);
  auto *AS = dyn_cast<ArraySectionExpr>(Item->IgnoreParens());
  if (!AS || !mapentries::strideOf(Ctx, AS))
    return nullptr;
  std::optional<uint64_t> Length = mapentries::constantOf(Ctx, AS->getLength());
  return Length && *Length <= mapentries::MaxStridedItems ? nullptr : AS;
}

namespace mapentries {

const Expr *strideOf(ASTContext &Ctx, const Expr *E) {
  const auto *AS = dyn_cast<ArraySectionExpr>(E->IgnoreParens());
  const Expr *Stride = AS ? AS->getStride() : nullptr;
  if (!Stride)
    return nullptr;
  Expr::EvalResult R;
  if (Stride->EvaluateAsInt(R, Ctx) && R.Val.getInt() == 1)
    return nullptr;
  return Stride;
}

/// A strided section (allowed in motion clauses) moves only its elements:
/// one item per element for a constant length (at most MaxStridedItems);
/// otherwise, in a target update, the host moves them one at a time in a
/// loop (StridedSection). A declare mapper applies to each element.
void Builder::addStridedElements(ArraySectionExpr *AS, const Expr *MapperRef,
                                 uint64_t Type, unsigned Depth) {
  // Each element must be one object: a[i][lo:n:s] is, s[lo:n].a[lo:n:s]
  // (elements of several objects) is not; a[lo:n][lo:n:s] moves row by row
  // before it gets here (addNonContiguousMotion).
  for (Expr *Inner = AS->getBase()->IgnoreParenImpCasts();;) {
    auto *Section = dyn_cast<ArraySectionExpr>(Inner);
    if (Section && !sectionDimension(Ctx, *Section).One) {
      unsupported(AS, "a strided section of an array section");
      return;
    }
    auto *Subscript = dyn_cast<ArraySubscriptExpr>(Inner);
    auto *Member = dyn_cast<MemberExpr>(Inner);
    if (!Section && !Subscript && !Member)
      break;
    Inner = (Section     ? Section->getBase()
             : Subscript ? Subscript->getBase()
                         : Member->getBase())
                ->IgnoreParenImpCasts();
  }
  std::optional<uint64_t> Length = constantOf(Ctx, AS->getLength());
  bool Constant = Length && *Length <= MaxStridedItems;
  if (!Constant) {
    if (!AS->getLength() || !Strided ||
        D.getDirectiveKind() != llvm::omp::OMPD_target_update) {
      unsupported(AS, "a strided array section without a length, or outside "
                      "a target update,");
      return;
    }
    Strided->push_back({AS, MapperRef, Type, sourceText(AS)});
    return;
  }
  Expr *Lower = AS->getLowerBound() ? AS->getLowerBound() : integer(0);
  std::string Name = sourceText(AS);
  for (uint64_t K = 0; K < *Length; ++K) {
    Expr *Offset =
        S.CreateBuiltinBinOp(Loc, BO_Mul, integer(K), AS->getStride()).get();
    Expr *Index = Offset
                      ? S.CreateBuiltinBinOp(Loc, BO_Add, Lower, Offset).get()
                      : nullptr;
    Expr *Element = Index ? S.CreateBuiltinArraySubscriptExpr(AS->getBase(),
                                                              Loc, Index, Loc)
                                .get()
                          : nullptr;
    if (!Element)
      return;
    size_t First = Items.size();
    addMappedItems(Element, MapperRef, Type, /*Implicit=*/false, Depth + 1);
    for (size_t I = First; I < Items.size(); ++I)
      if (Items[I].Name.empty())
        Items[I].Name = Name;
  }
}

} // namespace mapentries
} // namespace cot

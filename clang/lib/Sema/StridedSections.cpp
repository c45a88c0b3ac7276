//===- StridedSections.cpp - Strided sections of motion clauses -----------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A strided section (allowed in target update's motion clauses) moves only
// its elements: one item per element for a constant length, otherwise a
// loop of update sites that the Sema step builds (StridedSection,
// OffloadSema.cpp).
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
/// one item per element for a constant length (at most 1024 elements);
/// otherwise, in a target update, the host moves them one at a time in a
/// loop (StridedSection). A declare mapper applies to each element.
void Builder::addStridedElements(ArraySectionExpr *AS, const Expr *MapperRef,
                                 uint64_t Type, unsigned Depth) {
  constexpr uint64_t MaxElements = 1024;
  // Each element must be one object: a[i][lo:n:s] is, a[lo:n][lo:n:s]
  // (elements of several rows) is not.
  for (Expr *Inner = AS->getBase()->IgnoreParenImpCasts();;) {
    if (isa<ArraySectionExpr>(Inner)) {
      unsupported(AS, "a strided section of an array section");
      return;
    }
    auto *Subscript = dyn_cast<ArraySubscriptExpr>(Inner);
    auto *Member = dyn_cast<MemberExpr>(Inner);
    if (!Subscript && !Member)
      break;
    Inner = (Subscript ? Subscript->getBase() : Member->getBase())
                ->IgnoreParenImpCasts();
  }
  Expr::EvalResult Length;
  bool Constant = AS->getLength() &&
                  AS->getLength()->EvaluateAsInt(Length, Ctx) &&
                  Length.Val.getInt().getZExtValue() <= MaxElements;
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
  for (uint64_t K = 0, N = Length.Val.getInt().getZExtValue(); K < N; ++K) {
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

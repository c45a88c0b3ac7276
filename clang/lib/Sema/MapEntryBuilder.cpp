//===- MapEntryBuilder.cpp - Map entries of an offload construct ----------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Turns the map, to/from, is_device_ptr, has_device_addr, use_device_ptr and
// use_device_addr clauses of a construct (explicit, and the implicit ones
// Clang's Sema added per OpenMP 5.x) into map entries whose base, begin and
// size are Clang expressions evaluated on the host.
//
// Each map item is classified by the path from its root (a variable or
// `this`) to the mapped storage:
//   - Plain:       x, arr[l:n], arr[l:n][k:m]        storage inside the root
//   - RootPointee: p[l:n], p[l:n][k:m]               storage p points to
//   - Member:      s.a, s.arr[1:2], p->a, this->a    a member of the root
//                                                    object (or of *p)
//   - PtrAndObj:   s.p[0:n], this->q[0:n]            storage a pointer member
//                                                    points to: mapped, then
//                                                    attached to the device
//                                                    copy of the pointer
// An item that several map clauses name is mapped once, with the map types
// combined.
//
// Members of one root are grouped under a parent entry that spans them, as
// the runtime needs one mapping for the parent object.
//
// A pointer that is itself mapped (or a declare-target pointer, whose device
// copy the kernels read) gets what it points to attached to its device copy.
// Declare mappers apply to map and motion clause items of their type, and
// per element to arrays and array sections of it.
//
// Sections are mapped as the contiguous byte range from their first to their
// last element (the OpenMP map clause allows contiguous sections only).
// Strided sections of motion clauses move element by element: one item per
// element for a constant length, a loop of update sites otherwise.
//
// The builder's parts are listed in MapEntryBuilderImpl.h; this file has the
// entry points and the expressions of an entry (begin, size, base).
//
//===----------------------------------------------------------------------===//

#include "clang-offload/Sema/MapEntryBuilder.h"
#include "MapEntryBuilderImpl.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprOpenMP.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Sema/Sema.h"

using namespace clang;
using namespace llvm;

namespace cot {
namespace mapentries {

std::string Builder::sourceText(const Expr *E) const {
  const SourceManager &SM = Ctx.getSourceManager();
  StringRef Text = Lexer::getSourceText(
      CharSourceRange::getTokenRange(E->getSourceRange()), SM,
      Ctx.getLangOpts());
  return Text.str();
}

void Builder::unsupported(const Expr *E, StringRef What) {
  unsigned ID = S.getDiagnostics().getCustomDiagID(
      DiagnosticsEngine::Error, "clang-offload does not support %0 in a map "
                                "or motion clause yet");
  S.Diag(E->getExprLoc(), ID) << What << E->getSourceRange();
}

Expr *Builder::integer(uint64_t V) {
  return IntegerLiteral::Create(Ctx, APInt(64, V), Ctx.LongTy, Loc);
}

Expr *Builder::sizeOf(QualType T) {
  return S
      .CreateUnaryExprOrTypeTraitExpr(Ctx.getTrivialTypeSourceInfo(T, Loc),
                                      Loc, UETT_SizeOf, SourceRange(Loc, Loc))
      .get();
}

Expr *Builder::addressOf(Expr *LValue) {
  return S.CreateBuiltinUnaryOp(Loc, UO_AddrOf, LValue).get();
}

Expr *Builder::rvalue(Expr *E) { return S.DefaultLvalueConversion(E).get(); }

/// (const char *)To - (const char *)From.
Expr *Builder::byteDistance(Expr *From, Expr *To) {
  QualType BytePtr = Ctx.getPointerType(Ctx.CharTy.withConst().withVolatile());
  TypeSourceInfo *TI = Ctx.getTrivialTypeSourceInfo(BytePtr, Loc);
  Expr *F = S.BuildCStyleCastExpr(Loc, TI, Loc, From).get();
  Expr *T = S.BuildCStyleCastExpr(Loc, TI, Loc, To).get();
  return S.CreateBuiltinBinOp(Loc, BO_Sub, T, F).get();
}

/// The first (or last) element a section expression covers, as an lvalue.
/// Nested sections and subscripts are applied from the outermost base in.
Expr *Builder::sectionElement(Expr *E, bool Last) {
  E = E->IgnoreParens();
  auto *AS = dyn_cast<ArraySectionExpr>(E);
  auto *ASE = dyn_cast<ArraySubscriptExpr>(E);
  if (!AS && !ASE)
    return E;
  Expr *Base = sectionElement(AS ? AS->getBase() : ASE->getBase(), Last);
  if (!Base)
    return nullptr;
  Expr *Index;
  if (ASE) {
    Index = ASE->getIdx();
  } else {
    Expr *Lower = AS->getLowerBound() ? AS->getLowerBound() : integer(0);
    Index = Lower;
    if (Last) {
      Expr *Length = AS->getLength();
      if (!Length) {
        // A subscript after a section (G[0:4][2]) is a section without a
        // colon: one element, also of a constant-size dimension.
        QualType BaseTy = ArraySectionExpr::getBaseOriginalType(AS->getBase());
        const auto *CAT = Ctx.getAsConstantArrayType(BaseTy);
        if (!AS->getColonLocFirst().isValid())
          Length = integer(1);
        else if (CAT)
          Length = S.CreateBuiltinBinOp(
                        Loc, BO_Sub,
                        integer(CAT->getSize().getZExtValue()), Lower)
                       .get();
        else {
          unsupported(AS, "an array section without a length on a pointer");
          return nullptr;
        }
      }
      Expr *End = S.CreateBuiltinBinOp(Loc, BO_Add, Lower, Length).get();
      Index = S.CreateBuiltinBinOp(Loc, BO_Sub, End, integer(1)).get();
    }
  }
  return S.CreateBuiltinArraySubscriptExpr(Base, Loc, Index, Loc).get();
}

bool isSection(const Expr *E) {
  E = E->IgnoreParens();
  return isa<ArraySectionExpr>(E) || isa<ArraySubscriptExpr>(E);
}

Expr *Builder::itemBegin(MapItem &Item) {
  if (!isSection(Item.E))
    return addressOf(Item.E);
  Expr *First = sectionElement(Item.E, /*Last=*/false);
  return First ? addressOf(First) : nullptr;
}

Expr *Builder::itemSize(MapItem &Item) {
  if (!isSection(Item.E))
    return sizeOf(Item.E->getType().getNonReferenceType());
  Expr *First = sectionElement(Item.E, /*Last=*/false);
  Expr *LastElt = sectionElement(Item.E, /*Last=*/true);
  if (!First || !LastElt)
    return nullptr;
  Expr *End =
      S.CreateBuiltinBinOp(Loc, BO_Add, addressOf(LastElt), integer(1)).get();
  Expr *Bytes = byteDistance(addressOf(First), End);
  Expr *Overflows = sectionLengthOverflows(Item.E);
  if (!Bytes || !Overflows)
    return Bytes;
  // A length whose bytes do not fit in a signed size: the runtime gets -1
  // and reports the item, rather than a wrapped-around small size.
  return S.ActOnConditionalOp(Loc, Loc, Overflows, integer(-1), Bytes).get();
}

/// `len > PTRDIFF_MAX / sizeof(element)` for each section of \p E with a
/// length, or'ed together; null when no section has one.
Expr *Builder::sectionLengthOverflows(Expr *E) {
  Expr *Any = nullptr;
  for (E = E->IgnoreParens(); isSection(E);) {
    auto *AS = dyn_cast<ArraySectionExpr>(E);
    if (AS && AS->getLength()) {
      QualType BaseTy = ArraySectionExpr::getBaseOriginalType(AS->getBase());
      QualType ElemTy = BaseTy->isPointerType()
                            ? BaseTy->getPointeeType()
                            : QualType(BaseTy->getPointeeOrArrayElementType(), 0);
      if (!ElemTy->isIncompleteType() && !ElemTy->isDependentType()) {
        uint64_t ElemBytes =
            std::max<uint64_t>(Ctx.getTypeSizeInChars(ElemTy).getQuantity(), 1);
        Expr *Length = S.BuildCStyleCastExpr(
                            Loc, Ctx.getTrivialTypeSourceInfo(Ctx.getSizeType()),
                            Loc, AS->getLength())
                           .get();
        Expr *Max = IntegerLiteral::Create(
            Ctx, APInt(64, uint64_t(INT64_MAX) / ElemBytes),
            Ctx.getSizeType(), Loc);
        Expr *Check = S.CreateBuiltinBinOp(Loc, BO_GT, Length, Max).get();
        Any = Any ? S.CreateBuiltinBinOp(Loc, BO_LOr, Any, Check).get() : Check;
      }
    }
    E = (AS ? AS->getBase() : cast<ArraySubscriptExpr>(E)->getBase())
            ->IgnoreParens();
  }
  return Any;
}

/// The base address of the item's root object: &var, or the pointer value
/// when the item lies behind the root pointer (p[...], p->a, this->a).
Expr *Builder::rootBase(MapItem &Item) {
  if (!Item.RootDecl)
    return Item.RootExpr; // CXXThisExpr
  if (Item.ThroughRootPointer)
    return rvalue(Item.RootExpr);
  return addressOf(Item.RootExpr);
}

std::vector<MapEntry> Builder::buildElement(const StridedSection &Section,
                                            Expr *Element) {
  addMotionItems(Element, Section.Mapper, Section.Type, Section.Name);
  emitRemainingItems();
  return std::move(Entries);
}

std::vector<MapEntry> Builder::build() {
  collectItems();
  if (isOpenMPTargetExecutionDirective(D.getDirectiveKind()))
    buildForTarget();
  else
    emitRemainingItems();
  collectUseDevice();
  return std::move(Entries);
}

} // namespace mapentries

std::vector<MapEntry> buildMapEntries(Sema &S, OMPExecutableDirective &D,
                                      std::vector<StridedSection> *Strided) {
  return mapentries::Builder(S, D, Strided).build();
}

std::vector<MapEntry> buildElementEntries(Sema &S, OMPExecutableDirective &D,
                                          const StridedSection &Section,
                                          Expr *Element) {
  return mapentries::Builder(S, D, /*Strided=*/nullptr)
      .buildElement(Section, Element);
}

} // namespace cot

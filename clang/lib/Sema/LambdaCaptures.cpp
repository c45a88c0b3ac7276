//===- LambdaCaptures.cpp - Captures of lambdas used in target regions ----===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A lambda that a target region calls reaches the device as a copy of its
// closure (firstprivate, as upstream, unless a map clause maps it). The
// closure's fields still hold host addresses: a by-reference capture holds
// the captured variable's, a captured pointer (or `this`) what it points to.
// OpenMP 5.0 (2.19.7.1) treats a variable captured by reference as if it
// appeared in a map clause, a captured pointer as a zero-length array
// section and a captured `this` as if it appeared in a map clause. After all
// other entries of the construct (so that the region's own maps are in
// place), each such field gets a PTR_AND_OBJ entry whose base is the field's
// storage in the closure and whose object is what it refers to: the runtime
// maps (or finds) the object and writes its device address into the
// closure's device copy. A by-reference capture of a pointer variable also
// attaches that variable's device copy to its pointee's, as for a mapped
// pointer. Fields of other kinds (values, a copy of *this) travel with the
// closure as they are.
//
//===----------------------------------------------------------------------===//

#include "MapEntryBuilderImpl.h"

#include "OffloadABI.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/LambdaCapture.h"
#include "clang/AST/RecordLayout.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;
using namespace llvm;

namespace cot {
namespace mapentries {

const CXXRecordDecl *lambdaClosureOf(QualType T) {
  const auto *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  return RD && RD->isLambda() && RD->hasDefinition() ? RD : nullptr;
}

/// `(void **)((char *)ObjectAddr + ByteOffset)`: a pointer-sized field of
/// an object, whatever the field's declared type (references included).
Expr *Builder::pointerSlot(Expr *ObjectAddr, uint64_t ByteOffset) {
  QualType BytePtr = Ctx.getPointerType(Ctx.CharTy);
  Expr *Bytes =
      S.BuildCStyleCastExpr(Loc, Ctx.getTrivialTypeSourceInfo(BytePtr, Loc),
                            Loc, ObjectAddr)
          .get();
  Expr *Field =
      S.CreateBuiltinBinOp(Loc, BO_Add, Bytes, integer(ByteOffset)).get();
  QualType SlotPtr = Ctx.getPointerType(Ctx.VoidPtrTy);
  return S
      .BuildCStyleCastExpr(Loc, Ctx.getTrivialTypeSourceInfo(SlotPtr, Loc), Loc,
                           Field)
      .get();
}

/// The pointer that \p Slot (a `void **`) holds.
Expr *Builder::loadPointer(Expr *Slot) {
  return rvalue(S.CreateBuiltinUnaryOp(Loc, UO_Deref, Slot).get());
}

void Builder::noteMappedClosure(ValueDecl *Var, size_t Entry, Expr *Object) {
  const CXXRecordDecl *Lambda = lambdaClosureOf(Var->getType());
  if (!Lambda || Lambda->isDependentContext())
    return;
  // Only a closure mapped or copied as a whole: its fields lie in the
  // device copy that entry Entry makes.
  if (any_of(Items, [&](const MapItem &I) {
        return I.isRootedAt(Var) && I.Kind != ItemKind::Plain;
      }))
    return;
  Closures.push_back({Entry, Object, Lambda, Var->getName().str()});
}

void Builder::buildForClosureCapture(const MappedClosure &C,
                                     const LambdaCapture &LC,
                                     const FieldDecl &Field) {
  QualType FieldTy = Field.getType();
  QualType Object = FieldTy->isReferenceType() ? FieldTy.getNonReferenceType()
                    : FieldTy->isPointerType() ? FieldTy->getPointeeType()
                                               : QualType();
  if (Object.isNull())
    return;
  uint64_t Offset =
      Ctx.toCharUnitsFromBits(Ctx.getASTRecordLayout(C.Lambda).getFieldOffset(
                                  Field.getFieldIndex()))
          .getQuantity();
  auto Slot = [&] { return pointerSlot(addressOf(C.Object), Offset); };

  MapEntry Entry;
  Entry.Base = Slot();
  Entry.Begin = loadPointer(Slot());
  Entry.Name = C.Name + "." +
               (LC.capturesThis() ? std::string("this")
                                  : LC.getCapturedVar()->getName().str());
  Entry.Type = COT_MAP_PTR_AND_OBJ | COT_MAP_IMPLICIT |
               (uint64_t(C.Entry + 1) << COT_MAP_MEMBER_OF_SHIFT);
  // A reference and `this` map the object itself; a pointer copied into
  // the closure is a zero-length section (the object's mapping, if any).
  bool MapsObject = FieldTy->isReferenceType() || LC.capturesThis();
  if (MapsObject) {
    if (Object->isIncompleteType() || !Object->isConstantSizeType())
      return;
    Entry.Size = sizeOf(Object);
    Entry.Type |= COT_MAP_TO | COT_MAP_FROM;
  }
  Entries.push_back(Entry);
  if (!FieldTy->isReferenceType() || !Object->isPointerType())
    return;
  // The captured variable is a pointer: its device copy points at the
  // device copy of its pointee, if mapped.
  MapEntry Pointee;
  Pointee.Base = loadPointer(Slot());
  Pointee.Begin = loadPointer(pointerSlot(loadPointer(Slot()), 0));
  Pointee.Name = Entry.Name;
  Pointee.Type = COT_MAP_PTR_AND_OBJ | COT_MAP_IMPLICIT;
  Entries.push_back(Pointee);
}

void Builder::buildForClosureCaptures() {
  for (const MappedClosure &C : Closures) {
    DenseMap<const ValueDecl *, FieldDecl *> Fields;
    FieldDecl *ThisField = nullptr;
    C.Lambda->getCaptureFields(Fields, ThisField);
    for (const LambdaCapture &LC : C.Lambda->captures()) {
      const FieldDecl *Field = LC.capturesThis() ? ThisField
                               : LC.capturesVariable()
                                   ? Fields.lookup(LC.getCapturedVar())
                                   : nullptr;
      if (Field && LC.getCaptureKind() != LCK_StarThis)
        buildForClosureCapture(C, LC, *Field);
    }
  }
}

} // namespace mapentries
} // namespace cot

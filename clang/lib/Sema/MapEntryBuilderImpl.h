//===- MapEntryBuilderImpl.h - Map entries, inside --------------*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The builder of a construct's map entries (MapEntryBuilder.h), shared by
// its implementation files, one per concern:
//   MapEntryBuilder.cpp  the entry points and the expressions of an entry
//   MapItems.cpp         clause collection and classification of items
//   DeclareMapper.cpp    declare mapper expansion
//   StridedSections.cpp  strided sections of motion clauses
//   UseDevice.cpp        use_device_ptr / use_device_addr
//   MapEntryGroups.cpp   entries of the items of one root: member groups,
//                        pointer attachment
//   TargetCaptures.cpp   target constructs: entries in capture order
// Private to clang/lib/Sema.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_LIB_SEMA_MAPENTRYBUILDERIMPL_H
#define CLANG_OFFLOAD_LIB_SEMA_MAPENTRYBUILDERIMPL_H

#include "clang-offload/Sema/MapEntryBuilder.h"

#include "clang/AST/DeclOpenMP.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Sema/Sema.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseSet.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cot {
namespace mapentries {

using namespace clang;
using llvm::ArrayRef;
using llvm::DenseSet;
using llvm::MutableArrayRef;
using llvm::SmallVectorImpl;
using llvm::StringRef;

enum class ItemKind { Plain, RootPointee, Member, PtrAndObj };

/// A map-clause item, analysed.
struct MapItem {
  Expr *E = nullptr;
  uint64_t Type = 0;
  std::string Name;
  ItemKind Kind = ItemKind::Plain;
  /// The root: a variable, or `this` when RootDecl is null.
  ValueDecl *RootDecl = nullptr;
  Expr *RootExpr = nullptr;
  /// The root is a pointer and the item lies in what it points to.
  bool ThroughRootPointer = false;
  /// The member of the root object on the item's path (Member, PtrAndObj).
  MemberExpr *TopMember = nullptr;
  /// The pointer lvalue a PtrAndObj item hangs off.
  Expr *PointerLValue = nullptr;
  bool Consumed = false;

  bool isRootedAt(const ValueDecl *D) const {
    return RootDecl && RootDecl->getCanonicalDecl() == D->getCanonicalDecl();
  }
};

class Builder {
public:
  Builder(Sema &S, OMPExecutableDirective &D,
          std::vector<StridedSection> *Strided)
      : S(S), Ctx(S.getASTContext()), D(D), Loc(D.getBeginLoc()),
        Strided(Strided) {}

  std::vector<MapEntry> build();
  std::vector<MapEntry> buildElement(const StridedSection &Section,
                                     Expr *Element);
private:
  Sema &S;
  ASTContext &Ctx;
  OMPExecutableDirective &D;
  SourceLocation Loc;
  /// Where strided sections whose elements the host moves in a loop go;
  /// null where there is no such loop.
  std::vector<StridedSection> *Strided;
  std::vector<MapItem> Items;
  std::vector<MapEntry> Entries;

  // Clause collection.
  void collectItems();
  void mergeRepeatedItems();
  void addItem(Expr *E, uint64_t Type, bool Implicit);
  void addStridedElements(ArraySectionExpr *AS, const Expr *MapperRef,
                          uint64_t Type, unsigned Depth);
  void addMotionItems(Expr *E, const Expr *MapperRef, uint64_t Type,
                      StringRef Name);
  void addMappedItems(Expr *E, const Expr *MapperRef, uint64_t Type,
                      bool Implicit, unsigned Depth);
  void addMapperItems(Expr *Obj, StringRef UseName,
                      const OMPDeclareMapperDecl &Mapper, uint64_t Type,
                      bool SkipVar, unsigned Depth);
  void addMappedElements(Expr *E, const OMPDeclareMapperDecl &Mapper,
                         uint64_t Type, unsigned Depth);
  Expr *sectionOfShape(Expr *E);
  bool analyse(MapItem &Item);
  void collectUseDevice();
  void addUseDevice(Expr *E, bool Addr);
  uint64_t defaultMapType() const;

  // Entries.
  void buildForTarget();
  DenseSet<const Decl *> captureCopiedBackByReference();
  void addCapturedPointerItem(ValueDecl *CapVar);
  void buildForCapture(ValueDecl *CapVar, QualType FieldTy, bool ByCopy, const DenseSet<const Decl *> &DevPtrs,
                       const DenseSet<const Decl *> &FirstPrivates);
  void buildForCopiedPointer(MutableArrayRef<MapItem *> Group);
  void buildForItems(MutableArrayRef<MapItem *> Group, bool TargetParam,
                     bool BaseFromCall);
  void emitMemberGroup(ArrayRef<MapItem *> Members, bool TargetParam,
                       bool BaseFromCall, bool AttachToRoot);
  void emitItem(MapItem &Item, uint64_t ExtraBits, int Parent);
  int emitIntermediatePointer(MapItem &Item, bool TargetParam,
                              bool BaseFromCall);
  void emitRemainingItems();
  void setBaseFromCapture(MapEntry &Entry, Expr *CaptureInit,
                          const CapturedStmt::Capture &Cap);

  // Expressions.
  Expr *addressOf(Expr *LValue);
  Expr *rvalue(Expr *E);
  Expr *sizeOf(QualType T);
  Expr *integer(uint64_t V);
  Expr *byteDistance(Expr *From, Expr *To);
  Expr *sectionElement(Expr *E, bool Last);
  Expr *itemBegin(MapItem &Item);
  Expr *itemSize(MapItem &Item);
  Expr *sectionLengthOverflows(Expr *E);
  Expr *rootBase(MapItem &Item);
  std::string sourceText(const Expr *E) const;
  void unsupported(const Expr *E, StringRef What);
};


bool isSection(const Expr *E);

/// Whether an access step from \p Base goes through a pointer.
bool isPointerTyped(const Expr *Base);

/// Clang's implicit maps of members that have a default mapper of their own
/// (o.in, for `map(o)`, OpenMP 5.x) reach the object through an
/// OpaqueValueExpr; the markers need the object's expression itself.
Expr *withoutOpaqueBase(ASTContext &Ctx, Expr *E);


uint64_t mapTypeBits(OpenMPMapClauseKind Kind, uint64_t Default);

/// The stride of a section, or null when it has none or a constant 1.
const Expr *strideOf(ASTContext &Ctx, const Expr *E);

/// Puts the Plain items of \p Group first, so that a mapped pointer heads
/// its group and what it points to is attached to it.
void putPlainItemsFirst(SmallVectorImpl<MapItem *> &Group);

} // namespace mapentries
} // namespace cot

#endif // CLANG_OFFLOAD_LIB_SEMA_MAPENTRYBUILDERIMPL_H

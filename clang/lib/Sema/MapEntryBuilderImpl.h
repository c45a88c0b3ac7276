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
//   LambdaCaptures.cpp   the captures of lambda closures a target region
//                        uses: attached to the device copies
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
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cot {
namespace mapentries {

/// Where an item's storage lies from its root (MapEntryBuilder.cpp).
enum class ItemKind { Plain, RootPointee, Member, PtrAndObj };

/// A map-clause item, analysed.
struct MapItem {
  clang::Expr *E = nullptr;
  uint64_t Type = 0;
  std::string Name;
  ItemKind Kind = ItemKind::Plain;
  /// The root: a variable, or `this` when RootDecl is null.
  clang::ValueDecl *RootDecl = nullptr;
  clang::Expr *RootExpr = nullptr;
  /// The root is a pointer and the item lies in what it points to.
  bool ThroughRootPointer = false;
  /// The member of the root object on the item's path (Member, PtrAndObj).
  clang::MemberExpr *TopMember = nullptr;
  /// The pointer lvalue a PtrAndObj item hangs off.
  clang::Expr *PointerLValue = nullptr;
  bool Consumed = false;

  bool isRootedAt(const clang::ValueDecl *D) const {
    return RootDecl && RootDecl->getCanonicalDecl() == D->getCanonicalDecl();
  }
};

class Builder {
public:
  Builder(clang::Sema &S, clang::OMPExecutableDirective &D,
          std::vector<StridedSection> *Strided)
      : S(S), Ctx(S.getASTContext()), D(D), Loc(D.getBeginLoc()),
        Strided(Strided) {}

  std::vector<MapEntry> build();
  std::vector<MapEntry> buildElement(const StridedSection &Section,
                                     clang::Expr *Element);

private:
  clang::Sema &S;
  clang::ASTContext &Ctx;
  clang::OMPExecutableDirective &D;
  clang::SourceLocation Loc;
  /// Where strided sections whose elements the host moves in a loop go;
  /// null where there is no such loop.
  std::vector<StridedSection> *Strided;
  std::vector<MapItem> Items;
  std::vector<MapEntry> Entries;
  /// A lambda closure that a target region captures, mapped (or copied) as
  /// a whole by entry Entry; Object is the closure at the construct.
  struct MappedClosure {
    size_t Entry;
    clang::Expr *Object;
    const clang::CXXRecordDecl *Lambda;
    std::string Name;
  };
  std::vector<MappedClosure> Closures;

  // Clause collection.
  void collectItems();
  void addIteratedItems(const clang::OMPMapClause &C, uint64_t Type);
  void mergeRepeatedItems();
  void addItem(clang::Expr *E, uint64_t Type, bool Implicit);
  void addStridedElements(clang::ArraySectionExpr *AS,
                          const clang::Expr *MapperRef, uint64_t Type,
                          unsigned Depth);
  void addMotionItems(clang::Expr *E, const clang::Expr *MapperRef,
                      uint64_t Type, llvm::StringRef Name);
  bool addNonContiguousMotion(clang::Expr *E, const clang::Expr *MapperRef,
                              uint64_t Type);
  void addMappedItems(clang::Expr *E, const clang::Expr *MapperRef,
                      uint64_t Type, bool Implicit, unsigned Depth);
  void addMapperItems(clang::Expr *Obj, llvm::StringRef UseName,
                      const clang::OMPDeclareMapperDecl &Mapper, uint64_t Type,
                      bool SkipVar, unsigned Depth);
  void addMappedElements(clang::Expr *E,
                         const clang::OMPDeclareMapperDecl &Mapper,
                         uint64_t Type, unsigned Depth);
  clang::Expr *sectionOfShape(clang::Expr *E);
  bool analyse(MapItem &Item);
  void collectUseDevice();
  void addUseDevice(clang::Expr *E, bool Addr);
  uint64_t defaultMapType() const;

  // Entries.
  void buildForTarget();
  llvm::DenseSet<const clang::Decl *> copiedBackVariables();
  void
  addMappedScalarsCapturedByCopy(llvm::DenseSet<const clang::Decl *> &Vars);
  void addCapturedPointerItem(clang::ValueDecl *CapVar);
  void
  buildForCapture(clang::ValueDecl *CapVar, clang::QualType FieldTy,
                  bool ByCopy,
                  const llvm::DenseSet<const clang::Decl *> &DevPtrs,
                  const llvm::DenseSet<const clang::Decl *> &FirstPrivates);
  void buildForCopiedPointer(llvm::MutableArrayRef<MapItem *> Group);
  void buildForItems(llvm::MutableArrayRef<MapItem *> Group, bool TargetParam,
                     bool BaseFromCall);
  void emitMemberGroup(llvm::ArrayRef<MapItem *> Members, bool TargetParam,
                       bool BaseFromCall, bool AttachToRoot);
  void emitItem(MapItem &Item, uint64_t ExtraBits, int Parent);
  int pushHeadEntry(std::string Name, clang::Expr *Base, clang::Expr *Begin,
                    clang::Expr *Size, uint64_t Type, bool TargetParam);
  int emitRootStorage(MapItem &Item, bool TargetParam, bool BaseFromCall);
  int emitPointerSpan(llvm::ArrayRef<MapItem *> Through, bool TargetParam,
                      bool BaseFromCall);
  int emitIntermediatePointer(MapItem &Item, bool TargetParam,
                              bool BaseFromCall);
  void emitRemainingItems();
  void setBaseFromCapture(MapEntry &Entry, clang::Expr *CaptureInit,
                          const clang::CapturedStmt::Capture &Cap);
  void noteMappedClosure(clang::ValueDecl *Var, size_t Entry,
                         clang::Expr *Object);
  void buildForClosureCaptures();
  void buildForClosureCapture(const MappedClosure &C,
                              const clang::LambdaCapture &LC,
                              const clang::FieldDecl &Field);

  // Expressions.
  clang::Expr *addressOf(clang::Expr *LValue);
  clang::Expr *rvalue(clang::Expr *E);
  clang::Expr *sizeOf(clang::QualType T);
  clang::Expr *integer(uint64_t V);
  clang::Expr *byteDistance(clang::Expr *From, clang::Expr *To);
  clang::Expr *pointerSlot(clang::Expr *ObjectAddr, uint64_t ByteOffset);
  clang::Expr *loadPointer(clang::Expr *Slot);
  clang::Expr *sectionElement(clang::Expr *E, bool Last);
  clang::Expr *itemBegin(MapItem &Item);
  clang::Expr *itemSize(MapItem &Item);
  clang::Expr *sectionLengthOverflows(clang::Expr *E);
  clang::Expr *rootBase(MapItem &Item);
  std::string sourceText(const clang::Expr *E) const;
  void unsupported(const clang::Expr *E, llvm::StringRef What);
};

/// The lambda class of a variable of type \p T (or a reference to one).
const clang::CXXRecordDecl *lambdaClosureOf(clang::QualType T);

/// Whether \p E is an array section.
bool isSection(const clang::Expr *E);

/// Whether an access step from \p Base goes through a pointer.
bool isPointerTyped(const clang::Expr *Base);

/// Clang's implicit maps of members that have a default mapper of their own
/// (o.in, for `map(o)`, OpenMP 5.x) reach the object through an
/// OpaqueValueExpr; the markers need the object's expression itself.
clang::Expr *withoutOpaqueBase(clang::ASTContext &Ctx, clang::Expr *E);

/// The map-type bits of a map clause's \p Kind (\p Default for none).
uint64_t mapTypeBits(clang::OpenMPMapClauseKind Kind, uint64_t Default);
/// The bits of map clause \p C: its map type (\p Default for none) and its
/// modifiers (always, close, present).
uint64_t mapClauseBits(const clang::OMPMapClause &C, uint64_t Default);

/// The stride of a section, or null when it has none or a constant 1.
const clang::Expr *strideOf(clang::ASTContext &Ctx, const clang::Expr *E);
/// The value of \p E when it is a non-negative integer constant (E may be
/// null).
std::optional<uint64_t> constantOf(clang::ASTContext &Ctx,
                                   const clang::Expr *E);

/// Puts the Plain items of \p Group first, so that a mapped pointer heads
/// its group and what it points to is attached to it.
void putPlainItemsFirst(llvm::SmallVectorImpl<MapItem *> &Group);

} // namespace mapentries
} // namespace cot

#endif // CLANG_OFFLOAD_LIB_SEMA_MAPENTRYBUILDERIMPL_H

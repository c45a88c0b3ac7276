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
//===----------------------------------------------------------------------===//

#include "clang-offload/Sema/MapEntryBuilder.h"
#include "clang-offload/Sema/ASTRewrite.h"
#include "clang-offload/Sema/ExprRebuild.h"

#include "OffloadABI.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclOpenMP.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ExprOpenMP.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/AST/RecordLayout.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Sema/Sema.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/FoldingSet.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;
using namespace llvm;

namespace cot {
namespace {

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

/// Whether an access step from \p Base goes through a pointer.
static bool isPointerTyped(const Expr *Base) {
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
static const OMPDeclareMapperDecl *mapperOf(ASTContext &Ctx,
                                            const Expr *MapperRef,
                                            const Expr *E) {
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

/// Clang's implicit maps of members that have a default mapper of their own
/// (o.in, for `map(o)`, OpenMP 5.x) reach the object through an
/// OpaqueValueExpr; the markers need the object's expression itself.
static Expr *withoutOpaqueBase(ASTContext &Ctx, Expr *E) {
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

/// Map type of an item the mapper maps, given the map type of the item the
/// mapper was applied to (OpenMP 5.0, declare mapper): `to` and `from` of
/// the use keep only the mapper's matching motion, `alloc`/`release`/
/// `delete` keep none; the use's modifiers apply.
uint64_t combineMapperType(uint64_t Outer, uint64_t Inner) {
  constexpr uint64_t Motion = COT_MAP_TO | COT_MAP_FROM;
  return (Outer & ~Motion) | (Inner & Outer & Motion);
}

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
                                "clause yet");
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
        QualType BaseTy = ArraySectionExpr::getBaseOriginalType(AS->getBase());
        const auto *CAT = Ctx.getAsConstantArrayType(BaseTy);
        if (!CAT && !AS->getColonLocFirst().isValid())
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

static bool isSection(const Expr *E) {
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

/// The stride of a section, or null when it has none or a constant 1.
static const Expr *strideOf(ASTContext &Ctx, const Expr *E) {
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

static uint64_t mapTypeBits(OpenMPMapClauseKind Kind, uint64_t Default) {
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
                             const OMPDeclareMapperDecl &Mapper,
                             uint64_t Type, bool SkipVar, unsigned Depth) {
  const Decl *Var = cast<DeclRefExpr>(Mapper.getMapperVarRef())->getDecl();
  for (const OMPClause *C : Mapper.clauselists()) {
    const auto *MC = dyn_cast<OMPMapClause>(C);
    if (!MC)
      continue;
    uint64_t Inner = mapTypeBits(MC->getMapType(), COT_MAP_TO | COT_MAP_FROM);
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
  auto Evaluate = [&](const Expr *X) -> std::optional<uint64_t> {
    Expr::EvalResult R;
    if (!X->EvaluateAsInt(R, Ctx) || R.Val.getInt().isNegative())
      return std::nullopt;
    return R.Val.getInt().getZExtValue();
  };
  if (auto *AS = dyn_cast<ArraySectionExpr>(E->IgnoreParens())) {
    Array = AS->getBase();
    ArrayTy = ArraySectionExpr::getBaseOriginalType(Array);
    if (AS->getLowerBound())
      Lower = AS->getLowerBound();
    const auto *CAT = Ctx.getAsConstantArrayType(ArrayTy);
    if (AS->getLength())
      Count = Evaluate(AS->getLength());
    else if (!AS->getColonLocFirst().isValid())
      Count = 1;
    else if (CAT && Evaluate(Lower))
      Count = CAT->getSize().getZExtValue() - *Evaluate(Lower);
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
            Type, mapTypeBits(MC->getMapType(), COT_MAP_TO | COT_MAP_FROM));
  addItem(E, Whole, /*Implicit=*/false);
  std::string Name = sourceText(E);
  for (uint64_t K = 0; K < *Count; ++K) {
    Expr *Index = S.CreateBuiltinBinOp(Loc, BO_Add, Lower, integer(K)).get();
    Expr *Element =
        S.CreateBuiltinArraySubscriptExpr(Array, Loc, Index, Loc).get();
    addMapperItems(Element, Name + "[" + std::to_string(K) + "]", Mapper,
                   Type, /*SkipVar=*/true, Depth);
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

void Builder::collectItems() {
  for (const auto *C : D.getClausesOfKind<OMPMapClause>()) {
    uint64_t Type = mapTypeBits(C->getMapType(), defaultMapType());
    for (OpenMPMapModifierKind M : C->getMapTypeModifiers()) {
      if (M == OMPC_MAP_MODIFIER_always)
        Type |= COT_MAP_ALWAYS;
      else if (M == OMPC_MAP_MODIFIER_close)
        Type |= COT_MAP_CLOSE;
      else if (M == OMPC_MAP_MODIFIER_present)
        Type |= COT_MAP_PRESENT;
    }
    auto Mapper = C->mapperlist_begin();
    for (const Expr *E : C->varlists()) {
      const Expr *MapperRef = Mapper != C->mapperlist_end() ? *Mapper++ : nullptr;
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
      addMotionItems(sectionOfShape(const_cast<Expr *>(E)), MapperRef, Type,
                     /*Name=*/"");
    }
  };
  for (const auto *C : D.getClausesOfKind<OMPToClause>())
    AddMotion(C, COT_MAP_TO);
  for (const auto *C : D.getClausesOfKind<OMPFromClause>())
    AddMotion(C, COT_MAP_FROM);
}

/// The variable a use_device_ptr/use_device_addr item names: the item
/// itself, or the base of an array section (OpenMP 5.0) whose storage is
/// reached through no pointer other than that variable.
static DeclRefExpr *useDeviceVariable(Expr *E) {
  while (true) {
    E = E->IgnoreParenImpCasts();
    Expr *Base;
    if (auto *AS = dyn_cast<ArraySectionExpr>(E))
      Base = AS->getBase();
    else if (auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
      Base = ASE->getBase();
    else
      return dyn_cast<DeclRefExpr>(E);
    if (!isa<DeclRefExpr>(Base->IgnoreParenImpCasts()) && isPointerTyped(Base))
      return nullptr;
    E = Base;
  }
}

/// The body's uses of the item's variable see its device address. For an
/// array section, that variable is the section's base: an array, or a base
/// pointer, which then behaves as a use_device_ptr item (OpenMP 5.1). The
/// section's first element is what must be mapped (Begin); the runtime
/// hands back the device address of the variable (Base), which may lie
/// before it (a[4:8]).
void Builder::addUseDevice(Expr *E, bool Addr) {
  DeclRefExpr *DRE = useDeviceVariable(E);
  auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD) {
    unsupported(E, "a use_device_ptr/use_device_addr item that is not a "
                   "variable or an array section of one");
    return;
  }
  // A member (this->p) comes as a variable Clang initialises only when
  // the construct starts: the markers use what it stands for.
  Expr *Item = DRE;
  if (auto *Captured = dyn_cast<OMPCapturedExprDecl>(VD))
    Item = Captured->getInit();
  MapEntry Entry;
  Entry.UseDeviceAddr =
      Addr && !(isSection(E) && VD->getType()->isPointerType());
  Entry.Base = Entry.UseDeviceAddr ? addressOf(Item) : rvalue(Item);
  if (isSection(E))
    Entry.Begin = addressOf(sectionElement(E, /*Last=*/false));
  Entry.Type = COT_MAP_RETURN_PARAM;
  Entry.Name = sourceText(E);
  Entry.UseDeviceVar = VD;
  Entries.push_back(Entry);
}

void Builder::collectUseDevice() {
  for (const auto *C : D.getClausesOfKind<OMPUseDevicePtrClause>())
    for (const Expr *E : C->varlists())
      addUseDevice(const_cast<Expr *>(E), /*Addr=*/false);
  for (const auto *C : D.getClausesOfKind<OMPUseDeviceAddrClause>())
    for (const Expr *E : C->varlists())
      addUseDevice(const_cast<Expr *>(E), /*Addr=*/true);
}

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
  Expr *HighEnd = S.CreateBuiltinBinOp(Loc, BO_Add, addressOf(High->TopMember),
                                       integer(1))
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
    Parent.Type |= M->Type & (COT_MAP_PRESENT | COT_MAP_DELETE | COT_MAP_IMPLICIT);
  int ParentIndex = Entries.size();
  Entries.push_back(Parent);
  for (MapItem *M : Members)
    emitItem(*M, 0, ParentIndex);
}

/// For pp[i][0:n]: maps the intermediate pointer's storage (pp[i]) so that
/// the section can be attached to its device copy, as the head of the
/// root's entries (the kernel argument for target constructs).
int Builder::emitIntermediatePointer(MapItem &Item, bool TargetParam,
                                     bool BaseFromCall) {
  MapEntry Entry;
  Entry.Name = sourceText(Item.PointerLValue);
  Entry.Base = BaseFromCall ? nullptr : rootBase(Item);
  Entry.Begin = addressOf(Item.PointerLValue);
  Entry.Size = sizeOf(Item.PointerLValue->getType());
  Entry.Type = (Item.Type & (COT_MAP_TO | COT_MAP_DELETE | COT_MAP_PRESENT |
                             COT_MAP_IMPLICIT)) |
               (TargetParam ? COT_MAP_TARGET_PARAM : 0);
  Entries.push_back(Entry);
  return Entries.size() - 1;
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

/// Puts the Plain items of \p Group first, so that a mapped pointer heads
/// its group and what it points to is attached to it.
static void putPlainItemsFirst(SmallVectorImpl<MapItem *> &Group) {
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
  if (!Head)
    for (MapItem *I : Group)
      if (I->Kind == ItemKind::PtrAndObj && !I->TopMember &&
          I->ThroughRootPointer) {
        HeadIndex = emitIntermediatePointer(*I, TargetParam, BaseFromCall);
        break;
      }
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
        ((Head && Head->Kind == ItemKind::Plain) || isDeviceGlobalPointee(*I))) {
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
    bool InHead = Head && !(Head->Kind == ItemKind::Plain &&
                            I->ThroughRootPointer);
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
/// reference; do the same in all capture regions of the construct (task of
/// nowait/depend, target, teams, parallel), so that the variable is mapped
/// (the last case of buildForCapture) and the copy-back of the last
/// iteration's value reaches it. Returns these variables.
DenseSet<const Decl *> Builder::captureCopiedBackByReference() {
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
  if (!Vars.empty())
    captureByReference(Ctx, D, Vars);
  return Vars;
}

void Builder::buildForTarget() {
  DenseSet<const Decl *> CopiedBack = captureCopiedBackByReference();
  DenseSet<const Decl *> DevPtrs, FirstPrivates;
  for (const auto *C : D.getClausesOfKind<OMPIsDevicePtrClause>())
    for (const Expr *E : C->varlists())
      if (auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
        DevPtrs.insert(DRE->getDecl()->getCanonicalDecl());
  for (const auto *C : D.getClausesOfKind<OMPHasDeviceAddrClause>())
    for (const Expr *E : C->varlists())
      if (auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
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
    if (First < Entries.size())
      setBaseFromCapture(Entries[First], CaptureInit, Cap);
  }
  emitRemainingItems();
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

} // namespace

std::vector<MapEntry> buildMapEntries(Sema &S, OMPExecutableDirective &D,
                                      std::vector<StridedSection> *Strided) {
  return Builder(S, D, Strided).build();
}

std::vector<MapEntry> buildElementEntries(Sema &S, OMPExecutableDirective &D,
                                          const StridedSection &Section,
                                          Expr *Element) {
  return Builder(S, D, /*Strided=*/nullptr).buildElement(Section, Element);
}

} // namespace cot

//===- UseDevice.cpp - use_device_ptr and use_device_addr -----------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The items of use_device_ptr and use_device_addr: their storage is looked
// up (not mapped anew) and the construct's body sees the device address
// through a new variable (OffloadSema.cpp).
//
//===----------------------------------------------------------------------===//

#include "MapEntryBuilderImpl.h"

#include "OffloadABI.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclOpenMP.h"
#include "clang/AST/ExprOpenMP.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/Sema/Sema.h"

using namespace clang;
using namespace llvm;

namespace cot {
namespace mapentries {

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

} // namespace mapentries
} // namespace cot

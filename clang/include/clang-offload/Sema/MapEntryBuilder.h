//===- MapEntryBuilder.h - Map entries of an offload construct --*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Computes the map entries (base, begin, size, map type, name) of a target,
// target data, enter/exit data or update construct as Clang expressions: the
// "helper expressions" of the paper "Offloading Support for OpenMP in Clang
// and LLVM". For target constructs the entries follow the captures of the
// target region, one TARGET_PARAM entry per outlined-function argument, with
// the entries a capture needs (sections, members, pointees) after it.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_SEMA_MAPENTRYBUILDER_H
#define CLANG_OFFLOAD_SEMA_MAPENTRYBUILDER_H

#include "clang/AST/Expr.h"
#include "clang/AST/ExprOpenMP.h"
#include "clang/AST/StmtOpenMP.h"

#include <cstdint>
#include <string>
#include <vector>

namespace clang {
class Sema;
}

namespace cot {

/// One entry of a construct's map list, as expressions of the host code.
struct MapEntry {
  /// Null for TARGET_PARAM entries whose value the host lowering takes from
  /// the outlined function's call.
  clang::Expr *Base = nullptr;
  /// Null means "same as Base".
  clang::Expr *Begin = nullptr;
  /// Byte size; null means zero.
  clang::Expr *Size = nullptr;
  uint64_t Type = 0;
  std::string Name;
  /// For use_device_ptr/use_device_addr: the variable whose uses inside the
  /// construct must see the device address.
  clang::VarDecl *UseDeviceVar = nullptr;
  bool UseDeviceAddr = false;
};

/// A section of a target update's motion clause whose elements the host
/// moves one at a time, in a loop of update sites (OffloadSema.cpp): a
/// strided section whose length is not a constant, or the dimension of an
/// item that is not contiguous storage (M[lo:n][c:m]) which makes each of
/// its elements contiguous.
struct StridedSection {
  clang::ArraySectionExpr *Section = nullptr;
  /// The clause's declare mapper reference for the item, if any.
  const clang::Expr *Mapper = nullptr;
  uint64_t Type = 0;
  std::string Name;
  /// The clause's item that Section is a dimension of, when it is not
  /// Section itself: an element moves the item with Section's index.
  clang::Expr *Item = nullptr;
};

/// The section of a motion clause's item whose indices the host moves one
/// at a time (OffloadSema.cpp's loop): the dimension that makes each
/// element contiguous storage or a strided section of single elements (the
/// first of several indices when a later one does not cover its whole
/// extent, or has a stride), else \p Item itself when it is a strided
/// section without a small constant length. Null when \p Item moves as it
/// is.
clang::ArraySectionExpr *loopDimension(clang::ASTContext &Ctx,
                                       clang::Expr *Item);

/// Builds the entries of \p D, a target-family directive. The expressions
/// are Clang's as written in the clauses and captures: the caller adapts
/// their references to where it evaluates them (ExprRebuild.h). Strided
/// sections of a target update whose length is not a constant go to
/// \p Strided. Reports unsupported forms through Sema's diagnostics.
std::vector<MapEntry> buildMapEntries(clang::Sema &S,
                                      clang::OMPExecutableDirective &D,
                                      std::vector<StridedSection> *Strided);

/// The entries that move \p Element, one element of \p Section, for \p D.
std::vector<MapEntry> buildElementEntries(clang::Sema &S,
                                          clang::OMPExecutableDirective &D,
                                          const StridedSection &Section,
                                          clang::Expr *Element);

} // namespace cot

#endif // CLANG_OFFLOAD_SEMA_MAPENTRYBUILDER_H

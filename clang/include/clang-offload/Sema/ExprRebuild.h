//===- ExprRebuild.h - Expressions with other references --------*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The Sema step evaluates clause and loop expressions in other places than
// Clang wrote them for: a declare mapper's items for the object they map,
// every marker argument right before its construct (where a variable is
// referenced directly or through the captures of the enclosing region, but
// never as Clang saw it inside the construct), and loop bounds at the outer
// counters' last values (LoopFinals.h). Expression nodes are shared with the
// construct, so these are rebuilt, not changed in place.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_SEMA_EXPRREBUILD_H
#define CLANG_OFFLOAD_SEMA_EXPRREBUILD_H

#include "llvm/ADT/STLExtras.h"

namespace clang {
class ASTContext;
class DeclContext;
class DeclRefExpr;
class Expr;
class VarDecl;
} // namespace clang

namespace cot {

/// \p E with each DeclRefExpr for which \p Replacement returns an
/// expression replaced by it (null keeps the reference). A replacement that
/// is a value (not an lvalue) may only stand for a reference that is read.
/// Returns \p E itself when nothing is replaced, and null when a node on the
/// way to a replaced reference is of a kind this does not rebuild: the
/// access paths, arithmetic, casts, conditionals and plain calls of clause
/// expressions are rebuilt. Unevaluated operands (sizeof) keep their
/// references.
clang::Expr *rebuildReferences(
    clang::ASTContext &Ctx, clang::Expr *E,
    llvm::function_ref<clang::Expr *(clang::DeclRefExpr *)> Replacement);

/// \p E, evaluated right before a construct whose host code Clang emits in
/// \p DC (a function, or the CapturedDecl of the region around the
/// construct), with each reference to a variable marked as a capture
/// exactly where CodeGen finds the variable through captures: a local
/// variable of another context; a global only if Clang marked it and
/// \p ReachesGlobal says a region around makes it private or captures it
/// (InlineTargetData.h). Clang marks references by where it parsed them:
/// implicit map clauses inside the target region, explicit ones maybe
/// inside a region around. Returns null where rebuildReferences fails.
clang::Expr *referencesForContext(
    clang::ASTContext &Ctx, clang::Expr *E, const clang::DeclContext *DC,
    llvm::function_ref<bool(const clang::VarDecl &)> ReachesGlobal);

} // namespace cot

#endif // CLANG_OFFLOAD_SEMA_EXPRREBUILD_H

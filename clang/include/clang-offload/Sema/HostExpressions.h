//===- HostExpressions.h - Construct values for the host --------*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Values that live inside a target region's captures, rebuilt as
// expressions the host evaluates right before the construct: the number of
// iterations of a combined distribute construct's loop nest (so the runtime
// fits the launch geometry to the loop) and the clauses of a teams construct
// nested in a target construct (its num_teams and thread_limit are the
// launch's); and whether code leaves variables as they are, so that a value
// computed from them before it is still theirs.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_SEMA_HOSTEXPRESSIONS_H
#define CLANG_OFFLOAD_SEMA_HOSTEXPRESSIONS_H

#include "llvm/ADT/ArrayRef.h"

namespace clang {
class DeclContext;
class Expr;
class OMPLoopDirective;
class Sema;
class Stmt;
class VarDecl;
} // namespace clang

namespace cot {

/// The iterations of \p D's associated (collapsed) loops as a `long long`
/// expression to evaluate in \p DC, the function the construct is in. Null
/// unless every loop counts an integer variable from a start to a bound
/// (<, <=, >, >=, !=) by a constant step, and the start and bound are
/// arithmetic on constants and on variables that \p DC itself sees.
clang::Expr *buildLoopTripCount(clang::Sema &S, const clang::OMPLoopDirective &D,
                                const clang::DeclContext *DC);

/// \p E, an integer expression of a construct, as a `long long` expression
/// to evaluate in \p DC before the construct; null unless it is arithmetic
/// on constants and on variables that \p DC itself sees.
clang::Expr *copyIntegerForHost(clang::Sema &S, const clang::Expr *E,
                                const clang::DeclContext *DC);

/// Whether \p S only reads the variables \p Vars (canonical declarations):
/// every reference to one of them, in the clauses of the directives in
/// \p S too, is the operand of a load (a store, an increment, its address
/// or a reference to it may change it). A captured region's captures are
/// not references of their own; its body's references are.
bool onlyReads(const clang::Stmt *S,
               llvm::ArrayRef<const clang::VarDecl *> Vars);

} // namespace cot

#endif // CLANG_OFFLOAD_SEMA_HOSTEXPRESSIONS_H

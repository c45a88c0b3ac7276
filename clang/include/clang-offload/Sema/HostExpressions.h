//===- LoopTripCount.h - Iterations of a construct's loops ------*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The number of iterations of a combined distribute construct's loop nest,
// as an expression the host evaluates right before the construct, so the
// runtime can fit the launch geometry to the loop (no more teams than the
// loop has work for).
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_SEMA_LOOPTRIPCOUNT_H
#define CLANG_OFFLOAD_SEMA_LOOPTRIPCOUNT_H

namespace clang {
class DeclContext;
class Expr;
class OMPLoopDirective;
class Sema;
} // namespace clang

namespace cot {

/// The iterations of \p D's associated (collapsed) loops as a `long long`
/// expression to evaluate in \p DC, the function the construct is in. Null
/// unless every loop counts an integer variable from a start to a bound
/// (<, <=, >, >=, !=) by a constant step, and the start and bound are
/// arithmetic on constants and on variables that \p DC itself sees.
clang::Expr *buildLoopTripCount(clang::Sema &S, const clang::OMPLoopDirective &D,
                                const clang::DeclContext *DC);

} // namespace cot

#endif // CLANG_OFFLOAD_SEMA_LOOPTRIPCOUNT_H

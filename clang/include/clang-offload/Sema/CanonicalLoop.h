//===- CanonicalLoop.h - Loops of a loop directive, read back ---*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The parts of a `for` loop in OpenMP canonical form with a constant step:
// counter, start, bound and comparison, as the source wrote them. The Sema
// step rebuilds values from them that Clang's own helper expressions get
// wrong or compute too late: the iteration count before a construct
// (HostExpressions.h), the counters' final values in non-rectangular nests
// (LoopFinals.h).
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_SEMA_CANONICALLOOP_H
#define CLANG_OFFLOAD_SEMA_CANONICALLOOP_H

#include "clang/AST/OperationKinds.h"

#include <cstdint>
#include <optional>

namespace clang {
class ASTContext;
class Expr;
class ForStmt;
class VarDecl;
} // namespace clang

namespace cot {

/// One loop in canonical form: Counter = Start; Counter Cmp Bound;
/// Counter += Step (Cmp is one of <, <=, >, >=, !=; Step is not 0).
struct CanonicalLoop {
  const clang::VarDecl *Counter = nullptr;
  const clang::Expr *Start = nullptr;
  const clang::Expr *Bound = nullptr;
  clang::BinaryOperatorKind Cmp = clang::BO_LT;
  int64_t Step = 0;
};

/// \p For read as a canonical loop, or nothing when its init, condition or
/// increment has another form, or the step is not a constant.
std::optional<CanonicalLoop> readCanonicalLoop(const clang::ForStmt &For,
                                               const clang::ASTContext &Ctx);

} // namespace cot

#endif // CLANG_OFFLOAD_SEMA_CANONICALLOOP_H

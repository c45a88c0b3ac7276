//===- LastprivateConditional.h - Conditional updates in C -----*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// lastprivate(conditional: x) (OpenMP 5.0) gives x the value of the
// sequentially last iteration that assigned it. Clang's CodeGen records each
// assignment to x with its iteration number where it emits the store, but
// Clang 19 misses a plain `x = e` in C, whose value is not an lvalue: it
// records compound assignments (and every assignment in C++), so in C the
// variable kept whatever the thread with the last iteration had, often an
// uninitialized private copy (clang-19 -fopenmp on the host alike). The Sema
// step turns each such `x = e` into `(x = e, x -= 0)`: the compound
// assignment changes no value (x - 0 is x, -0.0 included) and makes CodeGen
// record the update.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_SEMA_LASTPRIVATECONDITIONAL_H
#define CLANG_OFFLOAD_SEMA_LASTPRIVATECONDITIONAL_H

namespace clang {
class OMPLoopDirective;
class Sema;
} // namespace clang

namespace cot {

/// In C, makes Clang CodeGen record every plain assignment in \p D's loop
/// body to a variable of one of its lastprivate(conditional:) clauses.
void recordConditionalAssignments(clang::Sema &S, clang::OMPLoopDirective &D);

} // namespace cot

#endif // CLANG_OFFLOAD_SEMA_LASTPRIVATECONDITIONAL_H

//===- InlineTargetData.h - Target data regions as plain code ---*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Our markers do all that a `target data` construct does at run time, so
// Clang CodeGen needs only its region's code. Clang 19 emits that code
// wrongly when it compiles for the host alone, which our one parse does
// (-fopenmp without offload targets): it runs the region inline as an
// OpenMP region without making the region's captures visible inside, so a
// reference that resolves through them crashes CodeGen
// (CodeGenFunction::EmitDeclRefLValue):
//   - every captured variable of a C++ lambda (Clang also hides the
//     lambda's captures inside the region), and `this` there;
//   - globals named in the clauses of a construct with default(none),
//     default(private) or default(firstprivate), which Clang's Sema marks as
//     captures:
//       #pragma omp target data map(tofrom: x)
//       #pragma omp target parallel for default(none) shared(x, G) map(G)
// clang-19 -fopenmp without offload targets crashes on the same programs;
// with offload targets Clang maps each captured variable to itself first.
//
// So the Sema step puts the region's statement in place of the construct,
// and gives each reference that the enclosing code now evaluates the form
// that resolves there: plain for the variables of the enclosing function
// and of the region, a capture for those that a lambda or an outlined
// region around captures. Globals are plain unless a region around has its
// own copy.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_SEMA_INLINETARGETDATA_H
#define CLANG_OFFLOAD_SEMA_INLINETARGETDATA_H

#include "clang/Basic/OpenMPKinds.h"
#include "llvm/ADT/ArrayRef.h"

namespace clang {
class ASTContext;
class DeclContext;
class OMPExecutableDirective;
class Stmt;
class VarDecl;
} // namespace clang

namespace cot {

/// Whether CodeGen outlines the region of \p K into its own function, so
/// that references inside it go through the region's captures.
bool isOutlinedRegion(clang::OpenMPDirectiveKind K);

/// Whether host code inside the regions of \p Enclosing (the constructs
/// around it in its function, outermost first) reaches \p Global through
/// one of them: a region up to the innermost outlined one captures it, or
/// has its own copy (private, firstprivate, lastprivate, linear and
/// reduction clauses, loop counters). `target data` regions do neither.
bool reachesThroughRegions(
    llvm::ArrayRef<const clang::OMPExecutableDirective *> Enclosing,
    const clang::VarDecl &Global);

/// The statement of \p TargetData's region, to run in its place in
/// \p Parent (the function, or the CapturedDecl of the region around the
/// construct) inside the constructs \p Enclosing (outermost first). Its
/// references are adapted where the enclosing code evaluates them: the code
/// itself, the clauses, clause pre-initialisers and capture initialisers of
/// the constructs in it, and the regions of those that CodeGen does not
/// outline. Code inside outlined regions keeps reaching variables through
/// its own captures, and target regions keep the clause values that they
/// evaluate on the device.
clang::Stmt *inlineTargetDataRegion(
    clang::ASTContext &Ctx, clang::OMPExecutableDirective &TargetData,
    const clang::DeclContext *Parent,
    llvm::ArrayRef<const clang::OMPExecutableDirective *> Enclosing);

} // namespace cot

#endif // CLANG_OFFLOAD_SEMA_INLINETARGETDATA_H

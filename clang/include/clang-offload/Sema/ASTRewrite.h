//===- ASTRewrite.h - Changing Clang's AST in place -------------*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The Sema step changes the AST that Clang CodeGen is about to emit: it puts
// marker calls around constructs, inlines target data regions, points the
// uses of use_device_ptr/use_device_addr items at new variables, changes how
// a region captures a variable and how a reference resolves. Clang's AST is
// built to be read, not edited, so every write into it goes through here:
// the slots that hold statements (Stmt::children(), a captured region's
// body, a lambda's capture initialisers), the writes into storage Clang
// keeps private (a CapturedStmt's body, a loop directive's final values),
// capture kinds and reference flags. The rest of the
// Sema step decides what to change and calls these.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_SEMA_ASTREWRITE_H
#define CLANG_OFFLOAD_SEMA_ASTREWRITE_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"

namespace clang {
class ASTContext;
class CapturedStmt;
class Decl;
class DeclRefExpr;
class Expr;
class LambdaExpr;
class OMPExecutableDirective;
class OMPLoopDirective;
class Stmt;
class VarDecl;
} // namespace clang

namespace cot {

/// Something that may replace the statement in a slot of the AST.
using SlotRewriter = llvm::function_ref<void(clang::Stmt *&Slot)>;

/// Replaces the body of \p CS, a slot that Clang keeps after the capture
/// initialisers without a public setter.
void setCapturedBody(clang::CapturedStmt &CS, clang::Stmt *Body);

/// Lets \p Rewrite replace the body of \p CS (CapturedStmt::children() gives
/// the capture initialisers only).
void rewriteCapturedBody(clang::CapturedStmt &CS, SlotRewriter Rewrite);

/// Lets \p Rewrite replace each capture initialiser of \p LE; they are
/// evaluated where the lambda is, its body is a function of its own.
void rewriteLambdaCaptureInits(clang::LambdaExpr &LE, SlotRewriter Rewrite);

/// A copy of \p DRE that resolves as a capture (or not) by \p Captured.
clang::DeclRefExpr *withCaptureFlag(clang::ASTContext &Ctx,
                                    const clang::DeclRefExpr &DRE,
                                    bool Captured);

/// A reference to \p VD that resolves in the current frame, typed as the
/// variable, built without Sema's checks of the context it is used in.
clang::DeclRefExpr *plainReference(clang::ASTContext &Ctx,
                                   const clang::VarDecl &VD,
                                   clang::SourceLocation Loc = {});

/// Replaces each use of \p From in the statement in \p Slot by what
/// \p Make returns. Inside regions that CodeGen outlines, and inside
/// lambdas, only the values passed in (capture initialisers) change: the
/// code there reaches the variable through its captures.
void replaceVariableUses(clang::Stmt *&Slot, const clang::VarDecl &From,
                         llvm::function_ref<clang::Expr *()> Make);

/// Replaces the final-value expression of \p D's loop counter \p Counter
/// (`counter = <value after the loop>`), kept in the directive's own storage
/// without a public setter.
void setLoopFinal(clang::OMPLoopDirective &D, unsigned Counter,
                  clang::Expr *Final);

/// Makes every capture region of \p D (task, target, teams, parallel)
/// capture the variables \p Vars (canonical declarations) by reference
/// where it captures them by copy.
void captureByReference(clang::ASTContext &Ctx, clang::OMPExecutableDirective &D,
                        const llvm::DenseSet<const clang::Decl *> &Vars);

} // namespace cot

#endif // CLANG_OFFLOAD_SEMA_ASTREWRITE_H

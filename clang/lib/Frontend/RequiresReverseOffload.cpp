//===- RequiresReverseOffload.cpp - Accept `requires reverse_offload` -----===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Clang 19's parser checks each clause of an OpenMP directive against the
// OpenMP version (llvm::omp::isAllowedClauseForDirective), and LLVM 19's
// OMP.td gives reverse_offload on `requires` the version 99 ("partial
// support"), so `#pragma omp requires reverse_offload` is an error at any
// real version. OpenMP 5.0 has the clause, and programs name it.
//
// The parser reads the version from the LangOptions each time it checks a
// clause, and the preprocessor hands it a `requires` directive as the tokens
// annot_pragma_openmp, `requires`, the clauses, annot_pragma_openmp_end. A
// token watcher raises the version when it passes `requires` right after
// annot_pragma_openmp and restores it at annot_pragma_openmp_end, which the
// parser lexes only after it has checked the directive's last clause. Sema
// then records an OMPReverseOffloadClause like any other requirement.
//
// What the clause asks for cannot be used by a program this compiler builds:
// Clang 19 rejects every target construct nested in a target region, so
// `target device(ancestor: 1)` does not compile (see docs/UserGuide.md).
//
//===----------------------------------------------------------------------===//

#include "clang-offload/Frontend/RequiresReverseOffload.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang;

namespace cot {
namespace {

/// The OpenMP version at which LLVM 19's OMP.td allows reverse_offload.
constexpr unsigned ReverseOffloadParseVersion = 99;

/// Follows the tokens the parser receives and widens the OpenMP version
/// while it is inside a `requires` directive.
class RequiresVersionWatcher {
public:
  explicit RequiresVersionWatcher(LangOptions &LangOpts) : LangOpts(LangOpts) {}

  void operator()(const Token &Tok) {
    if (Tok.is(tok::annot_pragma_openmp)) {
      AfterPragma = true;
      return;
    }
    if (AfterPragma && Tok.is(tok::identifier) &&
        Tok.getIdentifierInfo()->getName() == "requires" &&
        LangOpts.OpenMP < ReverseOffloadParseVersion) {
      SavedVersion = LangOpts.OpenMP;
      LangOpts.OpenMP = ReverseOffloadParseVersion;
    } else if (Tok.is(tok::annot_pragma_openmp_end) && SavedVersion) {
      LangOpts.OpenMP = SavedVersion;
      SavedVersion = 0;
    }
    AfterPragma = false;
  }

private:
  LangOptions &LangOpts;
  bool AfterPragma = false;
  unsigned SavedVersion = 0; // non-zero inside a `requires` directive
};

class RequiresReverseOffloadAction : public WrapperFrontendAction {
public:
  using WrapperFrontendAction::WrapperFrontendAction;

protected:
  bool BeginSourceFileAction(CompilerInstance &CI) override {
    if (!WrapperFrontendAction::BeginSourceFileAction(CI))
      return false;
    if (CI.getLangOpts().OpenMP && CI.hasPreprocessor())
      CI.getPreprocessor().setTokenWatcher(
          RequiresVersionWatcher(CI.getLangOpts()));
    return true;
  }
};

} // namespace

std::unique_ptr<FrontendAction>
acceptRequiresReverseOffload(std::unique_ptr<FrontendAction> Action) {
  return std::make_unique<RequiresReverseOffloadAction>(std::move(Action));
}

} // namespace cot

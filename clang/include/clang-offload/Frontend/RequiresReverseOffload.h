//===- RequiresReverseOffload.h - Accept `requires reverse_offload` -*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Clang 19 parses the reverse_offload clause of `#pragma omp requires` only
// for -fopenmp-version=99 (its OMP.td marks the clause unfinished), so an
// OpenMP 5.0 program that names it does not compile. This wrapper makes the
// parser take it, for that directive alone, so the clause reaches the AST
// and the Sema step.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_FRONTEND_REQUIRESREVERSEOFFLOAD_H
#define CLANG_OFFLOAD_FRONTEND_REQUIRESREVERSEOFFLOAD_H

#include "clang/Frontend/FrontendAction.h"

#include <memory>

namespace cot {

/// Wraps \p Action so that, while it parses a `#pragma omp requires`
/// directive, the OpenMP version is one at which Clang 19 accepts every
/// clause of the directive; everything else parses at the version asked for.
std::unique_ptr<clang::FrontendAction>
acceptRequiresReverseOffload(std::unique_ptr<clang::FrontendAction> Action);

} // namespace cot

#endif

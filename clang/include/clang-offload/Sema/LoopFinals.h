//===- LoopFinals.h - Final values of non-rectangular counters -*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A loop counter that appears in lastprivate (or that simd makes linear)
// gets, after the loop, the value it has after the sequentially last
// iteration. Clang keeps that value in the directive's final expressions,
// and Clang 19's host CodeGen gets them wrong for an inner loop of a
// collapsed non-rectangular nest: it iterates over the bounding box of the
// nest and computes the inner counter from its start at the outer counter's
// final value plus the box's full range, so
//
//   #pragma omp target parallel loop collapse(3) lastprivate(i, j, k)
//   for (i = 0; i < 10; i++)
//     for (j = 0; j < 10; j++)
//       for (k = i; k < 12; k++)
//
// leaves k = 22 instead of 12 (V&V test_target_parallel_loop_lastprivate;
// clang-19 -fopenmp gives 22 for `parallel for` on the host as well).
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_SEMA_LOOPFINALS_H
#define CLANG_OFFLOAD_SEMA_LOOPFINALS_H

namespace clang {
class OMPLoopDirective;
class Sema;
} // namespace clang

namespace cot {

/// Replaces the final expression of each counter of \p D whose loop depends
/// on an outer counter by the value the counter has after the nest runs
/// sequentially: its loop's start, plus its trip count times its step, with
/// the outer counters at their last values (their final values minus their
/// steps). Needs canonical loops with constant steps over integer counters;
/// others keep Clang's expression.
void fixNonRectangularFinals(clang::Sema &S, clang::OMPLoopDirective &D);

} // namespace cot

#endif // CLANG_OFFLOAD_SEMA_LOOPFINALS_H

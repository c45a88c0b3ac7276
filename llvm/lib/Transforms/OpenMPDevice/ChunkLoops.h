//===- ChunkLoops.h - The chunk loops of cyclic schedules -------*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// openmp-device-cyclic-schedules wraps the code between a static_init and
// its static_fini in a loop over the thread's chunks, whose latch branch it
// marks; openmp-device-league-loops turns the chunk loops of thread loops
// (the grid-stride loop of an SPMD kernel, a `parallel for` in team code)
// into counted ones (countIterationChunks) or else ends the chunk loop of
// the league's distribute loop after its one chunk (runChunkLoopOnce).
// Private to llvm/lib/Transforms/OpenMPDevice.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_LIB_OPENMPDEVICE_CHUNKLOOPS_H
#define CLANG_OFFLOAD_LIB_OPENMPDEVICE_CHUNKLOOPS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/InstrTypes.h"

namespace cot {

/// The metadata kind on the branch that closes a chunk loop.
constexpr llvm::StringLiteral ChunkLoopLatch = "cot.chunk-loop";

/// Whether the static loop \p Init opens has an unsigned iteration variable
/// (`__kmpc_for_static_init_4u` and `_8u`).
bool isUnsignedInit(const llvm::CallBase &Init);

/// Reshapes the chunk loop around the one-iteration chunks that \p Init
/// hands out so that LLVM can unroll it into several loads in flight per
/// thread, as nvcc does with a CUDA grid-stride loop: the loop is skipped
/// when the thread's first iteration is past the end, counts its chunks (a
/// trip count LLVM computes; one or two without a division) and assumes in
/// each chunk that its iteration is within the loop, which removes Clang's
/// bound test of each iteration.
/// Only loops whose per-iteration code has no loop of its own: there the
/// count's registers buy no unrolling (a matrix product lost an occupancy
/// step). Returns whether it changed the loop.
bool countIterationChunks(llvm::CallBase &Init);

/// Makes the chunk loop around the static loop that \p Init opens run its
/// first chunk only, for a schedule that hands out one chunk, the whole
/// range (COT_SCHED_LEAGUE_DISTRIBUTE): its latch's test, whose stride is
/// the trip count, is one LLVM cannot decide, and its bounds stay live to
/// the kernel's end. Returns whether it changed the loop.
bool runChunkLoopOnce(llvm::CallBase &Init);

} // namespace cot

#endif // CLANG_OFFLOAD_LIB_OPENMPDEVICE_CHUNKLOOPS_H

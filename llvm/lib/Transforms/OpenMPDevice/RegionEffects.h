//===- RegionEffects.h - Regions writing their own memory -------*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A parallel region ends with a barrier of its threads: what each thread
// wrote is then visible to the team code after the region, and what the
// team code writes next cannot reach a thread still in the region. In a
// guarded kernel the team code after the region runs in every thread, and
// what only thread 0 does runs in a guard that starts with a block barrier
// of its own unless openmp-device-spmdize saw a barrier since the threads'
// last access to shared memory. When every region of a guarded kernel's
// team code writes nothing but memory of the thread that runs it (the
// microtask's locals, the thread's own copies in team code: a teams
// reduction's copy each thread keeps, a small local the region reads) and
// synchronizes nothing inside, a thread may leave a region while others
// still run it: no region writes what another reads, and what thread 0
// writes in a guard still waits at the guard's barrier. A distribute loop
// of such regions (the generic form of a reduction, one region per chunk)
// then runs without a barrier per chunk. The regions must all have the
// same size (no num_threads clause): the runtime keeps one size per team.
// openmp-device-spmdize marks such forks (and counts them as accesses,
// not barriers, so that the next guard keeps its own barrier), and
// openmp-device-parallel-regions closes them with
// __cot_gpu_guarded_parallel_end_nowait. Private to
// llvm/lib/Transforms/OpenMPDevice.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_LIB_OPENMPDEVICE_REGIONEFFECTS_H
#define CLANG_OFFLOAD_LIB_OPENMPDEVICE_REGIONEFFECTS_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/InstrTypes.h"

namespace cot {

/// Metadata on a fork call of a guarded kernel whose region needs no
/// closing barrier.
constexpr llvm::StringLiteral NoClosingBarrier = "cot.no_closing_barrier";

/// Whether the parallel region that \p Fork starts writes only memory of
/// the thread that runs it, and synchronizes nothing: its microtask (which
/// nothing else calls) writes only its own locals and what the fork
/// arguments that \p IsThreadOwn accepts point to, and calls only
/// functions that read memory or the runtime's loop bounds.
bool writesOnlyThreadOwnMemory(
    llvm::CallBase &Fork, llvm::function_ref<bool(llvm::Value *)> IsThreadOwn);

/// Marks \p Fork's region as needing no closing barrier.
void markNoClosingBarrier(llvm::CallBase &Fork);

/// Whether \p Fork's region needs no closing barrier.
bool hasNoClosingBarrier(const llvm::CallBase &Fork);

} // namespace cot

#endif // CLANG_OFFLOAD_LIB_OPENMPDEVICE_REGIONEFFECTS_H

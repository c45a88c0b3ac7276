//===- Reduction.cpp - __kmpc_reduce* -------------------------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Clang's host code for a reduction calls __kmpc_reduce{_nowait} and then,
// for the return value
//   1: combines its private copy into the shared one with plain loads and
//      stores (the reduce function), then calls __kmpc_end_reduce{_nowait};
//   2: combines with atomics (or a critical section for types without them),
//      then, for the blocking form, calls __kmpc_end_reduce;
//   0: does nothing.
// On the device:
//   - in an SPMD parallel region of a kernel with a teams level every thread
//     ran the teams code, so the "shared" copy of a parallel reduction is
//     the thread's own: 1; without a teams level (target parallel for) it is
//     the mapped variable, shared by the block: 2;
//   - in a generic-mode parallel region the shared copy lives in team-shared
//     memory and the team's threads update it concurrently: 2;
//   - outside parallel regions (teams level, either mode) each participating
//     thread updates global memory concurrently with other teams: 2.
// __kmpc_end_reduce is the barrier that ends the blocking form.
//
//===----------------------------------------------------------------------===//

#include "DeviceRTL.h"

using namespace cot;

COT_INLINE int32_t reduceMethod() {
  return level() >= 1 && mode() == ModeSPMD && TeamState.TeamsPerThread ? 1
                                                                         : 2;
}

COT_EXPORT int32_t __kmpc_reduce_nowait(ident_t *, int32_t, int32_t, size_t,
                                        void *, kmp_reduce_fn,
                                        kmp_critical_name *) {
  return reduceMethod();
}

COT_EXPORT void __kmpc_end_reduce_nowait(ident_t *, int32_t,
                                         kmp_critical_name *) {}

COT_EXPORT int32_t __kmpc_reduce(ident_t *, int32_t, int32_t, size_t, void *,
                                 kmp_reduce_fn, kmp_critical_name *) {
  return reduceMethod();
}

COT_EXPORT COT_CONVERGENT void __kmpc_end_reduce(ident_t *, int32_t, kmp_critical_name *) {
  teamBarrier();
}

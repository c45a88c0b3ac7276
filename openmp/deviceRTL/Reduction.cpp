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

COT_ENTRY int32_t __kmpc_reduce_nowait(ident_t *, int32_t, int32_t, size_t,
                                        void *, kmp_reduce_fn,
                                        kmp_critical_name *) {
  return reduceMethod();
}

COT_ENTRY void __kmpc_end_reduce_nowait(ident_t *, int32_t,
                                         kmp_critical_name *) {}

COT_ENTRY int32_t __kmpc_reduce(ident_t *, int32_t, int32_t, size_t, void *,
                                 kmp_reduce_fn, kmp_critical_name *) {
  return reduceMethod();
}

COT_ENTRY COT_CONVERGENT void __kmpc_end_reduce(ident_t *, int32_t, kmp_critical_name *) {
  teamBarrier();
}

//===-- Team-level sums in SPMD kernels -----------------------------------===//
//
// In an SPMD kernel every thread of a block reaches the teams-level
// reduction with its partial result, and each would add it to the mapped
// variable with an atomic. The device lowering replaces that atomic add by
// __cot_gpu_team_reduce_add_*: a sum over the warp with shuffles, over the
// block's warps through shared memory, and one atomic per block. All threads
// of the block call it (they all run the teams code in SPMD mode).

namespace {

COT_INLINE uint32_t shuffleDown32(uint32_t V, uint32_t Offset) {
  return __nvvm_shfl_sync_down_i32(0xffffffffu, V, Offset, 0x1f);
}

template <typename T> COT_INLINE T shuffleDown(T V, uint32_t Offset) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8, "32 or 64 bits");
  uint32_t Words[sizeof(T) / 4];
  __builtin_memcpy(Words, &V, sizeof(T));
  for (uint32_t &W : Words)
    W = shuffleDown32(W, Offset);
  __builtin_memcpy(&V, Words, sizeof(T));
  return V;
}

template <typename T> COT_INLINE T warpSum(T V) {
  for (uint32_t Offset = 16; Offset > 0; Offset /= 2)
    V += shuffleDown(V, Offset);
  return V;
}

[[clang::loader_uninitialized]] COT_SHARED uint64_t WarpSums[32];

template <typename T> COT_CONVERGENT COT_INLINE void teamReduceAdd(T *Target, T V) {
  uint32_t Threads = blockSize();
  if (Threads % 32 != 0) { // partial warps: shuffles need whole warps
    fetchAdd(Target, V);
    return;
  }
  uint32_t Lane = threadId() % 32, Warp = threadId() / 32;
  V = warpSum(V);
  if (Lane == 0)
    __builtin_memcpy(generic(&WarpSums[Warp]), &V, sizeof(T));
  blockBarrier();
  if (Warp == 0) {
    T Partial = T(0);
    if (Lane < Threads / 32)
      __builtin_memcpy(&Partial, generic(&WarpSums[Lane]), sizeof(T));
    Partial = warpSum(Partial);
    if (Lane == 0)
      fetchAdd(Target, Partial);
  }
  blockBarrier(); // WarpSums is free again
}

} // namespace

#define COT_TEAM_REDUCE_ADD(Suffix, T)                                         \
  COT_ENTRY COT_CONVERGENT void __cot_gpu_team_reduce_add_##Suffix(T *Target,  \
                                                                   T V) {      \
    teamReduceAdd(Target, V);                                                  \
  }
COT_TEAM_REDUCE_ADD(i32, int32_t)
COT_TEAM_REDUCE_ADD(i64, int64_t)
COT_TEAM_REDUCE_ADD(f32, float)
COT_TEAM_REDUCE_ADD(f64, double)
#undef COT_TEAM_REDUCE_ADD

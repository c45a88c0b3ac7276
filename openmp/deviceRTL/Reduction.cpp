//===- Reduction.cpp - __kmpc_reduce* and block-wide reductions -----------===//
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
// The device lowering (openmp-device-reductions) replaces the calls whose
// private copies it can size by __cot_gpu_reduce, which first combines the
// copies of all threads that share the target (the block in SPMD kernels,
// the threads of a parallel region) with Clang's own reduce function: warp
// shuffles, then the warps' results through shared memory. Only the first
// thread then combines the result into the shared copy, with Clang's atomic
// code (2); the others do nothing (0). One atomic, CAS loop or critical
// section per block instead of one per thread, for every operator and type,
// user-defined reductions included. Where the lowering knows that the whole
// block shares the target (SPMD teams code), it calls
// __cot_gpu_reduce_block, which skips the tests of the thread's state.
//
// In a guarded kernel whose parallel regions reduce into a teams
// reduction's private copy, each thread keeps a copy of its own
// (openmp-device-spmdize), and __cot_gpu_combine_block combines the block's
// copies into thread 0's once, before thread 0 runs the teams reduction.
//
//===----------------------------------------------------------------------===//

#include "DeviceRTL.h"

using namespace cot;

namespace {

enum : int32_t { ReduceNothing = 0, ReducePlain = 1, ReduceAtomic = 2 };

COT_INLINE int32_t reduceMethod() {
  return level() >= 1 && mode() == ModeSPMD && TeamState.TeamsPerThread
             ? ReducePlain
             : ReduceAtomic;
}

} // namespace

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

COT_ENTRY COT_CONVERGENT void __kmpc_end_reduce(ident_t *, int32_t,
                                                kmp_critical_name *) {
  teamBarrier();
}

//===-- Reductions combined per block -------------------------------------===//

namespace {

// A reduction's private copies as Clang's reduce function sees them: an
// array of pointers, one per reduction item, with the items' sizes.
struct ReductionList {
  void **Items;
  const uint32_t *Sizes;
  int32_t NumItems;
};

// The threads that combine their copies before one of them updates the
// shared copy: threads 0..Threads-1 of the block.
struct CombiningTeam {
  uint32_t Threads;
  bool WholeBlock;
};

// An item moves in chunks: 8 bytes while they last, then 4, then the rest,
// each read and written with one access of its size, so that where the
// device lowering inlines __cot_gpu_reduce (small lists) and the constant
// sizes make the loops unroll, the items stay in registers of their type.
template <typename Fn> COT_INLINE void forEachChunk(uint32_t Size, Fn &&Move) {
  for (uint32_t At = 0; At + 8 <= Size; At += 8)
    Move(At, 8u);
  uint32_t At = Size & ~7u;
  if (Size - At >= 4) {
    Move(At, 4u);
    At += 4;
  }
  if (At < Size)
    Move(At, Size - At);
}

COT_INLINE uint64_t loadChunk(const void *Item, uint32_t At, uint32_t Bytes) {
  const char *P = (const char *)Item + At;
  if (Bytes == 8) {
    uint64_t V;
    __builtin_memcpy(&V, P, 8);
    return V;
  }
  if (Bytes == 4) {
    uint32_t V;
    __builtin_memcpy(&V, P, 4);
    return V;
  }
  uint64_t V = 0;
  __builtin_memcpy(&V, P, Bytes);
  return V;
}

COT_INLINE void storeChunk(void *Item, uint32_t At, uint32_t Bytes,
                           uint64_t V) {
  char *P = (char *)Item + At;
  if (Bytes == 8) {
    __builtin_memcpy(P, &V, 8);
  } else if (Bytes == 4) {
    uint32_t W = (uint32_t)V;
    __builtin_memcpy(P, &W, 4);
  } else {
    __builtin_memcpy(P, &V, Bytes);
  }
}

COT_INLINE uint32_t laneMask(uint32_t Lanes) {
  return Lanes >= WarpSize ? ~0u : (1u << Lanes) - 1;
}

COT_CONVERGENT COT_INLINE uint64_t shuffleFromLane0(uint64_t V, uint32_t Bytes,
                                                    uint32_t Mask) {
  uint32_t Lo = __nvvm_shfl_sync_idx_i32(Mask, (uint32_t)V, 0, WarpSize - 1);
  if (Bytes <= 4)
    return Lo;
  uint32_t Hi =
      __nvvm_shfl_sync_idx_i32(Mask, (uint32_t)(V >> 32), 0, WarpSize - 1);
  return (uint64_t)Hi << 32 | Lo;
}

COT_CONVERGENT COT_INLINE uint64_t shuffleDown(uint64_t V, uint32_t Bytes,
                                               uint32_t Offset, uint32_t Mask) {
  uint32_t Lo =
      __nvvm_shfl_sync_down_i32(Mask, (uint32_t)V, Offset, WarpSize - 1);
  if (Bytes <= 4)
    return Lo;
  uint32_t Hi = __nvvm_shfl_sync_down_i32(Mask, (uint32_t)(V >> 32), Offset,
                                          WarpSize - 1);
  return (uint64_t)Hi << 32 | Lo;
}

// Every lane of the calling warp in Mask sends its copy of each item to the
// lane Offset below it, which receives it in Scratch.
COT_CONVERGENT COT_INLINE void shuffleItemsDown(const ReductionList &Mine,
                                                void **Scratch, uint32_t Offset,
                                                uint32_t Mask) {
  for (int32_t I = 0; I < Mine.NumItems; ++I)
    forEachChunk(Mine.Sizes[I], [&](uint32_t At, uint32_t Bytes) {
      uint64_t V = loadChunk(Mine.Items[I], At, Bytes);
      storeChunk(Scratch[I], At, Bytes, shuffleDown(V, Bytes, Offset, Mask));
    });
}

// Combines the copies of lanes 0..Lanes-1 of the calling warp into lane 0's
// (a tree over shfl.down: lane L takes lane L + Offset's copy).
COT_CONVERGENT COT_INLINE void combineWarp(const ReductionList &Mine,
                                           void **Scratch,
                                           cot_gpu_reduce_fn Combine,
                                           uint32_t Lanes) {
  if (Lanes == WarpSize) {
    // A full warp, the common case: the five steps unroll with constant
    // offsets. The lanes whose partner is past the warp combine their copy
    // with itself; lane 0's result never depends on theirs.
#pragma unroll
    for (uint32_t Offset = WarpSize / 2; Offset > 0; Offset /= 2) {
      shuffleItemsDown(Mine, Scratch, Offset, ~0u);
      Combine(Mine.Items, Scratch);
    }
    return;
  }
  if (Lanes < 2)
    return;
  // A partial warp: from the largest power of two below Lanes, each lane
  // combines while its partner exists. Not unrolled: one copy of the
  // shuffles and of the inlined reduce function serves every step.
  uint32_t Lane = threadId() % WarpSize, Mask = laneMask(Lanes);
#pragma nounroll
  for (uint32_t Offset = 1u << (31 - __builtin_clz(Lanes - 1)); Offset > 0;
       Offset /= 2) {
    shuffleItemsDown(Mine, Scratch, Offset, Mask);
    if (Lane + Offset < Lanes)
      Combine(Mine.Items, Scratch);
  }
}

// Every chunk of every item of a list, numbered from 0.
template <typename Fn>
COT_INLINE void forEachChunkOfList(const ReductionList &List, Fn &&Move) {
  uint32_t Index = 0;
  for (int32_t I = 0; I < List.NumItems; ++I)
    forEachChunk(List.Sizes[I], [&](uint32_t At, uint32_t Bytes) {
      Move(List.Items[I], At, Bytes, Index++);
    });
}

// How many chunks the items of a list move in.
COT_INLINE uint32_t chunkCount(const ReductionList &List) {
  uint32_t Chunks = 0;
  forEachChunkOfList(List,
                     [&](void *, uint32_t, uint32_t, uint32_t) { ++Chunks; });
  return Chunks;
}

// Staging of the warps' results in shared memory: StageSlots chunks per
// warp and round (one round for up to 32 bytes of items).
constexpr uint32_t StageSlots = 4;
[[clang::loader_uninitialized]] COT_SHARED uint64_t Stage[WarpSize][StageSlots];

COT_CONVERGENT COT_INLINE void combiningBarrier(uint32_t Threads,
                                                bool WholeBlock) {
  if (WholeBlock)
    blockBarrier();
  else
    regionBarrierSlow(Threads);
}

// Moves each warp's result (in its lane 0's copy) into the copy of lane
// <warp> of warp 0. Inlined with constant sizes, the rounds and the chunks
// in them unroll and the slot tests fold away. Without FreeStage, the
// caller's next barrier frees Stage after the last round.
COT_CONVERGENT COT_INLINE void gatherWarpResults(const ReductionList &Mine,
                                                 const CombiningTeam &Team,
                                                 bool FreeStage) {
  uint32_t Lane = threadId() % WarpSize, Warp = threadId() / WarpSize;
  uint32_t Warps = (Team.Threads + WarpSize - 1) / WarpSize;
  uint32_t Chunks = chunkCount(Mine);
  for (uint32_t First = 0; First < Chunks; First += StageSlots) {
    if (Lane == 0)
      forEachChunkOfList(
          Mine, [&](void *Item, uint32_t At, uint32_t Bytes, uint32_t Index) {
            if (Index - First < StageSlots)
              Stage[Warp][Index - First] = loadChunk(Item, At, Bytes);
          });
    combiningBarrier(Team.Threads, Team.WholeBlock);
    if (Warp == 0 && Lane < Warps)
      forEachChunkOfList(
          Mine, [&](void *Item, uint32_t At, uint32_t Bytes, uint32_t Index) {
            if (Index - First < StageSlots)
              storeChunk(Item, At, Bytes, Stage[Lane][Index - First]);
          });
    if (FreeStage || First + StageSlots < Chunks)
      combiningBarrier(Team.Threads, Team.WholeBlock); // Stage is free again
  }
}

// Combines the copies of all threads of Team into thread 0's: each warp's
// into its lane 0's, then warp 0 combines the warps' results. One copy of
// the warp step (and of the reduce function inlined into it) serves both.
// Without FreeStage, the caller's next barrier frees Stage.
COT_CONVERGENT COT_INLINE void combineTeam(const ReductionList &Mine,
                                           void **Scratch,
                                           cot_gpu_reduce_fn Combine,
                                           const CombiningTeam &Team,
                                           bool FreeStage = true) {
  uint32_t Warp = threadId() / WarpSize;
  uint32_t Warps = (Team.Threads + WarpSize - 1) / WarpSize;
  uint32_t Lanes =
      Warp + 1 == Warps ? Team.Threads - (Warps - 1) * WarpSize : WarpSize;
#pragma nounroll
  for (uint32_t Level = 0; Level < 2; ++Level) {
    combineWarp(Mine, Scratch, Combine, Lanes);
    if (Level == 1 || Warps == 1)
      return;
    gatherWarpResults(Mine, Team, FreeStage);
    if (Warp != 0 || threadId() >= Warps)
      return;
    Lanes = Warps;
  }
}

// Gives every thread of Team thread 0's copy of each item, through Stage.
COT_CONVERGENT COT_INLINE void shareThread0Copy(const ReductionList &Mine,
                                                const CombiningTeam &Team) {
  uint32_t Chunks = chunkCount(Mine);
  for (uint32_t First = 0; First < Chunks; First += StageSlots) {
    if (threadId() == 0)
      forEachChunkOfList(
          Mine, [&](void *Item, uint32_t At, uint32_t Bytes, uint32_t Index) {
            if (Index - First < StageSlots)
              Stage[0][Index - First] = loadChunk(Item, At, Bytes);
          });
    combiningBarrier(Team.Threads, Team.WholeBlock);
    if (threadId() != 0)
      forEachChunkOfList(
          Mine, [&](void *Item, uint32_t At, uint32_t Bytes, uint32_t Index) {
            if (Index - First < StageSlots)
              storeChunk(Item, At, Bytes, Stage[0][Index - First]);
          });
    combiningBarrier(Team.Threads, Team.WholeBlock); // Stage is free again
  }
}

// The combination of a team's copies, on its way from thread 0 to the
// others (StageSlots chunks).
[[clang::loader_uninitialized]] COT_SHARED uint64_t Combined[StageSlots];

// Combines the copies of all threads of Team into every one of them, all
// getting the same bits whatever the reduce function does: the copies are
// combined into thread 0's, which every thread then reads, through a
// shuffle in a team of one warp, else through shared memory after one
// barrier: two barriers in all, as CUDA code has. That barrier also frees
// Stage, and every thread reads Combined before the first barrier of the
// next combination, after which alone thread 0 writes it again. Lists of
// more chunks than Stage holds at once take a slower way.
COT_CONVERGENT COT_INLINE void combineIntoEveryThread(
    const ReductionList &Mine, void **Scratch, cot_gpu_reduce_fn Combine,
    const CombiningTeam &Team) {
  bool OneRound = chunkCount(Mine) <= StageSlots;
  combineTeam(Mine, Scratch, Combine, Team, /*FreeStage=*/!OneRound);
  if (Team.Threads <= WarpSize) {
    forEachChunkOfList(
        Mine, [&](void *Item, uint32_t At, uint32_t Bytes, uint32_t) {
          uint64_t V = loadChunk(Item, At, Bytes);
          storeChunk(Item, At, Bytes,
                     shuffleFromLane0(V, Bytes, laneMask(Team.Threads)));
        });
    return;
  }
  if (!OneRound) {
    shareThread0Copy(Mine, Team);
    return;
  }
  if (threadId() == 0)
    forEachChunkOfList(
        Mine, [&](void *Item, uint32_t At, uint32_t Bytes, uint32_t Index) {
          Combined[Index] = loadChunk(Item, At, Bytes);
        });
  combiningBarrier(Team.Threads, Team.WholeBlock);
  forEachChunkOfList(
      Mine, [&](void *Item, uint32_t At, uint32_t Bytes, uint32_t Index) {
        storeChunk(Item, At, Bytes, Combined[Index]);
      });
}

// Every thread of the block, all of them reaching the reduction together.
COT_INLINE CombiningTeam wholeBlock() { return {blockSize(), true}; }

// The threads that share the target of a reduction the calling thread
// reaches, when all of them reach it together: every thread of an SPMD
// kernel's block at teams level, the threads of an active parallel region
// whose shared copy the block shares. Null-sized otherwise.
COT_INLINE CombiningTeam combiningTeam() {
  bool TeamsPerThread = mode() == ModeSPMD && TeamState.TeamsPerThread;
  if (TeamsPerThread && level() == 0)
    return wholeBlock();
  if (!TeamsPerThread && inActiveRegion() && TeamState.RegionThreads > 1)
    return {TeamState.RegionThreads, TeamState.RegionThreads == blockSize()};
  return {0, false};
}

// Combines the copies of \p Team's threads into thread 0's, which then
// updates the shared copy with Clang's atomic code.
COT_INLINE int32_t reduceIn(const CombiningTeam &Team, void **Privates,
                            void **Scratch, const uint32_t *Sizes,
                            int32_t NumItems, cot_gpu_reduce_fn Combine) {
  combineTeam({Privates, Sizes, NumItems}, Scratch, Combine, Team);
  return threadId() == 0 ? ReduceAtomic : ReduceNothing;
}

} // namespace

COT_ENTRY COT_CONVERGENT int32_t __cot_gpu_reduce(void **Privates,
                                                  void **Scratch,
                                                  const uint32_t *Sizes,
                                                  int32_t NumItems,
                                                  cot_gpu_reduce_fn Combine) {
  CombiningTeam Team = combiningTeam();
  if (Team.Threads == 0)
    return reduceMethod();
  return reduceIn(Team, Privates, Scratch, Sizes, NumItems, Combine);
}

COT_ENTRY COT_CONVERGENT int32_t
__cot_gpu_reduce_block(void **Privates, void **Scratch, const uint32_t *Sizes,
                       int32_t NumItems, cot_gpu_reduce_fn Combine) {
  return reduceIn(wholeBlock(), Privates, Scratch, Sizes, NumItems, Combine);
}

// Every thread of a guarded kernel's parallel region, each with its own
// copy of the target (OffloadABI.h): all get the result and combine it
// into their copy with the plain code.
COT_ENTRY COT_CONVERGENT int32_t
__cot_gpu_reduce_all(void **Privates, void **Scratch, const uint32_t *Sizes,
                     int32_t NumItems, cot_gpu_reduce_fn Combine) {
  CombiningTeam Team = combiningTeam();
  if (Team.Threads != 0)
    combineIntoEveryThread({Privates, Sizes, NumItems}, Scratch, Combine,
                           Team);
  return ReducePlain;
}

COT_ENTRY COT_CONVERGENT void
__cot_gpu_combine_block(void **Privates, void **Scratch, const uint32_t *Sizes,
                        int32_t NumItems, cot_gpu_reduce_fn Combine) {
  combineTeam({Privates, Sizes, NumItems}, Scratch, Combine, wholeBlock());
}

COT_ENTRY COT_CONVERGENT void __cot_gpu_end_reduce(void) { teamBarrier(); }

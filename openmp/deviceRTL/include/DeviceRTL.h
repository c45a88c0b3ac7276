//===- DeviceRTL.h - Internals of the NVPTX device runtime -------*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Shared declarations of libomptarget-nvptx.bc: the per-block state kept in
// shared memory, the per-thread state byte, and the small inline helpers
// (thread/team ids, levels, barriers, atomics, locks) every source uses.
//
// Everything here is compiled for nvptx64 only. The helpers are always_inline
// so that, once the library is linked into a kernel, the ABI entry points are
// small enough for the inliner to remove from SPMD loops.
//
//===----------------------------------------------------------------------===//

#ifndef COT_DEVICERTL_H
#define COT_DEVICERTL_H

#include "OffloadABI.h"

#include <stddef.h>
#include <stdint.h>

// ABI entry points: extern "C", exported (COT_EXPORT, OffloadABI.h), never
// "used" (an llvm.used entry would drag every entry point into each kernel
// module).
#define COT_ENTRY extern "C" COT_EXPORT
#define COT_INLINE static inline __attribute__((always_inline))
// Entry points that synchronize threads: optimizations must not make them
// control dependent on more values than they are.
#define COT_CONVERGENT __attribute__((convergent))
#define COT_SHARED __attribute__((address_space(3)))

// libomp ABI types, as seen by host code compiled for the device.
struct ident_t;
typedef int32_t kmp_int32;
typedef int32_t kmp_critical_name[8];
typedef void (*kmp_reduce_fn)(void *, void *);
typedef kmp_int32 (*kmp_routine_entry_t)(kmp_int32, void *);

extern "C" {
void *malloc(size_t);
void free(void *);
// CUDA's device printf: a format and a buffer of the arguments.
int vprintf(const char *Format, void *Args);
// CUDA's failed-assertion report: prints, then stops the kernel.
void __assertfail(const char *Message, const char *File, unsigned Line,
                  const char *Function, size_t CharSize);
}

namespace cot {

enum : uint32_t { ModeNone = 0, ModeSPMD = 1, ModeGeneric = 2 };

constexpr uint32_t MaxThreads = 1024;
constexpr uint32_t WarpSize = 32;
constexpr uint32_t SharedStackBytes = 2048;
constexpr uint32_t SharedArgSlots = 32;
constexpr uint32_t NamedBarrierId = 1;

// Per-thread state byte: the parallel nesting level of the thread (0 outside
// any parallel region), whether its outermost region runs serialized (if
// false, num_threads(1), __kmpc_serialized_parallel at level 0), and the
// parity of the dispatch buffer its current dynamic loop uses.
constexpr uint8_t LevelMask = 0x3f;
constexpr uint8_t SerialBit = 0x40;
constexpr uint8_t ParityBit = 0x80;

// A dynamically scheduled loop shared by the threads of a team. Iterations are
// numbered 0..Trip-1; iteration I is LB + I * ST (in 64 bits, truncated to the
// loop's type, which is exact in modular arithmetic).
struct DispatchTy {
  int64_t LB;
  int64_t ST;
  uint64_t Trip;
  uint64_t Chunk;
  uint64_t Next; // next unclaimed iteration (atomic)
  uint32_t Guided;
  uint32_t Ordered;
  uint32_t NumThreads;
  uint32_t Pad;
};

// A loop scheduled by a team of one thread (nested serialized regions, code
// outside parallel regions): the thread takes everything at once.
struct SerialDispatchTy {
  int64_t LB;
  int64_t ST;
  uint64_t Trip;
  uint64_t Pending;
};

struct TeamStateTy {
  cot_gpu_parallel_fn WorkFn; // generic mode: region to run, null = exit
  cot_gpu_dispatch_fn Dispatch; // generic mode: runs WorkFn (null: call it)
  uint32_t TeamsPerThread;      // SPMD: every thread ran the teams code
  void **WorkArgs;            // generic mode: team-shared copy of the args
  void *CopyPrivate;          // __kmpc_copyprivate's published pointer
  SerialDispatchTy *SerialDisp; // malloc'ed while in use, one per thread
  DispatchTy Disp[2];           // dynamic loops, alternating
  uint32_t Mode;
  uint32_t RegionThreads;  // threads of the current level-1 region
  uint32_t PendingThreads; // __kmpc_push_num_threads for the next region
  uint32_t NThreadsICV;    // omp_set_num_threads (0: the block)
  uint32_t StackTop;       // __cot_gpu_alloc_shared stack, bytes used
  uint32_t BarCount;       // software barrier (partial-warp regions)
  uint32_t BarGen;
  uint32_t OrderedLock; // held from dispatch_next to dispatch_fini
  uint32_t SerialUsers; // threads with a live SerialDisp slot
  uint32_t SerialLock;  // guards SerialDisp and SerialUsers
  int32_t RunSchedKind; // omp_set_schedule: run-sched-var
  int32_t RunSchedChunk;
};

// Defined in State.cpp (shared memory, uninitialised: the init calls fill
// them in).
extern COT_SHARED TeamStateTy TeamState;
extern COT_SHARED uint8_t ThreadState[MaxThreads];
extern void *COT_SHARED SharedArgs[SharedArgSlots];
// Per thread: how many taskgroups it is in (Tasks.cpp, TaskReduction.cpp).
extern COT_SHARED uint8_t TaskgroupDepth[MaxThreads];
// Per thread: 1 + the parallel level at which the thread runs its innermost
// explicit task, 0 outside tasks (Tasks.cpp; omp_in_explicit_task).
extern COT_SHARED uint8_t ExplicitTaskLevel[MaxThreads];
// Its high bit: that explicit task is final (omp_in_final).
constexpr uint8_t ExplicitTaskFinal = 0x80;
extern uint32_t GlobalLock; // device memory: __kmpc_atomic_start, fallbacks

//===-- Hardware ids -------------------------------------------------------===//
COT_INLINE uint32_t threadId() { return __nvvm_read_ptx_sreg_tid_x(); }
COT_INLINE uint32_t blockSize() { return __nvvm_read_ptx_sreg_ntid_x(); }
COT_INLINE uint32_t blockId() { return __nvvm_read_ptx_sreg_ctaid_x(); }
COT_INLINE uint32_t numBlocks() { return __nvvm_read_ptx_sreg_nctaid_x(); }

//===-- Memory ordering and atomics (generic pointers; the backend's address
// space inference turns shared ones into atom.shared) ---------------------===//
COT_INLINE void fenceBlock() { __nvvm_membar_cta(); }
COT_INLINE void fenceDevice() { __nvvm_membar_gl(); }
COT_INLINE void fenceSystem() { __nvvm_membar_sys(); }

template <typename T> COT_INLINE T loadRelaxed(const T *P) {
  return __atomic_load_n(P, __ATOMIC_RELAXED);
}
template <typename T> COT_INLINE void storeRelaxed(T *P, T V) {
  __atomic_store_n(P, V, __ATOMIC_RELAXED);
}
template <typename T> COT_INLINE T fetchAdd(T *P, T V) {
  return __atomic_fetch_add(P, V, __ATOMIC_RELAXED);
}
template <typename T> COT_INLINE T exchange(T *P, T V) {
  return __atomic_exchange_n(P, V, __ATOMIC_RELAXED);
}
template <typename T> COT_INLINE bool cas(T *P, T Expected, T Desired) {
  return __atomic_compare_exchange_n(P, &Expected, Desired, false,
                                     __ATOMIC_RELAXED, __ATOMIC_RELAXED);
}
template <typename T> COT_INLINE T *generic(COT_SHARED T *P) { return (T *)P; }

// Team state through generic pointers where atomics are needed.
#define COT_TS(Field) (&generic(&TeamState)->Field)

//===-- Spin locks (a 32-bit word: 0 free, 1 held) --------------------------===//
// Lanes of one warp may contend with each other: independent thread
// scheduling (sm_70 and later, which the runtime requires) lets the holder
// make progress while its siblings spin; the back-off yields the issue slot.
COT_INLINE void lockAcquire(uint32_t *L) {
  unsigned Ns = 32;
  while (!cas(L, 0u, 1u)) {
    __nvvm_nanosleep(Ns);
    if (Ns < 1024)
      Ns *= 2;
  }
  fenceDevice();
}
COT_INLINE bool lockTry(uint32_t *L) {
  if (!cas(L, 0u, 1u))
    return false;
  fenceDevice();
  return true;
}
COT_INLINE void lockRelease(uint32_t *L) {
  fenceDevice();
  exchange(L, 0u);
}

//===-- Levels and the current team ----------------------------------------===//
COT_INLINE uint32_t level() { return ThreadState[threadId()] & LevelMask; }
COT_INLINE uint32_t mode() { return TeamState.Mode; }

// Whether the calling thread runs a final explicit task of its current
// parallel level (ExplicitTaskLevel's high bit; omp_in_final).
COT_INLINE bool inFinalTask() {
  uint8_t Task = ExplicitTaskLevel[threadId()];
  return (Task & ExplicitTaskFinal) &&
         (Task & ~ExplicitTaskFinal) == level() + 1;
}

// Whether the calling thread runs in the (only) active parallel region of its
// block: level 1 and not serialized.
COT_INLINE bool inActiveRegion() {
  return (ThreadState[threadId()] & (LevelMask | SerialBit)) == 1;
}

// The team executing the innermost parallel region of the calling thread.
// Only level-1 regions have more than one thread; nested regions run
// serialized and code outside parallel regions is a team of one.
COT_INLINE uint32_t teamThreadNum() { return inActiveRegion() ? threadId() : 0; }
COT_INLINE uint32_t teamNumThreads() {
  return inActiveRegion() ? TeamState.RegionThreads : 1;
}

// Entering and leaving a region that runs on the calling thread alone.
COT_INLINE void enterSerialized() {
  COT_SHARED uint8_t &S = ThreadState[threadId()];
  S = (S & LevelMask) == 0 ? (uint8_t)((S & ParityBit) | SerialBit | 1)
                           : (uint8_t)(S + 1);
}
COT_INLINE void exitSerialized() {
  COT_SHARED uint8_t &S = ThreadState[threadId()];
  S = (S & LevelMask) == 1 ? (uint8_t)(S & ParityBit) : (uint8_t)(S - 1);
}

//===-- Barriers -----------------------------------------------------------===//
// The barriers are the non-aligned barrier.sync, except in the team code of
// guarded kernels: in generic mode the main thread and the workers of its
// warp wait at different barrier instructions.
COT_INLINE void blockBarrier() { __nvvm_barrier_sync(0); }

// The aligned bar.sync 0, as CUDA's __syncthreads: only for code that every
// thread of the block runs at the same instruction with its warp converged
// (the team code of guarded kernels). ptxas then needs no check for a
// diverged warp before it.
COT_INLINE void alignedBlockBarrier() { __syncthreads(); }

// Barrier of the threads 0..N-1 of the current level-1 region, 1 < N, when N
// is not the block: out of line, so that the common case stays small where
// it is inlined.
__attribute__((noinline)) COT_CONVERGENT void regionBarrierSlow(uint32_t N);

// Barrier of the N threads of the calling thread's level-1 region.
COT_INLINE void regionBarrier(uint32_t N) {
  if (N == blockSize())
    blockBarrier();
  else if (N > 1)
    regionBarrierSlow(N);
}

COT_INLINE void teamBarrier() {
  if (!inActiveRegion()) {
    fenceBlock();
    return;
  }
  regionBarrier(TeamState.RegionThreads);
}

// Resets the block's state; called by one thread before a block barrier.
void initTeamState(uint32_t Mode);

//===-- Tasks ----------------------------------------------------------------===//
COT_INLINE uint32_t taskgroupDepth() { return TaskgroupDepth[threadId()]; }
// Combines and frees the calling thread's task reductions of the taskgroup
// at nesting depth Depth, which is ending (TaskReduction.cpp).
void finishTaskgroupReductions(uint32_t Depth);

//===-- Debug output (-fopenmp-target-debug) -------------------------------===//
// The level the device link sets in each image (COT_DEVICE_DEBUG_SYMBOL,
// OffloadABI.h), a constant there: without the flag the checks fold away.
extern "C" uint32_t __cot_device_debug;
COT_INLINE bool debugging(uint32_t Level) { return __cot_device_debug >= Level; }
// Whether the calling thread reports what every block does alike: thread 0
// of block 0, so that a grid prints one line, not one per block.
COT_INLINE bool reportsForGrid() { return blockId() == 0 && threadId() == 0; }

//===-- Misc ----------------------------------------------------------------===//
[[noreturn]] COT_INLINE void fatal() { __builtin_trap(); }
COT_INLINE void *mallocOrDie(uint64_t Size) {
  void *P = malloc(Size ? Size : 1);
  if (!P) {
    struct {
      uint64_t Size;
      uint32_t Block, Thread;
    } Args = {Size, blockId(), threadId()};
    vprintf("omptarget device: malloc of %llu bytes failed in block %u, "
            "thread %u (LIBOMPTARGET_HEAP_SIZE sets the device heap)\n",
            &Args);
    fatal();
  }
  return P;
}

} // namespace cot

#endif // COT_DEVICERTL_H

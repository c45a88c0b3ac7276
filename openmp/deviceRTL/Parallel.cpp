//===- Parallel.cpp - Generic-mode control loop and parallel regions ------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Generic mode follows the control-loop scheme of "Coordinating GPU threads
// for OpenMP 4.0 in LLVM" (Bertolli et al.): thread 0 of the block (the main
// thread) runs the sequential code of the teams region; the other threads
// wait at a block barrier in a loop. For a parallel region the main thread
// publishes the outlined function, a team-shared copy of its arguments and
// the team size, releases the workers at the barrier, runs the region as
// thread 0 and waits for the others at a second barrier. The region size
// decides which threads call the function; the others go straight to the
// second barrier. Deinit publishes a null function: the workers leave.
//
// Parallel regions inside parallel regions run serialized on the thread that
// meets them (thread number 0, team size 1), as do regions with if(false)
// and __kmpc_fork_call, which the device lowering normally removes.
//
//===----------------------------------------------------------------------===//

#include "DeviceRTL.h"

#include <stdarg.h>

using namespace cot;

//===-- Generic mode --------------------------------------------------------===//

/// Through the kernel's dispatch function: direct calls for the regions the
/// compiler knows.
COT_INLINE void runRegion(cot_gpu_parallel_fn Fn, void **Args) {
  if (cot_gpu_dispatch_fn Dispatch = TeamState.Dispatch)
    Dispatch(Fn, Args);
  else
    Fn(Args);
}

static void workerLoop(uint32_t T) {
  for (;;) {
    blockBarrier(); // wait for work
    cot_gpu_parallel_fn Fn = TeamState.WorkFn;
    if (!Fn)
      return;
    if (T < TeamState.RegionThreads) {
      ThreadState[T] = 1; // level 1, dispatch parity reset per region
      runRegion(Fn, TeamState.WorkArgs);
      ThreadState[T] = 0;
    }
    blockBarrier(); // region done
  }
}

COT_ENTRY COT_CONVERGENT int32_t
__cot_gpu_generic_init(cot_gpu_dispatch_fn Dispatch) {
  uint32_t T = threadId();
  if (T == 0) {
    initTeamState(ModeGeneric);
    TeamState.Dispatch = Dispatch;
  }
  ThreadState[T] = 0;
  TaskgroupDepth[T] = 0;
  ExplicitTaskLevel[T] = 0;
  blockBarrier();
  if (T == 0) {
    if (debugging(1) && blockId() == 0) {
      struct {
        uint32_t Blocks, Threads;
      } Args = {numBlocks(), blockSize()};
      vprintf("omptarget device: kernel starts in generic form (a main "
              "thread a team, the others in the control loop): %u blocks x "
              "%u threads\n",
              &Args);
    }
    return 1;
  }
  workerLoop(T);
  return 0;
}

COT_ENTRY COT_CONVERGENT void __cot_gpu_generic_deinit(void) {
  if (threadId() != 0 || TeamState.Mode != ModeGeneric)
    return;
  TeamState.WorkFn = nullptr;
  blockBarrier(); // the workers see the null function and return
}

static uint32_t resolveNumThreads(int32_t Requested) {
  uint32_t Max = blockSize();
  uint32_t N = Requested > 0 ? (uint32_t)Requested : TeamState.PendingThreads;
  if (N == 0)
    N = TeamState.NThreadsICV;
  if (N == 0 || N > Max)
    N = Max;
  TeamState.PendingThreads = 0;
  return N;
}

static void runSerialized(cot_gpu_parallel_fn Fn, void **Args) {
  enterSerialized();
  Fn(Args);
  exitSerialized();
}

COT_ENTRY COT_CONVERGENT void __cot_gpu_parallel(cot_gpu_parallel_fn Fn, void **Args,
                                   int32_t NumArgs, int32_t NumThreads,
                                   int32_t IfCond) {
  uint32_t T = threadId();
  if (T != 0 || level() != 0 || TeamState.Mode != ModeGeneric) {
    // Nested (or not from the main thread of a generic block): serialized.
    if (debugging(1) && blockId() == 0 && T == 0) {
      struct {
        uint32_t Level;
      } DebugArgs = {level()};
      vprintf("omptarget device: a parallel region in a region of level %u "
              "runs serialized on the thread that meets it\n",
              &DebugArgs);
    }
    runSerialized(Fn, Args);
    return;
  }
  uint32_t N = resolveNumThreads(NumThreads);
  if (!IfCond || N == 1) {
    runSerialized(Fn, Args);
    return;
  }
  if (debugging(2) && blockId() == 0) {
    struct {
      uint32_t Threads;
    } DebugArgs = {N};
    vprintf("omptarget device: block 0 starts a parallel region of %u "
            "threads\n",
            &DebugArgs);
  }

  // The team-shared copy of the arguments.
  uint32_t Count = NumArgs > 0 ? (uint32_t)NumArgs : 0;
  void **Shared = Count <= SharedArgSlots
                      ? generic(&SharedArgs[0])
                      : (void **)__cot_gpu_alloc_shared(Count * sizeof(void *));
  for (uint32_t I = 0; I < Count; ++I)
    Shared[I] = Args[I];

  TeamState.RegionThreads = N;
  TeamState.WorkArgs = Shared;
  TeamState.WorkFn = Fn;
  blockBarrier(); // release the workers
  ThreadState[0] = 1;
  runRegion(Fn, Shared);
  ThreadState[0] = 0;
  blockBarrier(); // wait for them

  if (Count > SharedArgSlots)
    __cot_gpu_free_shared(Shared, Count * sizeof(void *));
}

//===-- Guarded kernels ----------------------------------------------------===//
// Every thread of the block runs the team code (openmp-device-spmdize): what
// only one thread may do runs on thread 0 between __cot_gpu_guard_begin and
// __cot_gpu_guard_end, and a parallel region starts where the team code
// meets it, without the control loop. Every thread runs the team code's
// control flow alike, so its barriers are the aligned kind.

// A guarded range: the block's threads are done with what came before,
// then thread 0 alone goes on.
COT_ENTRY COT_CONVERGENT int32_t __cot_gpu_guard_begin(void) {
  alignedBlockBarrier();
  return threadId() == 0;
}

// A guarded range that every thread reaches right after a block barrier,
// with no access to memory other threads see in between (the compiler
// checked): that barrier already ordered what came before.
COT_ENTRY int32_t __cot_gpu_guard_begin_after_barrier(void) {
  return threadId() == 0;
}

// The end of a guarded range: everything thread 0 did is visible.
COT_ENTRY COT_CONVERGENT void __cot_gpu_guard_end(void) {
  alignedBlockBarrier();
}

enum : int32_t { GuardedIdle = 0, GuardedActive = 1, GuardedSerial = 2 };

// The team size of a region: NumThreads (its num_threads clause) if any,
// else the ICV, capped at the block.
static uint32_t regionSize(int32_t NumThreads) {
  uint32_t Max = blockSize();
  uint32_t N = NumThreads > 0 ? (uint32_t)NumThreads : TeamState.NThreadsICV;
  return N == 0 || N > Max ? Max : N;
}

// Where team code meets a parallel region. NumThreads is its num_threads
// value, 0 without the clause: every thread sizes the region itself (what
// it reads only guarded code writes, before a barrier) and no barrier is
// needed, since the guards already ordered the team code's effects. -1: a
// num_threads the compiler did not see (__kmpc_push_num_threads left for
// the runtime): thread 0 sizes the region, then a barrier. The threads
// numbered below the size take part. Returns how the calling thread runs
// the region: not at all, as one of an active team, or alone (a team of
// one, which is not an active region). Team code of a guarded kernel runs
// at level 0 with its state byte 0 in every thread (spmd_init clears it,
// and only these two functions change it there, a region restoring what
// it found), so the region's state is stored, not computed from it.
COT_ENTRY COT_CONVERGENT int32_t
__cot_gpu_guarded_parallel_begin(int32_t NumThreads) {
  uint32_t T = threadId();
  uint32_t N;
  if (NumThreads < 0) {
    if (T == 0)
      TeamState.RegionThreads = resolveNumThreads(0);
    alignedBlockBarrier();
    N = TeamState.RegionThreads;
  } else {
    N = regionSize(NumThreads);
  }
  if (T >= N)
    return GuardedIdle;
  // Every thread of the region stores the same size.
  storeRelaxed(COT_TS(RegionThreads), N);
  ThreadState[T] = N == 1 ? SerialBit | 1 : 1;
  return N == 1 ? GuardedSerial : GuardedActive;
}

// The region's closing barrier; the thread is back at level 0.
COT_ENTRY COT_CONVERGENT void __cot_gpu_guarded_parallel_end(int32_t Ran) {
  if (Ran != GuardedIdle)
    ThreadState[threadId()] = 0;
  alignedBlockBarrier();
}

// The end of a region whose threads wrote only their own memory: the team
// code after it waits for nothing (the compiler keeps the next guard's
// barrier), and every region of the kernel has the same size.
COT_ENTRY void __cot_gpu_guarded_parallel_end_nowait(int32_t Ran) {
  if (Ran != GuardedIdle)
    ThreadState[threadId()] = 0;
}

// Thread 0's copy of a team-code local, on its way to the other threads.
[[clang::loader_uninitialized]] COT_SHARED uint64_t GuardedCopy;

// Every thread of the block gets thread 0's Value. Out of line: where it
// was inlined in every region's end, ptxas gave bench/ rownorm's kernel 40
// registers instead of 32.
[[gnu::noinline]] COT_CONVERGENT static uint64_t
valueOfThread0(uint64_t Value) {
  alignedBlockBarrier(); // thread 0 is done with the region
  if (threadId() == 0)
    GuardedCopy = Value;
  alignedBlockBarrier();
  uint64_t Result = threadId() == 0 ? Value : GuardedCopy;
  alignedBlockBarrier(); // GuardedCopy is free again
  return Result;
}

// After a parallel region whose threads each reduced into their own copy of
// a team-code local (__cot_gpu_reduce_all): where the region (sized as
// __cot_gpu_guarded_parallel_begin sized it) left threads out, they get
// thread 0's copy, eight bytes at a time (the last chunk may be shorter).
// Every thread of the block calls it. The loop has a constant trip count,
// so that it unrolls here already: inlined with the compiler's constant
// Bytes, every access then has a constant offset and size, and the copy
// stays in registers.
COT_ENTRY COT_CONVERGENT void
__cot_gpu_guarded_copy_sync(void *Copy, uint32_t Bytes, int32_t NumThreads) {
  uint32_t N = NumThreads < 0 ? TeamState.RegionThreads : regionSize(NumThreads);
  if (N == blockSize())
    return;
  constexpr uint32_t Chunk = sizeof(uint64_t);
  for (uint32_t At = 0; At < COT_GUARDED_COPY_MAX_BYTES; At += Chunk) {
    if (At >= Bytes)
      break;
    uint32_t Size = Bytes - At < Chunk ? Bytes - At : Chunk;
    uint64_t Value = 0;
    __builtin_memcpy(&Value, (char *)Copy + At, Size);
    Value = valueOfThread0(Value);
    __builtin_memcpy((char *)Copy + At, &Value, Size);
  }
}

//===-- Bodies of regions that SPMD and guarded team code starts -----------===//
// In the body of a parallel region that only the team code of SPMD and
// guarded kernels starts, the compiler calls these instead of
// omp_get_thread_num, omp_get_num_threads and __kmpc_barrier: the calling
// thread is one of the region's threads, thread threadIdx.x at level 1 (or
// thread 0 alone of a region that runs serialized, whose size is 1), so the
// thread's state need not be read.

COT_ENTRY int32_t __cot_gpu_region_thread_num(void) {
  return (int32_t)threadId();
}

COT_ENTRY int32_t __cot_gpu_region_num_threads(void) {
  return (int32_t)TeamState.RegionThreads;
}

COT_ENTRY COT_CONVERGENT void __cot_gpu_region_barrier(void) {
  regionBarrier(TeamState.RegionThreads);
}

// The same where the compiler knows the region has the whole block.
COT_ENTRY int32_t __cot_gpu_block_num_threads(void) {
  return (int32_t)blockSize();
}

COT_ENTRY COT_CONVERGENT void __cot_gpu_block_barrier(void) { blockBarrier(); }

//===-- libomp entry points ------------------------------------------------===//

COT_ENTRY void __kmpc_push_num_threads(ident_t *, int32_t, int32_t N) {
  // Only the main thread of a generic block starts parallel regions.
  if (threadId() == 0 && level() == 0)
    TeamState.PendingThreads = N > 0 ? (uint32_t)N : 0;
}

COT_ENTRY void __kmpc_push_num_teams(ident_t *, int32_t, int32_t, int32_t) {}
COT_ENTRY void __kmpc_push_num_teams_51(ident_t *, int32_t, int32_t, int32_t,
                                         int32_t) {}
COT_ENTRY void __kmpc_push_proc_bind(ident_t *, int32_t, int32_t) {}
COT_ENTRY void __kmpc_set_thread_limit(ident_t *, int32_t, int32_t) {}

COT_ENTRY void __kmpc_serialized_parallel(ident_t *, int32_t) {
  enterSerialized();
}

COT_ENTRY void __kmpc_end_serialized_parallel(ident_t *, int32_t) {
  exitSerialized();
}

// Fallbacks for fork calls the device lowering left in place: the microtask
// runs on the calling thread. Microtask arguments are pointer-sized (pointers
// or values cast to intptr_t), so they are forwarded as 64-bit values through
// non-variadic prototypes matching the outlined function's parameters.
typedef void (*kmpc_micro)(int32_t *, int32_t *, ...);

#define COT_MAX_FORK_ARGS 16
static void invokeMicrotask(kmpc_micro Fn, int32_t Argc, void **A) {
  int32_t Gtid = (int32_t)threadId(), Btid = 0;
  int32_t *G = &Gtid, *B = &Btid;
  typedef void *P;
  switch (Argc) {
  case 0: ((void (*)(int32_t *, int32_t *))Fn)(G, B); break;
  case 1: ((void (*)(int32_t *, int32_t *, P))Fn)(G, B, A[0]); break;
  case 2: ((void (*)(int32_t *, int32_t *, P, P))Fn)(G, B, A[0], A[1]); break;
  case 3:
    ((void (*)(int32_t *, int32_t *, P, P, P))Fn)(G, B, A[0], A[1], A[2]);
    break;
  case 4:
    ((void (*)(int32_t *, int32_t *, P, P, P, P))Fn)(G, B, A[0], A[1], A[2],
                                                     A[3]);
    break;
  case 5:
    ((void (*)(int32_t *, int32_t *, P, P, P, P, P))Fn)(G, B, A[0], A[1], A[2],
                                                        A[3], A[4]);
    break;
  case 6:
    ((void (*)(int32_t *, int32_t *, P, P, P, P, P, P))Fn)(
        G, B, A[0], A[1], A[2], A[3], A[4], A[5]);
    break;
  case 7:
    ((void (*)(int32_t *, int32_t *, P, P, P, P, P, P, P))Fn)(
        G, B, A[0], A[1], A[2], A[3], A[4], A[5], A[6]);
    break;
  case 8:
    ((void (*)(int32_t *, int32_t *, P, P, P, P, P, P, P, P))Fn)(
        G, B, A[0], A[1], A[2], A[3], A[4], A[5], A[6], A[7]);
    break;
  case 9:
    ((void (*)(int32_t *, int32_t *, P, P, P, P, P, P, P, P, P))Fn)(
        G, B, A[0], A[1], A[2], A[3], A[4], A[5], A[6], A[7], A[8]);
    break;
  case 10:
    ((void (*)(int32_t *, int32_t *, P, P, P, P, P, P, P, P, P, P))Fn)(
        G, B, A[0], A[1], A[2], A[3], A[4], A[5], A[6], A[7], A[8], A[9]);
    break;
  case 11:
    ((void (*)(int32_t *, int32_t *, P, P, P, P, P, P, P, P, P, P, P))Fn)(
        G, B, A[0], A[1], A[2], A[3], A[4], A[5], A[6], A[7], A[8], A[9],
        A[10]);
    break;
  case 12:
    ((void (*)(int32_t *, int32_t *, P, P, P, P, P, P, P, P, P, P, P, P))Fn)(
        G, B, A[0], A[1], A[2], A[3], A[4], A[5], A[6], A[7], A[8], A[9],
        A[10], A[11]);
    break;
  case 13:
    ((void (*)(int32_t *, int32_t *, P, P, P, P, P, P, P, P, P, P, P, P,
               P))Fn)(G, B, A[0], A[1], A[2], A[3], A[4], A[5], A[6], A[7],
                      A[8], A[9], A[10], A[11], A[12]);
    break;
  case 14:
    ((void (*)(int32_t *, int32_t *, P, P, P, P, P, P, P, P, P, P, P, P, P,
               P))Fn)(G, B, A[0], A[1], A[2], A[3], A[4], A[5], A[6], A[7],
                      A[8], A[9], A[10], A[11], A[12], A[13]);
    break;
  case 15:
    ((void (*)(int32_t *, int32_t *, P, P, P, P, P, P, P, P, P, P, P, P, P, P,
               P))Fn)(G, B, A[0], A[1], A[2], A[3], A[4], A[5], A[6], A[7],
                      A[8], A[9], A[10], A[11], A[12], A[13], A[14]);
    break;
  case 16:
    ((void (*)(int32_t *, int32_t *, P, P, P, P, P, P, P, P, P, P, P, P, P, P,
               P, P))Fn)(G, B, A[0], A[1], A[2], A[3], A[4], A[5], A[6], A[7],
                         A[8], A[9], A[10], A[11], A[12], A[13], A[14], A[15]);
    break;
  default:
    fatal();
  }
}

#define COT_COLLECT_ARGS(Argc, Last, A)                                        \
  void *A[COT_MAX_FORK_ARGS];                                                  \
  {                                                                            \
    va_list AP;                                                                \
    va_start(AP, Last);                                                        \
    for (int32_t I = 0; I < Argc && I < COT_MAX_FORK_ARGS; ++I)                \
      A[I] = va_arg(AP, void *);                                               \
    va_end(AP);                                                                \
  }

COT_ENTRY void __kmpc_fork_call(ident_t *, int32_t Argc, kmpc_micro Fn, ...) {
  COT_COLLECT_ARGS(Argc, Fn, A);
  enterSerialized();
  invokeMicrotask(Fn, Argc, A);
  exitSerialized();
}

COT_ENTRY void __kmpc_fork_teams(ident_t *, int32_t Argc, kmpc_micro Fn,
                                  ...) {
  COT_COLLECT_ARGS(Argc, Fn, A);
  invokeMicrotask(Fn, Argc, A);
}

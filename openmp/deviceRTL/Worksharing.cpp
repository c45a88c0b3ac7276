//===- Worksharing.cpp - Loop scheduling ----------------------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Static schedules (__kmpc_for_static_init_*): the bounds each thread (or, for
// the distribute kinds, each team) gets, with libomp's contract for
// plastiter/plower/pupper/pstride so that Clang's host loops run unchanged.
// The code is a template over the loop type, small and branch-light so that
// it folds away once inlined with a constant schedule, increment and chunk.
//
// Dynamic schedules (__kmpc_dispatch_*): a team-shared descriptor in shared
// memory with an atomic iteration counter. Two descriptors alternate between
// consecutive loops (per-thread parity bit), and the region thread 0 fills one
// in before a team barrier; a thread can be one loop ahead of the slowest
// (nowait) but not two, because that barrier needs everyone. Ordered loops
// hand out one iteration at a time and keep a team lock from dispatch_next to
// the end of the iteration (__kmpc_dispatch_fini_*), so iterations run in
// order. Loops of a team of one take everything at once.
//
//===----------------------------------------------------------------------===//

#include "DeviceRTL.h"

using namespace cot;

namespace {
template <typename T> struct Unsigned;
template <> struct Unsigned<int32_t> { typedef uint32_t Type; };
template <> struct Unsigned<uint32_t> { typedef uint32_t Type; };
template <> struct Unsigned<int64_t> { typedef uint64_t Type; };
template <> struct Unsigned<uint64_t> { typedef uint64_t Type; };
} // namespace

// Number of iterations of lb..ub by incr, non-empty loop.
template <typename T, typename ST>
COT_INLINE typename Unsigned<T>::Type tripCount(T Lo, T Hi, ST Incr) {
  typedef typename Unsigned<T>::Type UT;
  if (Incr > 0)
    return (UT)(Hi - Lo) / (UT)Incr + 1;
  return (UT)(Lo - Hi) / (UT)(-Incr) + 1;
}

// Chunks of one iteration, the cyclic schedules the compiler gives loops
// without a schedule clause (Design.md): participant Id of N gets iteration
// Id, the stride is N iterations (at most the whole range, so that the
// bounds cannot overflow), and lower and upper bound stay equal, also for a
// participant with no iteration, so that the optimizer sees the chunk's loop
// run at most once and can unroll the loop over the chunks.
template <typename T, typename ST>
COT_INLINE void cyclicInit(uint64_t Id, uint64_t N, int32_t *PLast, T *PLower,
                           T *PUpper, ST *PStride, ST Incr) {
  typedef typename Unsigned<T>::Type UT;
  T Lo = *PLower, Hi = *PUpper;
  UT Trip = tripCount(Lo, Hi, Incr);
  *PStride = (ST)((UT)(N < Trip ? N : Trip) * (UT)Incr);
  *PLower = *PUpper = Id < Trip ? (T)(Lo + (ST)Id * Incr)
                                : (T)(Hi + (Incr > 0 ? 1 : -1));
  if (PLast)
    *PLast = Id == (uint64_t)(Trip - 1) % N;
}

// A loop without iterations. The upper bound becomes the lower one, the
// shape of every other participant's chunk of one iteration, so that after
// inlining the optimizer sees one value for both on every path (with the
// loop's own upper bound here, an unsigned loop kept Clang's loop over the
// chunk in every unrolled chunk). Clang's code clamps the upper bound to
// the loop's last iteration, which is below the lower bound, and runs none.
template <typename T, typename ST>
COT_INLINE void zeroTripInit(int32_t *PLast, T *PLower, T *PUpper,
                             ST *PStride, ST Incr) {
  if (PLast)
    *PLast = 0;
  *PUpper = *PLower;
  *PStride = Incr;
}

// Bounds of participant Id of N for the static kinds. Kinds: chunked (33, 91,
// and unknown chunked ones), balanced-chunked (45), blocked (the rest).
template <typename T, typename ST>
COT_INLINE void staticInit(int32_t Kind, uint32_t Id, uint32_t N,
                           int32_t *PLast, T *PLower, T *PUpper, ST *PStride,
                           ST Incr, ST Chunk) {
  typedef typename Unsigned<T>::Type UT;
  T Lo = *PLower, Hi = *PUpper;
  int32_t Last;
  if (Incr > 0 ? Hi < Lo : Lo < Hi) {
    zeroTripInit(PLast, PLower, PUpper, PStride, Incr);
    return;
  }
  if ((Kind == COT_SCHED_STATIC_CHUNKED ||
       Kind == COT_SCHED_DISTRIBUTE_STATIC_CHUNKED) &&
      Chunk == 1) {
    cyclicInit<T, ST>(Id, N, PLast, PLower, PUpper, PStride, Incr);
    return;
  }
  if (N == 1) { // one participant: everything
    if (PLast)
      *PLast = 1;
    *PStride = Incr > 0 ? (ST)(Hi - Lo + 1) : (ST) - (Lo - Hi + 1);
    return;
  }
  UT Trip = tripCount(Lo, Hi, Incr);
  T Past = (T)(Hi + (Incr > 0 ? 1 : -1)); // an empty range for idle ids
  if (Kind == COT_SCHED_STATIC_CHUNKED || Kind == COT_SCHED_DISTRIBUTE_STATIC_CHUNKED) {
    if (Chunk < 1)
      Chunk = 1;
    else if ((UT)Chunk > Trip)
      Chunk = (ST)Trip;
    UT NChunks = Trip / (UT)Chunk + (Trip % (UT)Chunk ? 1 : 0);
    ST Span = Chunk * Incr;
    *PStride = NChunks < N ? (ST)(Span * (ST)NChunks) : (ST)(Span * (ST)N);
    if (Id < NChunks) {
      T First = (T)(Lo + Span * (ST)Id);
      *PLower = First;
      *PUpper = (T)(First + Span - Incr);
    } else {
      *PLower = Past;
    }
    Last = Id == (NChunks - 1) % N;
  } else if (Kind == COT_SCHED_STATIC_BALANCED_CHUNKED) {
    if (Chunk < 1)
      Chunk = 1;
    UT Per = (Trip + N - 1) / N;
    Per = (Per + (UT)Chunk - 1) / (UT)Chunk * (UT)Chunk;
    ST Span = (ST)Per * Incr;
    T First = (T)(Lo + Span * (ST)Id);
    T End = (T)(First + Span - Incr);
    if (Incr > 0 ? End > Hi : End < Hi)
      End = Hi;
    *PLower = First;
    *PUpper = End;
    *PStride = (ST)(Span * (ST)N);
    Last = Id == (Trip - 1) / Per;
  } else {
    if (Trip <= N) {
      if (Id < Trip)
        *PLower = *PUpper = (T)(Lo + (ST)Id * Incr);
      else
        *PLower = Past;
      Last = Id == Trip - 1;
    } else {
      UT Small = Trip / N, Extra = Trip % N;
      T First = (T)(Lo + Incr * (ST)(Id * Small + (Id < Extra ? Id : Extra)));
      *PLower = First;
      *PUpper = (T)(First + (ST)Small * Incr - (Id < Extra ? 0 : Incr));
      Last = Id == N - 1;
    }
    *PStride = (ST)Trip;
  }
  if (PLast)
    *PLast = Last;
}

COT_INLINE bool isDistributeKind(int32_t Kind) {
  return Kind == COT_SCHED_DISTRIBUTE_STATIC || Kind == COT_SCHED_DISTRIBUTE_STATIC_CHUNKED;
}

// The league kinds (OffloadABI.h): iteration k of the loop runs on global
// thread k % G of the G = teams x threads of an SPMD kernel. The distribute
// level hands each team the whole range, once (the stride passes the upper
// bound), and tells the team that runs the last iteration; the thread level
// hands the thread its first iteration, with stride G iterations (at most
// the whole range, so that the bounds cannot overflow).
COT_INLINE uint64_t leagueThread() {
  return (uint64_t)blockId() * blockSize() + threadId();
}
COT_INLINE uint64_t leagueSize() {
  return (uint64_t)numBlocks() * blockSize();
}

template <typename T, typename ST>
COT_INLINE void leagueInit(int32_t Kind, int32_t *PLast, T *PLower, T *PUpper,
                           ST *PStride, ST Incr) {
  typedef typename Unsigned<T>::Type UT;
  T Lo = *PLower, Hi = *PUpper;
  if (Incr > 0 ? Hi < Lo : Lo < Hi) {
    zeroTripInit(PLast, PLower, PUpper, PStride, Incr);
    return;
  }
  if (Kind == COT_SCHED_LEAGUE_DISTRIBUTE) {
    UT Trip = tripCount(Lo, Hi, Incr);
    *PStride = (ST)(Trip * (UT)Incr);
    if (PLast)
      *PLast = (uint64_t)(Trip - 1) % leagueSize() / blockSize() == blockId();
    return;
  }
  cyclicInit<T, ST>(leagueThread(), leagueSize(), PLast, PLower, PUpper,
                    PStride, Incr);
}

COT_INLINE bool isLeagueKind(int32_t Kind) {
  return Kind == COT_SCHED_LEAGUE_DISTRIBUTE || Kind == COT_SCHED_LEAGUE_STATIC;
}

template <typename T, typename ST>
COT_INLINE void forStaticInit(int32_t Kind, int32_t *PLast, T *PLower,
                              T *PUpper, ST *PStride, ST Incr, ST Chunk) {
  Kind &= COT_SCHED_KIND_MASK;
  if (isLeagueKind(Kind))
    leagueInit<T, ST>(Kind, PLast, PLower, PUpper, PStride, Incr);
  else if (isDistributeKind(Kind))
    staticInit<T, ST>(Kind, blockId(), numBlocks(), PLast, PLower, PUpper,
                      PStride, Incr, Chunk);
  else
    staticInit<T, ST>(Kind, teamThreadNum(), teamNumThreads(), PLast, PLower,
                      PUpper, PStride, Incr, Chunk);
}

#define COT_STATIC_INIT(Name, T, ST)                                           \
  COT_ENTRY void Name(ident_t *, int32_t, int32_t Kind, int32_t *PLast,       \
                       T *PLower, T *PUpper, ST *PStride, ST Incr, ST Chunk) { \
    forStaticInit<T, ST>(Kind, PLast, PLower, PUpper, PStride, Incr, Chunk);   \
  }
COT_STATIC_INIT(__kmpc_for_static_init_4, int32_t, int32_t)
COT_STATIC_INIT(__kmpc_for_static_init_4u, uint32_t, int32_t)
COT_STATIC_INIT(__kmpc_for_static_init_8, int64_t, int64_t)
COT_STATIC_INIT(__kmpc_for_static_init_8u, uint64_t, int64_t)

// The same in the body of a parallel region that only the team code of an
// SPMD or guarded kernel starts (the compiler's choice, see Parallel.cpp):
// the caller is thread threadIdx.x of the level-1 region of Size threads.
#define COT_REGION_STATIC_INIT(Name, T, ST, Size)                              \
  COT_ENTRY void Name(ident_t *, int32_t, int32_t Kind, int32_t *PLast,       \
                       T *PLower, T *PUpper, ST *PStride, ST Incr, ST Chunk) { \
    Kind &= COT_SCHED_KIND_MASK;                                               \
    if (isLeagueKind(Kind))                                                    \
      leagueInit<T, ST>(Kind, PLast, PLower, PUpper, PStride, Incr);           \
    else if (isDistributeKind(Kind))                                           \
      staticInit<T, ST>(Kind, blockId(), numBlocks(), PLast, PLower, PUpper,   \
                        PStride, Incr, Chunk);                                 \
    else                                                                       \
      staticInit<T, ST>(Kind, threadId(), Size, PLast, PLower, PUpper,         \
                        PStride, Incr, Chunk);                                 \
  }
#define COT_REGION_THREADS TeamState.RegionThreads
COT_REGION_STATIC_INIT(__cot_gpu_region_for_static_init_4, int32_t, int32_t,
                       COT_REGION_THREADS)
COT_REGION_STATIC_INIT(__cot_gpu_region_for_static_init_4u, uint32_t, int32_t,
                       COT_REGION_THREADS)
COT_REGION_STATIC_INIT(__cot_gpu_region_for_static_init_8, int64_t, int64_t,
                       COT_REGION_THREADS)
COT_REGION_STATIC_INIT(__cot_gpu_region_for_static_init_8u, uint64_t, int64_t,
                       COT_REGION_THREADS)
// ... of a region that has the whole block.
COT_REGION_STATIC_INIT(__cot_gpu_block_for_static_init_4, int32_t, int32_t,
                       blockSize())
COT_REGION_STATIC_INIT(__cot_gpu_block_for_static_init_4u, uint32_t, int32_t,
                       blockSize())
COT_REGION_STATIC_INIT(__cot_gpu_block_for_static_init_8, int64_t, int64_t,
                       blockSize())
COT_REGION_STATIC_INIT(__cot_gpu_block_for_static_init_8u, uint64_t, int64_t,
                       blockSize())

// The device runtime flavour of distribute: always over the teams.
#define COT_DISTRIBUTE_INIT(Name, T, ST)                                       \
  COT_ENTRY void Name(ident_t *, int32_t, int32_t Kind, int32_t *PLast,       \
                       T *PLower, T *PUpper, ST *PStride, ST Incr, ST Chunk) { \
    Kind &= COT_SCHED_KIND_MASK;                                                     \
    staticInit<T, ST>(Kind == COT_SCHED_STATIC_CHUNKED ? COT_SCHED_DISTRIBUTE_STATIC_CHUNKED \
                                                 : Kind,                       \
                      blockId(), numBlocks(), PLast, PLower, PUpper, PStride,  \
                      Incr, Chunk);                                            \
  }
COT_DISTRIBUTE_INIT(__kmpc_distribute_static_init_4, int32_t, int32_t)
COT_DISTRIBUTE_INIT(__kmpc_distribute_static_init_4u, uint32_t, int32_t)
COT_DISTRIBUTE_INIT(__kmpc_distribute_static_init_8, int64_t, int64_t)
COT_DISTRIBUTE_INIT(__kmpc_distribute_static_init_8u, uint64_t, int64_t)

COT_ENTRY void __kmpc_for_static_fini(ident_t *, int32_t) {}
COT_ENTRY void __kmpc_distribute_static_fini(ident_t *, int32_t) {}

// Combined distribute + for: the team's block of the iteration space (upper
// bound in *PUpperDist), then the thread's part of it per Kind (34 or 33).
template <typename T, typename ST>
COT_INLINE void distForStaticInit(int32_t Kind, int32_t *PLast, T *PLower,
                                  T *PUpper, T *PUpperDist, ST *PStride,
                                  ST Incr, ST Chunk) {
  Kind &= COT_SCHED_KIND_MASK;
  int32_t TeamLast = 0, ThreadLast = 0;
  ST TeamStride;
  T Hi = *PUpper;
  staticInit<T, ST>(COT_SCHED_DISTRIBUTE_STATIC, blockId(), numBlocks(), &TeamLast,
                    PLower, PUpper, &TeamStride, Incr, 0);
  T Lo = *PLower, TeamHi = *PUpper;
  bool Empty = Incr > 0 ? TeamHi < Lo : Lo < TeamHi;
  *PUpperDist = Empty ? Hi : TeamHi;
  if (Empty) {
    *PStride = Incr;
    if (PLast)
      *PLast = 0;
    return;
  }
  staticInit<T, ST>(Kind == COT_SCHED_STATIC_CHUNKED ? COT_SCHED_STATIC_CHUNKED
                                               : COT_SCHED_STATIC,
                    teamThreadNum(), teamNumThreads(), &ThreadLast, PLower,
                    PUpper, PStride, Incr, Chunk);
  if (PLast)
    *PLast = TeamLast && ThreadLast;
}

#define COT_DIST_FOR_INIT(Name, T, ST)                                         \
  COT_ENTRY void Name(ident_t *, int32_t, int32_t Kind, int32_t *PLast,       \
                       T *PLower, T *PUpper, T *PUpperDist, ST *PStride,       \
                       ST Incr, ST Chunk) {                                    \
    distForStaticInit<T, ST>(Kind, PLast, PLower, PUpper, PUpperDist, PStride, \
                             Incr, Chunk);                                     \
  }
COT_DIST_FOR_INIT(__kmpc_dist_for_static_init_4, int32_t, int32_t)
COT_DIST_FOR_INIT(__kmpc_dist_for_static_init_4u, uint32_t, int32_t)
COT_DIST_FOR_INIT(__kmpc_dist_for_static_init_8, int64_t, int64_t)
COT_DIST_FOR_INIT(__kmpc_dist_for_static_init_8u, uint64_t, int64_t)

//===-- Dynamic schedules ---------------------------------------------------===//

// Loops of a team of one: one slot per thread of the block, allocated while
// any thread of the block has such a loop running (rare: nested regions,
// worksharing outside parallel regions).
static SerialDispatchTy *serialAcquire() {
  lockAcquire(COT_TS(SerialLock));
  SerialDispatchTy *Slots = TeamState.SerialDisp;
  if (!Slots) {
    Slots = (SerialDispatchTy *)mallocOrDie((uint64_t)blockSize() *
                                            sizeof(SerialDispatchTy));
    TeamState.SerialDisp = Slots;
  }
  TeamState.SerialUsers += 1;
  lockRelease(COT_TS(SerialLock));
  return &Slots[threadId()];
}

static void serialRelease() {
  lockAcquire(COT_TS(SerialLock));
  if (--TeamState.SerialUsers == 0) {
    free(TeamState.SerialDisp);
    TeamState.SerialDisp = nullptr;
  }
  lockRelease(COT_TS(SerialLock));
}

// The calling thread's slot; valid between serialAcquire and serialRelease.
static SerialDispatchTy *serialSlot() {
  return &TeamState.SerialDisp[threadId()];
}

static uint32_t currentParity() {
  return ThreadState[threadId()] & ParityBit ? 1 : 0;
}

COT_CONVERGENT static void dispatchInit(int32_t Kind, int64_t LB, int64_t ST, uint64_t Trip,
                         int64_t Chunk) {
  Kind &= COT_SCHED_KIND_MASK;
  if (Kind >= COT_SCHED_NOMERGE_OFFSET + 32)
    Kind -= COT_SCHED_NOMERGE_OFFSET; // kmp_nm_* behave like kmp_sch_*
  uint32_t N = teamNumThreads();
  if (N == 1) {
    SerialDispatchTy *S = serialAcquire();
    S->LB = LB;
    S->ST = ST;
    S->Trip = Trip;
    S->Pending = Trip != 0;
    return;
  }

  bool Ordered = Kind > COT_SCHED_ORDERED_LOWER && Kind <= COT_SCHED_ORDERED_UPPER;
  if (Ordered)
    Kind -= COT_SCHED_ORDERED_LOWER - 32;
  if (Kind == COT_SCHED_RUNTIME || Kind == COT_SCHED_RUNTIME_SIMD) {
    Kind = TeamState.RunSchedKind;
    Chunk = TeamState.RunSchedChunk;
  }
  bool Guided = Kind == COT_SCHED_GUIDED_CHUNKED || Kind == COT_SCHED_GUIDED_ITERATIVE ||
                Kind == COT_SCHED_GUIDED_ANALYTICAL || Kind == COT_SCHED_GUIDED_SIMD;
  uint64_t C;
  if (Ordered)
    C = 1;
  else if (Kind == COT_SCHED_DYNAMIC_CHUNKED || Guided ||
           Kind == COT_SCHED_STATIC_CHUNKED)
    C = Chunk > 0 ? (uint64_t)Chunk : 1;
  else // static, auto, and the rest: one block per thread
    C = Trip / N + (Trip % N ? 1 : 0);
  if (C == 0)
    C = 1;

  // Flip to the other descriptor; the region's thread 0 fills it in.
  COT_SHARED uint8_t &State = ThreadState[threadId()];
  State ^= ParityBit;
  if (teamThreadNum() == 0) {
    DispatchTy *D = generic(&TeamState.Disp[currentParity()]);
    D->LB = LB;
    D->ST = ST;
    D->Trip = Trip;
    D->Chunk = C;
    D->Next = 0;
    D->Guided = Guided;
    D->Ordered = Ordered;
    D->NumThreads = N;
  }
  teamBarrier();
}

// Claims the next chunk: [*First, *First + *Count) of 0..Trip-1.
static bool dispatchNext(uint64_t *First, uint64_t *Count, int32_t *PLast) {
  if (teamNumThreads() == 1) {
    SerialDispatchTy *S = serialSlot();
    if (!S->Pending) {
      serialRelease();
      return false;
    }
    S->Pending = 0;
    *First = 0;
    *Count = S->Trip;
    if (PLast)
      *PLast = 1;
    return true;
  }
  DispatchTy *D = generic(&TeamState.Disp[currentParity()]);
  uint64_t Trip = D->Trip, Chunk = D->Chunk, Begin;
  if (D->Ordered)
    lockAcquire(COT_TS(OrderedLock));
  if (D->Guided) {
    Begin = loadRelaxed(&D->Next);
    for (;;) {
      if (Begin >= Trip)
        break;
      uint64_t Size = (Trip - Begin) / (2 * (uint64_t)D->NumThreads);
      if (Size < Chunk)
        Size = Chunk;
      uint64_t Expected = Begin;
      if (__atomic_compare_exchange_n(&D->Next, &Expected, Begin + Size, false,
                                      __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
        Chunk = Size;
        break;
      }
      Begin = Expected;
    }
  } else {
    Begin = fetchAdd(&D->Next, Chunk);
  }
  if (Begin >= Trip) {
    if (D->Ordered)
      lockRelease(COT_TS(OrderedLock));
    return false;
  }
  uint64_t End = Trip - Begin < Chunk ? Trip : Begin + Chunk;
  *First = Begin;
  *Count = End - Begin;
  if (PLast)
    *PLast = End == Trip;
  return true;
}

static void dispatchFini() {
  if (teamNumThreads() == 1)
    return;
  DispatchTy *D = generic(&TeamState.Disp[currentParity()]);
  if (D->Ordered)
    lockRelease(COT_TS(OrderedLock));
}

template <typename T, typename ST>
COT_INLINE void dispatchInitT(int32_t Kind, T Lb, T Ub, ST St, ST Chunk) {
  if (St == 0)
    fatal();
  uint64_t Trip =
      (St > 0 ? Ub < Lb : Lb < Ub) ? 0 : (uint64_t)tripCount<T, ST>(Lb, Ub, St);
  dispatchInit(Kind, (int64_t)Lb, (int64_t)St, Trip, (int64_t)Chunk);
}

template <typename T, typename ST>
COT_INLINE int32_t dispatchNextT(int32_t *PLast, T *PLb, T *PUb, ST *PSt) {
  uint64_t First, Count;
  if (!dispatchNext(&First, &Count, PLast))
    return 0;
  int64_t LB, Step;
  if (teamNumThreads() == 1) {
    SerialDispatchTy *S = serialSlot();
    LB = S->LB;
    Step = S->ST;
  } else {
    DispatchTy *D = generic(&TeamState.Disp[currentParity()]);
    LB = D->LB;
    Step = D->ST;
  }
  *PLb = (T)(LB + (int64_t)First * Step);
  *PUb = (T)(LB + (int64_t)(First + Count - 1) * Step);
  if (PSt)
    *PSt = (ST)Step;
  return 1;
}

#define COT_DISPATCH(Suffix, T, ST)                                            \
  COT_ENTRY COT_CONVERGENT void __kmpc_dispatch_init_##Suffix(ident_t *, int32_t,            \
                                                int32_t Kind, T Lb, T Ub,      \
                                                ST St, ST Chunk) {             \
    dispatchInitT<T, ST>(Kind, Lb, Ub, St, Chunk);                             \
  }                                                                            \
  COT_ENTRY int32_t __kmpc_dispatch_next_##Suffix(                            \
      ident_t *, int32_t, int32_t *PLast, T *PLb, T *PUb, ST *PSt) {           \
    return dispatchNextT<T, ST>(PLast, PLb, PUb, PSt);                         \
  }                                                                            \
  COT_ENTRY void __kmpc_dispatch_fini_##Suffix(ident_t *, int32_t) {          \
    dispatchFini();                                                            \
  }
COT_DISPATCH(4, int32_t, int32_t)
COT_DISPATCH(4u, uint32_t, int32_t)
COT_DISPATCH(8, int64_t, int64_t)
COT_DISPATCH(8u, uint64_t, int64_t)

COT_ENTRY void __kmpc_dispatch_deinit(ident_t *, int32_t) {}

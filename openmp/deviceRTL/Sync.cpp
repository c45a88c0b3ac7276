//===- Sync.cpp - Barriers, critical sections, locks ----------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Team barriers: barrier 0 when the region has the whole block, the named
// barrier 1 with a thread count for partial teams whose size is a multiple of
// the warp size, and a shared-memory counter barrier otherwise (barrier.sync
// counts must be multiples of 32). Critical sections and OpenMP locks are
// spin locks in device memory (global across teams), using the critical
// name's storage as the lock word so different names do not exclude each
// other. single/master/masked pick thread numbers; ordered is enforced by the
// dispatcher (Worksharing.cpp).
//
//===----------------------------------------------------------------------===//

#include "DeviceRTL.h"

using namespace cot;

static uint32_t LibAtomicLock = 0;

COT_CONVERGENT void cot::regionBarrierSlow(uint32_t N) {
  if (N % WarpSize == 0) {
    __nvvm_barrier_sync_cnt(NamedBarrierId, N);
    return;
  }
  uint32_t *Count = COT_TS(BarCount), *Gen = COT_TS(BarGen);
  uint32_t G = loadRelaxed(Gen);
  fenceBlock();
  if (fetchAdd(Count, 1u) == N - 1) {
    storeRelaxed(Count, 0u);
    fenceBlock();
    storeRelaxed(Gen, G + 1);
  } else {
    while (loadRelaxed(Gen) == G)
      __nvvm_nanosleep(32);
  }
  fenceBlock();
}

COT_ENTRY COT_CONVERGENT void __kmpc_barrier(ident_t *, int32_t) { teamBarrier(); }

COT_ENTRY COT_CONVERGENT int32_t __kmpc_cancel_barrier(ident_t *, int32_t) {
  teamBarrier();
  return 0;
}

COT_ENTRY void __kmpc_flush(ident_t *) { fenceDevice(); }

//===-- critical ------------------------------------------------------------===//

COT_INLINE uint32_t *criticalWord(kmp_critical_name *Name) {
  return Name ? (uint32_t *)Name : &GlobalLock;
}

COT_ENTRY void __kmpc_critical(ident_t *, int32_t, kmp_critical_name *Name) {
  lockAcquire(criticalWord(Name));
}

COT_ENTRY void __kmpc_critical_with_hint(ident_t *, int32_t,
                                          kmp_critical_name *Name, uint32_t) {
  lockAcquire(criticalWord(Name));
}

COT_ENTRY void __kmpc_end_critical(ident_t *, int32_t,
                                    kmp_critical_name *Name) {
  lockRelease(criticalWord(Name));
}

COT_ENTRY void __kmpc_atomic_start(void) { lockAcquire(&GlobalLock); }
COT_ENTRY void __kmpc_atomic_end(void) { lockRelease(&GlobalLock); }

//===-- single, master, masked, ordered -------------------------------------===//

// The single region goes to thread 0 of the team; Clang adds the barrier.
COT_ENTRY int32_t __kmpc_single(ident_t *, int32_t) {
  return teamThreadNum() == 0;
}
COT_ENTRY void __kmpc_end_single(ident_t *, int32_t) {}

COT_ENTRY int32_t __kmpc_master(ident_t *, int32_t) {
  return teamThreadNum() == 0;
}
COT_ENTRY void __kmpc_end_master(ident_t *, int32_t) {}

COT_ENTRY int32_t __kmpc_masked(ident_t *, int32_t, int32_t Filter) {
  return teamThreadNum() == (uint32_t)Filter;
}
COT_ENTRY void __kmpc_end_masked(ident_t *, int32_t) {}

// Ordered loops run one iteration at a time in order (see Worksharing.cpp).
COT_ENTRY void __kmpc_ordered(ident_t *, int32_t) {}
COT_ENTRY void __kmpc_end_ordered(ident_t *, int32_t) {}

// copyprivate: the thread that ran the single region publishes its data, the
// others copy from it between two team barriers.
COT_ENTRY COT_CONVERGENT void __kmpc_copyprivate(ident_t *, int32_t, size_t, void *Data,
                                   void (*CopyFn)(void *, void *),
                                   int32_t DidIt) {
  if (teamNumThreads() == 1)
    return;
  if (DidIt)
    TeamState.CopyPrivate = Data;
  teamBarrier();
  if (!DidIt)
    CopyFn(Data, TeamState.CopyPrivate);
  teamBarrier();
}

// The same for a list whose variables' sizes the compiler knows
// (openmp-device-copyprivate): each thread's variables are in its own local
// memory, which the others cannot read, so the single thread copies them,
// and the list of the copies, to device memory first.
COT_ENTRY COT_CONVERGENT void
__cot_gpu_copyprivate(void **List, uint32_t Count, const uint64_t *Sizes,
                      void (*CopyFn)(void *, void *), int32_t DidIt) {
  if (teamNumThreads() == 1)
    return;
  void **Copies = nullptr;
  if (DidIt) {
    auto Padded = [](uint64_t Bytes) { return (Bytes + 15) & ~(uint64_t)15; };
    uint64_t Bytes = Padded((uint64_t)Count * sizeof(void *));
    for (uint32_t I = 0; I < Count; I++)
      Bytes = Bytes + Padded(Sizes[I]) < Bytes ? UINT64_MAX
                                                : Bytes + Padded(Sizes[I]);
    Copies = (void **)mallocOrDie(Bytes);
    char *Next = (char *)Copies + Padded((uint64_t)Count * sizeof(void *));
    for (uint32_t I = 0; I < Count; I++) {
      __builtin_memcpy(Next, List[I], Sizes[I]);
      Copies[I] = Next;
      Next += Padded(Sizes[I]);
    }
    TeamState.CopyPrivate = Copies;
  }
  teamBarrier();
  if (!DidIt)
    CopyFn(List, TeamState.CopyPrivate);
  teamBarrier();
  if (Copies)
    free(Copies);
}

//===-- Cancellation (not supported: never cancelled) -----------------------===//

COT_ENTRY int32_t __kmpc_cancel(ident_t *, int32_t, int32_t) { return 0; }
COT_ENTRY int32_t __kmpc_cancellationpoint(ident_t *, int32_t, int32_t) {
  return 0;
}

//===-- OpenMP locks ---------------------------------------------------------===//
// omp_lock_t and omp_nest_lock_t are one pointer on the host; on the device
// the word holds the lock itself. Simple lock: 32-bit, 0 free / 1 held. Nest
// lock: 64-bit, low half the owner (global thread id + 1), high half the
// nesting count.

COT_INLINE uint64_t nestOwner() {
  return (uint64_t)blockId() * blockSize() + threadId() + 1;
}

COT_ENTRY void omp_init_lock(void *L) {
  storeRelaxed((uint32_t *)L, 0u);
  fenceDevice();
}
COT_ENTRY void omp_init_lock_with_hint(void *L, int32_t) { omp_init_lock(L); }
COT_ENTRY void omp_destroy_lock(void *L) { storeRelaxed((uint32_t *)L, 0u); }
COT_ENTRY void omp_set_lock(void *L) { lockAcquire((uint32_t *)L); }
COT_ENTRY void omp_unset_lock(void *L) { lockRelease((uint32_t *)L); }
COT_ENTRY int32_t omp_test_lock(void *L) { return lockTry((uint32_t *)L); }

COT_ENTRY void omp_init_nest_lock(void *L) {
  storeRelaxed((uint64_t *)L, (uint64_t)0);
  fenceDevice();
}
COT_ENTRY void omp_init_nest_lock_with_hint(void *L, int32_t) {
  omp_init_nest_lock(L);
}
COT_ENTRY void omp_destroy_nest_lock(void *L) {
  storeRelaxed((uint64_t *)L, (uint64_t)0);
}

static int32_t nestLockTry(uint64_t *W) {
  uint64_t Me = nestOwner();
  uint64_t Old = loadRelaxed(W);
  if ((Old & 0xffffffffu) == Me) { // already ours: nest
    uint64_t New = Old + ((uint64_t)1 << 32);
    storeRelaxed(W, New);
    return (int32_t)(New >> 32);
  }
  if (Old == 0 && cas(W, (uint64_t)0, Me | ((uint64_t)1 << 32))) {
    fenceDevice();
    return 1;
  }
  return 0;
}

COT_ENTRY int32_t omp_test_nest_lock(void *L) {
  return nestLockTry((uint64_t *)L);
}

COT_ENTRY void omp_set_nest_lock(void *L) {
  unsigned Ns = 32;
  while (!nestLockTry((uint64_t *)L)) {
    __nvvm_nanosleep(Ns);
    if (Ns < 1024)
      Ns *= 2;
  }
}

COT_ENTRY void omp_unset_nest_lock(void *L) {
  uint64_t *W = (uint64_t *)L;
  uint64_t Old = loadRelaxed(W);
  uint64_t Count = (Old >> 32) - 1;
  if (Count == 0) {
    fenceDevice();
    exchange(W, (uint64_t)0);
  } else {
    storeRelaxed(W, (Old & 0xffffffffu) | (Count << 32));
  }
}

//===-- Generic atomics for sizes without hardware support -----------------===//
// Clang calls libatomic's size-generic entry points for objects it cannot
// access atomically as a scalar (complex values, small structs); they run
// under one lock, except for naturally aligned 4- and 8-byte objects (float
// _Complex), which have hardware atomics: many blocks combining a complex
// float reduction must not queue at the lock.

static bool hasHardwareAtomic(size_t N, const void *Ptr) {
  return (N == 4 || N == 8) && (uintptr_t)Ptr % N == 0;
}

// The hardware path orders memory with fences, except for relaxed accesses
// (what Clang's reduction and atomic code ask for).
static void fenceUnlessRelaxed(int Order) {
  if (Order != __ATOMIC_RELAXED)
    fenceDevice();
}

template <typename T>
static bool compareExchangeWord(void *Ptr, void *Expected, void *Desired,
                                int Order) {
  T Want, New;
  __builtin_memcpy(&Want, Expected, sizeof(T));
  __builtin_memcpy(&New, Desired, sizeof(T));
  T Seen = Want;
  fenceUnlessRelaxed(Order);
  bool Equal = __atomic_compare_exchange_n((T *)Ptr, &Seen, New, false,
                                           __ATOMIC_RELAXED, __ATOMIC_RELAXED);
  fenceUnlessRelaxed(Order);
  if (!Equal)
    __builtin_memcpy(Expected, &Seen, sizeof(T));
  return Equal;
}

static void copyBytes(void *Dst, const void *Src, size_t N) {
  for (size_t I = 0; I < N; ++I)
    ((volatile char *)Dst)[I] = ((const volatile char *)Src)[I];
}

extern "C" void cotAtomicLoad(size_t, void *, void *, int)
    __asm__("__atomic_load");
COT_ENTRY void cotAtomicLoad(size_t N, void *Src, void *Ret, int Order) {
  if (hasHardwareAtomic(N, Src)) {
    uint64_t V = N == 8 ? loadRelaxed((uint64_t *)Src)
                        : loadRelaxed((uint32_t *)Src);
    fenceUnlessRelaxed(Order);
    __builtin_memcpy(Ret, &V, N); // little-endian: the low bytes
    return;
  }
  lockAcquire(&LibAtomicLock);
  copyBytes(Ret, Src, N);
  lockRelease(&LibAtomicLock);
}

extern "C" void cotAtomicStore(size_t, void *, void *, int)
    __asm__("__atomic_store");
COT_ENTRY void cotAtomicStore(size_t N, void *Dst, void *Val, int Order) {
  if (hasHardwareAtomic(N, Dst)) {
    uint64_t V = 0;
    __builtin_memcpy(&V, Val, N);
    fenceUnlessRelaxed(Order);
    if (N == 8)
      storeRelaxed((uint64_t *)Dst, V);
    else
      storeRelaxed((uint32_t *)Dst, (uint32_t)V);
    fenceUnlessRelaxed(Order);
    return;
  }
  lockAcquire(&LibAtomicLock);
  copyBytes(Dst, Val, N);
  lockRelease(&LibAtomicLock);
}

extern "C" void cotAtomicExchange(size_t, void *, void *, void *, int)
    __asm__("__atomic_exchange");
COT_ENTRY void cotAtomicExchange(size_t N, void *Ptr, void *Val, void *Ret,
                                  int Order) {
  if (hasHardwareAtomic(N, Ptr)) {
    uint64_t V = 0, Old;
    __builtin_memcpy(&V, Val, N);
    fenceUnlessRelaxed(Order);
    if (N == 8)
      Old = exchange((uint64_t *)Ptr, V);
    else
      Old = exchange((uint32_t *)Ptr, (uint32_t)V);
    fenceUnlessRelaxed(Order);
    __builtin_memcpy(Ret, &Old, N);
    return;
  }
  lockAcquire(&LibAtomicLock);
  copyBytes(Ret, Ptr, N);
  copyBytes(Ptr, Val, N);
  lockRelease(&LibAtomicLock);
}

extern "C" bool cotAtomicCompareExchange(size_t, void *, void *, void *, int,
                                         int)
    __asm__("__atomic_compare_exchange");
COT_ENTRY bool cotAtomicCompareExchange(size_t N, void *Ptr, void *Expected,
                                         void *Desired, int Order, int) {
  if (hasHardwareAtomic(N, Ptr))
    return N == 8
               ? compareExchangeWord<uint64_t>(Ptr, Expected, Desired, Order)
               : compareExchangeWord<uint32_t>(Ptr, Expected, Desired, Order);
  lockAcquire(&LibAtomicLock);
  bool Equal = true;
  for (size_t I = 0; I < N && Equal; ++I)
    Equal = ((volatile char *)Ptr)[I] == ((char *)Expected)[I];
  if (Equal)
    copyBytes(Ptr, Desired, N);
  else
    copyBytes(Expected, Ptr, N);
  lockRelease(&LibAtomicLock);
  return Equal;
}

// Kernels for deviceRTL-gpu.test: they call the device runtime's ABI the way
// the NVPTX lowering of Clang's host IR does and record what they observe in
// R (per block, NSlots ints), cover/seq (per block, n ints) and Glob.
// Built with: clang++ --target=nvptx64-nvidia-cuda -O2 -emit-llvm -nogpulib.
#include <stdint.h>

extern "C" {
struct ident_t;
typedef void (*parfn)(void **);
void __cot_gpu_spmd_init(int32_t);
void __cot_gpu_spmd_deinit(void);
void __cot_gpu_spmd_parallel_begin(void);
void __cot_gpu_spmd_parallel_end(void);
int32_t __cot_gpu_generic_init(void (*)(void (*)(void **), void **));
void __cot_gpu_generic_deinit(void);
void __cot_gpu_parallel(parfn, void **, int32_t, int32_t, int32_t);
void *__cot_gpu_alloc_shared(uint64_t);
void __cot_gpu_free_shared(void *, uint64_t);
int32_t __kmpc_global_thread_num(ident_t *);
void __kmpc_for_static_init_4(ident_t *, int32_t, int32_t, int32_t *, int32_t *,
                              int32_t *, int32_t *, int32_t, int32_t);
void __kmpc_for_static_init_8(ident_t *, int32_t, int32_t, int32_t *, int64_t *,
                              int64_t *, int64_t *, int64_t, int64_t);
void __kmpc_for_static_fini(ident_t *, int32_t);
void __kmpc_dispatch_init_4(ident_t *, int32_t, int32_t, int32_t, int32_t,
                            int32_t, int32_t);
int32_t __kmpc_dispatch_next_4(ident_t *, int32_t, int32_t *, int32_t *,
                               int32_t *, int32_t *);
void __kmpc_dispatch_fini_4(ident_t *, int32_t);
void __kmpc_dispatch_deinit(ident_t *, int32_t);
void __kmpc_barrier(ident_t *, int32_t);
void __kmpc_critical(ident_t *, int32_t, int32_t (*)[8]);
void __kmpc_end_critical(ident_t *, int32_t, int32_t (*)[8]);
int32_t __kmpc_single(ident_t *, int32_t);
void __kmpc_end_single(ident_t *, int32_t);
int32_t __kmpc_master(ident_t *, int32_t);
void __kmpc_end_master(ident_t *, int32_t);
int32_t __kmpc_masked(ident_t *, int32_t, int32_t);
void __kmpc_end_masked(ident_t *, int32_t);
void __kmpc_ordered(ident_t *, int32_t);
void __kmpc_end_ordered(ident_t *, int32_t);
void __kmpc_copyprivate(ident_t *, int32_t, uint64_t, void *,
                        void (*)(void *, void *), int32_t);
int32_t __kmpc_reduce_nowait(ident_t *, int32_t, int32_t, uint64_t, void *,
                             void (*)(void *, void *), int32_t (*)[8]);
void __kmpc_end_reduce_nowait(ident_t *, int32_t, int32_t (*)[8]);
int32_t __kmpc_reduce(ident_t *, int32_t, int32_t, uint64_t, void *,
                      void (*)(void *, void *), int32_t (*)[8]);
void __kmpc_end_reduce(ident_t *, int32_t, int32_t (*)[8]);
void __kmpc_push_num_threads(ident_t *, int32_t, int32_t);
void __kmpc_fork_call(ident_t *, int32_t, void *, ...);
void *__kmpc_omp_task_alloc(ident_t *, int32_t, int32_t, uint64_t, uint64_t,
                            int32_t (*)(int32_t, void *));
int32_t __kmpc_omp_task(ident_t *, int32_t, void *);
int omp_get_thread_num(void);
int omp_get_num_threads(void);
int omp_get_level(void);
int omp_get_active_level(void);
int omp_in_parallel(void);
int omp_get_team_num(void);
int omp_get_num_teams(void);
int omp_get_device_num(void);
int omp_get_max_threads(void);
int omp_get_ancestor_thread_num(int);
int omp_get_team_size(int);
double omp_get_wtime(void);
void omp_set_lock(void *);
void omp_unset_lock(void *);
}

#define KERNEL extern "C" __attribute__((nvptx_kernel))
static inline int tid() { return __nvvm_read_ptx_sreg_tid_x(); }
static inline int ntid() { return __nvvm_read_ptx_sreg_ntid_x(); }
static inline int bid() { return __nvvm_read_ptx_sreg_ctaid_x(); }
static inline int nbid() { return __nvvm_read_ptx_sreg_nctaid_x(); }
template <typename T> static inline T atomicAdd(T *P, T V) {
  return __atomic_fetch_add(P, V, __ATOMIC_RELAXED);
}
static inline int imin(int A, int B) { return A < B ? A : B; }
static int32_t CritName[8];

enum Slot {
  S_MainOk,       // 1
  S_R1Queries,    // B
  S_R1Critical,   // B
  S_R1Single,     // 1
  S_R1RedSum,     // B*(B-1)/2
  S_R1RedCodes,   // bit 2 only
  S_R1Nested,     // B
  S_R2Queries,    // 40
  S_R2Barrier,    // 40
  S_R3Queries,    // 64
  S_R3Master,     // 1
  S_R3Masked,     // 1
  S_R3CopyPriv,   // 64
  S_R4Serial,     // 1
  S_R3Barrier,    // 64
  S_R1BlockCodes, // bit 2 only
  S_Wtime,        // 1
  S_DeviceNum,    // the value the host wrote
  S_TeamIds,      // 1
  S_AllocShared,  // 1
  S_ForkCall,     // 1
  S_Task,         // 1
  S_Ordered,      // n (checked in seq too)
  NSlots = 32
};

//===-- SPMD: teams distribute parallel for reduction(+:sum) ----------------===//
// Kind 0: Clang's default kinds (92 over teams, 34 over threads); kind 1: the
// cyclic ones (91 chunk blockDim, 33 chunk 1). Each iteration is covered by the
// static loop and again by a dynamic loop over the same team block.
struct SpmdArgs {
  int *Cover;
  int Lo, Hi;
  long long *TeamSum;
  int *Codes;
  int Kind;
};

static void spmdParallel(SpmdArgs *A) {
  int Gtid = __kmpc_global_thread_num(nullptr);
  long long Priv = 0;
  int Last = 0, Lb = A->Lo, Ub = A->Hi, St = 1;
  __kmpc_for_static_init_4(nullptr, Gtid, A->Kind ? 33 : 34, &Last, &Lb, &Ub,
                           &St, 1, 1);
  for (; Lb <= A->Hi; Lb += St, Ub += St)
    for (int I = Lb; I <= imin(Ub, A->Hi); ++I) {
      atomicAdd(&A->Cover[I], 1);
      Priv += I;
    }
  __kmpc_for_static_fini(nullptr, Gtid);
  __kmpc_dispatch_init_4(nullptr, Gtid, 35 | (1 << 30), A->Lo, A->Hi, 1, 2);
  while (__kmpc_dispatch_next_4(nullptr, Gtid, &Last, &Lb, &Ub, &St))
    for (int I = Lb; I <= Ub; ++I)
      atomicAdd(&A->Cover[I], 1);
  __kmpc_dispatch_deinit(nullptr, Gtid);
  if (omp_get_thread_num() != tid() || omp_get_num_threads() != ntid() ||
      omp_get_level() != 1 || !omp_in_parallel())
    atomicAdd(&A->Codes[2], 1);
  int R = __kmpc_reduce_nowait(nullptr, Gtid, 1, 8, &Priv, nullptr, nullptr);
  __atomic_fetch_or(&A->Codes[0], 1 << R, __ATOMIC_RELAXED);
  if (R == 1) {
    *A->TeamSum += Priv;
    __kmpc_end_reduce_nowait(nullptr, Gtid, nullptr);
  } else if (R == 2) {
    atomicAdd(A->TeamSum, Priv);
  }
}

KERNEL void spmd_kernel(int *Cover, int N, long long *Sum, int *Codes,
                        int Kind) {
  __cot_gpu_spmd_init(1);
  int Gtid = __kmpc_global_thread_num(nullptr);
  long long TeamSum = 0; // each thread's own "teams" copy
  int Last = 0, Lb = 0, Ub = N - 1, St = 1;
  __kmpc_for_static_init_4(nullptr, Gtid, Kind ? 91 : 92, &Last, &Lb, &Ub, &St,
                           1, ntid());
  for (; Lb <= N - 1; Lb += St, Ub += St) {
    SpmdArgs A = {Cover, Lb, imin(Ub, N - 1), &TeamSum, Codes, Kind};
    __cot_gpu_spmd_parallel_begin();
    spmdParallel(&A);
    __cot_gpu_spmd_parallel_end();
    if (!Kind)
      break; // kind 92: one block per team
  }
  __kmpc_for_static_fini(nullptr, Gtid);
  if (omp_get_thread_num() != 0 || omp_get_num_threads() != 1 ||
      omp_get_level() != 0 || omp_get_team_num() != bid() ||
      omp_get_num_teams() != nbid())
    atomicAdd(&Codes[3], 1);
  int R = __kmpc_reduce_nowait(nullptr, Gtid, 1, 8, &TeamSum, nullptr, nullptr);
  __atomic_fetch_or(&Codes[1], 1 << R, __ATOMIC_RELAXED);
  if (R == 2)
    atomicAdd(Sum, TeamSum);
  else if (R == 1)
    *Sum += TeamSum;
  __cot_gpu_spmd_deinit();
}

// A downward 64-bit loop, step -3, blocked over all threads of the grid.
KERNEL void spmd_down_kernel(int *Cover, long long N) {
  __cot_gpu_spmd_init(1);
  __cot_gpu_spmd_parallel_begin();
  int Last = 0;
  int64_t Lb = N - 1, Ub = 0, St = 0;
  // distribute over teams, then threads, both blocked (92 then 34).
  __kmpc_for_static_init_8(nullptr, 0, 92, &Last, &Lb, &Ub, &St, -3, 0);
  int64_t TLb = Lb, TUb = Ub;
  if (Lb >= Ub) {
    __kmpc_for_static_init_8(nullptr, 0, 34, &Last, &TLb, &TUb, &St, -3, 0);
    for (int64_t I = TLb; I >= TUb && I >= Ub; I -= 3)
      atomicAdd(&Cover[I], 1);
  }
  __cot_gpu_spmd_parallel_end();
  __cot_gpu_spmd_deinit();
}

//===-- Generic mode ----------------------------------------------------------===//
struct GenArgs {
  int *X; // team-shared: [0] critical count, [1] single count, [2] red sum,
          // [3] ordered position, [4] barrier phase counter
  int *Cover;
  int *Seq;
  int *R;
  int N;
  void *Lock;
  int *LockCount;
};

static void nestedRegion(void **Args) {
  int *Ok = (int *)Args[0];
  int Good = omp_get_num_threads() == 1 && omp_get_thread_num() == 0 &&
             omp_get_level() == 2 && omp_get_active_level() == 1 &&
             omp_get_ancestor_thread_num(1) == tid() &&
             omp_get_team_size(1) == ntid() && omp_get_max_threads() == 1;
  // A dynamic loop in a team of one: everything in one chunk.
  int Last = 0, Lb = 0, Ub = 0, St = 0, Sum = 0, Chunks = 0;
  __kmpc_dispatch_init_4(nullptr, 0, 35, 0, 9, 1, 1);
  while (__kmpc_dispatch_next_4(nullptr, 0, &Last, &Lb, &Ub, &St)) {
    ++Chunks;
    for (int I = Lb; I <= Ub; ++I)
      Sum += I;
  }
  if (Good && Sum == 45 && Chunks == 1 && Last)
    atomicAdd(Ok, 1);
}

static void region1(void **Args) {
  GenArgs *A = (GenArgs *)Args[0];
  int Gtid = __kmpc_global_thread_num(nullptr);
  int *R = A->R;
  if (omp_get_num_threads() == ntid() && omp_get_thread_num() == tid() &&
      omp_get_level() == 1 && omp_in_parallel())
    atomicAdd(&R[S_R1Queries], 1);
  int Last = 0, Lb = 0, Ub = A->N - 1, St = 1;
  __kmpc_for_static_init_4(nullptr, Gtid, 34, &Last, &Lb, &Ub, &St, 1, 0);
  for (int I = Lb; I <= imin(Ub, A->N - 1); ++I)
    atomicAdd(&A->Cover[I], 1);
  __kmpc_for_static_fini(nullptr, Gtid);
  __kmpc_barrier(nullptr, Gtid);

  __kmpc_critical(nullptr, Gtid, &CritName);
  A->X[0] = A->X[0] + 1; // plain read-modify-write, protected
  __kmpc_end_critical(nullptr, Gtid, &CritName);

  if (__kmpc_single(nullptr, Gtid)) {
    A->X[1] += 1;
    __kmpc_end_single(nullptr, Gtid);
  }
  __kmpc_barrier(nullptr, Gtid);

  int Mine = tid();
  int Rc = __kmpc_reduce_nowait(nullptr, Gtid, 1, 4, &Mine, nullptr, nullptr);
  __atomic_fetch_or(&R[S_R1RedCodes], 1 << Rc, __ATOMIC_RELAXED);
  if (Rc == 2)
    atomicAdd(&A->X[2], Mine);
  else if (Rc == 1) {
    A->X[2] += Mine;
    __kmpc_end_reduce_nowait(nullptr, Gtid, nullptr);
  }

  __kmpc_dispatch_init_4(nullptr, Gtid, 35 | (1 << 30), 0, A->N - 1, 1, 3);
  while (__kmpc_dispatch_next_4(nullptr, Gtid, &Last, &Lb, &Ub, &St))
    for (int I = Lb; I <= Ub; ++I)
      atomicAdd(&A->Cover[I], 1);
  __kmpc_dispatch_deinit(nullptr, Gtid);

  void *NArgs[1] = {&R[S_R1Nested]};
  __cot_gpu_parallel(nestedRegion, NArgs, 1, 0, 1);

  int Rb = __kmpc_reduce(nullptr, Gtid, 1, 4, &Mine, nullptr, nullptr);
  __atomic_fetch_or(&R[S_R1BlockCodes], 1 << Rb, __ATOMIC_RELAXED);
  if (Rb)
    __kmpc_end_reduce(nullptr, Gtid, nullptr);

  omp_set_lock(A->Lock);
  *A->LockCount = *A->LockCount + 1; // plain, protected by the lock
  omp_unset_lock(A->Lock);
}

// 40 threads: not a multiple of the warp size (counter barrier).
static void region2(void **Args) {
  GenArgs *A = (GenArgs *)Args[0];
  int Gtid = __kmpc_global_thread_num(nullptr);
  int *R = A->R;
  if (omp_get_num_threads() == 40 && omp_get_thread_num() == tid() &&
      tid() < 40)
    atomicAdd(&R[S_R2Queries], 1);
  int Last = 0, Lb = 0, Ub = 0, St = 0;
  __kmpc_dispatch_init_4(nullptr, Gtid, 36, 0, A->N - 1, 1, 2);
  while (__kmpc_dispatch_next_4(nullptr, Gtid, &Last, &Lb, &Ub, &St))
    for (int I = Lb; I <= Ub; ++I)
      atomicAdd(&A->Cover[I], 1);
  __kmpc_dispatch_deinit(nullptr, Gtid);

  int Ok = 1;
  for (int Phase = 1; Phase <= 5; ++Phase) {
    atomicAdd(&A->X[4], 1);
    __kmpc_barrier(nullptr, Gtid);
    if (__atomic_load_n(&A->X[4], __ATOMIC_RELAXED) != 40 * Phase)
      Ok = 0;
    __kmpc_barrier(nullptr, Gtid);
  }
  if (Ok)
    atomicAdd(&R[S_R2Barrier], 1);

  // for ordered: schedule(static) ordered -> kind 66 through the dispatcher.
  __kmpc_dispatch_init_4(nullptr, Gtid, 66, 0, A->N - 1, 1, 0);
  while (__kmpc_dispatch_next_4(nullptr, Gtid, &Last, &Lb, &Ub, &St)) {
    for (int I = Lb; I <= Ub; ++I) {
      __kmpc_ordered(nullptr, Gtid);
      A->Seq[A->X[3]] = I;
      A->X[3] = A->X[3] + 1;
      __kmpc_end_ordered(nullptr, Gtid);
      __kmpc_dispatch_fini_4(nullptr, Gtid);
    }
  }
  __kmpc_dispatch_deinit(nullptr, Gtid);
  __kmpc_barrier(nullptr, Gtid);
  if (__kmpc_master(nullptr, Gtid)) {
    R[S_Ordered] = A->X[3];
    __kmpc_end_master(nullptr, Gtid);
  }
}

static void copyInt(void *Dst, void *Src) { *(int *)Dst = *(int *)Src; }

// 64 threads: two warps (named barrier).
static void region3(void **Args) {
  GenArgs *A = (GenArgs *)Args[0];
  int Gtid = __kmpc_global_thread_num(nullptr);
  int *R = A->R;
  if (omp_get_num_threads() == 64 && omp_get_thread_num() == tid())
    atomicAdd(&R[S_R3Queries], 1);
  if (__kmpc_master(nullptr, Gtid)) {
    atomicAdd(&R[S_R3Master], 1);
    __kmpc_end_master(nullptr, Gtid);
  }
  if (__kmpc_masked(nullptr, Gtid, 5)) {
    atomicAdd(&R[S_R3Masked], tid() == 5 ? 1 : 100);
    __kmpc_end_masked(nullptr, Gtid);
  }
  int Ok = 1;
  for (int Phase = 1; Phase <= 5; ++Phase) {
    atomicAdd(&A->X[0], 1);
    __kmpc_barrier(nullptr, Gtid);
    if (__atomic_load_n(&A->X[0], __ATOMIC_RELAXED) != 64 * Phase)
      Ok = 0;
    __kmpc_barrier(nullptr, Gtid);
  }
  if (Ok)
    atomicAdd(&R[S_R3Barrier], 1);
  // The copyprivate variable must be addressable by the other threads.
  int *Priv = &A->X[8 + tid()];
  int DidIt = 0;
  *Priv = -1;
  if (__kmpc_single(nullptr, Gtid)) {
    *Priv = 42;
    DidIt = 1;
    __kmpc_end_single(nullptr, Gtid);
  }
  __kmpc_copyprivate(nullptr, Gtid, 4, Priv, copyInt, DidIt);
  if (*Priv == 42)
    atomicAdd(&R[S_R3CopyPriv], 1);
}

static void region4(void **Args) {
  GenArgs *A = (GenArgs *)Args[0];
  int Gtid = __kmpc_global_thread_num(nullptr);
  __kmpc_barrier(nullptr, Gtid);
  int Single = __kmpc_single(nullptr, Gtid);
  if (omp_get_num_threads() == 1 && omp_get_thread_num() == 0 &&
      omp_get_level() == 1 && omp_get_active_level() == 0 &&
      !omp_in_parallel() && Single && tid() == 0)
    atomicAdd(&A->R[S_R4Serial], 1);
}

static void forkMicrotask(int32_t *Gtid, int32_t *Btid, int *Out, long Val) {
  if (Val == 1234 && omp_get_num_threads() == 1 && omp_get_level() == 1 &&
      *Btid == 0)
    *Out = 1;
}

static int32_t taskEntry(int32_t, void *Task) {
  int **Shareds = *(int ***)Task; // kmp_task_t::shareds
  *Shareds[0] = 1;
  return 0;
}

// Stages: bit 0 region1, 1 region2, 2 region3, 3 region4 (if false),
// 4 fork_call, 5 task (-1: all).
KERNEL void generic_kernel(int *RAll, int *CoverAll, int *SeqAll, int N,
                           void *Lock, int *LockCount, int Stages) {
  if (!__cot_gpu_generic_init(nullptr))
    return;
  int *R = RAll + bid() * NSlots;
  double T0 = omp_get_wtime();
  // Team-shared locals, as the globalization of the kernel formation makes
  // them: the workers cannot see the main thread's stack. X[8..8+64) are
  // the copyprivate variables of region3's threads.
  int *X = (int *)__cot_gpu_alloc_shared(72 * sizeof(int));
  for (int I = 0; I < 72; ++I)
    X[I] = 0;
  R[S_AllocShared] = __nvvm_isspacep_shared(X);
  void *Big = __cot_gpu_alloc_shared(3000); // past the 2 KiB buffer
  R[S_AllocShared] += !__nvvm_isspacep_shared(Big) ? 10 : 0;
  __cot_gpu_free_shared(Big, 3000);

  R[S_MainOk] = omp_get_thread_num() == 0 && omp_get_num_threads() == 1 &&
                omp_get_level() == 0 && !omp_in_parallel() &&
                omp_get_max_threads() == ntid();
  R[S_DeviceNum] = omp_get_device_num();
  R[S_TeamIds] = omp_get_team_num() == bid() && omp_get_num_teams() == nbid();

  GenArgs *A = (GenArgs *)__cot_gpu_alloc_shared(sizeof(GenArgs));
  *A = {X, CoverAll + bid() * N, SeqAll + bid() * N, R, N, Lock, LockCount};
  void *Args[1] = {A};
  if (Stages & 1)
    __cot_gpu_parallel(region1, Args, 1, 0, 1);
  R[S_R1Critical] = X[0];
  R[S_R1Single] = X[1];
  R[S_R1RedSum] = X[2];
  X[0] = 0;

  __kmpc_push_num_threads(nullptr, 0, 40);
  if (Stages & 2)
    __cot_gpu_parallel(region2, Args, 1, 0, 1);
  if (Stages & 4)
    __cot_gpu_parallel(region3, Args, 1, 64, 1);
  if (Stages & 8)
    __cot_gpu_parallel(region4, Args, 1, 0, /*IfCond=*/0);

  int Fork = 0;
  if (Stages & 16)
    __kmpc_fork_call(nullptr, 2, (void *)forkMicrotask, &Fork, 1234L);
  R[S_ForkCall] = Fork && omp_get_level() == 0;

  int Flag = 0;
  if (Stages & 32) {
    void *Task = __kmpc_omp_task_alloc(nullptr, 0, 1, 40, 8, taskEntry);
    **(int ***)Task = &Flag;
    __kmpc_omp_task(nullptr, 0, Task);
  }
  R[S_Task] = Flag;

  R[S_Wtime] = omp_get_wtime() > T0;
  __cot_gpu_free_shared(A, sizeof(GenArgs));
  __cot_gpu_free_shared(X, 72 * sizeof(int));
  __cot_gpu_generic_deinit();
}

/* The body of cuda_fake_gpu_async.c and cuda_gpu_async.c: deferred target
 * regions (nowait), made as the compiler makes them: a libomp target task
 * whose entry calls __cot_target_run_deferred, with dependences through
 * libomp. Checks that chains of dependent regions run in order, that
 * independent ones all finish by the taskwait, that regions without depend
 * run in the order they were met and a target update from waits for them, that
 * a region finding a mapping that another thread is still copying in waits for
 * the copy (with a slow copy on the fake GPU), that the encountering thread
 * runs on while a region's kernel runs (it releases the kernel), that a region
 * with depend alone still completes before the thread goes on, and with
 * argument "fault" that a kernel fault in a deferred region is reported
 * with its kernel and construct. Many regions without depend all finish
 * by a taskwait (with argument "many", alone, and the count of the events
 * that the stand-in driver recorded for them and of the threads that
 * launched them). With argument "exit", many regions then exit(3) without
 * a taskwait: exit() waits for them first. */
#include "cuda_gpu.h"

#include <dlfcn.h>
#include <pthread.h>

typedef struct kmp_task {
  void *shareds;
  int32_t (*routine)(int32_t, struct kmp_task *);
  int32_t part_id;
  void *data1, *data2;
} kmp_task_t;
typedef struct {
  intptr_t Base;
  size_t Len;
  uint8_t Flags; /* 1: in, 3: inout */
} kmp_depend_info;
kmp_task_t *__kmpc_omp_target_task_alloc(void *Loc, int32_t Gtid,
                                         int32_t Flags, size_t TaskSize,
                                         size_t SharedsSize,
                                         int32_t (*Entry)(int32_t,
                                                          kmp_task_t *),
                                         int64_t Device);
kmp_task_t *__kmpc_omp_task_alloc(void *Loc, int32_t Gtid, int32_t Flags,
                                  size_t TaskSize, size_t SharedsSize,
                                  int32_t (*Entry)(int32_t, kmp_task_t *));
int32_t __kmpc_omp_task_with_deps(void *Loc, int32_t Gtid, kmp_task_t *Task,
                                  int32_t NDeps, kmp_depend_info *Deps,
                                  int32_t NNoAlias, kmp_depend_info *NoAlias);
void __kmpc_omp_taskwait_deps_51(void *Loc, int32_t Gtid, int32_t NDeps,
                                 kmp_depend_info *Deps, int32_t NNoAlias,
                                 kmp_depend_info *NoAlias, int32_t NoWait);
void __kmpc_omp_task_begin_if0(void *Loc, int32_t Gtid, kmp_task_t *Task);
void __kmpc_omp_task_complete_if0(void *Loc, int32_t Gtid, kmp_task_t *Task);
int32_t __kmpc_omp_taskwait(void *Loc, int32_t Gtid);
int32_t __kmpc_global_thread_num(void *Loc);

/* Deferred regions outlive the calls that record them: their source
 * locations must too, as the compiler's constants do. */
#define SLOC(L)                                                                \
  ({                                                                           \
    static cot_source_loc S_ = {"test.c", "f", L, 3};                          \
    &S_;                                                                       \
  })

static int32_t task_entry(int32_t Gtid, kmp_task_t *Task) {
  (void)Gtid;
  if (__cot_target_run_deferred(Task) != 0) {
    printf("unexpected host fallback\n");
    exit(2);
  }
  return 0;
}

static int num_args(cot_map_list *L) {
  int N = 0;
  for (int I = 0; I < L->Count; ++I)
    N += (L->Types[I] & COT_MAP_TARGET_PARAM) != 0;
  return N;
}

/* `target nowait depend(...)`: a deferred region after Deps; without
 * dependences the compiler adds COT_LAUNCH_NO_DEPEND. */
static void launch_nowait(void (*Fn)(void **), cot_map_list *L,
                          kmp_depend_info *Deps, int NDeps,
                          const cot_source_loc *Loc) {
  int32_t Gtid = __kmpc_global_thread_num(NULL);
  kmp_task_t *T = __kmpc_omp_target_task_alloc(NULL, Gtid, 1, 64, 0,
                                               task_entry, -1);
  int32_t Flags = COT_LAUNCH_NOWAIT | (NDeps ? 0 : COT_LAUNCH_NO_DEPEND);
  cot_launch_params P = {0, 0, num_args(L), Flags, 0};
  __cot_target_defer(T, COT_DEVICE_DEFAULT, (void *)Fn, L, &P, Loc);
  __kmpc_omp_task_with_deps(NULL, Gtid, T, NDeps, Deps, 0, NULL);
}

/* `target depend(...)` without nowait: the encountering thread runs the
 * task once the dependences are met, and it completes before it goes on. */
static void launch_undeferred(void (*Fn)(void **), cot_map_list *L,
                              kmp_depend_info *Deps, int NDeps, int Line) {
  int32_t Gtid = __kmpc_global_thread_num(NULL);
  kmp_task_t *T = __kmpc_omp_task_alloc(NULL, Gtid, 1, 64, 0, task_entry);
  cot_launch_params P = {0, 0, num_args(L), 0, 0};
  __kmpc_omp_taskwait_deps_51(NULL, Gtid, NDeps, Deps, 0, NULL, 0);
  __kmpc_omp_task_begin_if0(NULL, Gtid, T);
  __cot_target_defer(T, COT_DEVICE_DEFAULT, (void *)Fn, L, &P, LOC(Line));
  task_entry(Gtid, T);
  __kmpc_omp_task_complete_if0(NULL, Gtid, T);
}

static void taskwait(void) {
  __kmpc_omp_taskwait(NULL, __kmpc_global_thread_num(NULL));
}

enum { N = 1000, Regions = 4 };

static double expected_steps(double X) {
  for (int S = 1; S <= Regions; ++S)
    X = 3.0 * X + S;
  return X;
}

/* Regions with depend(inout: a), each a[i] = 3 a[i] + step. */
static int chain(void) {
  double *A = malloc(N * sizeof(double));
  for (long I = 0; I < N; ++I)
    A[I] = (double)(I % 10);
  kmp_depend_info Dep = {(intptr_t)A, N * sizeof(double), 3};
  for (long S = 1; S <= Regions; ++S) {
    maps_t M;
    cot_map_list *L = maps_init(&M);
    maps_add(&M, A, A, N * (int64_t)sizeof(double), TOFROM | PARAM, "a[0:n]");
    maps_add(&M, (void *)(long)N, (void *)(long)N, 0, LIT, "n");
    maps_add(&M, (void *)S, (void *)S, 0, LIT, "step");
    launch_nowait(host_k_step, L, &Dep, 1, SLOC(200));
  }
  taskwait();
  for (long I = 0; I < N; ++I)
    if (A[I] != expected_steps((double)(I % 10))) {
      printf("chain: a[%ld] = %g, expected %g\n", I, A[I],
             expected_steps((double)(I % 10)));
      return 1;
    }
  printf("chain: ok\n");
  free(A);
  return 0;
}

/* Independent regions, on arrays of their own, all reading one array b
 * (map(to: b)). */
static int independent(void) {
  double *A[Regions], *B = malloc(N * sizeof(double));
  for (long I = 0; I < N; ++I)
    B[I] = (double)I;
  for (int R = 0; R < Regions; ++R) {
    A[R] = malloc(N * sizeof(double));
    for (long I = 0; I < N; ++I)
      A[R][I] = R;
    maps_t M;
    cot_map_list *L = maps_init(&M);
    maps_add(&M, A[R], A[R], N * (int64_t)sizeof(double), TOFROM | PARAM,
             "a[0:n]");
    maps_add(&M, B, B, N * (int64_t)sizeof(double), TO | PARAM, "b[0:n]");
    maps_add(&M, (void *)(long)N, (void *)(long)N, 0, LIT, "n");
    launch_nowait(host_k_add_from, L, NULL, 0, SLOC(201));
  }
  taskwait();
  int Bad = 0;
  for (int R = 0; R < Regions; ++R)
    for (long I = 0; I < N && !Bad; ++I)
      if (A[R][I] != R + (double)I) {
        printf("independent: a%d[%ld] = %g, expected %g\n", R, I, A[R][I],
               R + (double)I);
        Bad = 1;
      }
  if (!Bad)
    printf("independent: ok\n");
  printf("b is %s\n", omp_target_is_present(B, omp_get_default_device())
                          ? "still mapped"
                          : "unmapped");
  return Bad;
}

/* Regions without depend on one array inside a target data region, each
 * a[i] = 3 a[i] + step, then target update from without a taskwait (code
 * ported from CUDA streams is written so): the runtime queues each where it
 * is met, and the kernels and the update wait for the kernels before. */
static int in_order(void) {
  double *A = malloc(N * sizeof(double));
  for (long I = 0; I < N; ++I)
    A[I] = (double)(I % 10);
  maps_t MD;
  cot_map_list *LD = maps_init(&MD);
  maps_add(&MD, A, A, N * (int64_t)sizeof(double), TO, "a[0:n]");
  __cot_target_data_begin(COT_DEVICE_DEFAULT, LD, LOC(215));
  for (long S = 1; S <= Regions; ++S) {
    maps_t M;
    cot_map_list *L = maps_init(&M);
    maps_add(&M, A, A, 0, PARAM, "a");
    maps_add(&M, (void *)(long)N, (void *)(long)N, 0, LIT, "n");
    maps_add(&M, (void *)S, (void *)S, 0, LIT, "step");
    launch_nowait(host_k_step, L, NULL, 0, SLOC(216));
  }
  maps_t MU;
  cot_map_list *LU = maps_init(&MU);
  maps_add(&MU, A, A, N * (int64_t)sizeof(double), FROM, "a[0:n]");
  __cot_target_update(COT_DEVICE_DEFAULT, LU, LOC(217));
  int Bad = 0;
  for (long I = 0; I < N && !Bad; ++I)
    if (A[I] != expected_steps((double)(I % 10))) {
      printf("in order: a[%ld] = %g, expected %g\n", I, A[I],
             expected_steps((double)(I % 10)));
      Bad = 1;
    }
  taskwait();
  __cot_target_data_end(COT_DEVICE_DEFAULT, LD, LOC(218));
  if (!Bad)
    printf("in order without taskwait: ok\n");
  free(A);
  return Bad;
}

/* Maps a[0:n] (AType) and b[0:n] (to) in a target data region that
 * begins at Line; returns its list, for its end. */
static cot_map_list *map_a_b(maps_t *MD, double *A, uint64_t AType, double *B,
                             int Line) {
  cot_map_list *LD = maps_init(MD);
  maps_add(MD, A, A, N * (int64_t)sizeof(double), AType, "a[0:n]");
  maps_add(MD, B, B, N * (int64_t)sizeof(double), TO, "b[0:n]");
  __cot_target_data_begin(COT_DEVICE_DEFAULT, LD, LOC(Line));
  return LD;
}

/* Regions nowait regions without depend, each adding b (mapped) to a
 * (mapped) with k_add_from, met at Loc. */
static void add_nowait(double *A, double *B, int Regions,
                       const cot_source_loc *Loc) {
  for (int R = 0; R < Regions; ++R) {
    maps_t M;
    cot_map_list *L = maps_init(&M);
    maps_add(&M, A, A, 0, PARAM, "a");
    maps_add(&M, B, B, 0, PARAM, "b");
    maps_add(&M, (void *)(long)N, (void *)(long)N, 0, LIT, "n");
    launch_nowait(host_k_add_from, L, NULL, 0, Loc);
  }
}

/* Many nowait regions without depend on one array: they run in order on
 * the thread's queue, and once the taskwait returns all of them are done.
 * Their completion is counted on that queue, so far fewer events are
 * recorded than there are regions: with CountEvents, the stand-in driver
 * (cuda_fake_gpu.c) says how many it recorded, and how many threads
 * launched the kernels (the encountering thread and the device's launch
 * thread). */
static int many(int CountEvents) {
  enum { Many = 200 };
  double *A = malloc(N * sizeof(double)), *B = malloc(N * sizeof(double));
  for (long I = 0; I < N; ++I) {
    A[I] = (double)(I % 10);
    B[I] = 1.0;
  }
  maps_t MD;
  cot_map_list *LD = map_a_b(&MD, A, TOFROM, B, 219);
  add_nowait(A, B, Many, SLOC(220));
  taskwait();
  __cot_target_data_end(COT_DEVICE_DEFAULT, LD, LOC(221));
  int Bad = 0;
  for (long I = 0; I < N && !Bad; ++I)
    if (A[I] != (double)(I % 10) + Many) {
      printf("many: a[%ld] = %g, expected %g\n", I, A[I],
             (double)(I % 10) + Many);
      Bad = 1;
    }
  if (!Bad)
    printf("many: ok\n");
  const char *Fake = getenv("LIBOMPTARGET_CUDA_LIBRARY");
  void *Driver =
      CountEvents && Fake ? dlopen(Fake, RTLD_NOW | RTLD_NOLOAD) : NULL;
  long (*Events)(void) =
      Driver ? (long (*)(void))dlsym(Driver, "fake_gpu_events_recorded") : NULL;
  if (Events)
    printf("many: events recorded for %d regions: %s\n", Many,
           Events() * 4 < Many ? "fewer than a quarter" : "too many");
  int (*Launchers)(void) =
      Driver ? (int (*)(void))dlsym(Driver, "fake_gpu_launching_threads")
             : NULL;
  if (Launchers)
    printf("many: kernels launched by %d threads\n", Launchers());
  free(A);
  free(B);
  return Bad;
}

static double Shared[N], Sum[N];

/* Waits until the main thread has mapped Shared (its copy may still be on
 * the way), then runs a region that adds it to Sum (mapped already, so
 * nothing is copied before the kernel). */
static void *add_shared(void *Arg) {
  (void)Arg;
  while (!omp_target_is_present(Shared, omp_get_default_device()))
    ;
  maps_t M;
  cot_map_list *L = maps_init(&M);
  maps_add(&M, Sum, Sum, sizeof(Sum), COT_MAP_ALWAYS | FROM | PARAM, "sum");
  maps_add(&M, Shared, Shared, sizeof(Shared), PARAM, "shared");
  maps_add(&M, (void *)(long)N, (void *)(long)N, 0, LIT, "n");
  launch(host_k_add_from, L, 209);
  return NULL;
}

/* A mapping that one thread has made and is copying in, used by another
 * thread's region: the region waits for the copy. */
static int copy_in_flight(void) {
  for (long I = 0; I < N; ++I)
    Shared[I] = (double)I;
  maps_t M, MS;
  cot_map_list *LS = maps_init(&MS);
  maps_add(&MS, Sum, Sum, sizeof(Sum), TO, "sum");
  __cot_target_data_begin(COT_DEVICE_DEFAULT, LS, LOC(210));
  pthread_t T;
  pthread_create(&T, NULL, add_shared, NULL);
  cot_map_list *L = maps_init(&M);
  maps_add(&M, Shared, Shared, sizeof(Shared), TO, "shared");
  __cot_target_data_begin(COT_DEVICE_DEFAULT, L, LOC(211));
  pthread_join(T, NULL);
  __cot_target_data_end(COT_DEVICE_DEFAULT, L, LOC(212));
  __cot_target_data_end(COT_DEVICE_DEFAULT, LS, LOC(213));
  for (long I = 0; I < N; ++I)
    if (Sum[I] != (double)I) {
      printf("copy in flight: sum[%ld] = %g, expected %g\n", I, Sum[I],
             (double)I);
      return 1;
    }
  printf("copy in flight: ok\n");
  return 0;
}

/* A region whose kernel waits for a flag that the encountering thread sets
 * after the construct, with target update: only a thread that went on
 * releases it (otherwise it gives up after 10 s). */
static int host_runs_on(void) {
  long Flag = 0, Out[1] = {-1};
  maps_t M;
  cot_map_list *L = maps_init(&M);
  maps_add(&M, &Flag, &Flag, sizeof(Flag), TO, "flag");
  __cot_target_data_begin(COT_DEVICE_DEFAULT, L, LOC(202));
  L = maps_init(&M);
  maps_add(&M, &Flag, &Flag, sizeof(Flag), PARAM, "flag");
  maps_add(&M, Out, Out, sizeof(Out), FROM | PARAM, "out");
  launch_nowait(host_k_wait, L, NULL, 0, SLOC(203));
  Flag = 1;
  L = maps_init(&M);
  maps_add(&M, &Flag, &Flag, sizeof(Flag), TO, "flag");
  __cot_target_update(COT_DEVICE_DEFAULT, L, LOC(204));
  taskwait();
  __cot_target_data_end(COT_DEVICE_DEFAULT, L, LOC(205));
  printf("the kernel saw the flag the host set after the construct: %s\n",
         Out[0] == 1 ? "yes" : "no");
  return Out[0] != 1;
}

/* depend without nowait: complete when the construct is done. */
static int undeferred(void) {
  double *A = malloc(N * sizeof(double));
  for (long I = 0; I < N; ++I)
    A[I] = (double)(I % 10);
  kmp_depend_info Dep = {(intptr_t)A, N * sizeof(double), 3};
  maps_t M;
  cot_map_list *L = maps_init(&M);
  maps_add(&M, A, A, N * (int64_t)sizeof(double), TOFROM | PARAM, "a[0:n]");
  maps_add(&M, (void *)(long)N, (void *)(long)N, 0, LIT, "n");
  maps_add(&M, (void *)1L, (void *)1L, 0, LIT, "step");
  launch_nowait(host_k_step, L, &Dep, 1, SLOC(206));
  L = maps_init(&M);
  maps_add(&M, A, A, N * (int64_t)sizeof(double), TOFROM | PARAM, "a[0:n]");
  maps_add(&M, (void *)(long)N, (void *)(long)N, 0, LIT, "n");
  maps_add(&M, (void *)2L, (void *)2L, 0, LIT, "step");
  launch_undeferred(host_k_step, L, &Dep, 1, 207);
  /* No taskwait: both regions are done. */
  double Want = 3.0 * (3.0 * 7.0 + 1.0) + 2.0;
  printf("depend without nowait: a[7] = %g (expected %g)\n", A[7], Want);
  return A[7] != Want;
}

/* declare target link: a region that maps the variable reads it through
 * the device's link pointer, which must still point at the mapping while
 * the kernel runs (the runtime clears it when the mapping goes). */
static int link_pointer(void) {
  long Out[1] = {0};
  linked[0] = 77;
  maps_t M;
  cot_map_list *L = maps_init(&M);
  maps_add(&M, linked, linked, sizeof(linked), TOFROM, "linked");
  maps_add(&M, Out, Out, sizeof(Out), FROM | PARAM, "out");
  launch(host_k_link_read, L, 214);
  printf("the kernel read the linked variable: %ld\n", Out[0]);
  return Out[0] != 77;
}

static void fault(void) {
  maps_t M;
  cot_map_list *L = maps_init(&M);
  maps_add(&M, (void *)0x10L, (void *)0x10L, 0, LIT, "bad");
  maps_add(&M, (void *)1L, (void *)1L, 0, LIT, "n");
  printf("launching a faulting region with nowait\n");
  fflush(stdout);
  launch_nowait(host_k_fault, L, NULL, 0, SLOC(208));
  taskwait();
  printf("not reached\n");
}

/* Many nowait regions without depend, then exit(3) without a taskwait:
 * the regions run before the driver shuts down, and the program ends with
 * its own status, with no error (argument "exit"). */
static void exit_with_regions_pending(void) {
  enum { Many = 4000 };
  double *A = calloc(N, sizeof(double)), *B = calloc(N, sizeof(double));
  maps_t MD;
  map_a_b(&MD, A, TO, B, 230);
  add_nowait(A, B, Many, SLOC(231));
  printf("exiting without a taskwait\n");
  exit(3);
}

int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IONBF, 0);
  if (argc > 1 && !strcmp(argv[1], "exit"))
    exit_with_regions_pending();
  if (argc > 1 && !strcmp(argv[1], "fault")) {
    fault();
    return 0;
  }
  if (argc > 1 && !strcmp(argv[1], "in-order"))
    return in_order();
  if (argc > 1 && !strcmp(argv[1], "many"))
    return many(/*CountEvents=*/1);
  int Fails = chain() + independent() + in_order() + copy_in_flight() +
              host_runs_on() + undeferred() + link_pointer() +
              many(/*CountEvents=*/0);
  printf("%s\n", Fails ? "FAILED" : "done");
  return Fails;
}

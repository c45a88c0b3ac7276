/* The body of cuda_gpu_basic.c and cuda_gpu_jit.c: maps, launches, device
 * globals, geometry, the allocator and device-to-device copies. */
#include "cuda_gpu.h"

static int check_scaled(const double *A, long N, const char *What) {
  for (long I = 0; I < N; ++I)
    if (A[I] != 2.0 * (double)(I % 1000) + 1.0) {
      printf("%s: a[%ld] = %g, expected %g\n", What, I, A[I],
             2.0 * (double)(I % 1000) + 1.0);
      return 1;
    }
  printf("%s: ok\n", What);
  return 0;
}

static int scale(long N, const char *What, int Line) {
  double *A = malloc(N * sizeof(double));
  for (long I = 0; I < N; ++I)
    A[I] = (double)(I % 1000);
  maps_t M;
  cot_map_list *L = maps_init(&M);
  maps_add(&M, A, A, N * (int64_t)sizeof(double), TOFROM | PARAM, "a[0:n]");
  maps_add(&M, (void *)N, (void *)N, 0, LIT, "n");
  launch(host_k_scale, L, Line);
  int Rc = check_scaled(A, N, What);
  free(A);
  return Rc;
}

static void geometry(int NumTeams, int ThreadLimit, int Line) {
  long Out[4] = {0, 0, 0, 0};
  maps_t M;
  cot_map_list *L = maps_init(&M);
  maps_add(&M, Out, Out, sizeof(Out), FROM | PARAM, "out");
  launch_geom(host_k_info, L, NumTeams, ThreadLimit, Line);
  printf("num_teams %d thread_limit %d: grid %ld block %ld device %ld "
         "counter %ld\n",
         NumTeams, ThreadLimit, Out[0], Out[1], Out[2], Out[3]);
}

int main(void) {
  int Fails = 0;
  setvbuf(stdout, NULL, _IONBF, 0); /* keep order with the info lines */
  printf("devices=%d\n", omp_get_num_devices());
  Fails += scale(1000, "small", 101);
  /* 48 MiB: more than the staging chunk, so staged both ways. */
  Fails += scale(6L << 20, "staged", 102);
  geometry(3, 64, 103);
  geometry(0, 0, 104);
  geometry(1, 100000, 105);

  /* omp_target_alloc / memcpy, device to device, allocator reuse. */
  int Dev = omp_get_default_device(), Host = omp_get_initial_device();
  long Buf[100], Back[100];
  for (int I = 0; I < 100; ++I)
    Buf[I] = I * 7;
  void *P1 = omp_target_alloc(sizeof(Buf), Dev);
  void *P2 = omp_target_alloc(sizeof(Buf), Dev);
  int Rc = omp_target_memcpy(P1, Buf, sizeof(Buf), 0, 0, Dev, Host);
  Rc |= omp_target_memcpy(P2, P1, sizeof(Buf), 0, 0, Dev, Dev);
  Rc |= omp_target_memcpy(Back, P2, sizeof(Buf), 0, 0, Host, Dev);
  printf("memcpy rc %d, copied back %s\n", Rc,
         memcmp(Buf, Back, sizeof(Buf)) ? "wrong" : "equal");
  omp_target_free(P2, Dev);
  void *P3 = omp_target_alloc(sizeof(Buf) - 8, Dev);
  printf("freed block reused: %s\n", P3 == P2 ? "yes" : "no");
  omp_target_free(P3, Dev);
  /* Blocks over 1 MiB are kept by size, for a request up to 1/8 smaller. */
  void *Big = omp_target_alloc(8 << 20, Dev);
  omp_target_free(Big, Dev);
  void *Again = omp_target_alloc((8 << 20) - 4096, Dev);
  void *Other = omp_target_alloc(6 << 20, Dev);
  printf("freed large block reused: %s, not for a much smaller one: %s\n",
         Again == Big ? "yes" : "no", Other != Big ? "yes" : "no");
  omp_target_free(Other, Dev);
  omp_target_free(Again, Dev);
  omp_target_free(P1, Dev);
  printf("%s\n", Fails ? "FAILED" : "done");
  return Fails;
}

// allocate clauses on the private copies of a loop over a full grid: every
// thread's copy gets storage (on the GPU, stack slots for small ones, not
// the few-MB device heap a full grid of 4 KB copies would exhaust), and
// a user-defined allocator with an alignment trait (requires
// dynamic_allocators) made inside the region.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdint.h>
#include <stdio.h>

#pragma omp requires dynamic_allocators

#define N (1 << 20)
#define M 1024

int out[N];

int main(void) {
  int local[M];
  for (int I = 0; I < M; ++I)
    local[I] = I;
  int OnDevice = 0;
#pragma omp target teams distribute parallel for map(from : out)            \
    map(tofrom : OnDevice) firstprivate(local)                              \
    allocate(omp_default_mem_alloc : local)
  for (int I = 0; I < N; ++I) {
    if (I == 0)
      OnDevice = !omp_is_initial_device();
    local[I % M] += 1;
    out[I] = local[(I * 7) % M];
  }
  int Bad = 0;
  for (int I = 0; I < N; ++I)
    Bad += out[I] < (I * 7) % M || out[I] > (I * 7) % M + N;
  // CHECK: on device 1 bad 0 host copy untouched 1
  printf("on device %d bad %d host copy untouched %d\n", OnDevice, Bad,
         local[5] == 5);

  int Aligned = 0, Sum = 0;
#pragma omp target map(tofrom : Aligned, Sum)
  {
    omp_alloctrait_t Traits[1] = {{omp_atk_alignment, 256}};
    omp_allocator_handle_t A =
        omp_init_allocator(omp_default_mem_space, 1, Traits);
    int *P = (int *)omp_alloc(100 * sizeof(int), A);
    Aligned = P && (uintptr_t)P % 256 == 0;
    for (int I = 0; I < 100; ++I)
      P[I] = I;
    for (int I = 0; I < 100; ++I)
      Sum += P[I];
    omp_free(P, A);
    omp_destroy_allocator(A);
  }
  // CHECK: aligned 1 sum 4950
  printf("aligned %d sum %d\n", Aligned, Sum);
  return 0;
}

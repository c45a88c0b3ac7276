// uses_allocators with traits on a target construct (OpenMP 5.0; V&V 5.1
// test_target_aligned_calloc): the region makes the allocator from its
// traits when it starts (__kmpc_init_allocator, which the device runtime
// once lacked, failing the device link) and destroys it when it ends; memory
// from it has the trait's alignment.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdint.h>
#include <stdio.h>

int main(void) {
  omp_alloctrait_t Traits[1] = {{omp_atk_alignment, 256}};
  omp_allocator_handle_t Aligned = omp_null_allocator;
  int Misaligned = -1, Sum = -1, OnDevice = 0;
#pragma omp target uses_allocators(Aligned(Traits))                           \
    map(from : Misaligned, Sum, OnDevice)
  {
    int *X = (int *)omp_aligned_calloc(64, 100, sizeof(int), Aligned);
    Misaligned = X ? (int)((uintptr_t)X % 256) : -2;
    Sum = 0;
    if (X) {
      for (int I = 0; I < 100; ++I)
        X[I] += I;
      for (int I = 0; I < 100; ++I)
        Sum += X[I];
      omp_free(X, Aligned);
    }
    OnDevice = !omp_is_initial_device();
  }
  printf("on device %d: misaligned by %d, sum %d\n", OnDevice, Misaligned, Sum);
  return 0;
}
// CHECK: on device 1: misaligned by 0, sum 4950

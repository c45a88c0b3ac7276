// requires unified_shared_memory: the device uses host storage itself, so
// data reached through pointers that no map clause names (here a linked
// list in host heap memory) is visible in the region, and stores are seen
// by the host without a map back. Explicit maps neither allocate nor copy.
// GPU-SKIP: the host device always gives unified shared memory; a GPU gives it only with HMM, which the bundle's machines may lack (checked by hand, see docs/Runtime.md)
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env LIBOMPTARGET_INFO=1 OMP_TARGET_OFFLOAD=MANDATORY %t 2>%t.info | FileCheck %s
// RUN: FileCheck %s --check-prefix=INFO < %t.info
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#pragma omp requires unified_shared_memory

struct Node {
  int Value;
  struct Node *Next;
};

int main(void) {
  struct Node *Head = NULL;
  for (int I = 1; I <= 10; ++I) {
    struct Node *N = malloc(sizeof(*N));
    N->Value = I;
    N->Next = Head;
    Head = N;
  }
  int Sum = 0, OnDevice = 0;
#pragma omp target map(from : Sum, OnDevice)
  {
    OnDevice = !omp_is_initial_device();
    for (struct Node *N = Head; N; N = N->Next) {
      Sum += N->Value;
      N->Value *= 2; // seen by the host: the same memory
    }
  }
  int After = 0;
  for (struct Node *N = Head; N; N = N->Next)
    After += N->Value;
  // CHECK: device 1 sum 55 after 110
  printf("device %d sum %d after %d\n", OnDevice, Sum, After);

  // A map(to:) section is not a copy: a store the host makes inside the
  // data region is seen by the device.
  int *A = malloc(100 * sizeof(int));
  for (int I = 0; I < 100; ++I)
    A[I] = I;
  long Total = 0;
#pragma omp target data map(to : A[0:100])
  {
    A[99] = 1000;
#pragma omp target map(tofrom : Total)
    for (int I = 0; I < 100; ++I)
      Total += A[I];
  }
  // CHECK: total 5851
  printf("total %ld\n", Total);
  // CHECK: accessible 1
  printf("accessible %d\n", omp_target_is_accessible(A, 400, 0));
  return 0;
}
// INFO: plugin 'x86_64' loaded: devices 0..0 (unified shared memory: maps neither allocate nor copy)
// INFO-NOT: map (new) 'A[0:100]'

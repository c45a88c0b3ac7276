// Deferred target regions (nowait) with dependences between them and with
// host tasks: two chains of kernels over large arrays (mapped tofrom each
// time, so their copies are staged), joined by a region that reads both,
// then a host task that reads its result; a taskgroup of independent
// regions. A dependent task, host or target, and the end of a taskgroup
// see the regions' copies back.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -O1 %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define N (3L << 20) /* 24 MiB of doubles */
#define STEPS 4

/* What STEPS regions of x = 3x + k (k = 1..STEPS) make of X. */
static double steps(double X, int From) {
  for (int K = 1; K <= STEPS; ++K)
    X = 3.0 * X + K + From;
  return X;
}

int main(void) {
  double *A = malloc(N * sizeof(double)), *B = malloc(N * sizeof(double));
  double *C = malloc(N * sizeof(double));
  int OnDevice = 0, HostChecked = -1;
  for (long I = 0; I < N; ++I) {
    A[I] = (double)(I % 7);
    B[I] = (double)(I % 5);
  }
#pragma omp parallel num_threads(2)
#pragma omp single
  {
    for (int K = 1; K <= STEPS; ++K) {
#pragma omp target teams distribute parallel for nowait map(tofrom : A[0 : N]) depend(inout : A[0])
      for (long I = 0; I < N; ++I)
        A[I] = 3.0 * A[I] + K;
#pragma omp target teams distribute parallel for nowait map(tofrom : B[0 : N]) depend(inout : B[0])
      for (long I = 0; I < N; ++I)
        B[I] = 3.0 * B[I] + K + 10;
    }
#pragma omp target teams distribute parallel for nowait map(to : A[0 : N], B[0 : N]) map(from : C[0 : N]) map(tofrom : OnDevice) depend(in : A[0], B[0]) depend(out : C[0])
    for (long I = 0; I < N; ++I) {
      C[I] = A[I] - B[I];
      if (I == 0)
        OnDevice = !omp_is_initial_device();
    }
#pragma omp task depend(in : C[0]) shared(HostChecked)
    {
      long Bad = 0;
      for (long I = 0; I < N; ++I)
        Bad += C[I] != steps((double)(I % 7), 0) - steps((double)(I % 5), 10);
      HostChecked = Bad == 0;
    }
  }
  // CHECK: chains joined: host task saw the result 1, on the device 1
  printf("chains joined: host task saw the result %d, on the device %d\n",
         HostChecked, OnDevice);

  int Done[8] = {0};
#pragma omp taskgroup
  {
    for (int R = 0; R < 8; ++R) {
#pragma omp target nowait map(tofrom : Done[R : 1])
      Done[R] = R + !omp_is_initial_device();
    }
  }
  int Sum = 0;
  for (int R = 0; R < 8; ++R)
    Sum += Done[R];
  // CHECK: taskgroup: 36
  printf("taskgroup: %d\n", Sum);
  free(A);
  free(B);
  free(C);
  return 0;
}

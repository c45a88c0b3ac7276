// Non-combined nestings: target { teams distribute parallel for },
// target teams { distribute parallel for }, target { teams { distribute } },
// target { parallel for }, with reductions, num_teams(64) included.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>
#define N 4096

int main(void) {
  static int a[N];
  long s1 = 0, s2 = 0, s3 = 0, s4 = 0;
  // The first iteration of each region adds 1 when it runs on the device.
  int on_dev = 0;
#pragma omp target map(tofrom : a, s1, on_dev)
#pragma omp teams distribute parallel for reduction(+ : s1)
  for (int i = 0; i < N; ++i) {
    a[i] = i;
    s1 += i;
    if (i == 0)
      on_dev += !omp_is_initial_device();
  }
#pragma omp target teams num_teams(64) thread_limit(4) map(to : a) map(tofrom : s2, on_dev)
#pragma omp distribute parallel for reduction(+ : s2)
  for (int i = 0; i < N; ++i) {
    s2 += a[i];
    if (i == 0)
      on_dev += !omp_is_initial_device();
  }
#pragma omp target map(to : a) map(tofrom : s3, on_dev)
#pragma omp teams num_teams(8) reduction(+ : s3)
  {
#pragma omp distribute
    for (int i = 0; i < N; ++i) {
      s3 += a[i];
      if (i == 0)
        on_dev += !omp_is_initial_device();
    }
  }
#pragma omp target map(to : a) map(tofrom : s4, on_dev)
  {
#pragma omp parallel for reduction(+ : s4)
    for (int i = 0; i < N; ++i) {
      s4 += a[i];
      if (i == 0)
        on_dev += !omp_is_initial_device();
    }
  }
  // CHECK: 8386560 8386560 8386560 8386560 regions-on-device 4
  printf("%ld %ld %ld %ld regions-on-device %d\n", s1, s2, s3, s4, on_dev);
  return 0;
}

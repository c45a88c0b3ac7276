// collapse(2) on combined target loop constructs covers the whole
// iteration space exactly once.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>
#define NI 13
#define NJ 7

int main(void) {
  static int c[NI][NJ];
  // The first iteration of each region adds 1 when it runs on the device.
  int on_dev = 0;
#pragma omp target teams distribute parallel for collapse(2) map(tofrom : c, on_dev)
  for (int i = 0; i < NI; ++i)
    for (int j = 0; j < NJ; ++j) {
      c[i][j] += i * NJ + j + 1;
      if (i == 0 && j == 0)
        on_dev += !omp_is_initial_device();
    }
#pragma omp target parallel for collapse(2) map(tofrom : c, on_dev)
  for (int i = 0; i < NI; ++i)
    for (int j = 0; j < NJ; ++j) {
      c[i][j] *= 2;
      if (i == 0 && j == 0)
        on_dev += !omp_is_initial_device();
    }
  long s = 0;
  int ok = 1;
  for (int i = 0; i < NI; ++i)
    for (int j = 0; j < NJ; ++j) {
      ok &= c[i][j] == 2 * (i * NJ + j + 1);
      s += c[i][j];
    }
  // CHECK: ok 1 sum 8372
  printf("ok %d sum %ld\n", ok, s);
  int cnt = 0;
#pragma omp target teams loop collapse(2) reduction(+ : cnt) map(tofrom : on_dev)
  for (int i = 0; i < NI; ++i)
    for (int j = i; j < NJ + i; ++j) {
      cnt += 1;
      if (i == 0 && j == 0)
        on_dev += !omp_is_initial_device();
    }
  // CHECK: cnt 91
  printf("cnt %d\n", cnt);
  // CHECK: regions-on-device 3
  printf("regions-on-device %d\n", on_dev);
  return 0;
}

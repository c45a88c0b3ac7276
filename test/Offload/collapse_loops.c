// collapse(2) on combined target loop constructs covers the whole
// iteration space exactly once.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <stdio.h>
#define NI 13
#define NJ 7

int main(void) {
  static int c[NI][NJ];
#pragma omp target teams distribute parallel for collapse(2) map(tofrom : c)
  for (int i = 0; i < NI; ++i)
    for (int j = 0; j < NJ; ++j)
      c[i][j] += i * NJ + j + 1;
#pragma omp target parallel for collapse(2) map(tofrom : c)
  for (int i = 0; i < NI; ++i)
    for (int j = 0; j < NJ; ++j)
      c[i][j] *= 2;
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
#pragma omp target teams loop collapse(2) reduction(+ : cnt)
  for (int i = 0; i < NI; ++i)
    for (int j = i; j < NJ + i; ++j)
      cnt += 1;
  // CHECK: cnt 91
  printf("cnt %d\n", cnt);
  return 0;
}

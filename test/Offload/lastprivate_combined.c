// lastprivate on combined target constructs: the variable is implicitly
// mapped tofrom (OpenMP 5.0) and gets the value of the last iteration.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <stdio.h>

int main(void) {
  int last = -1;
#pragma omp target parallel for lastprivate(last)
  for (int i = 0; i < 100; ++i)
    last = i * 2;
  // CHECK: tpf 198
  printf("tpf %d\n", last);
  double lastd = 0;
#pragma omp target teams distribute parallel for lastprivate(lastd)
  for (int i = 0; i < 50; ++i)
    lastd = i + 0.5;
  // CHECK: tdpf 49.5
  printf("tdpf %.1f\n", lastd);
  int lt = 0;
#pragma omp target teams distribute lastprivate(lt)
  for (int i = 0; i < 7; ++i)
    lt = i;
  // CHECK: td 6
  printf("td %d\n", lt);
  int ls = 0;
#pragma omp target simd lastprivate(ls)
  for (int i = 0; i < 9; ++i)
    ls = i * i;
  // CHECK: simd 64
  printf("simd %d\n", ls);
  return 0;
}

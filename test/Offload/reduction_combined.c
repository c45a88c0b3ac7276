// reduction on combined target constructs: the reduction variable is
// implicitly mapped tofrom (OpenMP 5.0) and combines all iterations.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <stdio.h>
#define N 1000

int main(void) {
  static int a[N];
  for (int i = 0; i < N; ++i)
    a[i] = i + 1;
  long sum = 0;
#pragma omp target teams distribute parallel for reduction(+ : sum)
  for (int i = 0; i < N; ++i)
    sum += a[i];
  // CHECK: tdpf-sum 500500
  printf("tdpf-sum %ld\n", sum);

  int mx = -1;
#pragma omp target parallel for reduction(max : mx)
  for (int i = 0; i < N; ++i)
    mx = a[i] > mx ? a[i] : mx;
  // CHECK: tpf-max 1000
  printf("tpf-max %d\n", mx);

  double prod = 1.0;
#pragma omp target teams distribute reduction(* : prod)
  for (int i = 0; i < 10; ++i)
    prod *= 2.0;
  // CHECK: td-prod 1024
  printf("td-prod %.0f\n", prod);

  int cnt = 5; // initial value participates
#pragma omp target teams loop reduction(+ : cnt)
  for (int i = 0; i < N; ++i)
    cnt += (a[i] % 2 == 0);
  // CHECK: loop-cnt 505
  printf("loop-cnt %d\n", cnt);

  int all = 1;
#pragma omp target parallel for simd reduction(&& : all)
  for (int i = 0; i < N; ++i)
    all = all && a[i] > 0;
  // CHECK: simd-and 1
  printf("simd-and %d\n", all);

  long s2 = 0;
#pragma omp target teams distribute parallel for simd reduction(+ : s2) map(tofrom : s2)
  for (int i = 0; i < N; ++i)
    s2 += 2 * a[i];
  // CHECK: explicit-map 1001000
  printf("explicit-map %ld\n", s2);
  return 0;
}

// reduction on combined target constructs: the reduction variable is
// implicitly mapped tofrom (OpenMP 5.0) and combines all iterations.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>
#define N 1000

int main(void) {
  static int a[N];
  for (int i = 0; i < N; ++i)
    a[i] = i + 1;
  // The first iteration of each region adds 1 when it runs on the device.
  int on_dev = 0;
  long sum = 0;
#pragma omp target teams distribute parallel for reduction(+ : sum) map(tofrom : on_dev)
  for (int i = 0; i < N; ++i) {
    sum += a[i];
    if (i == 0)
      on_dev += !omp_is_initial_device();
  }
  // CHECK: tdpf-sum 500500
  printf("tdpf-sum %ld\n", sum);

  int mx = -1;
#pragma omp target parallel for reduction(max : mx) map(tofrom : on_dev)
  for (int i = 0; i < N; ++i) {
    mx = a[i] > mx ? a[i] : mx;
    if (i == 0)
      on_dev += !omp_is_initial_device();
  }
  // CHECK: tpf-max 1000
  printf("tpf-max %d\n", mx);

  double prod = 1.0;
#pragma omp target teams distribute reduction(* : prod) map(tofrom : on_dev)
  for (int i = 0; i < 10; ++i) {
    prod *= 2.0;
    if (i == 0)
      on_dev += !omp_is_initial_device();
  }
  // CHECK: td-prod 1024
  printf("td-prod %.0f\n", prod);

  int cnt = 5; // initial value participates
#pragma omp target teams loop reduction(+ : cnt) map(tofrom : on_dev)
  for (int i = 0; i < N; ++i) {
    cnt += (a[i] % 2 == 0);
    if (i == 0)
      on_dev += !omp_is_initial_device();
  }
  // CHECK: loop-cnt 505
  printf("loop-cnt %d\n", cnt);

  int all = 1;
#pragma omp target parallel for simd reduction(&& : all) map(tofrom : on_dev)
  for (int i = 0; i < N; ++i) {
    all = all && a[i] > 0;
    if (i == 0)
      on_dev += !omp_is_initial_device();
  }
  // CHECK: simd-and 1
  printf("simd-and %d\n", all);

  long s2 = 0;
#pragma omp target teams distribute parallel for simd reduction(+ : s2) map(tofrom : s2, on_dev)
  for (int i = 0; i < N; ++i) {
    s2 += 2 * a[i];
    if (i == 0)
      on_dev += !omp_is_initial_device();
  }
  // CHECK: explicit-map 1001000
  printf("explicit-map %ld\n", s2);
  // CHECK: regions-on-device 6
  printf("regions-on-device %d\n", on_dev);
  return 0;
}

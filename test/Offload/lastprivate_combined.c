// lastprivate on combined target constructs: the variable is implicitly
// mapped tofrom (OpenMP 5.0) and gets the value of the last iteration.
// target teams distribute parallel for: lastprivate_combined_teams.c.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  // The first iteration of each region adds 1 when it runs on the device.
  int on_dev = 0;
  int last = -1;
#pragma omp target parallel for lastprivate(last) map(tofrom : on_dev)
  for (int i = 0; i < 100; ++i) {
    last = i * 2;
    if (i == 0)
      on_dev += !omp_is_initial_device();
  }
  // CHECK: tpf 198
  printf("tpf %d\n", last);
  int lt = 0;
#pragma omp target teams distribute lastprivate(lt) map(tofrom : on_dev)
  for (int i = 0; i < 7; ++i) {
    lt = i;
    if (i == 0)
      on_dev += !omp_is_initial_device();
  }
  // CHECK: td 6
  printf("td %d\n", lt);
  int ls = 0;
#pragma omp target simd lastprivate(ls) map(tofrom : on_dev)
  for (int i = 0; i < 9; ++i) {
    ls = i * i;
    if (i == 0)
      on_dev += !omp_is_initial_device();
  }
  // CHECK: simd 64
  printf("simd %d\n", ls);

  // With an explicit map the map clause decides: from the device with
  // tofrom, not at all with to.
  int m = -1, mt = -1;
#pragma omp target parallel for map(tofrom : m, on_dev) lastprivate(m)
  for (int i = 0; i < 10; ++i) {
    m = i;
    if (i == 0)
      on_dev += !omp_is_initial_device();
  }
#pragma omp target parallel for map(to : mt) lastprivate(mt) map(tofrom : on_dev)
  for (int i = 0; i < 10; ++i) {
    mt = i;
    if (i == 0)
      on_dev += !omp_is_initial_device();
  }
  // CHECK: map 9 -1
  printf("map %d %d\n", m, mt);
  // firstprivate and lastprivate together: the initial value goes in, the
  // last value comes out.
  int f = 7, first = 0;
#pragma omp target parallel for firstprivate(f) lastprivate(f)                \
    map(tofrom : first, on_dev) num_threads(1)
  for (int i = 0; i < 10; ++i) {
    if (i == 0) {
      first = f;
      on_dev += !omp_is_initial_device();
    }
    f += 1;
  }
  // CHECK: firstprivate 7 17
  printf("firstprivate %d %d\n", first, f);
  // A pointer is mapped itself: its last value comes back unchanged.
  static int arr[20];
  int *base = arr, *p = 0;
#pragma omp target parallel for firstprivate(base) lastprivate(p) map(tofrom : on_dev)
  for (int i = 0; i < 20; ++i) {
    p = base + i;
    if (i == 0)
      on_dev += !omp_is_initial_device();
  }
  // CHECK: pointer 19
  printf("pointer %d\n", (int)(p - arr));
  int n = -1;
#pragma omp target parallel for lastprivate(n) nowait map(tofrom : on_dev)
  for (int i = 0; i < 40; ++i) {
    n = i;
    if (i == 0)
      on_dev += !omp_is_initial_device();
  }
#pragma omp taskwait
  // CHECK: nowait 39
  printf("nowait %d\n", n);
  // CHECK: regions-on-device 8
  printf("regions-on-device %d\n", on_dev);
  return 0;
}

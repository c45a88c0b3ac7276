// lastprivate on combined target constructs: the variable is implicitly
// mapped tofrom (OpenMP 5.0) and gets the value of the last iteration.
// target teams distribute parallel for: lastprivate_combined_teams.c.
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

  // With an explicit map the map clause decides: from the device with
  // tofrom, not at all with to.
  int m = -1, mt = -1;
#pragma omp target parallel for map(tofrom : m) lastprivate(m)
  for (int i = 0; i < 10; ++i)
    m = i;
#pragma omp target parallel for map(to : mt) lastprivate(mt)
  for (int i = 0; i < 10; ++i)
    mt = i;
  // CHECK: map 9 -1
  printf("map %d %d\n", m, mt);
  // firstprivate and lastprivate together: the initial value goes in, the
  // last value comes out.
  int f = 7, first = 0;
#pragma omp target parallel for firstprivate(f) lastprivate(f)                \
    map(tofrom : first) num_threads(1)
  for (int i = 0; i < 10; ++i) {
    if (i == 0)
      first = f;
    f += 1;
  }
  // CHECK: firstprivate 7 17
  printf("firstprivate %d %d\n", first, f);
  // A pointer is mapped itself: its last value comes back unchanged.
  static int arr[20];
  int *base = arr, *p = 0;
#pragma omp target parallel for firstprivate(base) lastprivate(p)
  for (int i = 0; i < 20; ++i)
    p = base + i;
  // CHECK: pointer 19
  printf("pointer %d\n", (int)(p - arr));
  int n = -1;
#pragma omp target parallel for lastprivate(n) nowait
  for (int i = 0; i < 40; ++i)
    n = i;
#pragma omp taskwait
  // CHECK: nowait 39
  printf("nowait %d\n", n);
  return 0;
}

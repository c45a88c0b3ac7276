// 16 host OpenMP threads each map, launch and unmap their own data, with
// shared read-only data mapped once outside; enter/exit data from several
// threads on the same shared array keep a consistent reference count.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

#define NT 16
#define N 1000

int main(void) {
  static double shared[N];
  for (int i = 0; i < N; ++i)
    shared[i] = 1.0;
  double result[NT];
  int on_dev[NT];
  int nthreads = 0;
  int dev = omp_get_default_device();
#pragma omp target enter data map(to : shared)
#pragma omp parallel num_threads(NT)
  {
    int id = omp_get_thread_num();
#pragma omp single
    nthreads = omp_get_num_threads();
    double mine[64];
    for (int i = 0; i < 64; ++i)
      mine[i] = id;
    double s = 0;
    int mine_on_dev = 0;
    for (int rep = 0; rep < 10; ++rep) {
#pragma omp target enter data map(to : shared)
#pragma omp target map(to : mine) map(tofrom : s, mine_on_dev)
      {
        mine_on_dev += !omp_is_initial_device();
        double t = 0;
        for (int i = 0; i < N; ++i)
          t += shared[i];
        for (int i = 0; i < 64; ++i)
          t += mine[i];
        s += t;
      }
#pragma omp target exit data map(release : shared)
    }
    result[id] = s;
    on_dev[id] = mine_on_dev;
  }
  // CHECK: threads 16
  printf("threads %d\n", nthreads);
  int ok = 1, regions_on_dev = 0;
  for (int id = 0; id < NT; ++id) {
    ok &= result[id] == 10.0 * (N + 64.0 * id);
    regions_on_dev += on_dev[id];
  }
  // CHECK: regions-on-device 160
  printf("regions-on-device %d\n", regions_on_dev);
  // CHECK: ok 1 still-present 1
  printf("ok %d still-present %d\n", ok, omp_target_is_present(shared, dev) != 0);
#pragma omp target exit data map(release : shared)
  // CHECK: released 0
  printf("released %d\n", omp_target_is_present(shared, dev) != 0);
  return 0;
}

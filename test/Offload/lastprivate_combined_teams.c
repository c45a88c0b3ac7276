// lastprivate on target teams distribute parallel for: the variable is
// implicitly mapped tofrom (OpenMP 5.0) and gets the value of the last
// iteration, with or without an explicit map, with several teams.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  // The first iteration of each region adds 1 when it runs on the device.
  int on_dev = 0;
  double lastd = 0;
#pragma omp target teams distribute parallel for lastprivate(lastd) map(tofrom : on_dev)
  for (int i = 0; i < 50; ++i) {
    lastd = i + 0.5;
    if (i == 0)
      on_dev += !omp_is_initial_device();
  }
  // CHECK: tdpf 49.5
  printf("tdpf %.1f\n", lastd);
  int m = -1;
#pragma omp target teams distribute parallel for map(tofrom : m, on_dev) lastprivate(m)
  for (int i = 0; i < 50; ++i) {
    m = i;
    if (i == 0)
      on_dev += !omp_is_initial_device();
  }
  // CHECK: tdpf-map 49
  printf("tdpf-map %d\n", m);
  int n = -1;
#pragma omp target teams distribute parallel for lastprivate(n) num_teams(4) \
    map(tofrom : on_dev)
  for (int i = 0; i < 5000; ++i) {
    n = i;
    if (i == 0)
      on_dev += !omp_is_initial_device();
  }
  // CHECK: tdpf-teams 4999 regions-on-device 3
  printf("tdpf-teams %d regions-on-device %d\n", n, on_dev);
  return 0;
}

// lastprivate on target teams distribute parallel for: the variable is
// implicitly mapped tofrom (OpenMP 5.0) and gets the value of the last
// iteration, with or without an explicit map, with several teams.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <stdio.h>

int main(void) {
  double lastd = 0;
#pragma omp target teams distribute parallel for lastprivate(lastd)
  for (int i = 0; i < 50; ++i)
    lastd = i + 0.5;
  // CHECK: tdpf 49.5
  printf("tdpf %.1f\n", lastd);
  int m = -1;
#pragma omp target teams distribute parallel for map(tofrom : m) lastprivate(m)
  for (int i = 0; i < 50; ++i)
    m = i;
  // CHECK: tdpf-map 49
  printf("tdpf-map %d\n", m);
  int n = -1;
#pragma omp target teams distribute parallel for lastprivate(n) num_teams(4)
  for (int i = 0; i < 5000; ++i)
    n = i;
  // CHECK: tdpf-teams 4999
  printf("tdpf-teams %d\n", n);
  return 0;
}

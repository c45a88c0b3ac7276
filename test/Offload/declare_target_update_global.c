// target update of declare-target globals: arrays, sections of them,
// structs, and the present check.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

#pragma omp declare target
int garr[8];
struct Cfg { int n; double eps; } cfg = {3, 0.5};
#pragma omp end declare target

int main(void) {
  int dev = omp_get_default_device();
  // Declare target variables are always present.
  // CHECK: present 1 1
  printf("present %d %d\n", omp_target_is_present(garr, dev) != 0,
         omp_target_is_present(&cfg, dev) != 0);
  for (int i = 0; i < 8; ++i)
    garr[i] = i;
  int on_dev = 0;
#pragma omp target update to(garr[2:4])
#pragma omp target map(from : on_dev)
  {
    on_dev = !omp_is_initial_device();
    for (int i = 0; i < 8; ++i)
      garr[i] = garr[i] * 10 + 1;
  }
#pragma omp target update from(garr)
  // Device had 0s outside [2,6): 1; inside: i*10+1.
  // CHECK: 1 1 21 31 41 51 1 1
  for (int i = 0; i < 8; ++i)
    printf("%d ", garr[i]);
  printf("\n");
  // CHECK-NEXT: on-device 1
  printf("on-device %d\n", on_dev);
  cfg.n = 9;
  cfg.eps = 0.25;
#pragma omp target update to(cfg.n)
  int n = 0;
  double e = 0;
  on_dev = 0;
#pragma omp target map(from : n, e, on_dev)
  {
    on_dev = !omp_is_initial_device();
    n = cfg.n;
    e = cfg.eps;
  }
  // CHECK: cfg 9 0.50 on-device 1
  printf("cfg %d %.2f on-device %d\n", n, e, on_dev);
  return 0;
}

// LIBOMPTARGET_INFO reports why a region runs on the host: if(false),
// offload disabled, the initial device.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env LIBOMPTARGET_INFO=1 %t 2>&1 | FileCheck %s
// RUN: env LIBOMPTARGET_INFO=1 OMP_TARGET_OFFLOAD=DISABLED %t 2>&1 | FileCheck %s --check-prefix=DIS
#include <omp.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int x = 0;
#pragma omp target if(argc > 5) map(tofrom : x)
  x += 1;
  // CHECK: libomptarget: info: target region '{{.*}}main_l[[#@LINE-2]]{{.*}}' runs on the host: if(false) at {{.*}}info_host_fallback.c:[[#@LINE-2]]
  // DIS: libomptarget: info: target region '{{.*}}main_l[[#@LINE-3]]{{.*}}' runs on the host: if(false)
#pragma omp target device(omp_get_initial_device()) map(tofrom : x)
  x += 1;
  // CHECK: libomptarget: info: target region '{{.*}}main_l[[#@LINE-2]]{{.*}}' runs on the host: initial device
  // DIS: libomptarget: info: target region '{{.*}}main_l[[#@LINE-3]]{{.*}}' runs on the host: offload disabled
  printf("x %d\n", x);
  // CHECK: x 2
  // DIS: x 2
  return 0;
}

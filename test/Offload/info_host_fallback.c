// LIBOMPTARGET_INFO reports why a region runs on the host: if(false),
// offload disabled, the initial device. A region without such a reason
// runs on the device (unless offload is disabled).
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env LIBOMPTARGET_INFO=1 OMP_TARGET_OFFLOAD=MANDATORY %t 2>&1 | FileCheck %s
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
  int on_dev = -1;
#pragma omp target map(tofrom : x) map(from : on_dev)
  {
    x += 1;
    on_dev = !omp_is_initial_device();
  }
  printf("x %d on-device %d\n", x, on_dev);
  // CHECK: x 3 on-device 1
  // DIS: x 3 on-device 0
  return 0;
}

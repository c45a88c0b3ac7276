// Device-query API from a compiled program: one host device, the initial
// device number is omp_get_num_devices(), default device handling.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY OMP_DEFAULT_DEVICE=1 %t | FileCheck %s --check-prefix=ENV
#include <omp.h>
#include <stdio.h>

int main(void) {
  int n = omp_get_num_devices();
  // CHECK: num_devices 1
  // ENV: num_devices 1
  printf("num_devices %d\n", n);
  // CHECK: initial_device 1
  printf("initial_device %d\n", omp_get_initial_device());
  // On the host, omp_get_device_num() is the initial device number.
  // CHECK: host_device_num 1
  printf("host_device_num %d\n", omp_get_device_num());
  // CHECK: default 0
  // ENV: default 1
  printf("default %d\n", omp_get_default_device());
  int dn = -1, init = -1;
#pragma omp target map(from : dn, init)
  {
    dn = omp_get_device_num();
    init = omp_is_initial_device();
  }
  // CHECK: region device_num 0 initial 0
  // With default-device-var = 1 (the initial device) the region runs on the
  // host.
  // ENV: region device_num 1 initial 1
  printf("region device_num %d initial %d\n", dn, init);
  omp_set_default_device(omp_get_initial_device());
  // CHECK: set-default 1
  printf("set-default %d\n", omp_get_default_device());
#pragma omp target map(from : dn, init)
  {
    dn = omp_get_device_num();
    init = omp_is_initial_device();
  }
  // CHECK: after-set device_num 1 initial 1
  printf("after-set device_num %d initial %d\n", dn, init);
  omp_set_default_device(0);
#pragma omp target map(from : dn, init)
  {
    dn = omp_get_device_num();
    init = omp_is_initial_device();
  }
  // CHECK: back device_num 0 initial 0
  // ENV: back device_num 0 initial 0
  printf("back device_num %d initial %d\n", dn, init);
  return 0;
}

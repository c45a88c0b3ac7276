// target data maps for the duration of its region; target regions inside
// reuse the mapping; from copies back at the end.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int a[8];
  for (int i = 0; i < 8; ++i)
    a[i] = i;
  int dev = omp_get_default_device();
  // CHECK: before 0
  printf("before %d\n", omp_target_is_present(a, dev) != 0);
#pragma omp target data map(tofrom : a)
  {
    // CHECK: inside 1
    printf("inside %d\n", omp_target_is_present(a, dev) != 0);
    // Each region adds 1 when it runs on the offload device.
    int on_dev = 0;
#pragma omp target map(tofrom : on_dev)
    {
      on_dev += !omp_is_initial_device();
      for (int i = 0; i < 8; ++i)
        a[i] += 1;
    }
#pragma omp target map(tofrom : on_dev)
    {
      on_dev += !omp_is_initial_device();
      for (int i = 0; i < 8; ++i)
        a[i] *= 2;
    }
    // Host copy not yet updated.
    // CHECK: host-in-region 0 regions-on-device 2
    printf("host-in-region %d regions-on-device %d\n", a[0], on_dev);
  }
  // CHECK: after 0 a 2 16
  printf("after %d a %d %d\n", omp_target_is_present(a, dev) != 0, a[0], a[7]);
  return 0;
}

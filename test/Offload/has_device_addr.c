// has_device_addr (OpenMP 5.1): a variable whose address is a device
// address (from use_device_addr) is accessed directly in the region.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int a[4] = {1, 2, 3, 4};
  int on_dev = 0;
#pragma omp target data map(tofrom : a)
  {
#pragma omp target data use_device_addr(a)
    {
#pragma omp target has_device_addr(a) map(from : on_dev)
      {
        on_dev = !omp_is_initial_device();
        for (int i = 0; i < 4; ++i)
          a[i] *= 3;
      }
    }
  }
  // CHECK: 3 6 9 12 on-device 1
  printf("%d %d %d %d on-device %d\n", a[0], a[1], a[2], a[3], on_dev);
  return 0;
}

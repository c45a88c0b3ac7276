// has_device_addr (OpenMP 5.1): a variable whose address is a device
// address (from use_device_addr) is accessed directly in the region, also
// when the clause names an array section of it (b[0:4], on a combined
// construct): before, such a variable was mapped anew, its device address
// taken for a host one (a GPU run faulted copying from it).
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_DEBUG=1 %t 2>&1 | FileCheck %s --check-prefix=DEBUG
// DEBUG-NOT: bytes of device memory at {{.*}} for 'b'{{$| at}}
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
  double b[4] = {1, 2, 3, 4};
  int b_on_dev = 0;
#pragma omp target data map(tofrom : b[0:4])
  {
#pragma omp target data use_device_addr(b[0:4])
    {
#pragma omp target teams distribute parallel for has_device_addr(b[0:4]) map(tofrom : b_on_dev)
      for (int i = 0; i < 4; ++i) {
        if (i == 0)
          b_on_dev = !omp_is_initial_device();
        b[i] += 10;
      }
    }
  }
  // CHECK: 11 12 13 14 on-device 1
  printf("%g %g %g %g on-device %d\n", b[0], b[1], b[2], b[3], b_on_dev);
  return 0;
}

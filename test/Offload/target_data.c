// target data maps for the duration of its region; target regions inside
// reuse the mapping; from copies back at the end.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
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
#pragma omp target
    for (int i = 0; i < 8; ++i)
      a[i] += 1;
#pragma omp target
    for (int i = 0; i < 8; ++i)
      a[i] *= 2;
    // Host copy not yet updated.
    // CHECK: host-in-region 0
    printf("host-in-region %d\n", a[0]);
  }
  // CHECK: after 0 a 2 16
  printf("after %d a %d %d\n", omp_target_is_present(a, dev) != 0, a[0], a[7]);
  return 0;
}

// declare target link(var): the variable is not allocated on the device
// until it is mapped; mapped explicitly it behaves like a mapped variable
// (copies follow the map type).
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int big[1000];
int lscalar = 1;
#pragma omp declare target link(big, lscalar)

#pragma omp declare target
int readBig(int i) { return big[i]; }
#pragma omp end declare target

int main(void) {
  int dev = omp_get_default_device();
  for (int i = 0; i < 1000; ++i)
    big[i] = i;
  // CHECK: present-before 0
  printf("present-before %d\n", omp_target_is_present(big, dev) != 0);
  int r = 0, on_dev = 0;
#pragma omp target map(tofrom : big) map(from : r, on_dev)
  {
    on_dev = !omp_is_initial_device();
    r = readBig(999);
    big[0] = -5;
  }
  // CHECK: r 999 big0 -5 on-device 1
  printf("r %d big0 %d on-device %d\n", r, big[0], on_dev);
#pragma omp target data map(to : big, lscalar)
  {
    lscalar = 7;
    on_dev = 0;
#pragma omp target map(from : r, on_dev)
    {
      on_dev = !omp_is_initial_device();
      r = lscalar + readBig(1);
      big[1] = 1000;
    }
    // CHECK: in-data r 2 big1 1 on-device 1
    printf("in-data r %d big1 %d on-device %d\n", r, big[1], on_dev);
#pragma omp target update from(big[1:1])
    // CHECK: update big1 1000
    printf("update big1 %d\n", big[1]);
  }
  return 0;
}

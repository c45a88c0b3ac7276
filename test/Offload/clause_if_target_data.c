// if(false) on target data / enter data / exit data: nothing is mapped.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int a[4] = {1, 2, 3, 4};
  int dev = omp_get_default_device();
  int no = argc > 5;
#pragma omp target data map(to : a) if(no)
  {
    // CHECK: data-if-false 0
    printf("data-if-false %d\n", omp_target_is_present(a, dev) != 0);
  }
#pragma omp target data map(to : a) if(!no)
  {
    // CHECK: data-if-true 1
    printf("data-if-true %d\n", omp_target_is_present(a, dev) != 0);
    // A region in it writes the device copy, not the host's.
    int on_dev = 0;
#pragma omp target map(from : on_dev)
    {
      on_dev = !omp_is_initial_device();
      a[0] = 10;
    }
    // CHECK: region on-device 1 host-copy 1
    printf("region on-device %d host-copy %d\n", on_dev, a[0]);
  }
#pragma omp target enter data map(to : a) if(no)
  // CHECK: enter-if-false 0
  printf("enter-if-false %d\n", omp_target_is_present(a, dev) != 0);
#pragma omp target enter data map(to : a) if(!no)
#pragma omp target exit data map(delete : a) if(no)
  // CHECK: exit-if-false 1
  printf("exit-if-false %d\n", omp_target_is_present(a, dev) != 0);
#pragma omp target exit data map(delete : a) if(!no)
  // CHECK: exit-if-true 0
  printf("exit-if-true %d\n", omp_target_is_present(a, dev) != 0);
  return 0;
}

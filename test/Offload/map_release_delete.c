// target exit data with release decrements the reference count; delete
// removes the mapping regardless of it.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int a[4] = {1, 2, 3, 4};
  int dev = omp_get_default_device();
#pragma omp target enter data map(to : a)
#pragma omp target enter data map(to : a)
#pragma omp target exit data map(release : a)
  // CHECK: after-release1 1
  printf("after-release1 %d\n", omp_target_is_present(a, dev));
#pragma omp target exit data map(release : a)
  // CHECK: after-release2 0
  printf("after-release2 %d\n", omp_target_is_present(a, dev) != 0);

#pragma omp target enter data map(to : a)
#pragma omp target enter data map(to : a)
#pragma omp target enter data map(to : a)
  int on_dev = 0;
#pragma omp target map(tofrom : a) map(from : on_dev)
  {
    a[0] = 42;
    on_dev = !omp_is_initial_device();
  }
#pragma omp target exit data map(delete : a)
  // CHECK: after-delete 0 host 1 on-device 1
  printf("after-delete %d host %d on-device %d\n", omp_target_is_present(a, dev) != 0, a[0],
         on_dev);
  return 0;
}

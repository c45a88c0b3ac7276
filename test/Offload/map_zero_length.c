// Zero-length array sections: mapping one of an unmapped pointer is valid
// and maps nothing; inside a mapped range it refers to the mapped storage.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int *p = malloc(4 * sizeof(int));
  for (int i = 0; i < 4; ++i)
    p[i] = i;
  int dev = omp_get_default_device();
  int ran = 0, on_dev = 0;
#pragma omp target map(tofrom : p[0:0]) map(from : ran, on_dev)
  {
    ran = 1;
    on_dev = !omp_is_initial_device();
  }
  // CHECK: ran 1 present 0 on-device 1
  printf("ran %d present %d on-device %d\n", ran, omp_target_is_present(p, dev) != 0,
         on_dev);
  on_dev = 0;
#pragma omp target data map(tofrom : p[0:4])
  {
#pragma omp target map(tofrom : p[0:0]) map(from : on_dev)
    {
      p[2] = 20;
      on_dev = !omp_is_initial_device();
    }
  }
  // CHECK: through-zero-length 20 on-device 1
  printf("through-zero-length %d on-device %d\n", p[2], on_dev);
  int n = 0;
#pragma omp target enter data map(to : p[0:n])
  // CHECK: enter-zero 0
  printf("enter-zero %d\n", omp_target_is_present(p, dev) != 0);
  free(p);
  return 0;
}

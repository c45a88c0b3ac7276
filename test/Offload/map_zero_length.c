// Zero-length array sections: mapping one of an unmapped pointer is valid
// and maps nothing; inside a mapped range it refers to the mapped storage.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int *p = malloc(4 * sizeof(int));
  for (int i = 0; i < 4; ++i)
    p[i] = i;
  int dev = omp_get_default_device();
  int ran = 0;
#pragma omp target map(tofrom : p[0:0]) map(from : ran)
  ran = 1;
  // CHECK: ran 1 present 0
  printf("ran %d present %d\n", ran, omp_target_is_present(p, dev) != 0);
#pragma omp target data map(tofrom : p[0:4])
  {
#pragma omp target map(tofrom : p[0:0])
    p[2] = 20;
  }
  // CHECK: through-zero-length 20
  printf("through-zero-length %d\n", p[2]);
  int n = 0;
#pragma omp target enter data map(to : p[0:n])
  // CHECK: enter-zero 0
  printf("enter-zero %d\n", omp_target_is_present(p, dev) != 0);
  free(p);
  return 0;
}

// A map that extends past the end of an existing mapping of a struct member
// is a partial overlap too; checked on target data.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: not %t 2>&1 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  double *p = malloc(10 * sizeof(double));
  printf("p=%p\n", (void *)p);
  fflush(stdout);
#pragma omp target data map(to : p[2:4])
  {
#pragma omp target data map(to : p[0:3])
    { printf("not reached\n"); }
  }
  free(p);
  return 0;
}
// CHECK: p=0x[[#%x,P:]]
// CHECK: libomptarget: error: {{.*}}'p[0:3]' [0x[[#%x,P]],0x[[#%x,P+24]]) partially overlaps existing mapping [0x[[#%x,P+16]],0x[[#%x,P+48]]) of 'p[2:4]' at {{.*}}partial_overlap_extend.c:14
// CHECK-NOT: not reached

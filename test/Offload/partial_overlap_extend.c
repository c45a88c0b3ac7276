// A map that extends past the end of an existing mapping of a struct member
// is a partial overlap too; checked on target data.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY not %t 2>&1 | FileCheck %s
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  double *p = malloc(10 * sizeof(double));
  int on_dev = 0;
#pragma omp target map(from : on_dev)
  on_dev = !omp_is_initial_device();
  printf("p=%p on-device %d\n", (void *)p, on_dev);
  fflush(stdout);
#pragma omp target data map(to : p[2:4])
  {
#pragma omp target data map(to : p[0:3])
    { printf("not reached\n"); }
  }
  free(p);
  return 0;
}
// CHECK: p=0x[[#%x,P:]] on-device 1
// CHECK: libomptarget: error: {{.*}}'p[0:3]' [0x[[#%x,P]],0x[[#%x,P+24]]) partially overlaps existing mapping [0x[[#%x,P+16]],0x[[#%x,P+48]]) of 'p[2:4]' at {{.*}}partial_overlap_extend.c:18
// CHECK-NOT: not reached

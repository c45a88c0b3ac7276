// depend orders deferred target tasks: a chain of nowait regions with
// in/out dependences on the same variable runs in order.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  // x[1] counts the regions that ran on the offload device.
  int x[2] = {1, 0};
#pragma omp target enter data map(to : x)
  for (int k = 0; k < 10; ++k) {
#pragma omp target nowait depend(inout : x) map(tofrom : x)
    {
      x[0] = x[0] * 2 + k;
      x[1] += !omp_is_initial_device();
    }
  }
#pragma omp target update from(x) depend(in : x) nowait
#pragma omp taskwait
  // x = ((1*2+0)*2+1)*2+2 ... = 2^10 + sum_{k} k*2^(9-k) = 1024 + 1013
  // CHECK: x 2037 on-device 10
  printf("x %d on-device %d\n", x[0], x[1]);
#pragma omp target exit data map(delete : x)

  int a = 0, b = 0, on_dev = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task depend(out : a) shared(a)
    a = 5;
#pragma omp target depend(in : a) depend(out : b) map(to : a) map(from : b, on_dev) nowait
    {
      b = a + 1;
      on_dev = !omp_is_initial_device();
    }
#pragma omp task depend(in : b) shared(b)
    b *= 10;
  }
  // CHECK: b 60 on-device 1
  printf("b %d on-device %d\n", b, on_dev);
  return 0;
}

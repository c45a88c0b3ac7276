// target with depend but without nowait: the region waits for its
// dependences, runs, and is finished when the construct ends; later tasks
// that depend on it see its result.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int a = 0, b = 0, c = 0, on_dev = 0;
#pragma omp parallel num_threads(4)
#pragma omp single
  {
#pragma omp task depend(out : a) shared(a)
    {
      for (volatile int i = 0; i < 1000000; ++i)
        ;
      a = 7;
    }
#pragma omp target depend(in : a) depend(out : b) map(to : a) map(from : b, on_dev)
    {
      b = a * 3;
      on_dev = !omp_is_initial_device();
    }
    // Undeferred: b is final here, on the encountering thread.
    c = b + 1;
#pragma omp task depend(in : b) shared(b)
    b += 100;
  }
  // CHECK: a 7 b 121 c 22 on-device 1
  printf("a %d b %d c %d on-device %d\n", a, b, c, on_dev);

  // In a function with no enclosing parallel region, a chain of them.
  int x = 1;
  on_dev = 0;
  for (int k = 0; k < 5; ++k) {
#pragma omp target depend(inout : x) map(tofrom : x, on_dev)
    {
      x = x * 2 + k;
      on_dev += !omp_is_initial_device();
    }
  }
  // ((((1*2+0)*2+1)*2+2)*2+3)*2+4 = 32 + 26
  // CHECK: x 58 on-device 5
  printf("x %d on-device %d\n", x, on_dev);
  return 0;
}

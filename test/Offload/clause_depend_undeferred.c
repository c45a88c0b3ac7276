// target with depend but without nowait: the region waits for its
// dependences, runs, and is finished when the construct ends; later tasks
// that depend on it see its result.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <stdio.h>

int main(void) {
  int a = 0, b = 0, c = 0;
#pragma omp parallel num_threads(4)
#pragma omp single
  {
#pragma omp task depend(out : a) shared(a)
    {
      for (volatile int i = 0; i < 1000000; ++i)
        ;
      a = 7;
    }
#pragma omp target depend(in : a) depend(out : b) map(to : a) map(from : b)
    b = a * 3;
    // Undeferred: b is final here, on the encountering thread.
    c = b + 1;
#pragma omp task depend(in : b) shared(b)
    b += 100;
  }
  // CHECK: a 7 b 121 c 22
  printf("a %d b %d c %d\n", a, b, c);

  // In a function with no enclosing parallel region, a chain of them.
  int x = 1;
  for (int k = 0; k < 5; ++k) {
#pragma omp target depend(inout : x) map(tofrom : x)
    x = x * 2 + k;
  }
  // ((((1*2+0)*2+1)*2+2)*2+3)*2+4 = 32 + 26
  // CHECK: x 58
  printf("x %d\n", x);
  return 0;
}

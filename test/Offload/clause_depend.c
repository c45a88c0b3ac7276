// depend orders deferred target tasks: a chain of nowait regions with
// in/out dependences on the same variable runs in order.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <stdio.h>

int main(void) {
  int x[1] = {1};
#pragma omp target enter data map(to : x)
  for (int k = 0; k < 10; ++k) {
#pragma omp target nowait depend(inout : x) map(tofrom : x)
    x[0] = x[0] * 2 + k;
  }
#pragma omp target update from(x) depend(in : x) nowait
#pragma omp taskwait
  // x = ((1*2+0)*2+1)*2+2 ... = 2^10 + sum_{k} k*2^(9-k) = 1024 + 1013
  // CHECK: x 2037
  printf("x %d\n", x[0]);
#pragma omp target exit data map(delete : x)

  int a = 0, b = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task depend(out : a) shared(a)
    a = 5;
#pragma omp target depend(in : a) depend(out : b) map(to : a) map(from : b) nowait
    b = a + 1;
#pragma omp task depend(in : b) shared(b)
    b *= 10;
  }
  // CHECK: b 60
  printf("b %d\n", b);
  return 0;
}

// defaultmap changes the implicit data-mapping of scalars and aggregates.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <stdio.h>

int main(void) {
  int s = 1;
#pragma omp target defaultmap(tofrom : scalar)
  s += 41;
  // CHECK: tofrom-scalar 42
  printf("tofrom-scalar %d\n", s);

  int t = 1;
#pragma omp target defaultmap(firstprivate : scalar)
  t = 5;
  // CHECK: firstprivate-scalar 1
  printf("firstprivate-scalar %d\n", t);

  int a[2] = {1, 2};
#pragma omp target defaultmap(to : aggregate)
  a[0] = 50;
  // CHECK: to-aggregate 1
  printf("to-aggregate %d\n", a[0]);

  int b[2] = {1, 2};
#pragma omp target defaultmap(tofrom : aggregate)
  b[0] = 60;
  // CHECK: tofrom-aggregate 60
  printf("tofrom-aggregate %d\n", b[0]);

  int u = 3;
#pragma omp target defaultmap(from : scalar)
  u = 7;
  // CHECK: from-scalar 7
  printf("from-scalar %d\n", u);
  return 0;
}

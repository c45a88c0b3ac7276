// defaultmap changes the implicit data-mapping of scalars and aggregates.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  // Each region adds 1 when it runs on the offload device.
  int on_dev = 0;
  int s = 1;
#pragma omp target defaultmap(tofrom : scalar) map(tofrom : on_dev)
  {
    s += 41;
    on_dev += !omp_is_initial_device();
  }
  // CHECK: tofrom-scalar 42
  printf("tofrom-scalar %d\n", s);

  int t = 1;
#pragma omp target defaultmap(firstprivate : scalar) map(tofrom : on_dev)
  {
    t = 5;
    on_dev += !omp_is_initial_device();
  }
  // CHECK: firstprivate-scalar 1
  printf("firstprivate-scalar %d\n", t);

  int a[2] = {1, 2};
#pragma omp target defaultmap(to : aggregate) map(tofrom : on_dev)
  {
    a[0] = 50;
    on_dev += !omp_is_initial_device();
  }
  // CHECK: to-aggregate 1
  printf("to-aggregate %d\n", a[0]);

  int b[2] = {1, 2};
#pragma omp target defaultmap(tofrom : aggregate) map(tofrom : on_dev)
  {
    b[0] = 60;
    on_dev += !omp_is_initial_device();
  }
  // CHECK: tofrom-aggregate 60
  printf("tofrom-aggregate %d\n", b[0]);

  int u = 3;
#pragma omp target defaultmap(from : scalar) map(tofrom : on_dev)
  {
    u = 7;
    on_dev += !omp_is_initial_device();
  }
  // CHECK: from-scalar 7
  printf("from-scalar %d\n", u);
  // CHECK: regions-on-device 5
  printf("regions-on-device %d\n", on_dev);
  return 0;
}

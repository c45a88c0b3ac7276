// device_type(any) functions run on host and device; device_type(host)
// functions are still callable on the host.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <stdio.h>

int hostOnly(int x) { return x - 1; }
#pragma omp declare target to(hostOnly) device_type(host)

#pragma omp begin declare target device_type(any)
int anyWhere(int x) { return 2 * x; }
#pragma omp end declare target

int main(void) {
  int r = 0;
#pragma omp target map(from : r)
  {
    r = anyWhere(21);
  }
  // CHECK: r 42 host 4 6
  printf("r %d host %d %d\n", r, hostOnly(5), anyWhere(3));
  return 0;
}

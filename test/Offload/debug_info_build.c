// Programs built with -g, optimized or not, offload and give the results
// of programs built without it (on the GPU the device code keeps line
// directives only: Device/nvptx-debug-lines.c). A function called from
// the region and a reduction bring inlined device code and the device
// runtime's code under the debug information; a recursive function stays
// a call (on the GPU, at -O2 -g, a call once failed to assemble).
// RUN: %clang -O0 -g -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t.O0
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.O0 | FileCheck %s
// RUN: %clang -O2 -g -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
// CHECK: on device 1
// CHECK-NEXT: sum 332833500
// CHECK-NEXT: last 998001
// CHECK-NEXT: fibonacci 55
#include <omp.h>
#include <stdio.h>

#pragma omp declare target
static long square(int I) { return (long)I * I; }
static int fibonacci(int N) {
  return N < 2 ? N : fibonacci(N - 1) + fibonacci(N - 2);
}
#pragma omp end declare target

int main(void) {
  enum { N = 1000 };
  long Squares[N];
  long Sum = 0;
  int OnDevice = 0;
#pragma omp target teams distribute parallel for reduction(+ : Sum) map(from : Squares) map(tofrom : OnDevice)
  for (int I = 0; I < N; I++) {
    if (I == 0)
      OnDevice = !omp_is_initial_device();
    Squares[I] = square(I);
    Sum += Squares[I];
  }
  printf("on device %d\n", OnDevice);
  printf("sum %ld\n", Sum);
  printf("last %ld\n", Squares[N - 1]);
  int Fibonacci = 0;
#pragma omp target map(from : Fibonacci)
  Fibonacci = fibonacci(10);
  printf("fibonacci %d\n", Fibonacci);
  return 0;
}

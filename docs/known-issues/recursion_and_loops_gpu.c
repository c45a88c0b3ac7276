// REQUIRES: gpu
// Known issue (README.md): built at -O2 for the GPU, this loop, which calls
// a recursive function (fib stays a call) and runs two loops the optimizer
// made of tail recursion, faults: compute-sanitizer reports 8-byte global
// writes (the digit sums' store) far past the end of `d`, from threads
// whose iteration number is past the loop's end. The PTX's bounds are
// right (each thread leaves when its first index is past 19999); built at
// -O0 it passes, and without either the call or the other loops it does
// not fault. Also with 05620e3's compiler, so not a regression. The same
// PTX through ptxas -O0 runs right; ptxas -O1 to -O3 fault. Debian
// clang-19's build passes on the same GPU.
// RUN: %clang -O2 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
// CHECK: on device 1, 0 wrong
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 20000 };

#pragma omp declare target
int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
int isEven(unsigned n);
int isOdd(unsigned n) { return n == 0 ? 0 : isEven(n - 1); }
int isEven(unsigned n) { return n == 0 ? 1 : isOdd(n - 1); }
long digitSum(long v) { return v < 10 ? v : (v % 10) + digitSum(v / 10); }
#pragma omp end declare target

int main(void) {
  int *f = malloc(sizeof(int) * N), *e = malloc(sizeof(int) * N);
  long *d = malloc(sizeof(long) * N);
  int OnDevice = 0;
#pragma omp target teams distribute parallel for map(from : f[0:N], e[0:N], d[0:N]) map(tofrom : OnDevice)
  for (int i = 0; i < N; i++) {
    if (i == 0)
      OnDevice = !omp_is_initial_device();
    f[i] = fib(i % 18);
    e[i] = isEven(i % 50);
    d[i] = digitSum((long)i * 7919);
  }
  int Wrong = 0;
  for (int i = 0; i < N; i++)
    Wrong += f[i] != fib(i % 18) || e[i] != (i % 50 % 2 == 0) ||
             d[i] != digitSum((long)i * 7919);
  printf("on device %d, %d wrong\n", OnDevice, Wrong);
  return Wrong != 0;
}

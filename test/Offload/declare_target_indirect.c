// declare target indirect (OpenMP 5.1): device code calls functions through
// pointers the host took (passed in, or in a mapped table), and through
// pointers taken on the device, which stay device addresses. Also
// `declare target to(f) indirect(1)` after f's definition: Clang 19 keeps
// only the expression there, not the indirect flag, so f had no device
// address to translate to (a GPU's call through the host pointer never
// returned).
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu --offload-device-only -emit-llvm -S %s -o - | FileCheck %s --check-prefix=SLOT
// SLOT: @__cot_indirect_square = {{.*}}@square
#include <omp.h>
#include <stdio.h>

#pragma omp begin declare target indirect
int add_one(int X) { return X + 1; }
int times_ten(int X) { return X * 10; }
static int negate(int X) { return -X; }
#pragma omp end declare target

int square(int X) { return X * X; }
#pragma omp declare target to(square) indirect(1)

typedef int (*unary_fn)(int);

int main(void) {
  unary_fn Passed = times_ten;
  unary_fn Table[4] = {add_one, times_ten, negate, square};
  int FromPassed = 0, FromTable = 0, FromDevice = 0, OnDev = 0;
#pragma omp target map(to : Table) map(from : FromPassed, FromTable, FromDevice, OnDev)
  {
    OnDev = !omp_is_initial_device();
    FromPassed = Passed(4);
    int Sum = 0;
    for (int I = 0; I < 4; ++I)
      Sum += Table[I](5);
    FromTable = Sum;
    unary_fn Local = add_one;
    FromDevice = Local(41);
  }
  // 5+1 + 50 - 5 + 25 = 76
  // CHECK: passed 40 table 76 device 42 on-device 1
  printf("passed %d table %d device %d on-device %d\n", FromPassed, FromTable,
         FromDevice, OnDev);
  return 0;
}

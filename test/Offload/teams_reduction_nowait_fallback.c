// A teams reduction in a deferred (nowait) target region whose host
// fallback runs: with if(target: 0), and for every region with
// OMP_TARGET_OFFLOAD=DISABLED. The fallback runs inside the region's task,
// where libomp's reduction across teams never returned (clang-19 -fopenmp
// hangs the same way); the fallback's teams reductions take the atomic
// path instead. The same regions on the device, unchanged.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s --check-prefixes=CHECK,DEVICE
// RUN: env OMP_TARGET_OFFLOAD=DISABLED %t | FileCheck %s --check-prefixes=CHECK,HOST
#include <omp.h>
#include <stdio.h>

#define N 1000

int main(void) {
  int Sum = 0, OnDevice = -1, Fallback = 0;
  double Max = -1;
  int Ran = -1;
#pragma omp target teams distribute parallel for reduction(+ : Sum)          \
    reduction(max : Max) map(tofrom : OnDevice) nowait
  for (int I = 0; I < N; I++) {
    Sum += I;
    Max = I > Max ? I : Max;
    if (I == 0)
      OnDevice = !omp_is_initial_device();
  }
#pragma omp target teams distribute reduction(+ : Fallback) map(from : Ran)  \
    nowait if(target : 0)
  for (int I = 0; I < N; I++) {
    Fallback += 2;
    if (I == 0)
      Ran = omp_is_initial_device();
  }
#pragma omp taskwait
  // CHECK: sum 499500 max 999
  printf("sum %d max %g\n", Sum, Max);
  // DEVICE-NEXT: on device 1
  // HOST-NEXT: on device 0
  printf("on device %d\n", OnDevice);
  // CHECK-NEXT: if(0) fallback 2000 on the host 1
  printf("if(0) fallback %d on the host %d\n", Fallback, Ran);
  return 0;
}

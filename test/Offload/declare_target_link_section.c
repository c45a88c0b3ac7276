// A `declare target link` array mapped as a section that does not begin at
// its first element (big[1000:2000], also through target data and enter
// data): device code reaches the section through the variable's pointer,
// which now points where the mapping puts the variable's start. Before,
// only a mapping holding the first element set it, and the kernel faulted
// on a null pointer. Regions checked that they ran on the device.
// RUN: %clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

enum { N = 4096 };
double Big[N];
#pragma omp declare target link(Big)

static double sumOf(int Lo, int Hi, int *OffDevice) {
  double Sum = 0;
#pragma omp target map(present, to : Big[Lo:Hi - Lo]) map(tofrom : Sum)        \
    map(tofrom : OffDevice[0:1])
  {
    *OffDevice |= omp_is_initial_device();
    for (int I = Lo; I < Hi; ++I)
      Sum += Big[I];
  }
  return Sum;
}

int main(void) {
  for (int I = 0; I < N; ++I)
    Big[I] = I % 7;
  double Want = 0;
  for (int I = 1000; I < 3000; ++I)
    Want += I % 7;
  int OffDevice = 0;
  double Sum = 0;
#pragma omp target map(to : Big[1000:2000]) map(tofrom : Sum) map(tofrom : OffDevice)
  {
    OffDevice |= omp_is_initial_device();
    for (int I = 1000; I < 3000; ++I)
      Sum += Big[I];
  }
  // CHECK: target map(Big[1000:2000]): ok
  printf("target map(Big[1000:2000]): %s\n", Sum == Want ? "ok" : "WRONG");
#pragma omp target data map(to : Big[1000:2000])
  Sum = sumOf(1000, 3000, &OffDevice);
  // CHECK: target data map(Big[1000:2000]): ok
  printf("target data map(Big[1000:2000]): %s\n", Sum == Want ? "ok" : "WRONG");
  // The device writes the section; exit data brings it back.
#pragma omp target enter data map(to : Big[1:N - 1])
#pragma omp target map(present, alloc : Big[1:N - 1]) map(tofrom : OffDevice)
  {
    OffDevice |= omp_is_initial_device();
    for (int I = 1; I < N; ++I)
      Big[I] = 2 * Big[I];
  }
#pragma omp target exit data map(from : Big[1:N - 1])
  int Wrong = Big[0] != 0;
  for (int I = 1; I < N; ++I)
    Wrong += Big[I] != 2 * (I % 7);
  // CHECK: enter data map(Big[1:N - 1]): 0 wrong
  printf("enter data map(Big[1:N - 1]): %d wrong\n", Wrong);
  // CHECK: regions on the host: 0
  printf("regions on the host: %d\n", OffDevice);
  return 0;
}

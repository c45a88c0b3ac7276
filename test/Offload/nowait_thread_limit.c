// Deferred target regions (`target nowait`, a taskwait after them) under
// OMP_THREAD_LIMIT below libomp's eight hidden helper threads, and under
// OMP_DYNAMIC=true: libomp gives their tasks to a hidden helper team it
// then cannot form, and the taskwait waited forever (Debian's clang-19 as
// well). libomptarget turns hidden helper tasks off for such settings
// before libomp starts (HiddenHelpers.cpp), and the tasks run as ordinary
// ones.
// RUN: %clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY OMP_THREAD_LIMIT=2 %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY OMP_THREAD_LIMIT=7 %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY OMP_DYNAMIC=true %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
// CHECK: on device 1, 4 chains ok
#include <omp.h>
#include <stdio.h>

enum { Chains = 4, Length = 1000 };

int main(void) {
  static double Values[Chains][Length];
  int OnDevice = 0;
#pragma omp target enter data map(to : Values)
  for (int C = 0; C < Chains; C++) {
#pragma omp target teams distribute parallel for nowait depend(out : Values[C]) map(tofrom : OnDevice)
    for (int I = 0; I < Length; I++) {
      Values[C][I] = C + I;
      if (C == 0 && I == 0)
        OnDevice = !omp_is_initial_device();
    }
#pragma omp target teams distribute parallel for nowait depend(inout : Values[C])
    for (int I = 0; I < Length; I++)
      Values[C][I] *= 2;
  }
#pragma omp taskwait
#pragma omp target exit data map(from : Values)
  int Ok = 0;
  for (int C = 0; C < Chains; C++) {
    int Good = 1;
    for (int I = 0; I < Length; I++)
      Good &= Values[C][I] == 2.0 * (C + I);
    Ok += Good;
  }
  printf("on device %d, %d chains ok\n", OnDevice, Ok);
  return Ok != Chains;
}

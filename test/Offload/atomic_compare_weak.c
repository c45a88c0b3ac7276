// `atomic compare weak` and `atomic compare capture weak` (OpenMP 5.1) in
// target regions and in host code: Clang 19's CodeGen emitted nothing for
// the whole statement (a retry loop around a weak compare never ended).
// They compile as strong compare-and-swaps, which a weak one allows. Every
// region checked that it ran on the device.
// RUN: %clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int Max = 0, Slot = 0, Old = -1, Claims = 0, OnDevice = 0;
#pragma omp target teams distribute parallel for map(tofrom : Max, Claims, OnDevice)
  for (int I = 0; I < 1000; ++I) {
    if (I == 0)
      OnDevice = !omp_is_initial_device();
    int Seen, Value = (I * 37) % 1000;
    // A weak compare in a retry loop (bounded, so that a dropped compare
    // fails the check instead of hanging): raise Max to Value.
    for (int Try = 0; Try < 100000; ++Try) {
#pragma omp atomic read
      Seen = Max;
      if (Seen >= Value)
        break;
      int Before;
#pragma omp atomic compare capture weak
      {
        Before = Max;
        if (Max == Seen) {
          Max = Value;
        }
      }
      if (Before == Seen)
        break;
    }
    int Zero = 0;
#pragma omp atomic compare weak
    if (Claims == Zero) {
      Claims = I + 1;
    }
  }
  // CHECK: device: max 999, claimed 1 (on device 1)
  printf("device: max %d, claimed %d (on device %d)\n", Max,
         Claims >= 1 && Claims <= 1000, OnDevice);
#pragma omp atomic compare capture weak
  {
    Old = Slot;
    if (Slot == 0) {
      Slot = 2;
    }
  }
  // CHECK: host: old 0, slot 2
  printf("host: old %d, slot %d\n", Old, Slot);
  return 0;
}

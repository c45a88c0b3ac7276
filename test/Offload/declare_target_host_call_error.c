// Calling a device_type(host) function from a target region is rejected at
// compile time, naming the call's construct and the function's declare
// target directive (OpenMP 5.x makes such a program non-conforming; upstream
// Clang diagnoses it too), and so is a device variable whose initializer
// holds such a function's address (it was compiled for the device without a
// word; Debian's clang-19 accepts it). A device_type(host) function that
// only host code calls is fine, and so is a device_type(any) one.
// RUN: not %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -DCALL_HOST_ONLY %s -o %t 2>&1 | FileCheck %s --check-prefix=ERROR
// ERROR: error: clang-offload: {{.*}}declare_target_host_call_error.c:[[#@LINE+25]]: device code calls 'hostOnly' (in function '__omp_offloading_{{.*}}_main_l[[#@LINE+25]]'), which is 'declare target device_type(host)' at {{.*}}declare_target_host_call_error.c:[[#@LINE+13]]: it is not available on offload devices
// RUN: not %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -DHOLD_HOST_ONLY %s -o %t 2>&1 | FileCheck %s --check-prefix=HOLD
// HOLD: error: clang-offload: device variable 'Pointer' holds the address of 'hostOnly', which is 'declare target device_type(host)' at {{.*}}declare_target_host_call_error.c:[[#@LINE+11]]: it is not available on offload devices
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s --check-prefix=OK
// OK: host 0 device 2 on-device 1
//
// GPU-BUILD: %clang -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda %s -o %t
// GPU-RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t
// GPU-CHECK: host 0 device 2 on-device 1
#include <omp.h>
#include <stdio.h>

int hostOnly(int X) { return X - 1; }
int anywhere(int X) { return X + 1; }
#pragma omp declare target to(hostOnly) device_type(host)
#pragma omp declare target to(anywhere) device_type(any)
#ifdef HOLD_HOST_ONLY
#pragma omp declare target
int (*Pointer)(int) = hostOnly;
#pragma omp end declare target
#endif

int main(void) {
  int R = 0, OnDevice = 0;
#pragma omp target map(from : R, OnDevice)
  {
#ifdef CALL_HOST_ONLY
    R = hostOnly(1);
#else
    R = anywhere(1);
#endif
    OnDevice = !omp_is_initial_device();
  }
  printf("host %d device %d on-device %d\n", hostOnly(1), R, OnDevice);
  return 0;
}

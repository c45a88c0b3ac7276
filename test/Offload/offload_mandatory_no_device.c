// OMP_TARGET_OFFLOAD=MANDATORY when no device can be used is an error at
// the first target region, not a silent host fallback; without MANDATORY
// the region falls back to the host. The device is made unavailable by
// loading libomptarget from a directory that has no plugins.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: rm -rf %t.lib && mkdir -p %t.lib && cp %libdir/libomptarget.so %t.lib/
// RUN: env LD_LIBRARY_PATH=%t.lib %t | FileCheck %s --check-prefix=NODEV
// RUN: env LD_LIBRARY_PATH=%t.lib OMP_TARGET_OFFLOAD=MANDATORY not %t 2>&1 | FileCheck %s --check-prefix=MAND
#include <omp.h>
#include <stdio.h>

int main(void) {
  printf("num_devices %d\n", omp_get_num_devices());
  fflush(stdout);
  int initial = -1;
#pragma omp target map(from : initial)
  initial = omp_is_initial_device();
  printf("initial %d\n", initial);
  return 0;
}
// NODEV: num_devices 0
// NODEV: initial 1
// MAND: libomptarget: error: OMP_TARGET_OFFLOAD=MANDATORY {{.*}}offload_mandatory_no_device.c:16
// MAND-NOT: initial

// -fopenmp-offload-mandatory: the program offloads as with
// OMP_TARGET_OFFLOAD=MANDATORY: a target region that cannot run on a device
// is an error naming the flag, not a silent host fallback. The compile
// records it in the object, so a separate link keeps it; OMP_TARGET_OFFLOAD,
// when set, still decides. The device is made unavailable by loading
// libomptarget from a directory without plugins.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -fopenmp-offload-mandatory -c %s -o %t.o 2>&1 | FileCheck %s --allow-empty --check-prefix=QUIET
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %t.o -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s --check-prefix=DEVICE
// RUN: rm -rf %t.lib && mkdir -p %t.lib && cp %libdir/libomptarget.so %t.lib/
// RUN: env LD_LIBRARY_PATH=%t.lib not %t 2>&1 | FileCheck %s --check-prefix=MAND
// RUN: env LD_LIBRARY_PATH=%t.lib OMP_TARGET_OFFLOAD=DEFAULT %t | FileCheck %s --check-prefix=FALLBACK
// Without the flag the same program falls back to the host.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t.plain
// RUN: env LD_LIBRARY_PATH=%t.lib %t.plain | FileCheck %s --check-prefix=FALLBACK
// QUIET-NOT: warning
// DEVICE: on-device 1
// MAND: libomptarget: error: the program was built with -fopenmp-offload-mandatory but no offload device is available {{.*}}offload_mandatory_flag.c:[[#@LINE+8]]
// MAND-NOT: on-device
// FALLBACK: on-device 0
#include <omp.h>
#include <stdio.h>

int main(void) {
  int OnDevice = -1;
#pragma omp target map(from : OnDevice)
  OnDevice = !omp_is_initial_device();
  printf("on-device %d\n", OnDevice);
  return 0;
}

// The omp_target_* routines keep the plugin's error: when the device cannot
// load the program's image, they return their failure values (they never end
// the program) and LIBOMPTARGET_INFO says why, with the host plugin's own
// message. A construct on that device is then the usual fatal error.
// RUN: printf 'this is not an ELF file at all, just garbage bytes......' > %t.bin
// RUN: %build-host %s -DIMAGE='"%t.bin"' -o %t %link-rt
// RUN: env LIBOMPTARGET_INFO=1 %t 2>&1 | FileCheck %s
// RUN: %t 2>&1 | FileCheck %s --check-prefix=QUIET
#include "harness.h"

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0); // in order with the runtime's stderr
  void *P = omp_target_alloc(64, 0);
  printf("alloc: %s\n", P ? "non-null" : "null");
  int X = 1, Y = 0;
  int Rc = omp_target_memcpy(&Y, &X, sizeof(X), 0, 0, omp_get_initial_device(),
                             0);
  printf("memcpy: %s\n", Rc ? "failed" : "ok");
  printf("is_present: %d\n", omp_target_is_present(&X, 0));
  printf("still running\n");
  return 0;
}
// CHECK: libomptarget: info: omp_target_alloc fails: cannot load the x86_64-pc-linux-gnu device image on device 0 (plugin 'x86_64'): device image is not an ELF file ({{[0-9]+}} bytes, bad magic)
// CHECK: alloc: null
// CHECK: libomptarget: info: omp_target_memcpy fails: cannot load the x86_64-pc-linux-gnu device image on device 0 (plugin 'x86_64'): device image is not an ELF file
// CHECK: memcpy: failed
// CHECK: is_present: 0
// CHECK: still running
// QUIET-NOT: libomptarget
// QUIET: alloc: null
// QUIET: memcpy: failed
// QUIET: still running

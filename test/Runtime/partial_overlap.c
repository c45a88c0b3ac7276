// A map that partially overlaps an existing mapping is a fatal error with
// both ranges, the expression and the location.
// RUN: %build-image -o %t.so
// RUN: %build-host %s -DIMAGE='"%t.so"' -o %t %link-rt
// RUN: not %t 2>&1 | FileCheck %s
#include "harness.h"

int main(void) {
  static int A[16];
  maps_t M;
  cot_map_list *L = maps_init(&M);
  maps_add(&M, A, A, 8 * sizeof(int), TO, "a[0:8]");
  __cot_target_data_begin(COT_DEVICE_DEFAULT, L, LOC(1));
  printf("A=%p\n", (void *)A);
  fflush(stdout);
  maps_init(&M);
  maps_add(&M, A, &A[5], 10 * sizeof(int), TO, "a[5:10]");
  __cot_target_data_begin(COT_DEVICE_DEFAULT, L, LOC(12));
  printf("not reached\n");
  return 0;
}
// CHECK: A=0x[[#%x,A:]]
// CHECK-NEXT: libomptarget: error: device 0: mapping 'a[5:10]' [0x[[#%x,A+20]],0x[[#%x,A+60]]) partially overlaps existing mapping [0x[[#%x,A]],0x[[#%x,A+32]]) of 'a[0:8]' at test.c:12:3
// CHECK-NOT: not reached

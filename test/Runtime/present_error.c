// The present modifier: fatal error naming the expression, its range and the
// construct's location when the data is not mapped; fine when it is.
// RUN: %build-image -o %t.so
// RUN: %build-host %s -DIMAGE='"%t.so"' -o %t %link-rt
// RUN: not %t 2>&1 | FileCheck %s
#include "harness.h"

int main(void) {
  int X[8] = {0};
  maps_t M;
  cot_map_list *L = maps_init(&M);
  maps_add(&M, X, X, sizeof(X), TO, "x");
  __cot_target_data_begin(COT_DEVICE_DEFAULT, L, LOC(1));
  maps_t P;
  cot_map_list *LP = maps_init(&P);
  maps_add(&P, X, &X[2], 2 * sizeof(int), TO | COT_MAP_PRESENT, "x[2:2]");
  __cot_target_data_begin(COT_DEVICE_DEFAULT, LP, LOC(2));
  __cot_target_update(COT_DEVICE_DEFAULT, LP, LOC(3));
  // CHECK: present ok
  printf("present ok\n");
  fflush(stdout);
  int Y[2];
  printf("Y=%p\n", (void *)Y);
  fflush(stdout);
  maps_init(&P);
  maps_add(&P, Y, Y, sizeof(Y), FROM | COT_MAP_PRESENT, "y");
  __cot_target_update(COT_DEVICE_DEFAULT, LP, LOC(12));
  // CHECK: Y=0x[[#%x,Y:]]
  // CHECK-NEXT: libomptarget: error: device 0: 'y' [0x[[#%x,Y]],0x[[#%x,Y+8]]) is not present on the device (present modifier) at test.c:12:3
  // CHECK-NOT: not reached
  printf("not reached\n");
  return 0;
}

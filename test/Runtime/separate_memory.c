// Device memory is separate: without `from` the host copy stays unchanged,
// `alloc` copies nothing in, `always` copies even when present.
// RUN: %build-image -o %t.so
// RUN: %build-host %s -DIMAGE='"%t.so"' -o %t %link-rt
// RUN: %t | FileCheck %s
#include "harness.h"

static void add_one(int *X, long N, uint64_t Type, int Line) {
  maps_t M;
  cot_map_list *L = maps_init(&M);
  maps_add(&M, X, X, N * sizeof(int), Type | PARAM, "x[0:n]");
  maps_add(&M, (void *)N, (void *)N, 0, LIT, "n");
  launch(host_k_add, L, Line);
}

int main(void) {
  int X[4] = {1, 2, 3, 4};
  add_one(X, 4, TO, 10);
  // CHECK: to: 1 2 3 4
  printf("to: %d %d %d %d\n", X[0], X[1], X[2], X[3]);
  add_one(X, 4, TOFROM, 11);
  // CHECK: tofrom: 2 3 4 5
  printf("tofrom: %d %d %d %d\n", X[0], X[1], X[2], X[3]);
  // alloc does not copy in: map alloc, set on device, then update from.
  int Y[4] = {7, 7, 7, 7};
  maps_t M;
  cot_map_list *L = maps_init(&M);
  maps_add(&M, Y, Y, sizeof(Y), 0, "y");
  __cot_target_data_begin(COT_DEVICE_DEFAULT, L, LOC(20));
  Y[0] = 100; // host change after mapping: not seen by the device
  maps_t M2;
  cot_map_list *L2 = maps_init(&M2);
  maps_add(&M2, Y, Y, sizeof(Y), TO | PARAM, "y");
  maps_add(&M2, (void *)5L, (void *)5L, 0, LIT, "v");
  maps_add(&M2, (void *)1L, (void *)1L, 0, LIT, "n");
  launch(host_k_set, L2, 21); // present: `to` does not copy, y[0] := 5
  // CHECK: present-to: 100 7 7 7
  printf("present-to: %d %d %d %d\n", Y[0], Y[1], Y[2], Y[3]);
  // always,to copies host -> device although present.
  maps_init(&M2);
  maps_add(&M2, Y, Y, sizeof(Y), TO | COT_MAP_ALWAYS | PARAM, "y");
  maps_add(&M2, (void *)4L, (void *)4L, 0, LIT, "n");
  launch(host_k_add, L2, 22);
  // always,from copies device -> host although still present.
  maps_init(&M2);
  maps_add(&M2, Y, Y, sizeof(Y), FROM | COT_MAP_ALWAYS, "y");
  __cot_target_data_end(COT_DEVICE_DEFAULT, L2, LOC(23));
  // CHECK: always: 101 8 8 8
  printf("always: %d %d %d %d\n", Y[0], Y[1], Y[2], Y[3]);
  Y[1] = -1;
  __cot_target_data_end(COT_DEVICE_DEFAULT, L, LOC(24)); // alloc: no copy
  // CHECK: end-alloc: 101 -1 8 8
  printf("end-alloc: %d %d %d %d\n", Y[0], Y[1], Y[2], Y[3]);
  return 0;
}

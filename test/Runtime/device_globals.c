// Declare-target globals start with their initialiser; each device (here two
// host devices) has its own image instance; device-side API answers.
// RUN: %build-image -o %t.so
// RUN: %build-host %s -DIMAGE='"%t.so"' -o %t %link-rt
// RUN: env LIBOMPTARGET_NUM_HOST_DEVICES=2 %t | FileCheck %s
#include "harness.h"

static void devinfo(int Dev, int Line) {
  int Out[5] = {-1, -1, -1, -1, -1};
  maps_t M;
  cot_map_list *L = maps_init(&M);
  maps_add(&M, Out, Out, sizeof(Out), FROM | PARAM, "out");
  if (__cot_target_launch(Dev, (void *)host_k_devinfo, L, PARAMS(1),
                          LOC(Line)))
    printf("fallback\n");
  printf("device %d: initial=%d num=%d devices=%d initial_dev=%d global=%d\n",
         Dev, Out[0], Out[1], Out[2], Out[3], Out[4]);
}

int main(void) {
  // CHECK: devices=2
  printf("devices=%d\n", omp_get_num_devices());
  dev_global = 7; // not copied: the devices start from the initialiser
  devinfo(0, 1);
  devinfo(0, 2);
  devinfo(1, 3);
  // CHECK-NEXT: device 0: initial=0 num=0 devices=2 initial_dev=2 global=42
  // CHECK-NEXT: device 0: initial=0 num=0 devices=2 initial_dev=2 global=43
  // CHECK-NEXT: device 1: initial=0 num=1 devices=2 initial_dev=2 global=42
  // from on a declare-target global copies only with always (count is inf).
  maps_t M;
  cot_map_list *L = maps_init(&M);
  maps_add(&M, &dev_global, &dev_global, sizeof(int), FROM, "dev_global");
  __cot_target_data_end(0, L, LOC(4));
  // CHECK-NEXT: from: 7
  printf("from: %d\n", dev_global);
  M.Types[0] = FROM | COT_MAP_ALWAYS;
  __cot_target_data_end(0, L, LOC(5));
  // CHECK-NEXT: always-from: 44 present=1
  printf("always-from: %d present=%d\n", dev_global,
         omp_target_is_present(&dev_global, 0));
  return 0;
}

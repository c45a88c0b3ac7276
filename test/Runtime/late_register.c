// Binaries may register after the first offload (a dlopened library) and
// unregister again; their kernels come and go with them.
// RUN: %build-image -o %t.so
// RUN: %build-host %s -DIMAGE='"%t.so"' -o %t %link-rt
// RUN: %t | FileCheck %s
#define NO_AUTO_REGISTER
#include "harness.h"

static int run(int Line) {
  int X[2] = {1, 1};
  maps_t M;
  cot_map_list *L = maps_init(&M);
  maps_add(&M, X, X, sizeof(X), TOFROM | PARAM, "x");
  maps_add(&M, (void *)2L, (void *)2L, 0, LIT, "n");
  if (__cot_target_launch(0, (void *)host_k_add, L, PARAMS(2), LOC(Line)))
    return -1;
  return X[0];
}

int main(void) {
  // CHECK: before: devices=1 x=-1
  printf("before: devices=%d x=%d\n", omp_get_num_devices(), run(1));
  test_image.ImageStart = test_image_start;
  test_image.ImageEnd = test_image_end;
  __cot_register_binary(&test_desc);
  // CHECK: registered: x=2 global-present=1
  printf("registered: x=%d global-present=%d\n", run(2),
         omp_target_is_present(&dev_global, 0));
  __cot_unregister_binary(&test_desc);
  // CHECK: unregistered: x=-1 global-present=0
  printf("unregistered: x=%d global-present=%d\n", run(3),
         omp_target_is_present(&dev_global, 0));
  return 0;
}

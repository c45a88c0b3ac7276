// An entry whose symbol is missing from the device image: clear error.
// RUN: %build-image -o %t.so
// RUN: %build-host %s -DIMAGE='"%t.so"' -o %t %link-rt
// RUN: not %t 2>&1 | FileCheck %s
#define EXTRA_ENTRIES {(void *)host_k_missing, "k_missing", 0, COT_ENTRY_KERNEL, 0},
#include "harness.h"

int main(void) {
  int X = 0;
  maps_t M;
  cot_map_list *L = maps_init(&M);
  maps_add(&M, &X, &X, sizeof(X), TO | PARAM, "x");
  maps_add(&M, (void *)1L, (void *)1L, 0, LIT, "n");
  launch(host_k_add, L, 9);
  printf("not reached\n");
  return 0;
}
// CHECK: libomptarget: error: kernel (plugin 'x86_64'): device image has no kernel symbol 'k_missing' at test.c:9:3
// CHECK-NOT: not reached

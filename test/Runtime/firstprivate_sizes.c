// A firstprivate too large to copy is a fatal error naming it and the
// construct, whether the region runs now (its device temporary) or is
// deferred (the runtime's copy of its value; new[] used to throw through
// the C ABI and abort).
// RUN: %build-image -o %t.so
// RUN: %build-host %s -DIMAGE='"%t.so"' -o %t %link-rt
// RUN: not %t now 2>&1 | FileCheck %s --check-prefix=NOW
// RUN: not %t deferred 2>&1 | FileCheck %s --check-prefix=DEFERRED
#include "harness.h"

int main(int argc, char **argv) {
  int X = 1;
  int64_t Huge = (int64_t)1 << 62;
  maps_t M;
  cot_map_list *L = maps_init(&M);
  maps_add(&M, &X, &X, Huge, COT_MAP_PRIVATE | TO | PARAM, "big");
  if (!strcmp(argv[1], "now"))
    launch(host_k_private, L, 20);
  else
    __cot_target_defer(&X, COT_DEVICE_DEFAULT, (void *)host_k_private, L,
                       PARAMS(1), LOC(22));
  printf("not reached\n");
  return 0;
}
// NOW: libomptarget: error: cannot allocate 4611686018427387904 bytes for 'big' on device 0 (plugin 'x86_64'): out of memory allocating 4611686018427387904 bytes at test.c:20:3
// DEFERRED: libomptarget: error: cannot keep a copy of firstprivate 'big' (4611686018427387904 bytes) for the deferred target region: out of host memory at test.c:22:3

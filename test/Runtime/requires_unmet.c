// A binary whose requires entry asks for what no device gives (here a
// requirement this runtime does not know, as from a newer compiler) uses no
// device: LIBOMPTARGET_INFO says why, regions fall back to the host and
// MANDATORY is an error. reverse_offload alone holds on every device: the
// compiler rejects the regions that would need it.
// RUN: %build-image -o %t.so
// RUN: %build-host %s -DIMAGE='"%t.so"' -o %t %link-rt
// RUN: env LIBOMPTARGET_INFO=1 %t 2>&1 | FileCheck %s
// RUN: not env OMP_TARGET_OFFLOAD=MANDATORY %t 2>&1 | FileCheck %s --check-prefix=MANDATORY
#define EXTRA_ENTRIES                                                          \
  {0, "requires", 0x1000 | COT_REQUIRES_REVERSE_OFFLOAD |                      \
                      COT_REQUIRES_UNIFIED_ADDRESS,                            \
   COT_ENTRY_REQUIRES, 0},
#include "harness.h"

int main(void) {
  int X = 0;
  maps_t M;
  cot_map_list *L = maps_init(&M);
  maps_add(&M, &X, &X, sizeof(X), TO | PARAM, "x");
  maps_add(&M, (void *)1L, (void *)1L, 0, LIT, "n");
  int Rc = __cot_target_launch(COT_DEVICE_DEFAULT, (void *)host_k_add, L,
                               PARAMS(1), LOC(20));
  printf("fallback %d devices %d\n", Rc, omp_get_num_devices());
  return 0;
}
// CHECK: libomptarget: info: plugin 'x86_64' device 0 not used: the program requires unknown requirements 0x1000; the device cannot give it
// CHECK: libomptarget: info: plugin 'x86_64' skipped: none of its devices gives what the program requires
// CHECK: libomptarget: info: target region 'k_add' runs on the host: no offload device (plugin 'x86_64' skipped: none of its devices gives what the program requires) at test.c:20:3
// CHECK: fallback 1 devices 0
// MANDATORY: libomptarget: error: OMP_TARGET_OFFLOAD=MANDATORY but no offload device is available

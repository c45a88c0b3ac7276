// A device image that is not an ELF shared object: a clear error, exit 1.
// RUN: printf 'this is not an ELF file at all, just garbage bytes......' > %t.bin
// RUN: %build-host %s -DIMAGE='"%t.bin"' -o %t %link-rt
// RUN: not %t 2>&1 | FileCheck %s
// RUN: head -c 200 %libdir/libomptarget.so > %t.trunc
// RUN: %build-host %s -DIMAGE='"%t.trunc"' -o %t2 %link-rt
// RUN: not %t2 2>&1 | FileCheck %s --check-prefix=TRUNC
#include "harness.h"

int main(void) {
  int X = 0;
  maps_t M;
  cot_map_list *L = maps_init(&M);
  maps_add(&M, &X, &X, sizeof(X), TO | PARAM, "x");
  maps_add(&M, (void *)1L, (void *)1L, 0, LIT, "n");
  launch(host_k_add, L, 7);
  printf("not reached\n");
  return 0;
}
// CHECK: libomptarget: error: cannot load the x86_64-pc-linux-gnu device image on device 0 (plugin 'x86_64'): device image is not an ELF file ({{[0-9]+}} bytes, bad magic) at test.c:7:3
// TRUNC: libomptarget: error: cannot load the x86_64-pc-linux-gnu device image on device 0 (plugin 'x86_64'): device image {{is corrupt|has no dynamic symbol table}}{{.*}} at test.c:7:3
// CHECK-NOT: not reached

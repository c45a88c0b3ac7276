// Reference counts across nested target data regions; `from` copies back
// only when the count drops to zero; release decrements; delete removes.
// RUN: %build-image -o %t.so
// RUN: %build-host %s -DIMAGE='"%t.so"' -o %t %link-rt
// RUN: %t | FileCheck %s
#include "harness.h"

static int X[4] = {1, 2, 3, 4};

static void map(uint64_t Type, int Begin, int Line) {
  maps_t M;
  cot_map_list *L = maps_init(&M);
  maps_add(&M, X, X, sizeof(X), Type, "x");
  if (Begin)
    __cot_target_data_begin(COT_DEVICE_DEFAULT, L, LOC(Line));
  else
    __cot_target_data_end(COT_DEVICE_DEFAULT, L, LOC(Line));
}

static void add(int Line) {
  maps_t M;
  cot_map_list *L = maps_init(&M);
  maps_add(&M, X, X, sizeof(X), TOFROM | PARAM, "x");
  maps_add(&M, (void *)4L, (void *)4L, 0, LIT, "n");
  launch(host_k_add, L, Line);
}

int main(void) {
  int Dev = 0;
  map(TOFROM, 1, 1);  // count 1
  map(TOFROM, 1, 2);  // count 2
  add(3);             // 3 inside, 2 after; no copy back
  map(TOFROM, 0, 4);  // count 1: no copy back
  // CHECK: inner-end: 1 present 1
  printf("inner-end: %d present %d\n", X[0], omp_target_is_present(X, Dev));
  map(TOFROM, 0, 5);  // count 0: copy back, removed
  // CHECK: outer-end: 2 present 0
  printf("outer-end: %d present %d\n", X[0], omp_target_is_present(X, Dev));

  // release decrements without copying; the last release removes.
  map(TO, 1, 10);
  map(TO, 1, 11);
  map(0, 0, 12); // release
  // CHECK: release: present 1
  printf("release: present %d\n", omp_target_is_present(X, Dev));
  map(0, 0, 13);
  // CHECK: release2: present 0
  printf("release2: present %d\n", omp_target_is_present(X, Dev));

  // delete removes whatever the count; with from it still copies back.
  map(TO, 1, 20);
  map(TO, 1, 21);
  map(TO, 1, 22);
  add(23);
  map(COT_MAP_DELETE, 0, 24);
  // CHECK: delete: 2 present 0
  printf("delete: %d present %d\n", X[0], omp_target_is_present(X, Dev));
  map(TO, 1, 25);
  add(26);
  map(COT_MAP_DELETE | FROM, 0, 27);
  // CHECK: delete-from: 3 present 0
  printf("delete-from: %d present %d\n", X[0], omp_target_is_present(X, Dev));

  // exit data of something not mapped is a no-op.
  map(FROM, 0, 30);
  // CHECK: unmapped-exit: 3
  printf("unmapped-exit: %d\n", X[0]);

  // A section inside a mapping reuses it (and counts).
  map(TOFROM, 1, 40);
  maps_t M;
  cot_map_list *L = maps_init(&M);
  maps_add(&M, X, &X[1], 2 * sizeof(int), TO, "x[1:2]");
  __cot_target_data_begin(COT_DEVICE_DEFAULT, L, LOC(41));
  char *D0 = omp_get_mapped_ptr(X, Dev), *D1 = omp_get_mapped_ptr(&X[1], Dev);
  // CHECK: sub-section: offset 4
  printf("sub-section: offset %ld\n", (long)(D1 - D0));
  map(TOFROM, 0, 42); // count 1 left (the section's)
  // CHECK: after-outer: present 1
  printf("after-outer: present %d\n", omp_target_is_present(X, Dev));
  __cot_target_data_end(COT_DEVICE_DEFAULT, L, LOC(43));
  // CHECK: after-section: present 0
  printf("after-section: present %d\n", omp_target_is_present(X, Dev));
  return 0;
}

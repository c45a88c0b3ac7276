// Struct member maps (MEMBER_OF) inside a parent entry, and pointer
// attachment (PTR_AND_OBJ) of a pointer member and of a pointer variable.
// RUN: %build-image -o %t.so
// RUN: %build-host %s -DIMAGE='"%t.so"' -o %t %link-rt
// RUN: %t | FileCheck %s
#include "harness.h"

struct S {
  int A;
  int *P;
  int N;
};
struct T {
  int A;
  int Mid[2];
  int C;
};

int *GP;

int main(void) {
  int Dev = 0;
  // map(tofrom: s, s.p[0:4]): the device copy of s.p points at the device
  // copy of data; the host s.p keeps its value after s is copied back.
  int Data[4] = {1, 2, 3, 4};
  struct S S = {10, Data, 4};
  maps_t M;
  cot_map_list *L = maps_init(&M);
  maps_add(&M, &S, &S, sizeof(S), TOFROM | PARAM, "s");
  maps_add(&M, &S.P, S.P, sizeof(Data),
           TOFROM | COT_MAP_PTR_AND_OBJ | MEMBER_OF(0), "s.p[0:4]");
  launch(host_k_struct, L, 1);
  // CHECK: struct: a=11 p-unchanged=1 data=2 4 6 8
  printf("struct: a=%d p-unchanged=%d data=%d %d %d %d\n", S.A, S.P == Data,
         Data[0], Data[1], Data[2], Data[3]);
  // CHECK: struct-unmapped: 0 0
  printf("struct-unmapped: %d %d\n", omp_target_is_present(&S, Dev),
         omp_target_is_present(Data, Dev));

  // Members of a partially mapped struct: map(to: t.a) map(from: t.c);
  // the parent entry spans t.a .. t.c and copies nothing itself.
  struct T T = {1, {10, 10}, 5};
  L = maps_init(&M);
  maps_add(&M, &T, &T.A, sizeof(T), PARAM, "t");
  maps_add(&M, &T, &T.A, sizeof(int), TO | MEMBER_OF(0), "t.a");
  maps_add(&M, &T, &T.C, sizeof(int), FROM | MEMBER_OF(0), "t.c");
  maps_add(&M, (void *)7L, (void *)7L, 0, LIT, "v");
  maps_add(&M, (void *)4L, (void *)4L, 0, LIT, "n");
  launch(host_k_set, L, 2);
  // CHECK: members: a=1 mid=10 10 c=7
  printf("members: a=%d mid=%d %d c=%d\n", T.A, T.Mid[0], T.Mid[1], T.C);

  // A pointer variable mapped on its own, then p[1:2] attached to it.
  int Arr[4] = {5, 6, 7, 8};
  GP = Arr;
  L = maps_init(&M);
  maps_add(&M, &GP, &GP, sizeof(GP), TO, "gp");
  maps_add(&M, &GP, &GP[1], 2 * sizeof(int), TO | COT_MAP_PTR_AND_OBJ,
           "gp[1:2]");
  __cot_target_data_begin(COT_DEVICE_DEFAULT, L, LOC(3));
  int *DevGP = 0;
  omp_target_memcpy(&DevGP, omp_get_mapped_ptr(&GP, Dev), sizeof(DevGP), 0, 0,
                    omp_get_initial_device(), Dev);
  // The device pointer points where host gp points, translated: gp[1]
  // lives at the device copy of Arr[1].
  // CHECK: attached: 1 host-gp-unchanged: 1
  printf("attached: %d host-gp-unchanged: %d\n",
         (char *)DevGP + sizeof(int) == (char *)omp_get_mapped_ptr(&Arr[1], Dev),
         GP == Arr);
  // `always from` of gp restores the host value, not the device one.
  maps_t M2;
  cot_map_list *L2 = maps_init(&M2);
  maps_add(&M2, &GP, &GP, sizeof(GP), FROM | COT_MAP_ALWAYS, "gp");
  __cot_target_update(COT_DEVICE_DEFAULT, L2, LOC(4));
  // CHECK: after-update: host-gp-unchanged: 1
  printf("after-update: host-gp-unchanged: %d\n", GP == Arr);
  __cot_target_data_end(COT_DEVICE_DEFAULT, L, LOC(5));
  // CHECK: gp-unmapped: 0 0
  printf("gp-unmapped: %d %d\n", omp_target_is_present(&GP, Dev),
         omp_target_is_present(&Arr[1], Dev));

  // PTR_AND_OBJ whose pointer is not mapped: only the pointee is.
  int *Q = Data;
  L = maps_init(&M);
  maps_add(&M, &Q, Q, sizeof(Data), TO | COT_MAP_PTR_AND_OBJ, "q[0:4]");
  __cot_target_data_begin(COT_DEVICE_DEFAULT, L, LOC(6));
  // CHECK: pointee-only: 0 1
  printf("pointee-only: %d %d\n", omp_target_is_present(&Q, Dev),
         omp_target_is_present(Data, Dev));
  __cot_target_data_end(COT_DEVICE_DEFAULT, L, LOC(7));
  return 0;
}

// A PTR_AND_OBJ entry whose MEMBER_OF parent is PRIVATE (a lambda closure's
// field, LambdaCaptures.cpp): the pointer lies in the parent's device
// temporary, which is made to point at the device copy of the object; the
// host's struct keeps its values. A pointer outside its parent is a fatal
// error naming both entries.
// RUN: %build-image -o %t.so
// RUN: %build-host %s -DIMAGE='"%t.so"' -o %t %link-rt
// RUN: %t ok | FileCheck %s
// RUN: not %t outside 2>&1 | FileCheck %s --check-prefix=OUTSIDE
#include "harness.h"

struct S {
  int A;
  int *P;
  int N;
};

int main(int argc, char **argv) {
  int Data[4] = {1, 2, 3, 4};
  struct S S = {10, Data, 4};
  int *Elsewhere = Data;
  maps_t M;
  cot_map_list *L = maps_init(&M);
  maps_add(&M, &S, &S, sizeof(S), COT_MAP_PRIVATE | TO | PARAM, "closure");
  int **Field = strcmp(argv[1], "outside") ? &S.P : &Elsewhere;
  maps_add(&M, Field, *Field, sizeof(Data),
           TOFROM | COT_MAP_PTR_AND_OBJ | COT_MAP_IMPLICIT | MEMBER_OF(0),
           "closure.P");
  launch(host_k_struct, L, 30);
  // CHECK: private parent: a=10 p-unchanged=1 data=2 4 6 8
  printf("private parent: a=%d p-unchanged=%d data=%d %d %d %d\n", S.A,
         S.P == Data, Data[0], Data[1], Data[2], Data[3]);
  return 0;
}
// OUTSIDE: libomptarget: error: map entry 'closure.P': its pointer at 0x{{[0-9a-f]+}} lies outside its parent 'closure' at test.c:30:3

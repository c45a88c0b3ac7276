// Kernel arguments: literals, firstprivate/private temporaries, zero-length
// sections (translated when the pointer points into mapped storage, the host
// value otherwise), and base != begin (p[5:10]).
// RUN: %build-image -o %t.so
// RUN: %build-host %s -DIMAGE='"%t.so"' -o %t %link-rt
// RUN: %t | FileCheck %s
#include "harness.h"

static uintptr_t record(const void *Base, const void *Begin, int64_t Size,
                        uint64_t Type, int Line) {
  uintptr_t Out = 0;
  maps_t M;
  cot_map_list *L = maps_init(&M);
  maps_add(&M, &Out, &Out, sizeof(Out), FROM | PARAM, "out");
  maps_add(&M, Base, Begin, Size, Type | PARAM, "arg");
  launch(host_k_record, L, Line);
  return Out;
}

int main(void) {
  int Dev = 0;
  // Literal: the bits as they are.
  // CHECK: literal: 1
  printf("literal: %d\n", record((void *)0x1234, (void *)0x1234, 0,
                                 COT_MAP_LITERAL, 1) == 0x1234);
  // firstprivate array: copied in, kernel's writes not copied back.
  char Buf[16];
  for (int I = 0; I < 16; ++I)
    Buf[I] = I + 1;
  int Sum = 0;
  maps_t M;
  cot_map_list *L = maps_init(&M);
  maps_add(&M, Buf, Buf, sizeof(Buf), COT_MAP_PRIVATE | TO | PARAM, "buf");
  maps_add(&M, &Sum, &Sum, sizeof(Sum), FROM | PARAM, "sum");
  launch(host_k_private, L, 2);
  // CHECK: firstprivate: sum=136 host=1 16 present=0
  printf("firstprivate: sum=%d host=%d %d present=%d\n", Sum, Buf[0], Buf[15],
         omp_target_is_present(Buf, Dev));
  // private: a temporary, not the host storage.
  M.Types[0] = COT_MAP_PRIVATE | PARAM;
  launch(host_k_private, L, 3);
  // CHECK: private: host=1 16
  printf("private: host=%d %d\n", Buf[0], Buf[15]);

  // Zero-length section of a pointer to unmapped storage: host value.
  int X[8] = {0};
  int *P = &X[2];
  // CHECK: zero-unmapped: 1
  printf("zero-unmapped: %d\n", record(P, P, 0, 0, 4) == (uintptr_t)P);
  // CHECK: zero-null: 1
  printf("zero-null: %d\n", record(0, 0, 0, 0, 5) == 0);
  // Zero-length section into mapped storage: translated.
  L = maps_init(&M);
  maps_add(&M, X, X, sizeof(X), TOFROM, "x");
  __cot_target_data_begin(COT_DEVICE_DEFAULT, L, LOC(6));
  uintptr_t R = record(P, P, 0, 0, 7);
  // CHECK: zero-mapped: 1 still-present: 1
  printf("zero-mapped: %d still-present: %d\n",
         R == (uintptr_t)omp_get_mapped_ptr(P, Dev) && R != (uintptr_t)P,
         omp_target_is_present(X, Dev));
  __cot_target_data_end(COT_DEVICE_DEFAULT, L, LOC(8));

  // p[5:10]: base p, begin &p[5]; the device base is dev(&p[5]) - 20.
  static int A[20];
  L = maps_init(&M);
  maps_add(&M, A, &A[5], 10 * sizeof(int), TO, "p[5:10]");
  __cot_target_data_begin(COT_DEVICE_DEFAULT, L, LOC(9));
  R = record(A, &A[5], 10 * sizeof(int), TO, 10);
  // CHECK: base-begin: 1
  printf("base-begin: %d\n",
         R == (uintptr_t)omp_get_mapped_ptr(&A[5], Dev) - 5 * sizeof(int));
  __cot_target_data_end(COT_DEVICE_DEFAULT, L, LOC(11));
  // use_device_ptr: Begins[i] becomes the device address.
  L = maps_init(&M);
  maps_add(&M, X, X, sizeof(X), TO, "x");
  __cot_target_data_begin(COT_DEVICE_DEFAULT, L, LOC(12));
  maps_t U;
  cot_map_list *LU = maps_init(&U);
  maps_add(&U, P, P, 0, COT_MAP_RETURN_PARAM, "p");
  __cot_target_data_begin(COT_DEVICE_DEFAULT, LU, LOC(13));
  // CHECK: use_device_ptr: 1
  printf("use_device_ptr: %d\n", U.Begins[0] == omp_get_mapped_ptr(P, Dev) &&
                                     U.Begins[0] != (void *)P);
  __cot_target_data_end(COT_DEVICE_DEFAULT, L, LOC(14));
  return 0;
}

// The omp_* device API on the host.
// RUN: %build-image -o %t.so
// RUN: %build-host %s -DIMAGE='"%t.so"' -o %t %link-rt
// RUN: %t | FileCheck %s
#include "harness.h"
#include <limits.h>

int main(void) {
  int Host = omp_get_initial_device();
  // CHECK: devices=1 initial=1 device_num=1 is_initial=1 default=0
  printf("devices=%d initial=%d device_num=%d is_initial=%d default=%d\n",
         omp_get_num_devices(), Host, omp_get_device_num(),
         omp_is_initial_device(), omp_get_default_device());
  omp_set_default_device(1);
  int D1 = omp_get_default_device();
  omp_set_default_device(0);
  // CHECK: set_default: 1 0
  printf("set_default: %d %d\n", D1, omp_get_default_device());

  // alloc/memcpy h2d, d2d, d2h.
  int Src[8] = {1, 2, 3, 4, 5, 6, 7, 8}, Dst[8] = {0};
  int *A = omp_target_alloc(sizeof(Src), 0);
  int *B = omp_target_alloc(sizeof(Src), 0);
  int Rc = omp_target_memcpy(A, Src, sizeof(Src), 0, 0, 0, Host);
  Rc |= omp_target_memcpy(B, A, 4 * sizeof(int), 0, 4 * sizeof(int), 0, 0);
  Rc |= omp_target_memcpy(Dst, B, 4 * sizeof(int), 0, 0, Host, 0);
  // CHECK: memcpy: rc=0 5 6 7 8 0
  printf("memcpy: rc=%d %d %d %d %d %d\n", Rc, Dst[0], Dst[1], Dst[2], Dst[3],
         Dst[4]);
  // CHECK: alloc0=(nil) bad-device-alloc=(nil) bad-memcpy=1
  printf("alloc0=%p bad-device-alloc=%p bad-memcpy=%d\n",
         omp_target_alloc(0, 0), omp_target_alloc(8, 7),
         omp_target_memcpy(A, Src, 4, 0, 0, 7, Host) != 0);
  Rc = omp_target_memcpy_async(Dst, A, sizeof(int), 0, 0, Host, 0, 0, 0);
  // CHECK: memcpy_async: rc=0 1
  printf("memcpy_async: rc=%d %d\n", Rc, Dst[0]);

  // memcpy_rect: the query, then a 2-D and a 3-D block.
  // CHECK: rect-query: 1
  printf("rect-query: %d\n",
         omp_target_memcpy_rect(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0) == INT_MAX);
  int M[4][5], N[3][3] = {{0}};
  for (int I = 0; I < 4; ++I)
    for (int J = 0; J < 5; ++J)
      M[I][J] = 10 * I + J;
  int *DM = omp_target_alloc(sizeof(M), 0);
  size_t Vol[2] = {2, 3}, Zero[2] = {0, 0}, SrcOff[2] = {1, 2},
         DstOff[2] = {1, 0}, DimsM[2] = {4, 5}, DimsN[2] = {3, 3};
  Rc = omp_target_memcpy_rect(DM, M, sizeof(int), 2, (size_t[]){4, 5}, Zero,
                              Zero, DimsM, DimsM, 0, Host);
  Rc |= omp_target_memcpy_rect(N, DM, sizeof(int), 2, Vol, DstOff, SrcOff,
                               DimsN, DimsM, Host, 0);
  // CHECK: rect2: rc=0 [0 0 0] [12 13 14] [22 23 24]
  printf("rect2: rc=%d [%d %d %d] [%d %d %d] [%d %d %d]\n", Rc, N[0][0],
         N[0][1], N[0][2], N[1][0], N[1][1], N[1][2], N[2][0], N[2][1],
         N[2][2]);
  int C3[2][3][4], R3[2][2][2] = {{{0}}};
  for (int I = 0; I < 24; ++I)
    ((int *)C3)[I] = I;
  int *DC = omp_target_alloc(sizeof(C3), 0);
  omp_target_memcpy(DC, C3, sizeof(C3), 0, 0, 0, Host);
  Rc = omp_target_memcpy_rect_async(
      R3, DC, sizeof(int), 3, (size_t[]){2, 2, 2}, (size_t[]){0, 0, 0},
      (size_t[]){0, 1, 2}, (size_t[]){2, 2, 2}, (size_t[]){2, 3, 4}, Host, 0,
      0, 0);
  // CHECK: rect3: rc=0 6 7 10 11 18 19 22 23
  printf("rect3: rc=%d", Rc);
  for (int I = 0; I < 8; ++I)
    printf(" %d", ((int *)R3)[I]);
  printf("\n");
  // CHECK: rect-bad: 1
  printf("rect-bad: %d\n",
         omp_target_memcpy_rect(N, DM, sizeof(int), 2, (size_t[]){4, 4},
                                Zero, Zero, DimsN, DimsM, Host, 0) != 0);

  // associate / disassociate.
  int H[4] = {1, 2, 3, 4};
  Rc = omp_target_associate_ptr(H, A, sizeof(H), 0, 0);
  // CHECK: associate: rc=0 present=1 mapped=1 again=0 other=1
  printf("associate: rc=%d present=%d mapped=%d again=%d other=%d\n", Rc,
         omp_target_is_present(&H[2], 0),
         omp_get_mapped_ptr(&H[1], 0) == (void *)(A + 1),
         omp_target_associate_ptr(H, A, sizeof(H), 0, 0),
         omp_target_associate_ptr(H, B, sizeof(H), 0, 0) != 0);
  // A map of associated storage uses the device memory; `from` at the end of
  // a region does not copy (infinite count) unless always.
  maps_t Ma;
  cot_map_list *L = maps_init(&Ma);
  maps_add(&Ma, H, H, sizeof(H), TOFROM | PARAM, "h");
  maps_add(&Ma, (void *)4L, (void *)4L, 0, LIT, "n");
  launch(host_k_add, L, 1);
  int Check[4];
  omp_target_memcpy(Check, A, sizeof(Check), 0, 0, Host, 0);
  // CHECK: associated-launch: host=1 device=2
  printf("associated-launch: host=%d device=%d\n", H[0], Check[0]);
  Rc = omp_target_disassociate_ptr(H, 0);
  // CHECK: disassociate: rc=0 present=0 again=1 not-associated=1
  int X[2];
  maps_init(&Ma);
  maps_add(&Ma, X, X, sizeof(X), TO, "x");
  __cot_target_data_begin(COT_DEVICE_DEFAULT, L, LOC(2));
  printf("disassociate: rc=%d present=%d again=%d not-associated=%d\n", Rc,
         omp_target_is_present(H, 0), omp_target_disassociate_ptr(H, 0) != 0,
         omp_target_disassociate_ptr(X, 0) != 0);
  __cot_target_data_end(COT_DEVICE_DEFAULT, L, LOC(3));

  // The initial device: host pointers are their own mapping.
  // CHECK: host-device: present=1 mapped=1 accessible=1 dev-accessible=1
  printf("host-device: present=%d mapped=%d accessible=%d dev-accessible=%d\n",
         omp_target_is_present(H, Host), omp_get_mapped_ptr(H, Host) == H,
         omp_target_is_accessible(H, 4, Host),
         omp_target_is_accessible(H, 4, 0));
  // CHECK: unmapped: present=0 mapped=(nil)
  printf("unmapped: present=%d mapped=%p\n", omp_target_is_present(H, 0),
         omp_get_mapped_ptr(H, 0));
  void *HA = omp_target_alloc(16, Host);
  omp_target_free(HA, Host);
  omp_target_free(A, 0);
  omp_target_free(B, 0);
  omp_target_free(DM, 0);
  omp_target_free(DC, 0);
  omp_target_free(0, 0);
  // CHECK: done
  printf("done\n");
  return 0;
}

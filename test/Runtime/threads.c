// 16 host threads map, launch and unmap at once on one device, sharing one
// mapping (reference counted across threads) and each using its own.
// RUN: %build-image -o %t.so
// RUN: %build-host %s -DIMAGE='"%t.so"' -pthread -o %t %link-rt
// RUN: %t | FileCheck %s
#include "harness.h"
#include <pthread.h>

#define NT 16
#define N 1000
#define ITERS 50

static int Shared[N];
static int Own[NT][N];
static int Copies[NT][N];

static void *worker(void *Arg) {
  long T = (long)Arg;
  for (int It = 0; It < ITERS; ++It) {
    maps_t M;
    cot_map_list *L = maps_init(&M);
    maps_add(&M, Own[T], Own[T], sizeof(Own[T]), TOFROM | PARAM, "own");
    maps_add(&M, (void *)(long)N, (void *)(long)N, 0, LIT, "n");
    launch(host_k_add, L, 1);
    // Shared is mapped by every thread too (present: counted, no copy).
    maps_t C;
    cot_map_list *LC = maps_init(&C);
    maps_add(&C, Copies[T], Copies[T], sizeof(Copies[T]), FROM | PARAM, "c");
    maps_add(&C, Shared, Shared, sizeof(Shared), TO | PARAM, "shared");
    maps_add(&C, (void *)(long)N, (void *)(long)N, 0, LIT, "n");
    launch(host_k_copy, LC, 2);
    // And a data region of its own around nothing.
    __cot_target_data_begin(COT_DEVICE_DEFAULT, L, LOC(3));
    __cot_target_data_end(COT_DEVICE_DEFAULT, L, LOC(4));
  }
  return 0;
}

int main(void) {
  for (int I = 0; I < N; ++I)
    Shared[I] = I;
  maps_t M;
  cot_map_list *L = maps_init(&M);
  maps_add(&M, Shared, Shared, sizeof(Shared), TO, "shared");
  __cot_target_data_begin(COT_DEVICE_DEFAULT, L, LOC(5));
  pthread_t Th[NT];
  for (long T = 0; T < NT; ++T)
    pthread_create(&Th[T], 0, worker, (void *)T);
  for (int T = 0; T < NT; ++T)
    pthread_join(Th[T], 0);
  int Bad = 0;
  for (int T = 0; T < NT; ++T)
    for (int I = 0; I < N; ++I)
      Bad += Own[T][I] != ITERS || Copies[T][I] != I;
  __cot_target_data_end(COT_DEVICE_DEFAULT, L, LOC(6));
  // CHECK: bad=0 shared-present=0
  printf("bad=%d shared-present=%d\n", Bad, omp_target_is_present(Shared, 0));
  return 0;
}

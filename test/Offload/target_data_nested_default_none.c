// Constructs directly inside a target data region whose clauses name a
// global under default(none), default(shared) or firstprivate (V&V
// 5.0/target/test_target_parallel_default.c): Clang marks those references
// as captures of the target data region, and compiling them crashed the
// compiler. A global that a region around makes private stays that
// region's copy.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int G = 1;
int Dev = 0;
#pragma omp declare target
int OnHost = -1;
static void noteDevice(void) {
#pragma omp atomic write
  OnHost = omp_is_initial_device();
}
#pragma omp end declare target

int main(void) {
  int count = 123, runs = 0;
  static int Local = 5;

#pragma omp target data map(tofrom : count)
#pragma omp target parallel for shared(count, G) default(none) map(tofrom : G)
  for (int i = 0; i < 10; ++i) {
    if (count != 123)
      G--;
    noteDevice();
  }
#pragma omp target update from(OnHost)
  // CHECK: default(none): G 1 on host 0
  printf("default(none): G %d on host %d\n", G, OnHost);

#pragma omp target data map(tofrom : count)
#pragma omp target parallel for default(shared) map(tofrom : G)
  for (int i = 0; i < 10; ++i)
    if (count != 123)
      G--;
#pragma omp target data map(tofrom : count)
#pragma omp target parallel for default(none) shared(G) firstprivate(count)   \
    map(tofrom : G)
  for (int i = 0; i < 10; ++i)
    if (count != 123)
      G--;
  // CHECK: default(shared), firstprivate: G 1
  printf("default(shared), firstprivate: G %d\n", G);

  // Clause values of the inner construct name globals: num_teams, device,
  // if, and a static local.
  OnHost = -1;
#pragma omp target update to(OnHost)
#pragma omp target data map(tofrom : count) device(Dev)
#pragma omp target teams distribute parallel for default(none)                \
    shared(G, count, Local) map(tofrom : G) num_teams(G) device(Dev) if(G)
  for (int i = 0; i < 10; ++i) {
    if (count != 123 || Local != 5)
      G--;
    noteDevice();
  }
#pragma omp target update from(OnHost)
  // CHECK: clause values: G 1 on host 0
  printf("clause values: G %d on host %d\n", G, OnHost);

  // Host constructs in the region, whose clauses name G.
#pragma omp target data map(tofrom : count)
#pragma omp parallel for default(none) shared(G) num_threads(G + 1)           \
    schedule(static, G) reduction(+ : runs)
  for (int i = 0; i < 4; ++i)
    runs++;
#pragma omp target data map(tofrom : count)
#pragma omp task default(none) shared(G, runs) depend(inout : G) priority(G)
  runs += G;
#pragma omp taskwait
  // CHECK: host constructs: runs 5
  printf("host constructs: runs %d\n", runs);

  // Each thread's G is its own: the target region maps the private copy.
  int sum = 0;
#pragma omp parallel num_threads(2) firstprivate(G) reduction(+ : sum)
  {
    G = 10 + omp_get_thread_num();
#pragma omp target data map(tofrom : count)
#pragma omp target teams num_teams(1) default(none) shared(G) map(tofrom : G)
    G += omp_is_initial_device() ? 100 : 1;
    sum += G;
  }
  // CHECK: private copies: sum 23 global 1
  printf("private copies: sum %d global %d\n", sum, G);
  return 0;
}

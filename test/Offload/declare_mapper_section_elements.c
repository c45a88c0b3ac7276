// A declare mapper applied to the elements of a pointer's section: the
// section's storage is mapped whole, then each element's items, which are
// not members of it. The storage was new, so every element's `to` items
// must reach the device: only the first element's did (the others found
// the storage present and copied nothing), directly and through a nested
// mapper, and a later `update from` brought the garbage lengths back, so
// that exit data met overlapping sections. The runtime now copies a `to`
// entry into storage that an earlier entry of the same construct created
// (Target.cpp, mapBegin). Checked on a target construct, through enter /
// update / exit data, and from inside the regions on the device.
// RUN: %clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  int n;
  double *v;
} Node;
typedef struct {
  int nn;
  Node *nodes;
} Mesh;
#pragma omp declare mapper(Node nd) map(nd.n, nd.v[0 : nd.n])
#pragma omp declare mapper(Mesh m) map(m.nn, m.nodes[0 : 3])

static Node *nodes(void) {
  Node *P = malloc(3 * sizeof(Node));
  for (int K = 0; K < 3; K++) {
    P[K].n = 4 + K;
    P[K].v = malloc(P[K].n * sizeof(double));
    for (int J = 0; J < P[K].n; J++)
      P[K].v[J] = 10 * K + J;
  }
  return P;
}

int main(void) {
  Node *P = nodes();
  Mesh M = {3, nodes()};
  int Seen[6], OnHost = 1;
  double Sum = 0;
#pragma omp target map(to : P[0 : 3], M) map(from : Seen, OnHost, Sum)
  {
    OnHost = omp_is_initial_device();
    for (int K = 0; K < 3; K++) {
      Seen[K] = P[K].n;
      Seen[3 + K] = M.nodes[K].n;
      for (int J = 0; J < P[K].n; J++)
        Sum += P[K].v[J] + M.nodes[K].v[J];
    }
  }
  // CHECK: target: n 4 5 6 / 4 5 6, sum 402, on host 0
  printf("target: n %d %d %d / %d %d %d, sum %g, on host %d\n", Seen[0],
         Seen[1], Seen[2], Seen[3], Seen[4], Seen[5], Sum, OnHost);

#pragma omp target enter data map(to : P[0 : 3])
#pragma omp target map(from : OnHost)
  {
    OnHost = omp_is_initial_device();
    for (int K = 0; K < 3; K++)
      for (int J = 0; J < P[K].n; J++)
        P[K].v[J] *= 2;
  }
#pragma omp target update from(P[0 : 3])
  // CHECK: enter data: n 4 5 6, v[2][5] 50, on host 0
  printf("enter data: n %d %d %d, v[2][5] %g, on host %d\n", P[0].n, P[1].n,
         P[2].n, P[2].v[5], OnHost);
#pragma omp target exit data map(delete : P[0 : 3])
  // CHECK: after exit data: present 0
  printf("after exit data: present %d\n",
         omp_target_is_present(P, omp_get_default_device()));
  return 0;
}

// Doacross loops in target regions: ordered(n) with `ordered depend(sink:)`
// and `ordered depend(source)`, whose iterations run concurrently and wait
// for the ones they name. The GPU's device link rejected them
// ("__kmpc_doacross_init ... not available on nvptx64-nvidia-cuda"; so does
// Debian's clang-19); the device runtime now keeps a bit per iteration
// (deviceRTL/Doacross.cpp). A prefix sum along a chain, a 2-D wavefront
// whose sinks reach outside the iteration space at the edges, and a
// descending loop, each in every team of a league; every region checks that
// it ran on the device.
// RUN: %clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
// RUN: %clang -O0 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t.O0
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.O0 | FileCheck %s
#include <omp.h>
#include <stdio.h>

enum { N = 300, R = 40, C = 50, Teams = 4 };

static int chain(void) {
  long A[N];
  int OnHost = 1;
  for (int I = 0; I < N; I++)
    A[I] = I;
#pragma omp target parallel for ordered(1) num_threads(64) map(tofrom : A, OnHost)
  for (int I = 1; I < N; I++) {
    if (I == 1)
      OnHost = omp_is_initial_device();
#pragma omp ordered depend(sink : I - 1)
    A[I] += A[I - 1];
#pragma omp ordered depend(source)
  }
  for (int I = 0; I < N; I++)
    if (A[I] != (long)I * (I + 1) / 2) {
      printf("chain: a[%d] = %ld, expected %ld\n", I, A[I], (long)I * (I + 1) / 2);
      return 1;
    }
  return OnHost;
}

// G[i][j] = G[i-1][j] + G[i][j-1] + 1 with G = 0 outside: each team its own
// grid, rows and columns both doacross dimensions.
static int wavefront(void) {
  static long G[Teams][R][C];
  int OnHost = 1;
#pragma omp target teams num_teams(Teams) map(tofrom : G, OnHost)
  {
    int T = omp_get_team_num();
    if (T == 0)
      OnHost = omp_is_initial_device();
#pragma omp parallel for ordered(2) collapse(2) num_threads(96)
    for (int I = 0; I < R; I++)
      for (int J = 0; J < C; J++) {
#pragma omp ordered depend(sink : I - 1, J) depend(sink : I, J - 1)
        G[T][I][J] = (I ? G[T][I - 1][J] : 0) + (J ? G[T][I][J - 1] : 0) + 1 + T;
#pragma omp ordered depend(source)
      }
  }
  static long Want[R][C];
  for (int T = 0; T < Teams; T++)
    for (int I = 0; I < R; I++)
      for (int J = 0; J < C; J++) {
        Want[I][J] = (I ? Want[I - 1][J] : 0) + (J ? Want[I][J - 1] : 0) + 1 + T;
        if (G[T][I][J] != Want[I][J]) {
          printf("wavefront: team %d g[%d][%d] = %ld, expected %ld\n", T, I, J,
                 G[T][I][J], Want[I][J]);
          return 1;
        }
      }
  return OnHost;
}

static int descending(void) {
  double V[N];
  int OnHost = 1;
  for (int I = 0; I < N; I++)
    V[I] = 1.0;
#pragma omp target parallel for ordered(1) schedule(static, 1) map(tofrom : V, OnHost)
  for (int I = N - 3; I >= 0; I -= 2) {
    if (I == N - 3)
      OnHost = omp_is_initial_device();
#pragma omp ordered depend(sink : I + 2)
    V[I] = V[I + 2] * 2.0;
#pragma omp ordered depend(source)
  }
  double Want = 1.0;
  for (int I = N - 3; I >= 0; I -= 2) {
    Want *= 2.0;
    if (V[I] != Want) {
      printf("descending: v[%d] = %g, expected %g\n", I, V[I], Want);
      return 1;
    }
  }
  return OnHost;
}

int main(void) {
  // CHECK: chain 0, wavefront 0, descending 0
  printf("chain %d, wavefront %d, descending %d\n", chain(), wavefront(),
         descending());
  return 0;
}

// lastprivate loop counters of collapsed non-rectangular loop nests (V&V
// 5.0/target_parallel_loop/test_target_parallel_loop_lastprivate.c): each
// counter gets the value it has after the nest runs sequentially. Clang's
// host CodeGen computed an inner counter from the bounding box of the nest
// (k = 22 below instead of 12).
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int arr[10][10][12] = {0};
  int i, j, k, onHost = -1, n = 7;

#pragma omp target parallel loop collapse(3) lastprivate(i, j, k)              \
    map(tofrom : arr, onHost)
  for (i = 0; i < 10; i++)
    for (j = 0; j < 10; j++)
      for (k = i; k < 12; k++) {
        arr[i][j][k] += i + 2 * j + 3 * k;
        if (i == 0 && j == 0 && k == 0)
          onHost = omp_is_initial_device();
      }
  int bad = 0;
  for (int a = 0; a < 10; a++)
    for (int b = 0; b < 10; b++)
      for (int c = 0; c < 12; c++)
        bad += arr[a][b][c] != (c >= a ? a + 2 * b + 3 * c : 0);
  // CHECK: parallel loop: 10 10 12 bad 0 on host 0
  printf("parallel loop: %d %d %d bad %d on host %d\n", i, j, k, bad, onHost);

  // Only the inner counter; an inner loop that runs no iteration for the
  // last values of i leaves k at its start.
  i = j = k = -1;
#pragma omp target parallel for collapse(3) lastprivate(k)
  for (i = 0; i < 10; i++)
    for (k = 0; k < 5 - i; k += 2)
      for (j = 0; j < 3; j++)
        ;
  // CHECK: empty last inner loops: k 0
  printf("empty last inner loops: k %d\n", k);

  // Decreasing loops, a bound on a middle counter, teams.
  i = j = k = -1;
#pragma omp target teams distribute parallel for collapse(3)                   \
    lastprivate(i, j, k)
  for (i = 10; i > 0; i -= 3)
    for (j = 0; j <= n; j++)
      for (k = 20; k >= j; k--)
        ;
  // CHECK: decreasing: -2 8 6
  printf("decreasing: %d %d %d\n", i, j, k);

  // Each bound on the counter just outside it; simd.
  unsigned ui = 99, uj = 99;
#pragma omp target parallel for simd collapse(2) lastprivate(ui, uj)
  for (ui = 0; ui < 5; ui++)
    for (uj = ui; uj < 8; uj += 3)
      ;
  // CHECK: unsigned simd: 5 10
  printf("unsigned simd: %u %u\n", ui, uj);
  return 0;
}

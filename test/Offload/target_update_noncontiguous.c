// target update of sections that are not contiguous storage (OpenMP 5.0
// allows them in motion clauses): sub-blocks of 2-D and 3-D arrays with
// constant and run-time bounds, a stride on an outer dimension, a stride
// on each row (of a constant and a run-time length), a subscript between
// sections, a pointer to rows. Only the
// section's elements move, both ways; before, `from(M[2:3][3:5])` moved the
// whole range from M[2][3] to M[4][7]. Contiguous sections still move as
// one piece. Every region checked that it ran on the device.
// RUN: %clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

enum { R = 8, C = 10, X = 4, Y = 5, Z = 6 };
static int M[R][C], G[X][Y][Z];
static int OffDevice;

// Device copies get 1000 + index, host copies -1; after `from`, the host
// must hold 1000 + index exactly where InSection says.
#define FILL_DEVICE(A, N)                                                      \
  do {                                                                         \
    _Pragma("omp target") {                                                    \
      OffDevice |= omp_is_initial_device();                                    \
      for (int I = 0; I < (N); ++I)                                            \
        ((int *)(A))[I] = 1000 + I;                                            \
    }                                                                          \
    for (int I = 0; I < (N); ++I)                                              \
      ((int *)(A))[I] = -1;                                                    \
  } while (0)

static int wrongCells(const int *A, int N, int (*InSection)(int), int Value) {
  int Wrong = 0;
  for (int I = 0; I < N; ++I)
    Wrong += A[I] != (InSection(I) ? Value + I : -1);
  return Wrong;
}

static int Lo = 2, Rows = 3, Col = 3, Cols = 5;
static int block(int I) { return I / C >= 2 && I / C < 5 && I % C >= 3 && I % C < 8; }
static int evenRows(int I) { return I / C % 2 == 0 && I / C < 8 && I % C >= 3 && I % C < 8; }
static int rowStride(int I) { return I / C >= 1 && I / C < 7 && I % C % 2 == 0 && I % C < 10; }
static int fullRows(int I) { return I / C >= 2 && I / C < 5; }
static int zSlab(int I) { return I / (Y * Z) >= 1 && I / (Y * Z) < 3 && I % Z >= 2 && I % Z < 5; }
static int yRow(int I) { return I / Z % Y == 2 && I % Z >= 1 && I % Z < 5; }
static int rowsOfP(int I) { return I / C >= 1 && I / C < 4 && I % C >= 4 && I % C < 6; }

int main(void) {
#pragma omp target enter data map(alloc : M, G)
  FILL_DEVICE(M, R * C);
#pragma omp target update from(M[2:3][3:5])
  // CHECK: M[2:3][3:5]: 0 wrong
  printf("M[2:3][3:5]: %d wrong\n", wrongCells(&M[0][0], R * C, block, 1000));

  FILL_DEVICE(M, R * C);
#pragma omp target update from(M[Lo:Rows][Col:Cols])
  // CHECK: M[Lo:Rows][Col:Cols]: 0 wrong
  printf("M[Lo:Rows][Col:Cols]: %d wrong\n",
         wrongCells(&M[0][0], R * C, block, 1000));

  FILL_DEVICE(M, R * C);
#pragma omp target update from(M[0:4:2][3:5])
  // CHECK: M[0:4:2][3:5]: 0 wrong
  printf("M[0:4:2][3:5]: %d wrong\n", wrongCells(&M[0][0], R * C, evenRows, 1000));

  FILL_DEVICE(M, R * C);
#pragma omp target update from(M[1:6][0:5:2])
  // CHECK: M[1:6][0:5:2]: 0 wrong
  printf("M[1:6][0:5:2]: %d wrong\n", wrongCells(&M[0][0], R * C, rowStride, 1000));

  FILL_DEVICE(M, R * C);
#pragma omp target update from(M[1:Rows + 3][0:Cols:2])
  // CHECK: M[1:Rows + 3][0:Cols:2]: 0 wrong
  printf("M[1:Rows + 3][0:Cols:2]: %d wrong\n",
         wrongCells(&M[0][0], R * C, rowStride, 1000));

  FILL_DEVICE(M, R * C);
#pragma omp target update from(M[2:3][0:C])
  // CHECK: M[2:3][0:C]: 0 wrong
  printf("M[2:3][0:C]: %d wrong\n", wrongCells(&M[0][0], R * C, fullRows, 1000));

  FILL_DEVICE(G, X * Y * Z);
#pragma omp target update from(G[1:2][0:5][2:3])
  // CHECK: G[1:2][0:5][2:3]: 0 wrong
  printf("G[1:2][0:5][2:3]: %d wrong\n",
         wrongCells(&G[0][0][0], X * Y * Z, zSlab, 1000));

  FILL_DEVICE(G, X * Y * Z);
#pragma omp target update from(G[0:4][2][1:4])
  // CHECK: G[0:4][2][1:4]: 0 wrong
  printf("G[0:4][2][1:4]: %d wrong\n",
         wrongCells(&G[0][0][0], X * Y * Z, yRow, 1000));

  // `to`: the host's 5000 + index reaches the device inside the section
  // only; the device's copy is read back whole.
  FILL_DEVICE(M, R * C);
  for (int I = 0; I < R * C; ++I)
    (&M[0][0])[I] = 5000 + I;
#pragma omp target update to(M[Lo:Rows][Col:Cols])
#pragma omp target update from(M)
  int WrongTo = 0;
  for (int I = 0; I < R * C; ++I)
    WrongTo += (&M[0][0])[I] != (block(I) ? 5000 : 1000) + I;
  // CHECK: to(M[Lo:Rows][Col:Cols]): 0 wrong
  printf("to(M[Lo:Rows][Col:Cols]): %d wrong\n", WrongTo);
#pragma omp target exit data map(delete : M, G)

  int(*P)[C] = malloc(sizeof(int[R][C]));
#pragma omp target enter data map(alloc : P[0:R])
  FILL_DEVICE(P, 0);
#pragma omp target
  {
    OffDevice |= omp_is_initial_device();
    for (int I = 0; I < R * C; ++I)
      P[I / C][I % C] = 1000 + I;
  }
  for (int I = 0; I < R * C; ++I)
    P[I / C][I % C] = -1;
#pragma omp target update from(P[1:3][4:2])
  // CHECK: P[1:3][4:2]: 0 wrong
  printf("P[1:3][4:2]: %d wrong\n", wrongCells(&P[0][0], R * C, rowsOfP, 1000));
#pragma omp target exit data map(delete : P[0:R])
  free(P);
  // CHECK: regions on the host: 0
  printf("regions on the host: %d\n", OffDevice);
  return 0;
}

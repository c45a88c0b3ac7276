// CUDA-style loops under a constant thread_limit: each thread of a team's
// parallel region takes elements tid, tid + nth, ... of a team-local tile
// (nth = omp_get_num_threads()), for tiles that are no multiple of the
// limit, limits that are no multiple of a warp, the largest block, and
// num_threads equal to the limit or above it. Every element is copied
// exactly once, and no region has more threads than its thread_limit,
// optimized or not. (On a GPU the kernels run with exactly
// thread_limit threads per block and the stride is a constant:
// Runtime/cuda_gpu_block_threads.c checks the sizes there.)
// RUN: %clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
// RUN: %clang -O0 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

#define PRAGMA(...) _Pragma(#__VA_ARGS__)
#define OMP(...) PRAGMA(omp __VA_ARGS__)
#define Teams 6
#define Tile 333

static int In[Teams * Tile], Out[Teams * Tile], Sizes[Teams], Flags[Teams];

#define TILES(NAME, TL, ...)                                                   \
  static void NAME(void) {                                                     \
    for (int I = 0; I < Teams * Tile; I++) {                                   \
      In[I] = 7 * I + 1;                                                       \
      Out[I] = 0;                                                              \
    }                                                                          \
    OMP(target teams num_teams(Teams) thread_limit(TL) map(to : In)           \
            map(tofrom : Out) map(from : Sizes, Flags))                        \
    for (int T = omp_get_team_num(); T < Teams; T += omp_get_num_teams()) {    \
      int Buf[Tile];                                                           \
      OMP(parallel __VA_ARGS__)                                                \
      {                                                                        \
        int Tid = omp_get_thread_num(), Nth = omp_get_num_threads();           \
        for (int E = Tid; E < Tile; E += Nth)                                  \
          Buf[E] = In[T * Tile + E];                                           \
        OMP(barrier)                                                           \
        for (int E = Tid; E < Tile; E += Nth)                                  \
          Out[T * Tile + E] += Buf[Tile - 1 - E];                              \
        if (Tid == 0) {                                                        \
          Sizes[T] = Nth;                                                      \
          Flags[T] = !omp_is_initial_device();                                 \
        }                                                                      \
      }                                                                        \
    }                                                                          \
    int Wrong = 0, Sized = 0, OnDevice = 0;                                    \
    for (int T = 0; T < Teams; T++) {                                          \
      Sized += Sizes[T] >= 1 && Sizes[T] <= TL;                                \
      OnDevice += Flags[T];                                                    \
      for (int E = 0; E < Tile; E++)                                           \
        Wrong += Out[T * Tile + E] != In[T * Tile + Tile - 1 - E];             \
    }                                                                          \
    printf(#NAME ": %d wrong, %d of %d teams sized, on-device %d\n", Wrong,    \
           Sized, Teams, OnDevice);                                            \
  }

TILES(limit128, 128)
TILES(limit96, 96)
TILES(limit1024, 1024)
TILES(limit1, 1)
TILES(limit128nt, 128, num_threads(128))
TILES(limit64over, 64, num_threads(256))

int main(void) {
  limit128();
  limit96();
  limit1024();
  limit1();
  limit128nt();
  limit64over();
  return 0;
}
// CHECK: limit128: 0 wrong, 6 of 6 teams sized, on-device 6
// CHECK: limit96: 0 wrong, 6 of 6 teams sized, on-device 6
// CHECK: limit1024: 0 wrong, 6 of 6 teams sized, on-device 6
// CHECK: limit1: 0 wrong, 6 of 6 teams sized, on-device 6
// CHECK: limit128nt: 0 wrong, 6 of 6 teams sized, on-device 6
// CHECK: limit64over: 0 wrong, 6 of 6 teams sized, on-device 6

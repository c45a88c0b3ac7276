// REQUIRES: gpu
// Kernels with a constant thread_limit run with exactly that many threads
// per block (openmp-device-block-threads: `.reqntid`, the team size folded
// to a constant), at -O2 and -O0: every parallel region has the whole
// block, loops that stride by omp_get_num_threads() cover every element
// once (also where num_threads repeats the limit or exceeds it), and a
// region whose num_threads asks for fewer threads keeps the size it asks
// for. LIBOMPTARGET_INFO shows the launches (stdout is flushed after
// each result so that results and launches interleave in the output).
// RUN: %clang -O2 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda %s -o %t
// RUN: %clang -O0 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda %s -o %t.O0
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_INFO=1 %t > %t.out 2>&1
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_INFO=1 %t.O0 >> %t.out 2>&1
// RUN: FileCheck %s --check-prefix=GPU-CHECK < %t.out
//
// GPU-BUILD: %clang -O2 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda %s -o %t
// GPU-BUILD: %clang -O0 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda %s -o %t.O0
// GPU-RUN: env OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_INFO=1 %t && env OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_INFO=1 %t.O0
// GPU-EXIT: 0
#include <omp.h>
#include <stdio.h>

#define PRAGMA(...) _Pragma(#__VA_ARGS__)
#define OMP(...) PRAGMA(omp __VA_ARGS__)
#define Teams 40
#define Tile 333

static double In[Teams * Tile], Out[Teams * Tile];
static int Sizes[Teams], Flags[Teams];

// A tile per team through a team-local array, thread_limit(TL): each
// thread copies elements tid, tid + nth, ...; every team records the size
// of its region and whether it ran on the device.
#define TILES(NAME, TL, ...)                                                   \
  static int NAME(void) {                                                      \
    for (int I = 0; I < Teams * Tile; I++) {                                   \
      In[I] = I % 97;                                                          \
      Out[I] = -1.0;                                                           \
    }                                                                          \
    OMP(target teams num_teams(Teams) thread_limit(TL) map(to : In)           \
            map(from : Out, Sizes, Flags))                                     \
    {                                                                          \
      double Buf[Tile];                                                        \
      int Team = omp_get_team_num();                                           \
      OMP(parallel __VA_ARGS__)                                                \
      {                                                                        \
        int Tid = omp_get_thread_num(), Nth = omp_get_num_threads();           \
        for (int E = Tid; E < Tile; E += Nth)                                  \
          Buf[E] = In[Team * Tile + E];                                        \
        OMP(barrier)                                                           \
        for (int E = Tid; E < Tile; E += Nth)                                  \
          Out[Team * Tile + E] = 2.0 * Buf[Tile - 1 - E];                      \
        if (Tid == 0) {                                                        \
          Sizes[Team] = Nth;                                                   \
          Flags[Team] = !omp_is_initial_device();                              \
        }                                                                      \
      }                                                                        \
    }                                                                          \
    int Bad = 0;                                                               \
    for (int T = 0; T < Teams; T++) {                                          \
      Bad += Sizes[T] != TL || !Flags[T];                                      \
      for (int E = 0; E < Tile; E++)                                           \
        Bad += Out[T * Tile + E] != 2.0 * In[T * Tile + Tile - 1 - E];         \
    }                                                                          \
    printf(#NAME ": region size %d, %d wrong\n", Sizes[0], Bad);               \
    fflush(stdout);                                                            \
    return Bad;                                                                \
  }

TILES(tiles128, 128)
TILES(tiles96, 96)
TILES(tiles1024, 1024)
TILES(tiles128nt, 128, num_threads(128))
TILES(tiles64over, 64, num_threads(256))

// num_threads(48) under thread_limit(128): the region has 48 threads.
static int num_threads_48(void) {
  int Size = 0, OnDevice = 0;
#pragma omp target teams num_teams(1) thread_limit(128) map(from : Size, OnDevice)
#pragma omp parallel num_threads(48)
  if (omp_get_thread_num() == 0) {
    Size = omp_get_num_threads();
    OnDevice = !omp_is_initial_device();
  }
  printf("num_threads_48: region size %d, on device %d\n", Size, OnDevice);
  fflush(stdout);
  return Size != 48 || !OnDevice;
}

// A combined loop with thread_limit(64): every iteration runs once.
static int combined64(void) {
  static int Count[4096];
  int Width = 0;
#pragma omp target teams distribute parallel for thread_limit(64) map(tofrom : Count) map(from : Width)
  for (int I = 0; I < 4096; I++) {
    Count[I] += 1;
    if (I == 0)
      Width = omp_get_num_threads() * !omp_is_initial_device();
  }
  int Bad = Width != 64;
  for (int I = 0; I < 4096; I++)
    Bad += Count[I] != 1;
  printf("combined64: %d threads, %d wrong\n", Width, Bad);
  fflush(stdout);
  return Bad;
}

int main(void) {
  int Bad = tiles128() + tiles96() + tiles1024() + tiles128nt() +
            tiles64over() + num_threads_48() + combined64();
  printf("%s\n", Bad ? "FAILED" : "ok");
  return Bad != 0;
}
// GPU-CHECK: kernel '{{.*}}tiles128{{.*}}' runs 40 blocks x 128 threads
// GPU-CHECK: tiles128: region size 128, 0 wrong
// GPU-CHECK: kernel '{{.*}}tiles96{{.*}}' runs 40 blocks x 96 threads
// GPU-CHECK: tiles96: region size 96, 0 wrong
// GPU-CHECK: kernel '{{.*}}tiles1024{{.*}}' runs 40 blocks x 1024 threads
// GPU-CHECK: tiles1024: region size 1024, 0 wrong
// GPU-CHECK: kernel '{{.*}}tiles128nt{{.*}}' runs 40 blocks x 128 threads
// GPU-CHECK: tiles128nt: region size 128, 0 wrong
// GPU-CHECK: kernel '{{.*}}tiles64over{{.*}}' runs 40 blocks x 64 threads
// GPU-CHECK: tiles64over: region size 64, 0 wrong
// GPU-CHECK: num_threads_48: region size 48, on device 1
// GPU-CHECK: combined64: 64 threads, 0 wrong
// GPU-CHECK: ok
// GPU-CHECK: kernel '{{.*}}tiles128{{.*}}' runs 40 blocks x 128 threads
// GPU-CHECK: tiles128: region size 128, 0 wrong
// GPU-CHECK: tiles96: region size 96, 0 wrong
// GPU-CHECK: tiles1024: region size 1024, 0 wrong
// GPU-CHECK: tiles128nt: region size 128, 0 wrong
// GPU-CHECK: tiles64over: region size 64, 0 wrong
// GPU-CHECK: num_threads_48: region size 48, on device 1
// GPU-CHECK: combined64: 64 threads, 0 wrong
// GPU-CHECK: ok

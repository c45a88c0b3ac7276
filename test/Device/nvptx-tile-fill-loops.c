// A team copies a 34 x 34 tile (a 32 x 32 tile and its halo) into a
// team-local array, its 256 threads taking every 256th element behind a
// bounds test: four or five elements a thread. The device link unrolls the
// loop by four (openmp-device-tile-fill-loops; a remainder loop takes the
// rest) and moves the copies' stores to shared memory below the later
// copies' loads (openmp-device-sink-shared-stores), so that a thread has
// four loads in flight instead of one, as nvcc's code does (bench
// cs_stencil: 400 -> 340 us on an H200, CUDA 323). A loop that sums every
// 8 * num_teams-th row of a column, four rows a thread, is unrolled too:
// its trip count takes a division, which O3's unroller does not compute
// (HeCBench stddev: 2.67 -> 2.06 ms on an H200, CUDA 1.80). No CUDA toolkit
// needed.
// RUN: rm -rf %t.nocuda && mkdir -p %t.nocuda
// RUN: %clang -O2 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 --cuda-path=%t.nocuda %s -shared -o %t.so -save-temps
// RUN: llvm-dis %t.so-device-nvptx.bc -o - | FileCheck %s
// RUN: llvm-dis %t.so-device-nvptx.bc -o - | FileCheck %s --check-prefix=SUM

// The remainder loop's load and store, then the unrolled loop's four loads
// before its four stores.
// CHECK-LABEL: define void @__omp_offloading_{{.*}}_fill_tiles_l{{[0-9]+}}(
// CHECK: load double
// CHECK: store double
// CHECK: load double
// CHECK-NOT: store
// CHECK: load double
// CHECK-NOT: store
// CHECK: load double
// CHECK-NOT: store
// CHECK: load double
// CHECK-NOT: load double
// CHECK: store double
// CHECK-NEXT: store double
// CHECK-NEXT: store double
// CHECK-NOT: load double
// CHECK: store double

// SUM-LABEL: define void @__omp_offloading_{{.*}}_column_squares_l{{[0-9]+}}(
// The remainder loop's load and sum, then the unrolled loop's four loads
// (each behind the column test; ptxas makes them predicated loads and
// issues the four before the sums).
// SUM: load float
// SUM: {{fadd|fmuladd}}
// SUM-COUNT-4: load float

#include <omp.h>

#define T 32
#define H (T + 2)

void fill_tiles(const double *u, double *v, int n) {
  const int tiles = n / T;
#pragma omp target teams num_teams(tiles * tiles) thread_limit(256)           \
    map(to : u[0:n * n]) map(from : v[0:n * n])
  {
    double tile[H][H];
    for (int b = omp_get_team_num(); b < tiles * tiles;
         b += omp_get_num_teams()) {
      const int i0 = b / tiles * T, j0 = b % tiles * T;
#pragma omp parallel
      {
        const int tid = omp_get_thread_num(), nth = omp_get_num_threads();
        for (int e = tid; e < H * H; e += nth) {
          const int ti = e / H, tj = e % H, i = i0 + ti - 1, j = j0 + tj - 1;
          tile[ti][tj] = i >= 0 && j >= 0 && i < n && j < n
                             ? u[(long)i * n + j]
                             : 0.0;
        }
#pragma omp barrier
        for (int e = tid; e < T * T; e += nth) {
          const int ti = e / T + 1, tj = e % T + 1;
          v[(long)(i0 + ti - 1) * n + j0 + tj - 1] =
              tile[ti - 1][tj] + tile[ti + 1][tj] + tile[ti][tj - 1] +
              tile[ti][tj + 1] - 4 * tile[ti][tj];
        }
      }
    }
  }
}

void column_squares(const float *data, float *out, long rows, long cols,
                    int teams) {
#pragma omp target teams num_teams(teams) thread_limit(256)                   \
    map(to : data[0:rows * cols]) map(tofrom : out[0:cols])
  {
#pragma omp parallel
    {
      const int tx = omp_get_thread_num();
      const long col = tx % 32 + (long)(omp_get_team_num() / 64) * 32;
      const long stride = 8L * 64;
      float s = 0;
      for (long i = tx / 32 + (omp_get_team_num() % 64) * 8L; i < rows;
           i += stride) {
        const float v = col < cols ? data[i * cols + col] : 0.0f;
        s += v * v;
      }
#pragma omp atomic update
      out[col < cols ? col : 0] += col < cols ? s : 0.0f;
    }
  }
}

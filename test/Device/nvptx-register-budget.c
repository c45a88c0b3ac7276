// The register budget of the NVPTX device link: openmp-device-kernel-traffic
// flags kernels whose loops accumulate streaming loads (a min reduction, a
// row's dot product), and where ptxas packs such a kernel into 32 registers
// or fewer (row_sums), the link assembles it again with `.maxnreg 40` on
// that kernel's entry (after its parameters, before its other directives),
// in the cubin and in the PTX the image carries. Kernels without such a loop
// (an update of each element, a table lookup in a loop) keep ptxas's
// choice, and so does one whose num_teams clause sets its grid
// (explicit_minimum: the program sized the grid for ptxas's count).
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -O2 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 -c %s -o %t/budget.o
// RUN: %clang -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 --cuda-path=%cuda-path %t/budget.o -shared -o %t/budget.so -save-temps -Rpass-analysis=openmp-device 2> %t/remarks
// RUN: FileCheck %s --check-prefix=REMARK < %t/remarks
// RUN: FileCheck %s --check-prefix=TILE < %t/remarks
// RUN: FileCheck %s --check-prefix=ROWS < %t/budget.so-device-nvptx-ptx-limited.ptx
// RUN: FileCheck %s --check-prefix=SCALE < %t/budget.so-device-nvptx-ptx-limited.ptx
// RUN: FileCheck %s --check-prefix=TABLE < %t/budget.so-device-nvptx-ptx-limited.ptx
// RUN: FileCheck %s --check-prefix=EXPLICIT < %t/budget.so-device-nvptx-ptx-limited.ptx
// RUN: %ptxas -arch=sm_90 -O3 -v %t/budget.so-device-nvptx-ptx-limited.ptx -o %t/check.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: test -s %t/budget.so-device-sm_90.cubin

// REMARK-DAG: kernel '__omp_offloading_{{[0-9a-f]+_[0-9a-f]+}}_minimum_l{{[0-9]+}}' is {{.*}}, loads accumulated in a loop
// REMARK-DAG: kernel '__omp_offloading_{{.*}}_row_sums_l{{[0-9]+}}' is {{.*}}, loads accumulated in a loop
// REMARK-DAG: kernel '__omp_offloading_{{.*}}_explicit_minimum_l{{[0-9]+}}' is {{.*}}, loads accumulated in a loop
// REMARK-DAG: kernel '__omp_offloading_{{.*}}_scale_l{{[0-9]+}}' is streaming: {{[^,]*, [^,]*, [^,]*, [^,]*, [^,]*, [^,]*}} [-Rpass-analysis
// REMARK-DAG: kernel '__omp_offloading_{{.*}}_table_l{{[0-9]+}}' is {{[^,]*, [^,]*, [^,]*, [^,]*, [^,]*, [^,]*}} [-Rpass-analysis

// ROWS: .entry __omp_offloading_{{.*}}_row_sums_l{{[0-9]+}}(
// ROWS: )
// ROWS-NEXT: .maxnreg 40
// ROWS-NEXT: .reqntid 128, 1, 1
// ROWS-NEXT: {
// SCALE: .entry __omp_offloading_{{.*}}_scale_l{{[0-9]+}}(
// SCALE: )
// SCALE-NEXT: {
// TABLE: .entry __omp_offloading_{{.*}}_table_l{{[0-9]+}}(
// TABLE: )
// TABLE-NEXT: {

// EXPLICIT: .entry __omp_offloading_{{.*}}_explicit_minimum_l{{[0-9]+}}(
// EXPLICIT: )
// EXPLICIT-NEXT: {

// PTXAS: Compiling entry function '__omp_offloading_{{.*}}_row_sums_l{{[0-9]+}}'
// PTXAS-NEXT: Function properties
// PTXAS-NEXT: bytes stack frame
// PTXAS-NEXT: Used {{3[3-9]|40}} registers

// A CUDA-style kernel summing over a team-shared tile (its threads meet at
// barriers; bench/ cs_stencil ran 13% slower at 40 registers): the tile is
// not a stream, no flag.
// TILE: kernel '{{.*}}_tile_sums_l{{[0-9]+}}' is {{.*}} thread streams{{(, atomics)?}} [-Rpass-analysis=openmp-device]

// The min reduction accumulates loads too; whether ptxas packs it (bench/
// reduce_min_f32 at -O3: 31 registers) decides its limit.
#include <omp.h>

void tile_sums(const double *U, double *Out, int Teams) {
#pragma omp target teams num_teams(Teams) thread_limit(128)                   \
    map(to : U[0:Teams * 128]) map(from : Out[0:Teams * 128])
  {
    double Tile[128];
#pragma omp parallel
    {
      int T = omp_get_thread_num(), Team = omp_get_team_num();
      Tile[T] = U[Team * 128 + T];
#pragma omp barrier
      double S = 0;
      for (int K = 0; K < 128; ++K)
        S += Tile[(T + K) % 128];
      Out[Team * 128 + T] = S;
    }
  }
}

float minimum(const float *A, long N) {
  float Lo = 3.0e38f;
#pragma omp target teams distribute parallel for map(to : A[0:N])              \
    reduction(min : Lo)
  for (long I = 0; I < N; ++I)
    Lo = A[I] < Lo ? A[I] : Lo;
  return Lo;
}

float explicit_minimum(const float *A, long N) {
  float Lo = 3.0e38f;
#pragma omp target teams distribute parallel for map(to : A[0:N])              \
    reduction(min : Lo) num_teams(1024) num_threads(256)
  for (long I = 0; I < N; ++I)
    Lo = A[I] < Lo ? A[I] : Lo;
  return Lo;
}

void row_sums(const float *M, float *S, int Rows, int Cols) {
#pragma omp target teams distribute parallel for thread_limit(128)            \
    map(to : M[0:Rows * Cols]) map(from : S[0:Rows])
  for (int R = 0; R < Rows; ++R) {
    float Sum = 0;
    for (int C = 0; C < Cols; ++C)
      Sum += M[(long)R * Cols + C];
    S[R] = Sum;
  }
}

void scale(float *X, long N, float F) {
#pragma omp target teams distribute parallel for map(tofrom : X[0:N])
  for (long I = 0; I < N; ++I)
    X[I] *= F;
}

// A loop over a table at data-dependent places (as libdevice's argument
// reductions do): not a stream.
void table(const int *Key, const float *T, float *Out, long N) {
#pragma omp target teams distribute parallel for                              \
    map(to : Key[0:N], T[0:1024]) map(from : Out[0:N])
  for (long I = 0; I < N; ++I) {
    float Acc = 0;
    for (int J = 0; J < 4; ++J)
      Acc += T[(Key[I] + J) & 1023];
    Out[I] = Acc;
  }
}

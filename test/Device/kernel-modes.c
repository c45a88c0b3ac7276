// Combined constructs whose region is a parallel region are SPMD kernels;
// anything with sequential code, or a num_threads clause, is generic.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -c %s -o %t.o
// RUN: %bundler -unbundle -type=o -input=%t.o -targets=host-x86_64-pc-linux-gnu,openmp-x86_64-pc-linux-gnu -output=%t.host.o -output=%t.bc -allow-missing-bundles
// RUN: llvm-dis %t.bc -o - | FileCheck %s

void modes(double *A, int N) {
#pragma omp target teams distribute parallel for map(tofrom : A[0:N])
  for (int I = 0; I < N; ++I)
    A[I] += 1;
#pragma omp target parallel for map(tofrom : A[0:N])
  for (int I = 0; I < N; ++I)
    A[I] += 1;
#pragma omp target teams map(tofrom : A[0:N])
  {
    A[0] = 0;
#pragma omp parallel for
    for (int I = 0; I < N; ++I)
      A[I] += 1;
  }
#pragma omp target parallel for num_threads(8) map(tofrom : A[0:N])
  for (int I = 0; I < N; ++I)
    A[I] += 1;
}

// CHECK-DAG: !{ptr @{{.*}}_modes_l8, !"spmd"{{.*}}}
// CHECK-DAG: !{ptr @{{.*}}_modes_l11, !"spmd"{{.*}}}
// CHECK-DAG: !{ptr @{{.*}}_modes_l14, !"generic"{{.*}}}
// CHECK-DAG: !{ptr @{{.*}}_modes_l21, !"generic"{{.*}}}

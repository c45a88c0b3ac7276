// Combined constructs whose region is a parallel region are SPMD kernels,
// with or without clauses that shape the launch (num_teams, thread_limit,
// num_threads, if(parallel:), proc_bind): the launch gives each block the
// parallel part's threads; so is `target teams` whose whole region is one
// `distribute parallel for`. Sequential code or lastprivate is generic.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -c %s -o %t.o
// RUN: %bundler -unbundle -type=o -input=%t.o -targets=host-x86_64-pc-linux-gnu,openmp-x86_64-pc-linux-gnu -output=%t.host.o -output=%t.bc -allow-missing-bundles
// RUN: llvm-dis %t.bc -o - | FileCheck %s

void modes(double *A, int N, int C) {
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
  long Sum = 0;
#pragma omp target teams distribute parallel for num_teams(1024)              \
    num_threads(256) reduction(+ : Sum) map(to : A[0:N])
  for (int I = 0; I < N; ++I)
    Sum += A[I];
#pragma omp target teams distribute parallel for thread_limit(128)            \
    num_threads(N) if(parallel : C) proc_bind(spread) map(tofrom : A[0:N])
  for (int I = 0; I < N; ++I)
    A[I] += 1;
#pragma omp target parallel for if(C) map(tofrom : A[0:N])
  for (int I = 0; I < N; ++I)
    A[I] += 1;
  int Last = 0;
#pragma omp target teams distribute parallel for lastprivate(Last)            \
    map(tofrom : A[0:N])
  for (int I = 0; I < N; ++I)
    Last = I;
  // A `target teams` whose region is one `distribute parallel for` is the
  // combined construct; with a private copy for the team, a reduction or a
  // second statement it stays generic.
#pragma omp target teams num_teams(4) thread_limit(64) firstprivate(C)        \
    map(tofrom : A[0:N])
  {
#pragma omp distribute parallel for schedule(static, 2)
    for (int I = 0; I < N; ++I)
      A[I] += C;
  }
#pragma omp target teams private(Last) map(tofrom : A[0:N])
#pragma omp distribute parallel for
  for (int I = 0; I < N; ++I)
    A[I] += 1;
#pragma omp target teams map(tofrom : A[0:N], Sum) reduction(+ : Sum)
#pragma omp distribute parallel for reduction(+ : Sum)
  for (int I = 0; I < N; ++I)
    Sum += A[I];
#pragma omp target teams map(tofrom : A[0:N])
  {
#pragma omp distribute parallel for
    for (int I = 0; I < N; ++I)
      A[I] += 1;
#pragma omp distribute parallel for
    for (int I = 0; I < N; ++I)
      A[I] += 1;
  }
}

// CHECK-DAG: !{ptr @{{.*}}_modes_l11, !"spmd"{{.*}}}
// CHECK-DAG: !{ptr @{{.*}}_modes_l14, !"spmd"{{.*}}}
// CHECK-DAG: !{ptr @{{.*}}_modes_l17, !"generic"{{.*}}}
// CHECK-DAG: !{ptr @{{.*}}_modes_l24, !"spmd"{{.*}}}
// CHECK-DAG: !{ptr @{{.*}}_modes_l28, !"spmd"{{.*}}}
// CHECK-DAG: !{ptr @{{.*}}_modes_l32, !"spmd"{{.*}}}
// CHECK-DAG: !{ptr @{{.*}}_modes_l36, !"spmd"{{.*}}}
// CHECK-DAG: !{ptr @{{.*}}_modes_l40, !"generic"{{.*}}}
// CHECK-DAG: !{ptr @{{.*}}_modes_l47, !"spmd"{{.*}}}
// CHECK-DAG: !{ptr @{{.*}}_modes_l54, !"generic"{{.*}}}
// CHECK-DAG: !{ptr @{{.*}}_modes_l58, !"generic"{{.*}}}
// CHECK-DAG: !{ptr @{{.*}}_modes_l62, !"generic"{{.*}}}

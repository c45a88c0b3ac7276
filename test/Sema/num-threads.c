// The threads that the parallel part of a combined construct asks for reach
// the launch as the site's NumThreads operand (after ThreadLimit): the
// num_threads value, 1 when the if clause for the parallel part is false,
// 0 when neither is given. An if clause without a modifier applies to the
// target part too, where false means the host runs the region: it leaves
// NumThreads alone. A target construct without a parallel part takes the
// num_threads that the parallel constructs inside its region all give
// (CUDA-style `teams distribute` with nested `parallel for
// num_threads(block)` loops), evaluated before the construct, when the
// region only reads the locals the value is made of and it neither divides
// nor shifts; otherwise (two parallel constructs with different values or
// one without, an if clause, a variable the region stores to, increments or
// takes the address of, a global that is not const, a division, none given)
// it has none.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -S -emit-llvm \
// RUN:   -Xclang -disable-llvm-passes %s -o - | FileCheck %s

int GlobalThreads;

void threads(double *A, int N, int T, int C) {
  // CHECK-LABEL: define {{.*}}void @threads(
  // CHECK: call void @__cot_site(i32 noundef 0, i32 noundef 0, i64 noundef {{.*}}, i32 noundef 1, i32 noundef 1024, i32 noundef 0, i32 noundef 256,
#pragma omp target teams distribute parallel for num_teams(1024) num_threads(256) map(tofrom : A[0:N])
  for (int I = 0; I < N; ++I)
    A[I] += 1;
  // CHECK: call void @__cot_site(i32 noundef 1, i32 noundef 0, i64 noundef {{.*}}, i32 noundef 1, i32 noundef 1, i32 noundef 64, i32 noundef %{{[0-9]+}},
#pragma omp target parallel for thread_limit(64) num_threads(T) map(tofrom : A[0:N])
  for (int I = 0; I < N; ++I)
    A[I] += 1;
  // CHECK: %[[C:[0-9]+]] = icmp ne i32 %{{.*}}, 0
  // CHECK: %[[SEL:[0-9]+]] = select i1 %[[C]], i32 32, i32 1
  // CHECK: call void @__cot_site(i32 noundef 2, {{.*}}, i32 noundef 0, i32 noundef 0, i32 noundef %[[SEL]],
#pragma omp target teams distribute parallel for num_threads(32) if(parallel : C) map(tofrom : A[0:N])
  for (int I = 0; I < N; ++I)
    A[I] += 1;
  // CHECK: %[[SEL3:[0-9]+]] = select i1 %{{[0-9]+}}, i32 0, i32 1
  // CHECK: call void @__cot_site(i32 noundef 3, {{.*}}, i32 noundef 1, i32 noundef 0, i32 noundef %[[SEL3]],
#pragma omp target parallel if(parallel : C) map(tofrom : A[0:N])
  A[0] = 1;
  // CHECK: call void @__cot_site(i32 noundef 4, {{.*}}, i32 noundef 1, i32 noundef 0, i32 noundef 0, i64 noundef
#pragma omp target parallel for if(C) map(tofrom : A[0:N])
  for (int I = 0; I < N; ++I)
    A[I] += 1;
  // CHECK: call void @__cot_site(i32 noundef 5, {{.*}}, i32 noundef 0, i32 noundef 8, i32 noundef 0, i64 noundef
#pragma omp target teams thread_limit(8) map(tofrom : A[0:N])
  A[0] = 1;
  // CHECK: call void @__cot_site_end(i32 noundef 5)
  // CHECK: %[[BS2:[0-9]+]] = mul nsw i32 %{{[0-9]+}}, 2
  // CHECK: call void @__cot_site(i32 noundef 6, {{.*}}, i32 noundef 0, i32 noundef %[[BS2]], i64 noundef
#pragma omp target teams distribute num_teams(N) map(tofrom : A[0:N])
  for (int I = 0; I < N; ++I) {
    int Base = I * 2;
#pragma omp parallel for num_threads(T * 2)
    for (int J = 0; J < 2; ++J)
      A[Base / 2] += J + T;
  }
  // The region changes T before its parallel construct: no value.
  // CHECK: call void @__cot_site(i32 noundef 7, {{.*}}, i32 noundef 0, i32 noundef 0, i64 noundef
#pragma omp target teams map(tofrom : A[0:N])
  {
    T = T + 1;
#pragma omp parallel num_threads(T)
    A[0] = 1;
  }
  // CHECK: call void @__cot_site(i32 noundef 8, {{.*}}, i32 noundef 0, i32 noundef 0, i64 noundef
#pragma omp target teams map(tofrom : A[0:N])
  {
    int *P = &T;
#pragma omp parallel num_threads(T)
    A[0] = *P;
  }
  // Two parallel constructs with the same value (layernorm-shaped code):
  // that value.
  // CHECK: call void @__cot_site(i32 noundef 9, {{.*}}, i32 noundef 1, i32 noundef 0, i32 noundef %{{[0-9]+}}, i64 noundef
#pragma omp target map(tofrom : A[0:N])
  {
#pragma omp parallel num_threads(T)
    A[0] = 1;
#pragma omp parallel num_threads(T)
    A[1] = 1;
  }
  // One with an if clause: no value.
  // CHECK: call void @__cot_site(i32 noundef 10, {{.*}}, i32 noundef 0, i32 noundef 0, i64 noundef
#pragma omp target map(tofrom : A[0:N])
#pragma omp parallel num_threads(T) if(C)
  A[0] = 1;
  // A single target construct: its one parallel region's value.
  // CHECK: call void @__cot_site(i32 noundef 11, {{.*}}, i32 noundef 1, i32 noundef 0, i32 noundef 16, i64 noundef
#pragma omp target map(tofrom : A[0:N])
#pragma omp parallel num_threads(16)
  A[0] = 1;
  // A division: the host would evaluate it where the region may not (C may
  // be 0 when the branch is not taken).
  // CHECK: call void @__cot_site(i32 noundef 12, {{.*}}, i32 noundef 0, i32 noundef 0, i64 noundef
#pragma omp target teams map(tofrom : A[0:N])
  {
    if (C) {
#pragma omp parallel num_threads(T / C)
      A[0] = 1;
    }
  }
  // A global that a function the region calls might change: no value.
  // CHECK: call void @__cot_site(i32 noundef 13, {{.*}}, i32 noundef 0, i32 noundef 0, i64 noundef
#pragma omp target teams map(tofrom : A[0:N])
  {
#pragma omp parallel num_threads(GlobalThreads)
    A[0] = 1;
  }
  // Two parallel constructs whose values differ, or one without a value:
  // no value.
  // CHECK: call void @__cot_site(i32 noundef 14, {{.*}}, i32 noundef 0, i32 noundef 0, i64 noundef
#pragma omp target teams map(tofrom : A[0:N])
  {
#pragma omp parallel num_threads(T)
    A[0] = 1;
#pragma omp parallel num_threads(T + 1)
    A[1] = 1;
  }
  // CHECK: call void @__cot_site(i32 noundef 15, {{.*}}, i32 noundef 0, i32 noundef 0, i64 noundef
#pragma omp target teams map(tofrom : A[0:N])
  {
#pragma omp parallel num_threads(T)
    A[0] = 1;
#pragma omp parallel
    A[1] = 1;
  }
}

// The threads that the parallel part of a combined construct asks for reach
// the launch as the site's NumThreads operand (after ThreadLimit): the
// num_threads value, 1 when the if clause for the parallel part is false,
// 0 when neither is given. An if clause without a modifier applies to the
// target part too, where false means the host runs the region: it leaves
// NumThreads alone. Constructs without a parallel part have none.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -S -emit-llvm \
// RUN:   -Xclang -disable-llvm-passes %s -o - | FileCheck %s

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
}

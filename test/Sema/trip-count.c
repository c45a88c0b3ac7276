// The iterations of a combined distribute construct's loops, evaluated
// before the construct (operand 7 of __cot_site): each loop's
// (bound - start + step - 1) / step (or + step for <= and >=), clamped at
// zero, multiplied over collapsed loops. Loops it cannot count give 0, and
// the runtime chooses the geometry as before.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -S -emit-llvm \
// RUN:   -Xclang -disable-llvm-passes %s -o - | FileCheck %s

int bound(void);

void f(double *A, int N, long M) {
  // CHECK-LABEL: define {{.*}}void @f(
  // [0, N): N - 0 + 0 over 1.
  // CHECK: %[[N:.*]] = load i32, ptr %
  // CHECK: %[[NL:.*]] = sext i32 %[[N]] to i64
  // CHECK: %[[SPAN:.*]] = sub nsw i64 %[[NL]], 0
  // CHECK: add nsw i64 %[[SPAN]], 0
  // CHECK: sdiv i64 %{{.*}}, 1
  // CHECK: %[[TC:.*]] = phi i64
  // CHECK: call void @__cot_site(i32 noundef 0, i32 noundef 0, i64 noundef {{.*}}, i32 noundef 1, i32 noundef 0, i32 noundef 0, i32 noundef 0, i64 noundef %[[TC]], i32 noundef 28,
#pragma omp target teams distribute parallel for map(tofrom : A[0:N])
  for (int I = 0; I < N; I++)
    A[I] = I;

  // Downwards with <=-style bound and step 3, times a constant loop.
  // CHECK: sub nsw i64 %{{.*}}, 7
  // CHECK: add nsw i64 %{{.*}}, 3
  // CHECK: sdiv i64 %{{.*}}, 3
  // CHECK: mul nsw i64
  // CHECK: call void @__cot_site(i32 noundef 1, {{.*}}, i64 noundef %{{.*}}, i32 noundef 28,
#pragma omp target teams distribute parallel for collapse(2) map(tofrom : A[0:N])
  for (int I = 0; I < 4; ++I)
    for (long J = M; J >= 7; J -= 3)
      A[I] += J;

  // teams distribute alone: a team's main thread runs its iterations (no
  // 0x10 flag).
  // CHECK: call void @__cot_site(i32 noundef 2, {{.*}}, i64 noundef %{{.*}}, i32 noundef 8,
#pragma omp target teams distribute map(tofrom : A[0:N])
  for (int I = 1; I <= N; I += 2)
    A[I] = 0;

  // Not counted: a call in the bound, a non-rectangular nest, a target
  // region without a loop.
  // CHECK: call void @__cot_site(i32 noundef 3, {{.*}}, i32 noundef 0, i32 noundef 0, i32 noundef 0, i64 noundef 0, i32 noundef 28,
#pragma omp target teams distribute parallel for map(tofrom : A[0:N])
  for (int I = 0; I < bound(); I++)
    A[I] = 1;
  // CHECK: call void @__cot_site(i32 noundef 4, {{.*}}, i32 noundef 0, i32 noundef 0, i32 noundef 0, i64 noundef 0, i32 noundef 28,
#pragma omp target teams distribute parallel for collapse(2) map(tofrom : A[0:N])
  for (int I = 0; I < N; I++)
    for (int J = 0; J < I; J++)
      A[I] += J;
  // CHECK: call void @__cot_site(i32 noundef 5, {{.*}}, i32 noundef 1, i32 noundef 0, i32 noundef 0, i64 noundef 0,
#pragma omp target map(tofrom : A[0:N])
  A[0] = 1;

  // Inside target data, which runs inline, the function's variables are
  // still there to count with; inside an outlined parallel region they are
  // not (0).
  // (Sites are numbered inside out: the target data construct is 7.)
  // CHECK: call void @__cot_site(i32 noundef 7, i32 noundef 1,
#pragma omp target data map(tofrom : A[0:N])
  {
    // CHECK: call void @__cot_site(i32 noundef 6, {{.*}}, i64 noundef %{{[0-9]+}}, i32 noundef 28,
#pragma omp target teams distribute parallel for
    for (int I = 0; I < N; I++)
      A[I] += 1;
  }
#pragma omp parallel
  {
    // CHECK: call void @__cot_site(i32 noundef 8, {{.*}}, i64 noundef 0, i32 noundef 28,
#pragma omp target teams distribute parallel for map(tofrom : A[0:N])
    for (int I = 0; I < N; I++)
      A[I] += 1;
  }
}

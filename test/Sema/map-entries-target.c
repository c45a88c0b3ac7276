// The Sema step's helper expressions for a target region: one TARGET_PARAM
// entry per capture in capture order (the outlined function's parameters),
// with the OpenMP 5.x implicit rules: scalars firstprivate (literal),
// arrays tofrom, pointers as zero-length sections.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -S -emit-llvm \
// RUN:   -Xclang -disable-llvm-passes %s -o - | FileCheck %s

void f(double *X, double *Y, int N, double A) {
  int Hist[16];
  double *Unmapped = Y;
#pragma omp target map(to : X[0:N]) map(tofrom : Y[2:N - 2])
  {
    for (int I = 2; I < N; ++I)
      Y[I] += A * X[I] + Hist[I % 16];
    Unmapped[0] = 0;
  }
}

// CHECK: @[[YS:.*]] = {{.*}}c"Y[2:N - 2]\00"
// CHECK-LABEL: define {{.*}}void @f(
// A target region without teams runs as one team (num_teams 1).
// Flags 8: no schedule clause, the implementation picks the schedule.
// CHECK: call void @__cot_site(i32 noundef 0, i32 noundef 0, i64 noundef -9223372036854775808, i32 noundef 1, i32 noundef 1, i32 noundef 0, i32 noundef 0, i64 noundef 0, i32 noundef 8, ptr noundef @{{.*}}, ptr noundef @{{.*}}, i32 noundef 11, i32 noundef 1)
// Captures: N (literal), Y (pointer, section), A (literal), X (section),
// Hist (array, implicit tofrom), Unmapped (zero-length section).
// TARGET_PARAM|LITERAL = 288, TARGET_PARAM|TO|FROM = 35, TARGET_PARAM|TO = 33,
// TARGET_PARAM|TO|FROM|IMPLICIT = 547, TARGET_PARAM|IMPLICIT = 544.
// CHECK: call void @__cot_map(i32 noundef 0, ptr noundef null, ptr noundef %{{.*}}, i64 noundef 4, i64 noundef 288, ptr noundef @[[N:.*]])
// CHECK: call void @__cot_map(i32 noundef 0, ptr noundef %{{.*}}, ptr noundef %{{.*}}, i64 noundef %{{.*}}, i64 noundef 35, ptr noundef @[[YS]])
// CHECK: call void @__cot_map(i32 noundef 0, ptr noundef null, ptr noundef %{{.*}}, i64 noundef 8, i64 noundef 288,
// CHECK: call void @__cot_map(i32 noundef 0, ptr noundef %{{.*}}, ptr noundef %{{.*}}, i64 noundef %{{.*}}, i64 noundef 33,
// CHECK: call void @__cot_map(i32 noundef 0, ptr noundef %{{.*}}, ptr noundef %{{.*}}, i64 noundef 64, i64 noundef 547,
// CHECK: call void @__cot_map(i32 noundef 0, ptr noundef %{{.*}}, ptr noundef null, i64 noundef 0, i64 noundef 544,
// CHECK: call void @__omp_offloading_{{.*}}_f_l11(
// CHECK: call void @__cot_site_end(i32 noundef 0)

// The sites of a function share one map list (and one set of launch
// parameters), sized for the largest; a target data region keeps its own,
// which must last until the region ends, also around a target region
// inside it. So a function's frame and IR do not grow with its number of
// target regions.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -S -emit-llvm %s -o %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: grep -c 'alloca { i32, i32, ptr, ptr, ptr, ptr, ptr }' %t.ll | FileCheck %s --check-prefix=LISTS
// RUN: grep -c 'alloca { i32, i32, i32, i32, i64, i32 }' %t.ll | FileCheck %s --check-prefix=PARAMS
// LISTS: {{^2$}}
// PARAMS: {{^1$}}

void f(double *A, double *B, int N) {
#pragma omp target map(tofrom : A[0:N])
  A[0] += 1;
#pragma omp target enter data map(to : B[0:N])
#pragma omp target data map(tofrom : A[0:N])
  {
#pragma omp target map(to : B[0:N]) map(tofrom : A[0:N])
    A[1] += B[1];
  }
#pragma omp target exit data map(from : B[0:N])
}

// CHECK-LABEL: define {{.*}}void @f(
// CHECK: call i32 @__cot_target_launch(i64 {{.*}}, ptr @{{.*}}_f_l{{[0-9]+}}, ptr %[[SHARED:[0-9a-z.]+]], ptr %[[LAUNCH_PARAMS:[0-9a-z.]+]],
// CHECK: call void @__cot_target_data_begin(i64 {{.*}}, ptr %[[SHARED]],
// CHECK: call void @__cot_target_data_begin(i64 {{.*}}, ptr %[[DATA:[0-9a-z.]+]],
// CHECK: call i32 @__cot_target_launch(i64 {{.*}}, ptr @{{.*}}_f_l{{[0-9]+}}, ptr %[[SHARED]], ptr %[[LAUNCH_PARAMS]],
// CHECK: call void @__cot_target_data_end(i64 {{.*}}, ptr %[[DATA]],
// CHECK: call void @__cot_target_data_end(i64 {{.*}}, ptr %[[SHARED]],

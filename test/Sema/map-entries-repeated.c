// An item that several map clauses name gets one entry with the map types
// combined: alloc + to = to, to + from = tofrom, release + from = from.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -S -emit-llvm \
// RUN:   -Xclang -disable-llvm-passes %s -o - | FileCheck %s

void f(void) {
  int X = 0, A[8];
#pragma omp target map(alloc : X, A) map(to : X) map(to : A)
  X += A[0];
#pragma omp target enter data map(to : A) map(alloc : A)
#pragma omp target exit data map(release : A) map(from : A)
#pragma omp target data map(to : X) map(always, from : X)
  { }
}

// CHECK-LABEL: define {{.*}}void @f(
// target: TARGET_PARAM|TO = 33 once for X and once for A.
// CHECK: call void @__cot_site(i32 noundef 0, i32 noundef 0,
// CHECK-NEXT: call void @__cot_map(i32 noundef 0, {{.*}}, i64 noundef 33,
// CHECK-NEXT: call void @__cot_map(i32 noundef 0, {{.*}}, i64 noundef 33,
// CHECK-NEXT: call void @__omp_offloading_
// enter data: TO = 1; exit data: FROM = 2.
// CHECK: call void @__cot_site(i32 noundef 1, i32 noundef 2,
// CHECK-NEXT: call void @__cot_map(i32 noundef 1, {{.*}}, i64 noundef 1,
// CHECK-NEXT: call void @__cot_site_end(i32 noundef 1)
// CHECK: call void @__cot_site(i32 noundef 2, i32 noundef 3,
// CHECK-NEXT: call void @__cot_map(i32 noundef 2, {{.*}}, i64 noundef 2,
// CHECK-NEXT: call void @__cot_site_end(i32 noundef 2)
// target data: ALWAYS|TO|FROM = 7.
// CHECK: call void @__cot_site(i32 noundef 3, i32 noundef 1,
// CHECK-NEXT: call void @__cot_map(i32 noundef 3, {{.*}}, i64 noundef 7,
// CHECK-NEXT: call void @__cot_site_end(i32 noundef 3)

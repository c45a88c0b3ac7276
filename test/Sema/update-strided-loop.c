// A strided section of a target update with a length known at run time:
// the other items keep the construct's site; the section's elements get an
// update site of their own in a loop over the length, one element (its
// byte range, TO = 1) per iteration.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -S -emit-llvm \
// RUN:   -Xclang -disable-llvm-passes %s -o - | FileCheck %s

void f(double *P, int N, int X) {
#pragma omp target update to(P[1 : N : 3], X)
}

// CHECK-LABEL: define {{.*}}void @f(
// CHECK: call void @__cot_site(i32 noundef 0, i32 noundef 4,
// CHECK-NEXT: call void @__cot_map(i32 noundef 0, {{.*}}, i64 noundef 4, i64 noundef 1,
// CHECK-NEXT: call void @__cot_site_end(i32 noundef 0)
// CHECK: store i64 %{{.*}}, ptr %[[COUNT:[0-9]+]]
// CHECK: br label %[[COND:[0-9]+]]
// CHECK: [[COND]]:
// CHECK: %[[N:[0-9]+]] = load i64, ptr %[[COUNT]]
// CHECK: icmp slt i64 %{{[0-9]+}}, %[[N]]
// CHECK: call void @__cot_site(i32 noundef 1, i32 noundef 4,
// CHECK: call void @__cot_map(i32 noundef 1, ptr noundef %{{.*}}, ptr noundef %{{.*}}, i64 noundef %{{.*}}, i64 noundef 1,
// CHECK-NEXT: call void @__cot_site_end(i32 noundef 1)
// CHECK: br label %[[COND]]

// A pointer mapped next to its pointee in a target construct: Clang passes
// the pointer by copy, so the kernel argument is the pointee (base: the
// pointer's value), then the pointer's own mapping, then a PTR_AND_OBJ
// entry without data motion that attaches the device copy of the pointer
// to the pointee.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -S -emit-llvm \
// RUN:   -Xclang -disable-llvm-passes %s -o - | FileCheck %s

void f(int *P, int N) {
#pragma omp target map(to : P) map(tofrom : P[0:N])
  P[0] = 1;
}

// CHECK: @[[SEC:.*]] = {{.*}}c"P[0:N]\00"
// CHECK: @[[PTR:.*]] = {{.*}}c"P\00"
// CHECK-LABEL: define {{.*}}void @f(
// CHECK: %[[PADDR:.*]] = alloca ptr
// CHECK: %[[PVAL:.*]] = load ptr, ptr %[[PADDR]]
// TARGET_PARAM|TO|FROM = 35, TO = 1, PTR_AND_OBJ = 16.
// CHECK: call void @__cot_map(i32 noundef 0, ptr noundef %[[PVAL]], ptr noundef %{{.*}}, i64 noundef %{{.*}}, i64 noundef 35, ptr noundef @[[SEC]])
// CHECK-NEXT: call void @__cot_map(i32 noundef 0, ptr noundef %[[PADDR]], ptr noundef %[[PADDR]], i64 noundef 8, i64 noundef 1, ptr noundef @[[PTR]])
// CHECK: call void @__cot_map(i32 noundef 0, ptr noundef %[[PADDR]], ptr noundef %{{.*}}, i64 noundef %{{.*}}, i64 noundef 16, ptr noundef @[[SEC]])
// CHECK-NOT: call void @__cot_map(
// CHECK: call void @__omp_offloading_{{.*}}_f_l10(

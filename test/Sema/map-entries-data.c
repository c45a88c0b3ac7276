// Helper expressions of data constructs: clause order, map-type bits, the
// present/always/close modifiers, and struct members grouped under a parent
// entry that spans them (MEMBER_OF = parent index + 1 in the top 16 bits).
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -S -emit-llvm \
// RUN:   -Xclang -disable-llvm-passes %s -o - | FileCheck %s

struct S {
  int A;
  double *P;
  int B;
};

void g(struct S *Ptr, struct S Obj, int *Q, int N) {
#pragma omp target enter data map(to : Q[0:N]) map(always, to : Obj.B, Obj.A)
#pragma omp target exit data map(present, from : Q[0:N]) map(delete : Obj.B)
#pragma omp target update to(Q[1:2]) from(present : Obj.A)
#pragma omp target data map(close, tofrom : Obj.P[0:N])
  { }
}

// CHECK-LABEL: define {{.*}}void @g(
// enter data (kind 2): Q[0:N] to=1; parent of Obj.A..Obj.B (alloc) and the
// members always|to = 5 with MEMBER_OF(2) = 2 << 48.
// CHECK: call void @__cot_site(i32 noundef 0, i32 noundef 2,
// CHECK: call void @__cot_map(i32 noundef 0, {{.*}}, i64 noundef 1, ptr noundef @{{.*}})
// CHECK: call void @__cot_map(i32 noundef 0, {{.*}}, i64 noundef 0, ptr noundef @{{.*}})
// CHECK: call void @__cot_map(i32 noundef 0, {{.*}}, i64 noundef 562949953421317, ptr
// CHECK: call void @__cot_map(i32 noundef 0, {{.*}}, i64 noundef 562949953421317, ptr
// exit data (kind 3): present|from = 0x1002; delete = 8.
// CHECK: call void @__cot_site(i32 noundef 1, i32 noundef 3,
// CHECK: call void @__cot_map(i32 noundef 1, {{.*}}, i64 noundef 4098, ptr
// CHECK: call void @__cot_map(i32 noundef 1, {{.*}}, i64 noundef 8, ptr
// update (kind 4): to = 1, present|from = 0x1002.
// CHECK: call void @__cot_site(i32 noundef 2, i32 noundef 4,
// CHECK: call void @__cot_map(i32 noundef 2, {{.*}}, i64 noundef 1, ptr
// CHECK: call void @__cot_map(i32 noundef 2, {{.*}}, i64 noundef 4098, ptr
// target data (kind 1): member pointer section: parent, then
// close|tofrom|PTR_AND_OBJ = 0x413 with MEMBER_OF(1).
// CHECK: call void @__cot_site(i32 noundef 3, i32 noundef 1,
// CHECK: call void @__cot_map(i32 noundef 3, {{.*}}, i64 noundef 0, ptr
// CHECK: call void @__cot_map(i32 noundef 3, {{.*}}, i64 noundef 281474976711699, ptr
// CHECK: call void @__cot_site_end(i32 noundef 3)

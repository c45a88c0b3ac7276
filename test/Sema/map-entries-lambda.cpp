// A lambda closure that a target region captures is a private copy (Clang
// makes it firstprivate: TARGET_PARAM|PRIVATE|TO = 161), followed, after
// every other entry of the region, by a PTR_AND_OBJ entry per field that
// refers to data, MEMBER_OF the closure's entry (third: 3 << 48): a
// reference maps what it refers to (PTR_AND_OBJ|TO|FROM|IMPLICIT = 531, its
// size), a copied pointer is a zero-length section (PTR_AND_OBJ|IMPLICIT =
// 528). A value capture (K) adds nothing. Clang captures the variables the
// lambda refers to in the region as well (Sum tofrom, N firstprivate).
// RUN: %clangxx -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -S -emit-llvm \
// RUN:   -Xclang -disable-llvm-passes %s -o - | FileCheck %s

void f(double *P, int N) {
  double Sum[3] = {0, 0, 0};
  auto Body = [&Sum, P, &N, K = 2](int I) { Sum[I % 3] += K * P[I] + N; };
  int Unused = 0;
#pragma omp target map(tofrom : Unused)
  for (int I = 0; I < 8; ++I)
    Body(I);
}
void g(double *&Q) {
  auto ByRefPointer = [&Q](int I) { Q[I] = I; };
#pragma omp target
  ByRefPointer(0);
}
// CHECK-LABEL: define {{.*}}void @_Z1fPdi(
// CHECK: call void @__cot_map(i32 noundef 0, {{.*}}, i64 noundef 24, i64 noundef 547, ptr noundef @{{.*}})
// CHECK-NEXT: call void @__cot_map(i32 noundef 0, {{.*}}, i64 noundef 4, i64 noundef 161, ptr noundef @{{.*}})
// CHECK-NEXT: call void @__cot_map(i32 noundef 0, {{.*}}, i64 noundef 32, i64 noundef 161, ptr noundef @[[BODY:[^)]*]])
// CHECK-NEXT: call void @__cot_map(i32 noundef 0, {{.*}}, i64 noundef 4, i64 noundef 3, ptr noundef @{{.*}})
// CHECK: call void @__cot_map(i32 noundef 0, ptr noundef %{{.*}}, ptr noundef %{{.*}}, i64 noundef 24, i64 noundef 844424930132499, ptr noundef @[[SUM:[^)]*]])
// CHECK-NOT: call void @__cot_map(
// CHECK: call void @__cot_map(i32 noundef 0, ptr noundef %{{.*}}, ptr noundef %{{.*}}, i64 noundef 0, i64 noundef 844424930132496, ptr noundef @[[P:[^)]*]])
// CHECK-NOT: call void @__cot_map(
// CHECK: call void @__cot_map(i32 noundef 0, ptr noundef %{{.*}}, ptr noundef %{{.*}}, i64 noundef 4, i64 noundef 844424930132499, ptr noundef @[[N:[^)]*]])
// CHECK-NOT: call void @__cot_map(
// CHECK: call void @__cot_site_end(
//
// A reference to a pointer variable maps the variable and attaches it to
// its pointee (528, not a member).
// CHECK-LABEL: define {{.*}}void @_Z1gRPd(
// CHECK: i64 noundef 8, i64 noundef 562949953421843, ptr noundef @[[Q:[^)]*]])
// CHECK-NOT: call void @__cot_map(
// CHECK: call void @__cot_map(i32 noundef 1, ptr noundef %{{.*}}, ptr noundef %{{.*}}, i64 noundef 0, i64 noundef 528, ptr noundef @[[Q]])
// CHECK-NOT: call void @__cot_map(
// CHECK: call void @__cot_site_end(

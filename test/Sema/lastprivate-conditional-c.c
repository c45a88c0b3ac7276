// lastprivate(conditional:) in C: each plain assignment to the variable in
// the loop (a nested parallel region's too) becomes `(x = e, x -= 0)`, so
// that Clang CodeGen records it with its iteration: the update of the
// pl_cond global under its lock in the loop, the region's "fired" flag in
// the nested region. Host code without a target region gets it as well.
// (Without the rewrite neither is emitted in C.)
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -S -emit-llvm %s -o - | FileCheck %s

int last_hit(const int *A, int N) {
  int Last = -1;
#pragma omp parallel for lastprivate(conditional : Last)
  for (int I = 0; I < N; ++I)
    if (A[I])
      Last = I;
  return Last;
}
// CHECK-LABEL: define internal void @last_hit.omp_outlined(
// CHECK: call void @__kmpc_critical({{.*}}@.gomp_critical_user_pl_cond.Last_{{[0-9]+}}.var)
// CHECK: store i32 {{.*}}, ptr @pl_cond.Last_{{[0-9]+}}
// CHECK: call void @__kmpc_end_critical(

double nested(const double *A, int N) {
  double V = 0.0;
#pragma omp parallel for lastprivate(conditional : V)
  for (int I = 0; I < N; ++I) {
#pragma omp parallel if (0)
    if (A[I] > 0)
      V = A[I];
  }
  return V;
}
// CHECK-LABEL: define internal void @nested.omp_outlined.omp_outlined(
// CHECK: getelementptr inbounds %struct.lasprivate.conditional{{(\.[0-9]+)?}}, ptr {{.*}}, i32 0, i32 1
// CHECK-NEXT: store atomic volatile i8 1,


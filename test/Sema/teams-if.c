// OpenMP 5.2's if clause on teams: when its condition is false the league
// has one team. The site's NumTeams operand (after IfCond) becomes
// `cond ? num_teams : 1` for `if(teams: c)` on a combined construct, for an
// if without a modifier on one (which also applies to the target part:
// IfCond), and for the if clause of a teams construct nested in the target
// region, evaluated before the construct; with no num_teams the true arm is
// 0 (the runtime's choice). Clang 19 accepts the clause and ignores it
// (Debian's clang-19 runs num_teams teams), so GPU launches had them all;
// the host device's teams still come from the kernel's own
// __kmpc_push_num_teams (docs/known-issues).
// RUN: %clang -fopenmp -fopenmp-version=52 -fopenmp-targets=x86_64-pc-linux-gnu -S -emit-llvm \
// RUN:   -Xclang -disable-llvm-passes %s -o - | FileCheck %s

void teams(int *A, int C) {
  // CHECK-LABEL: define {{.*}}void @teams(
  // CHECK: %[[C0:[0-9]+]] = icmp ne i32 %{{.*}}, 0
  // CHECK: %[[S0:[0-9]+]] = select i1 %[[C0]], i32 8, i32 1
  // CHECK: call void @__cot_site(i32 noundef 0, i32 noundef 0, i64 noundef {{.*}}, i32 noundef 1, i32 noundef %[[S0]],
#pragma omp target teams num_teams(8) if(teams : C) map(tofrom : A[0:8])
  A[0] = 1;
  // CHECK: %[[S1:[0-9]+]] = select i1 %{{[0-9]+}}, i32 0, i32 1
  // CHECK: call void @__cot_site(i32 noundef 1, i32 noundef 0, i64 noundef {{.*}}, i32 noundef %{{[0-9]+}}, i32 noundef %[[S1]],
#pragma omp target teams distribute if(C) map(tofrom : A[0:8])
  for (int I = 0; I < 8; ++I)
    A[I] = 2;
  // CHECK: %[[S2:[0-9]+]] = select i1 %{{[0-9]+}}, i64 4, i64 1
  // CHECK: %[[T2:[0-9]+]] = trunc i64 %[[S2]] to i32
  // CHECK: call void @__cot_site(i32 noundef 2, i32 noundef 0, i64 noundef {{.*}}, i32 noundef 1, i32 noundef %[[T2]],
#pragma omp target map(tofrom : A[0:8])
#pragma omp teams num_teams(4) if(C)
  A[0] = 3;
  // A target-only if leaves NumTeams alone.
  // CHECK: call void @__cot_site(i32 noundef 3, i32 noundef 0, i64 noundef {{.*}}, i32 noundef %{{[0-9]+}}, i32 noundef 2,
#pragma omp target teams num_teams(2) if(target : C) map(tofrom : A[0:8])
  A[0] = 4;
}

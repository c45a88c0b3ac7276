// A nowait region with in_reduction adds to the reduction variable through
// a mapping that the other participating regions share, so its launch is
// not marked COT_LAUNCH_NOWAIT: the runtime finishes it before its task's
// entry returns (a nowait region otherwise outlives the entry, and a later
// region could map the variable before the copy back has landed). Other
// nowait regions keep the flag, and without depend clauses also get
// COT_LAUNCH_NO_DEPEND (1 | 8). The region with in_reduction is an ordinary
// task of the team (libomp runs target tasks on hidden helper threads, beside
// the team's tasks, which add to Sum itself in a team of one thread), the
// other a target task; it gets COT_LAUNCH_IN_REDUCTION (16): such regions
// run one at a time.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -S -emit-llvm -O0 %s -o - | FileCheck %s

void f(int *A) {
  int Sum = 0;
#pragma omp taskgroup task_reduction(+ : Sum)
  {
#pragma omp target in_reduction(+ : Sum) nowait
    Sum += 1;
#pragma omp target map(tofrom : A[0:1]) nowait
    A[0] = 1;
  }
}

// CHECK-LABEL: define {{.*}}void @f(
// CHECK: %[[PARAMS:.*]] = alloca { i32, i32, i32, i32, i64, i32 }
// CHECK: %[[FLAGS:.*]] = getelementptr inbounds { i32, i32, i32, i32, i64, i32 }, ptr %[[PARAMS]], i32 0, i32 3
// CHECK: %[[TASK:.*]] = call ptr @__kmpc_omp_task_alloc(
// CHECK: store i32 16, ptr %[[FLAGS]]
// CHECK-NEXT: store i64 0,
// CHECK-NEXT: store i32 0,
// CHECK-NEXT: call void @__cot_target_defer(ptr %[[TASK]], {{.*}}@__omp_offloading_{{[a-z0-9_]+}}_f_l18,
// CHECK: call ptr @__kmpc_omp_target_task_alloc(
// CHECK: store i32 9, ptr %[[FLAGS]]
// CHECK-NEXT: store i64 0,
// CHECK-NEXT: store i32 0,
// CHECK-NEXT: call void @__cot_target_defer({{.*}}@__omp_offloading_{{[a-z0-9_]+}}_f_l20,

// A deferred target region: the lowering waits for the dependences, launches,
// and retires Clang's task (now an ordinary task) unless the launch asks for
// the host fallback, which runs the task as Clang built it.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -S -emit-llvm -O0 %s -o - | FileCheck %s

void h(int *A, int N) {
#pragma omp target map(tofrom : A[0:N]) nowait depend(inout : A[0])
  for (int I = 0; I < N; ++I)
    A[I] += 1;
}

// CHECK-LABEL: define {{.*}}void @h(
// CHECK: %[[TASK:.*]] = call ptr @__kmpc_omp_task_alloc(
// CHECK-NOT: __kmpc_omp_target_task_alloc
// CHECK: call void @__kmpc_omp_wait_deps(
// CHECK: %[[RC:.*]] = call i32 @__cot_target_launch(
// CHECK: %[[FAILED:.*]] = icmp ne i32 %[[RC]], 0
// CHECK: br i1 %[[FAILED]], label %[[FALLBACK:.*]], label %[[DONE:.*]]
// CHECK: [[FALLBACK]]:
// CHECK-NEXT: call i32 @__kmpc_omp_task_with_deps(ptr @{{.*}}, i32 %{{.*}}, ptr %[[TASK]],
// CHECK: [[DONE]]:
// CHECK-NEXT: call void @__kmpc_omp_task_begin_if0(ptr @{{.*}}, i32 %{{.*}}, ptr %[[TASK]])
// CHECK-NEXT: call void @__kmpc_omp_task_complete_if0(ptr @{{.*}}, i32 %{{.*}}, ptr %[[TASK]])

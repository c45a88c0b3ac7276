// A deferred target region stays the task Clang made: the encountering
// thread records the launch for the task (__cot_target_defer), and the
// task's entry, wrapped, makes it when libomp runs the task. Only when the
// launch asks for the host fallback does Clang's entry run.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -S -emit-llvm -O0 %s -o - | FileCheck %s

void h(int *A, int N) {
#pragma omp target map(tofrom : A[0:N]) nowait depend(inout : A[0])
  for (int I = 0; I < N; ++I)
    A[I] += 1;
}

// With depend, the launch is COT_LAUNCH_NOWAIT alone: the runtime makes
// it when libomp runs the task, after its dependences.
// CHECK-LABEL: define {{.*}}void @h(
// CHECK: %[[HFLAGS:.*]] = getelementptr inbounds { i32, i32, i32, i32, i64, i32 }, ptr %{{.*}}, i32 0, i32 3
// CHECK: %[[TASK:.*]] = call ptr @__kmpc_omp_target_task_alloc({{.*}}, ptr @[[WRAP:.omp_task_entry..cot_deferred]], i64 -1)
// CHECK-NOT: __cot_target_launch
// CHECK: store i32 1, ptr %[[HFLAGS]]
// CHECK: call void @__cot_target_defer(ptr %[[TASK]], i64 -9223372036854775808, ptr @[[KERNEL:__omp_offloading_[a-z0-9_]+_h_l8]], ptr %{{.*}}, ptr %{{.*}}, ptr @.cot.loc{{.*}})
// CHECK-NEXT: call i32 @__kmpc_omp_task_with_deps(ptr @{{.*}}, i32 %{{.*}}, ptr %[[TASK]],
// CHECK-NEXT: ret void

// Without depend it is also COT_LAUNCH_NO_DEPEND: the runtime queues its
// work where the construct is met.
void k(int *A, int N) {
#pragma omp target map(tofrom : A[0:N]) nowait
  for (int I = 0; I < N; ++I)
    A[I] -= 1;
}

// CHECK-LABEL: define {{.*}}void @k(
// CHECK: %[[KFLAGS:.*]] = getelementptr inbounds { i32, i32, i32, i32, i64, i32 }, ptr %{{.*}}, i32 0, i32 3
// CHECK: store i32 9, ptr %[[KFLAGS]]
// CHECK: call void @__cot_target_defer(
// CHECK-NEXT: call i32 @__kmpc_omp_task(

// target with depend but no nowait: Clang waits for the dependences and
// calls the task's entry itself; it calls the wrapper instead.
void g(int *A, int N) {
#pragma omp target map(tofrom : A[0:N]) depend(inout : A[0])
  for (int I = 0; I < N; ++I)
    A[I] *= 2;
}

// CHECK-LABEL: define {{.*}}void @g(
// CHECK: %[[GTASK:.*]] = call ptr @__kmpc_omp_task_alloc({{.*}}, ptr @[[GWRAP:.omp_task_entry..[0-9]*.cot_deferred]])
// CHECK: call void @__kmpc_omp_taskwait_deps_51(
// CHECK: call void @__cot_target_defer(ptr %[[GTASK]], i64 -9223372036854775808, ptr @__omp_offloading_{{[a-z0-9_]+}}_g_l{{[0-9]+}},
// CHECK-NEXT: call i32 @[[GWRAP]](i32 %{{.*}}, ptr %[[GTASK]])

// CHECK: define internal i32 @[[WRAP]](i32 %[[GTID:.*]], ptr %[[T:.*]])
// CHECK-NEXT: %[[RC:.*]] = call i32 @__cot_target_run_deferred(ptr %[[T]])
// CHECK-NEXT: %[[FAILED:.*]] = icmp ne i32 %[[RC]], 0
// CHECK-NEXT: br i1 %[[FAILED]], label %[[FALLBACK:.*]], label %[[DONE:.*]]
// CHECK: [[FALLBACK]]:
// CHECK-NEXT: %[[R:.*]] = call i32 @.omp_task_entry.(i32 %[[GTID]], ptr %[[T]])
// CHECK-NEXT: ret i32 %[[R]]
// CHECK: [[DONE]]:
// CHECK-NEXT: ret i32 0

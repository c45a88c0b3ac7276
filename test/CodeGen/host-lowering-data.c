// Data constructs become data begin/end/update calls; if(false) empties the
// map list; use_device_ptr reads the device address the begin call wrote.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -S -emit-llvm -O0 %s -o - | FileCheck %s
void use(double *);

void g(double *P, int N, int Cond) {
#pragma omp target data map(tofrom : P[0:N]) use_device_ptr(P)
  use(P);
#pragma omp target enter data map(to : P[0:N]) if (Cond)
#pragma omp target update from(P[0:N])
#pragma omp target exit data map(release : P[0:N])
}

// CHECK-LABEL: define {{.*}}void @g(
// CHECK: call void @__cot_target_data_begin(i64 -9223372036854775808, ptr %[[L0:[^,]*]], ptr @[[LOC:.cot.loc[.0-9]*]])
// CHECK: %[[DEV:.*]] = load ptr, ptr %{{.*}}
// CHECK: store ptr %[[DEV]], ptr %[[VAR:.*]],
// CHECK: %[[ARG:.*]] = load ptr, ptr %[[VAR]]
// CHECK: call void @use(ptr noundef %[[ARG]])
// CHECK: call void @__cot_target_data_end(i64 -9223372036854775808, ptr %[[L0]], ptr @[[LOC]])
// CHECK: %[[C:.*]] = icmp ne i32 %{{.*}}, 0
// CHECK: select i1 %[[C]], i32 1, i32 0
// CHECK: call void @__cot_target_data_begin(i64 -9223372036854775808,
// CHECK: call void @__cot_target_update(i64 -9223372036854775808,
// CHECK: call void @__cot_target_data_end(i64 -9223372036854775808,

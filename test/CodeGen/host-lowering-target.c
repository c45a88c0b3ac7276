// Host lowering of a target region: the outlined call becomes a launch with
// the outlined function as key and host fallback, the map list is built in
// the frame, the kernel gets an offload entry, no marker call survives, and
// the device module with the kernel is the text bundle's device entry.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -S -emit-llvm -O0 %s -o - | FileCheck %s

int f(int *A, int N) {
  int Sum = 0;
#pragma omp target map(to : A[0:N]) map(tofrom : Sum)
  for (int I = 0; I < N; ++I)
    Sum += A[I];
  return Sum;
}

// CHECK: ; __CLANG_OFFLOAD_BUNDLE____START__ host-x86_64-pc-linux-gnu
// CHECK-NOT: __CLANG_OFFLOAD_BUNDLE__
// CHECK: @.cot.maptypes = private constant [3 x i64] [i64 288, i64 35, i64 33]
// CHECK: @.cot.loc = private constant { ptr, ptr, i32, i32 } { ptr @{{.*}}, ptr @{{.*}}, i32 9, i32 1 }
// CHECK: @.cot.entry.[[K:__omp_offloading_[0-9a-f]+_[0-9a-f]+_f_l9]] = internal constant { ptr, ptr, i64, i32, i32 } { ptr @[[K]], ptr @{{.*}}, i64 0, i32 0, i32 0 }, section "cot_offload_entries", align 8
// CHECK-LABEL: define {{.*}}i32 @f(
// CHECK: %[[RC:.*]] = call i32 @__cot_target_launch(i64 -9223372036854775808, ptr @[[K]], ptr %{{.*}}, ptr %{{.*}}, ptr @.cot.loc)
// CHECK: %[[FAILED:.*]] = icmp ne i32 %[[RC]], 0
// CHECK: br i1 %[[FAILED]], label %[[FALLBACK:.*]], label %{{.*}}
// CHECK: [[FALLBACK]]:
// CHECK-NEXT: call void @[[K]](
// CHECK-NOT: __cot_map
// CHECK-NOT: __cot_site
// CHECK: ; __CLANG_OFFLOAD_BUNDLE____END__ host-x86_64-pc-linux-gnu
// CHECK-NEXT: ; __CLANG_OFFLOAD_BUNDLE____START__ openmp-x86_64-pc-linux-gnu
// CHECK: define {{.*}}@[[K]](
// CHECK-NOT: __cot_site
// CHECK: ; __CLANG_OFFLOAD_BUNDLE____END__ openmp-x86_64-pc-linux-gnu

// Which loops the GPU lowering makes cyclic (openmp-device-cyclic-schedules)
// when the constructs are nested in a target region rather than combined
// with it: a loop construct without a schedule clause gets chunk 1 across
// threads (kind 33); a schedule clause anywhere in the region keeps every
// loop's schedule (kind 34 for schedule(static)); the distribute loop of a
// composite `distribute parallel for` gets chunks of a block's worth of
// iterations (kind 91; as the whole region of `target teams` it is the
// combined construct, one league loop: kind 220), a standalone distribute,
// whose body is team code, stays blocked (kind 92) so that every team has
// a share.
// RUN: %clang -O1 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 %s -shared -o %t.so -save-temps=obj
// RUN: llvm-dis %t.so-device-nvptx-lowered.bc -o - | FileCheck %s
//
// CHECK-LABEL: define internal void @{{.*}}nested_default_l{{[0-9]+}}.omp_outlined(
// CHECK: call void @__cot_gpu_block_for_static_init_4(ptr @{{[0-9]+}}, i32 %{{[0-9]+}}, i32 33,
// CHECK-LABEL: define internal void @{{.*}}nested_static_l{{[0-9]+}}.omp_outlined(
// CHECK: call void @__cot_gpu_block_for_static_init_4(ptr @{{[0-9]+}}, i32 %{{[0-9]+}}, i32 34,
// CHECK-LABEL: define internal void @{{.*}}composite_l{{[0-9]+}}.omp_outlined(
// CHECK: call void @__kmpc_for_static_init_4(ptr @{{[0-9]+}}, i32 %{{[0-9]+}}, i32 91,
// CHECK-LABEL: define internal void @{{.*}}whole_region_l{{[0-9]+}}.omp_outlined(
// CHECK: call void @__kmpc_for_static_init_4(ptr @{{[0-9]+}}, i32 %{{[0-9]+}}, i32 220,
// CHECK-LABEL: define internal void @{{.*}}standalone_l{{[0-9]+}}.omp_outlined(
// CHECK: call void @__kmpc_for_static_init_4(ptr @{{[0-9]+}}, i32 %{{[0-9]+}}, i32 92,
// CHECK-NOT: chunk.header
// CHECK: define internal void @{{.*}}standalone_l{{[0-9]+}}.omp_outlined.omp_outlined(

void nested_default(int *Owner) {
#pragma omp target parallel num_threads(4) map(from : Owner[0:16])
#pragma omp for
  for (int I = 0; I < 16; I++)
    Owner[I] = I;
}

void nested_static(int *Owner) {
#pragma omp target parallel num_threads(4) map(from : Owner[0:16])
#pragma omp for schedule(static)
  for (int I = 0; I < 16; I++)
    Owner[I] = I;
}

void composite(int *A, int N) {
#pragma omp target teams map(tofrom : A[0:N])
  {
    A[0] = 0;
#pragma omp distribute parallel for
    for (int I = 0; I < N; I++)
      A[I] += 1;
  }
}

void whole_region(int *A, int N) {
#pragma omp target teams map(tofrom : A[0:N])
#pragma omp distribute parallel for
  for (int I = 0; I < N; I++)
    A[I] += 1;
}

void standalone(int *A, int N) {
#pragma omp target teams map(tofrom : A[0:N])
#pragma omp distribute
  for (int C = 0; C < N / 64; C++) {
#pragma omp parallel for
    for (int I = C * 64; I < C * 64 + 64; I++)
      A[I] += 1;
  }
}

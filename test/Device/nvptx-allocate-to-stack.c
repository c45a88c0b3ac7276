// The storage of allocate clauses: small constant-size private copies of
// predefined allocators become stack slots of their thread before kernel
// formation (no device malloc, no heap to exhaust); a copy too large for
// the stack budget, one of a run-time size and one of a user-defined
// allocator keep their __kmpc_alloc/__kmpc_free pair.
// RUN: %clang -O2 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 -c %s -o %t.o
// RUN: %clang -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 %t.o -shared -o %t.so -save-temps
// RUN: llvm-dis %t.so-device-nvptx-lowered.bc -o - | FileCheck %s
#include <omp.h>

#pragma omp requires dynamic_allocators

void small(int *Out, int N) {
  int Local[256] = {0};
#pragma omp target teams distribute parallel for map(from : Out[0:N])       \
    firstprivate(Local) allocate(omp_low_lat_mem_alloc : Local)
  for (int I = 0; I < N; ++I) {
    Local[I % 256] += I;
    Out[I] = Local[(I * 3) % 256];
  }
}

void large(int *Out, int N) {
  int Local[8192] = {0};
#pragma omp target teams distribute parallel for map(from : Out[0:N])       \
    firstprivate(Local) allocate(omp_default_mem_alloc : Local)
  for (int I = 0; I < N; ++I)
    Out[I] = Local[I % 8192]++;
}

void user(int *Out, int N) {
  int X = 0;
#pragma omp target map(from : Out[0:N])
  {
    omp_alloctrait_t Traits[1] = {{omp_atk_alignment, 128}};
    omp_allocator_handle_t A = omp_init_allocator(omp_default_mem_space, 1, Traits);
#pragma omp parallel for private(X) allocate(A : X)
    for (int I = 0; I < N; ++I) {
      X = I;
      Out[I] = X;
    }
    omp_destroy_allocator(A);
  }
}

// CHECK-LABEL: define {{.*}}@__omp_offloading_{{.*}}_small_l{{[0-9]+}}.omp_outlined(
// CHECK: alloca [1024 x i8], align 16
// CHECK-NOT: __kmpc_alloc
// CHECK: ret void
// CHECK-LABEL: define {{.*}}@__omp_offloading_{{.*}}_large_l{{[0-9]+}}.omp_outlined(
// CHECK: call ptr @__kmpc_alloc({{.*}}, i64 32768,
// CHECK: call void @__kmpc_free(
// CHECK-LABEL: define {{.*}}@__omp_offloading_{{.*}}_user_l{{[0-9]+}}.omp_outlined(
// CHECK: call ptr @__kmpc_alloc({{.*}}, i64 4,
// CHECK: call void @__kmpc_free(

// NVPTX kernel formation. A combined construct is an SPMD kernel: the
// microtasks are called directly, no control loop. A target region with
// sequential code that calls a function starting a parallel region is a
// generic kernel (nvptx-guarded-kernels.c has those the compiler guards):
// the main thread runs it, parallel regions go through __cot_gpu_parallel
// and the kernel's dispatch switch, which calls every region directly (no
// indirect call). The locals the regions share move to team-shared storage:
// a static shared-memory variable for the construct's own code, which runs
// once per team, the runtime's team-shared stack for the called function. Built without a CUDA toolkit
// (--cuda-path to an empty directory: PTX only), as on a machine that has
// none; nvptx-cubins.test assembles the PTX where ptxas is installed.
// RUN: rm -rf %t.nocuda && mkdir -p %t.nocuda
// RUN: %clang -O2 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 --cuda-path=%t.nocuda -c %s -o %t.o
// RUN: %clang -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 --cuda-path=%t.nocuda %t.o -shared -o %t.so -save-temps
// RUN: llvm-dis %t.so-device-nvptx-lowered.bc -o - | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < %t.so-device-nvptx-ptx.ptx

void spmd(double *A, int N) {
#pragma omp target teams distribute parallel for map(tofrom : A[0:N])
  for (int I = 0; I < N; ++I)
    A[I] *= 2;
}

#pragma omp declare target
void bump(double *Sum) {
#pragma omp parallel
  {
#pragma omp atomic
    *Sum += 1;
  }
}
#pragma omp end declare target

double generic(double *A, int N) {
  double Sum = 0;
#pragma omp target teams map(to : A[0:N]) map(tofrom : Sum) num_teams(1)
  {
    double Local = 0;
#pragma omp parallel for reduction(+ : Local)
    for (int I = 0; I < N; ++I)
      Local += A[I];
    Sum = Local;
    bump(&Sum);
  }
  return Sum;
}

// CHECK: @[[LOCAL:__omp_offloading_.*_generic_l[0-9]+.omp_outlined.local.team[0-9]*]] = internal addrspace(3) global double poison

// The called function's shared local lives on the team-shared stack.
// CHECK-LABEL: define {{.*}}void @bump(
// CHECK: call ptr @__cot_gpu_alloc_shared(i64 8)
// CHECK: call void @__cot_gpu_parallel(ptr @{{.*}}.wrapper,
// CHECK: call void @__cot_gpu_free_shared(

// The construct's own shared local is a shared-memory variable.
// CHECK-LABEL: define internal void @__omp_offloading_{{.*}}_generic_l{{[0-9]+}}.omp_outlined(
// CHECK-NOT: __cot_gpu_alloc_shared
// CHECK: store double 0.000000e+00, ptr addrspacecast (ptr addrspace(3) @[[LOCAL]] to ptr)
// CHECK: call void @__cot_gpu_parallel(ptr @{{.*}}.wrapper,

// CHECK-LABEL: define void @__omp_offloading_{{.*}}_generic_l{{[0-9]+}}(
// CHECK: call i32 @__cot_gpu_generic_init(ptr @[[DISPATCH:.*dispatch]])
// CHECK: call void @__omp_offloading_{{.*}}_generic_l{{[0-9]+}}.impl(
// CHECK: call void @__cot_gpu_generic_deinit()

// CHECK: define internal void @[[DISPATCH]](ptr %0, ptr %1)
// CHECK: icmp eq ptr %0, @{{.*}}.wrapper
// CHECK: icmp eq ptr %0, @{{.*}}.wrapper
// CHECK-NOT: call void %0
// CHECK: unreachable

// CHECK-LABEL: define void @__omp_offloading_{{.*}}_spmd_l{{[0-9]+}}(
// CHECK: call void @__cot_gpu_spmd_init(i32 1)
// CHECK: call void @__omp_offloading_{{.*}}_spmd_l{{[0-9]+}}.impl(
// CHECK: call void @__cot_gpu_spmd_deinit()

// PTX-DAG: .visible .entry __omp_offloading_{{.*}}_spmd_l{{[0-9]+}}(
// PTX-DAG: .visible .entry __omp_offloading_{{.*}}_generic_l{{[0-9]+}}(

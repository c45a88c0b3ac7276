// Without -O the device code of a GPU build is not optimized, as with
// upstream Clang: functions keep -O0's optnone and call the device runtime
// instead of inlining it, and the device link runs LLVM's O0 pipeline and
// only the steps correctness needs: kernel formation (SPMD, guarded and
// generic) and
// PrivateAtomicsPass (PTX has no atomics on a thread's local memory). No
// device module carries the "openmp" module flag, which would run LLVM's
// OpenMPOpt (host-libomp optimizations, quadratic in the number of target
// regions). nvptx-cubins.test assembles the PTX where ptxas is installed.
// RUN: rm -rf %t.nocuda && mkdir -p %t.nocuda
// RUN: %clang -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 --cuda-path=%t.nocuda %s -shared -o %t.so -save-temps
// RUN: llvm-dis %t.so-device-nvptx.bc -o - | FileCheck %s --implicit-check-not='"openmp"'
// RUN: llvm-dis %t.so-device-nvptx.bc -o - | FileCheck %s --check-prefix=GUARDED

void spmd(double *A, int N) {
#pragma omp target teams distribute parallel for map(tofrom : A[0:N])
  for (int I = 0; I < N; ++I)
    A[I] *= 2;
}

#pragma omp declare target
void second(int *Out) {
#pragma omp parallel num_threads(2)
  Out[1] = 1;
}
#pragma omp end declare target

int generic(int *Out) {
#pragma omp target map(from : Out[0:2])
  {
    int Local = 0;
#pragma omp atomic
    Local += 2;
    Out[0] = Local;
    second(Out);
  }
  return Out[0];
}

int guarded(int *Out) {
#pragma omp target map(from : Out[0:2])
  {
    int Local = 0;
#pragma omp atomic
    Local += 2;
    Out[0] = Local;
#pragma omp parallel num_threads(2)
    Out[1] = 1;
  }
  return Out[0];
}

// The atomic on the region's own local is a plain update.
// CHECK-LABEL: define internal void @__omp_offloading_{{.*}}_generic_l{{[0-9]+}}.impl(
// CHECK-SAME: #[[IMPL:[0-9]+]]
// CHECK-NOT: atomicrmw
// CHECK: add i32 %{{.*}}, 2
// CHECK-NOT: atomicrmw
// CHECK: call void @second(
// CHECK: {{^}}}

// The same in the guarded kernel, whose threads each update their own copy;
// the parallel region starts in place.
// CHECK-LABEL: define internal void @__omp_offloading_{{.*}}_guarded_l{{[0-9]+}}.impl(
// CHECK-SAME: #[[IMPL]]
// CHECK-NOT: atomicrmw
// CHECK: add i32 %{{.*}}, 2
// CHECK-NOT: atomicrmw
// CHECK: call {{.*}}i32 @__cot_gpu_guarded_parallel_begin(
// CHECK: {{^}}}

// The generic kernel: the main thread runs the region.
// CHECK-LABEL: define void @__omp_offloading_{{.*}}_generic_l{{[0-9]+}}(
// CHECK: call {{.*}}i32 @__cot_gpu_generic_init(

// The guarded kernel: every thread runs it.
// GUARDED-LABEL: define void @__omp_offloading_{{.*}}_guarded_l{{[0-9]+}}(
// GUARDED: call void @__cot_gpu_spmd_init(i32 0)

// The SPMD kernel enters the runtime by a call and calls its outlined
// function, which stays unoptimized.
// CHECK-LABEL: define void @__omp_offloading_{{.*}}_spmd_l{{[0-9]+}}(
// CHECK: call void @__cot_gpu_spmd_init(
// CHECK: call void @__omp_offloading_{{.*}}_spmd_l{{[0-9]+}}.impl(

// CHECK: attributes #[[IMPL]] = { {{.*}}optnone
// CHECK: !"cot.opt-level", i32 0}

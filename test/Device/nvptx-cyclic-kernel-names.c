// Loops without a schedule clause become cyclic on the GPU; loops with one
// keep it, also in a kernel whose name extends that of a kernel without one
// (`scale_l11` and `scale_l115`: the outlined functions are tied to their
// kernel by `!cot.kernel` metadata, which a match of names used to get
// wrong), and with -g (Clang's artificial `_debug__` functions).
// RUN: rm -rf %t.nocuda && mkdir -p %t.nocuda
// RUN: %clang -O2 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 --cuda-path=%t.nocuda %s -shared -o %t.so -save-temps
// RUN: llvm-dis %t.so-device-nvptx-lowered.bc -o - | FileCheck %s
// RUN: %clang -O2 -g -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 --cuda-path=%t.nocuda %s -shared -o %t.g.so -save-temps
// RUN: llvm-dis %t.g.so-device-nvptx-lowered.bc -o - | FileCheck %s
void scale(double *A, int N) {
#pragma omp target teams distribute parallel for map(tofrom : A[0:N])
  for (int I = 0; I < N; ++I)
    A[I] *= 2;

// Lines to put the next construct on line 115 of the file.
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
#pragma omp target teams distribute parallel for map(tofrom : A[0:N]) dist_schedule(static) schedule(static)
  for (int I = 0; I < N; ++I)
    A[I] *= 3;
}

// The loops of the kernel at line 11: cyclic (91: distribute chunked by the
// block size, 33: chunk 1 per thread; the thread's loop, in a parallel
// region only the kernel's teams code starts, through the region entry).
// CHECK-DAG: call void @__kmpc_for_static_init_4({{.*}}, i32 91,
// CHECK-DAG: call void @__cot_gpu_region_for_static_init_4({{.*}}, i32 33,
// The loops of the kernel at line 115 keep their blocked schedules.
// CHECK-DAG: call void @__kmpc_for_static_init_4({{.*}}, i32 92,
// CHECK-DAG: call void @__cot_gpu_region_for_static_init_4({{.*}}, i32 34,

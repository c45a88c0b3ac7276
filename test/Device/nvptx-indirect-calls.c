// declare target indirect: device extraction exports a slot holding each
// indirect function's device address (the runtime reads it to build the
// translation table), and the NVPTX lowering routes calls through pointers
// via __cot_gpu_indirect_function. Without indirect functions, calls stay.
// RUN: %clang -O1 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 -c %s -o %t.o
// RUN: %clang -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 %t.o -shared -o %t.so -save-temps
// RUN: llvm-dis %t.so-device-nvptx-lowered.bc -o - | FileCheck %s
// RUN: %clang -O1 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 -DPLAIN -c %s -o %t-plain.o
// RUN: %clang -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 %t-plain.o -shared -o %t-plain.so -save-temps
// RUN: llvm-dis %t-plain.so-device-nvptx-lowered.bc -o - | FileCheck %s --check-prefix=PLAIN

#ifndef PLAIN
#pragma omp begin declare target indirect
#else
#pragma omp begin declare target
#endif
int twice(int X) { return 2 * X; }
#pragma omp end declare target

int apply(int (*Fn)(int), int V) {
  int R = 0;
#pragma omp target map(from : R)
  R = Fn(V);
  return R;
}

// CHECK: @__cot_indirect_twice = constant ptr @twice
// CHECK: %[[DEV:.*]] = call ptr @__cot_gpu_indirect_function(ptr %{{.*}})
// CHECK-NEXT: call {{.*}}i32 %[[DEV]](i32

// PLAIN-NOT: __cot_indirect_twice
// PLAIN-NOT: call ptr @__cot_gpu_indirect_function

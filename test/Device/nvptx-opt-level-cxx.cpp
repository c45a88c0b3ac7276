// Without -O the GPU build of C++ code (exceptions on) links: the
// retargeting turns the invokes of a region (Clang makes every call in it
// an invoke whose handler calls __clang_call_terminate) into calls, and the
// handler, which calls __cxa_begin_catch, goes away with everything else
// nothing calls any more (at -O3 the optimizer removes it, at -O0 a
// GlobalDCE pass), before the check for functions the GPU lacks.
// RUN: rm -rf %t.nocuda && mkdir -p %t.nocuda
// RUN: %clangxx -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 --cuda-path=%t.nocuda %s -shared -o %t.so -save-temps
// RUN: llvm-dis %t.so-device-nvptx.bc -o - | FileCheck %s

struct Counter {
  int N = 0;
  void add(int V) { N += V; }
};

int count(int V) {
  int R = 0;
#pragma omp target map(from : R)
  {
    Counter C;
    C.add(V);
    R = C.N;
  }
  return R;
}

// CHECK: define {{.*}}void @__omp_offloading_{{.*}}count{{.*}}(
// CHECK-NOT: __clang_call_terminate
// CHECK-NOT: __cxa_begin_catch

// A target region that uses a variable only under a device-macro test would
// get a kernel with other parameters than its launch passes: a compile
// error naming the region, not a launch failure at run time.
// RUN: not %clang -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda -c %s -o %t.o 2>&1 | FileCheck %s
// CHECK: error: clang-offload: the target region at {{.*}}nvptx-device-macros-captures.c:8 uses other variables under the nvptx64-nvidia-cuda device macros than without them
int main(void) {
  int OnGPU = 0;
#pragma omp target map(tofrom : OnGPU)
  {
#ifdef __NVPTX__
    OnGPU = 1;
#endif
  }
  return OnGPU;
}

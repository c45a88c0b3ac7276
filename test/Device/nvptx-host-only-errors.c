// What a GPU cannot run is an error of the device link that names the
// function and its file:line (with or without -g), reported once through the
// diagnostic handler: the device passes after it leave the module alone (no
// second error about the same code follows), and the link fails. The host
// device runs long double.
// RUN: rm -rf %t.nocuda && mkdir -p %t.nocuda
// RUN: not %clang -g -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 --cuda-path=%t.nocuda %s -shared -o %t.so 2>&1 | FileCheck %s
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -shared -o %t.host.so
// Without -g as well: the compile keeps source locations for the device
// link (no debug info in any output).
// RUN: not %clang -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 --cuda-path=%t.nocuda %s -shared -o %t.so 2>&1 | FileCheck %s

// CHECK: clang: error: {{.*}}nvptx-host-only-errors.c:[[@LINE+2]]: long double cannot run on an NVIDIA GPU; used in function 'widen', which a target region reaches
#pragma omp declare target
double widen(double X) {
  long double Wide = X;
  return (double)(Wide * 2);
}
#pragma omp end declare target
// CHECK-NOT: device code calls
// CHECK-NOT: error: {{.*}}cannot run

double twice(double X) {
  double R = 0;
#pragma omp target map(from : R)
  R = widen(X);
  return R;
}

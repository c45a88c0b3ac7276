// A file that tests a device's macros is parsed a second time with them for
// that device's code: the GPU image takes the __NVPTX__ branch, the host
// device's image and the host fallback the other one. (-save-temps on the
// compile would preprocess separately and leave nothing to test.) No CUDA
// toolkit needed (nvptx-cubins.test assembles the PTX).
// RUN: rm -rf %t.nocuda && mkdir -p %t.nocuda
// RUN: %clang -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda,x86_64-pc-linux-gnu --cuda-path=%t.nocuda -c %s -o %t.o
// RUN: %clang -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda,x86_64-pc-linux-gnu --cuda-path=%t.nocuda %t.o -o %t -save-temps
// RUN: FileCheck %s --check-prefix=PTX < %t-device-nvptx-ptx.ptx
// RUN: %t | FileCheck %s --check-prefix=HOST
int main(void) {
  int Value = 0;
#pragma omp target map(from : Value)
  {
#ifdef __NVPTX__
    Value = 1234567;
#else
    Value = 7654321;
#endif
  }
  // HOST: value=7654321
  __builtin_printf("value=%d\n", Value);
  return 0;
}
// PTX: 1234567
// PTX-NOT: 7654321

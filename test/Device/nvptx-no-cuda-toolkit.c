// Without a CUDA toolkit (here: --cuda-path to an empty place) a GPU build
// still works: the image holds PTX only, and math functions the NVPTX back
// end implements become LLVM intrinsics. Others need libdevice: an error
// that names the function.
// RUN: rm -rf %t.nocuda && mkdir -p %t.nocuda
// RUN: %clang -O2 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --cuda-path=%t.nocuda -c %s -o %t.o
// RUN: %clang -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --cuda-path=%t.nocuda %t.o -o %t -lm -save-temps
// RUN: FileCheck %s < %t-device-nvptx-ptx.ptx
// RUN: not ls %t-device-sm_75.cubin
// RUN: not %clang -O2 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --cuda-path=%t.nocuda -DTRANSCENDENTAL %s -o %t.sin -lm 2>&1 | FileCheck %s --check-prefix=SIN
#include <math.h>

int main(void) {
  double R[3];
#pragma omp target map(from : R)
  {
    R[0] = sqrt(R[0]);
    R[1] = fmax(fabs(R[1]), floor(R[2]));
#ifdef TRANSCENDENTAL
    R[2] = sin(R[2]);
#endif
  }
  return R[0] > 0;
}
// CHECK: sqrt.rn.f64
// CHECK-NOT: __nv_
// SIN: error: device code calls the math function 'sin', which needs libdevice from a CUDA toolkit; none found (use --cuda-path=<dir>)

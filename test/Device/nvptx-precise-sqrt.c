// sqrtf (and libdevice's functions built on it, such as hypotf) is
// correctly rounded on the device, as on the host and with nvcc: LLVM 19's
// NVVMReflect answers libdevice's __CUDA_PREC_SQRT with 0, which gave
// sqrt.approx.f32, and 1.0f / sqrtf(x) rsqrt.approx.f32. -ffast-math keeps
// libdevice's approximate square root, as nvcc's --use_fast_math does.
// REQUIRES: ptxas
// RUN: %clang -O2 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 --cuda-path=%cuda-path --offload-device-only -S %s -o - | FileCheck %s --check-prefix=PRECISE
// RUN: %clang -O2 -ffast-math -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 --cuda-path=%cuda-path --offload-device-only -S %s -o - | FileCheck %s --check-prefix=FAST

#include <math.h>

// PRECISE-NOT: .approx.f32
// PRECISE: sqrt.rn.f32
// PRECISE-NOT: .approx.f32
// FAST: sqrt.approx.f32
void norms(int N, float *X, float *Y) {
#pragma omp target teams distribute parallel for map(tofrom : X[0:N], Y[0:N])
  for (int I = 0; I < N; ++I) {
    X[I] = 1.0f / sqrtf(X[I]);
    Y[I] = hypotf(X[I], Y[I]);
  }
}

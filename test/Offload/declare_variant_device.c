// declare variant with device selectors: device code calls the variant an
// offload device selects (kind(nohost) on every offload device,
// arch(nvptx64) on NVIDIA GPUs only), the host the base function.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

#pragma omp declare target
int on_device(int X) { return X + 1000; }
int on_gpu(int X) { return X + 2000; }
#pragma omp declare variant(on_device) match(device = {kind(nohost)})
int pick(int X) { return X; }
#pragma omp declare variant(on_gpu) match(device = {arch(nvptx64)})
int pick_gpu(int X) { return X; }
#pragma omp end declare target

int main(void) {
  int Any = 0, Gpu = 0, IsGpu = -1, OnDev = 0;
#pragma omp target map(from : Any, Gpu, IsGpu, OnDev)
  {
    OnDev = !omp_is_initial_device();
    Any = pick(1);
    Gpu = pick_gpu(1);
#ifdef __NVPTX__
    IsGpu = 1;
#else
    IsGpu = 0;
#endif
  }
  // CHECK: host 1 1
  printf("host %d %d\n", pick(1), pick_gpu(1));
  // CHECK: device 1001 gpu-variant ok on-device 1
  printf("device %d gpu-variant %s on-device %d\n", Any,
         Gpu == (IsGpu ? 2001 : 1) ? "ok" : "wrong", OnDev);
  return 0;
}

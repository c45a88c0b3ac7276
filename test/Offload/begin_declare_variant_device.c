// begin/end declare variant with device selectors: device code calls the
// functions of the blocks the offload device selects (kind(nohost) on every
// device, arch(nvptx64) on NVIDIA GPUs only), which the host's parse skips;
// host code calls the base functions, and the functions of a block only the
// host selects (kind(host)), which device code does not.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int any_device(int X) { return X; }
int gpu_only(int X) { return X; }
int host_only(int X) { return X; }

static int gpu_yes(void) { return 1; }
#pragma omp declare variant(gpu_yes) match(device = {arch(nvptx64)})
static int is_gpu(void) { return 0; }

#pragma omp begin declare variant                                             \
    match(device = {kind(nohost)}, implementation = {vendor(llvm)})
int any_device(int X) { return X + 100; }
#pragma omp end declare variant

#pragma omp begin declare variant match(device = {arch(nvptx64)})
int gpu_only(int X) { return X + 200; }
#pragma omp end declare variant

#pragma omp begin declare variant match(device = {kind(host)})
int host_only(int X) { return X + 300; }
#pragma omp end declare variant

int main(void) {
  int Any = 0, Gpu = 0, Host = 0, IsGpu = -1, OnDevice = 0;
#pragma omp target map(from : Any, Gpu, Host, IsGpu, OnDevice)
  {
    OnDevice = !omp_is_initial_device();
    IsGpu = is_gpu();
    Any = any_device(1);
    Gpu = gpu_only(1);
    Host = host_only(1);
  }
  // CHECK: device 101 host-only 1 on device 1
  printf("device %d host-only %d on device %d\n", Any, Host, OnDevice);
  // CHECK-NEXT: gpu-only {{201 on a GPU 1|1 on a GPU 0}}
  printf("gpu-only %d on a GPU %d\n", Gpu, IsGpu);
  // CHECK-NEXT: host 1 1 301
  printf("host %d %d %d\n", any_device(1), gpu_only(1), host_only(1));
  return 0;
}

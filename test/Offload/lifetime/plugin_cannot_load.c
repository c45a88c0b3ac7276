// A program whose only images are for a target whose plugin cannot start
// (nvptx64 images, no CUDA driver: LIBOMPTARGET_CUDA_LIBRARY names a
// missing library, as on a machine without a GPU) runs its regions on the
// host, and LIBOMPTARGET_INFO says why; OMP_TARGET_OFFLOAD=MANDATORY makes
// it a clear error with exit status 1.
// RUN: %clang -O1 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda %s -o %t
// RUN: env LIBOMPTARGET_CUDA_LIBRARY=%t-no-libcuda.so %t | FileCheck %s
// RUN: env LIBOMPTARGET_CUDA_LIBRARY=%t-no-libcuda.so LIBOMPTARGET_INFO=1 %t 2>&1 | FileCheck %s --check-prefixes=CHECK,INFO
// RUN: env LIBOMPTARGET_CUDA_LIBRARY=%t-no-libcuda.so OMP_TARGET_OFFLOAD=MANDATORY not %t 2>&1 | FileCheck %s --check-prefix=MANDATORY
#include <omp.h>
#include <stdio.h>

int main(void) {
  int OnHost = 0, Sum = 0;
#pragma omp target teams distribute parallel for reduction(+ : Sum) map(tofrom : OnHost)
  for (int I = 1; I <= 100; ++I) {
    Sum += I;
    if (I == 1)
      OnHost = omp_is_initial_device();
  }
  // INFO: libomptarget: info: plugin 'cuda' skipped: no CUDA driver: {{.*}}no-libcuda.so: cannot open shared object file
  // INFO: libomptarget: info: plugin 'x86_64' skipped: the program has no x86_64-pc-linux-gnu code
  // INFO: libomptarget: info: target region '{{.+}}' runs on the host: no offload device (plugin 'cuda' skipped: no CUDA driver: {{.*}}no-libcuda.so: cannot open shared object file{{.*}}) at {{.*}}plugin_cannot_load.c:[[#@LINE-8]]:1
  // CHECK: sum 5050 on the host 1, devices 0
  printf("sum %d on the host %d, devices %d\n", Sum, OnHost,
         omp_get_num_devices());
  return 0;
}
// MANDATORY: libomptarget: error: OMP_TARGET_OFFLOAD=MANDATORY but no offload device is available (plugin 'cuda' skipped: no CUDA driver: {{.*}}no-libcuda.so: cannot open shared object file{{.*}}) at {{.*}}plugin_cannot_load.c:15:1
// MANDATORY-NOT: sum

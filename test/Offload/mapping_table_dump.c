// ompx_dump_mapping_tables (declared by omp.h) prints each device's mapping
// table; llvm_omp_target_alloc_device is upstream's name for
// omp_target_alloc.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t 2>&1 | FileCheck %s
#include <omp.h>
#include <stdio.h>

void *llvm_omp_target_alloc_device(size_t Size, int DeviceNum);

int main(void) {
  int A[16], OnDevice = 0;
  int Dev = omp_get_default_device();
  int *P = (int *)llvm_omp_target_alloc_device(64, Dev);
#pragma omp target is_device_ptr(P) map(from : OnDevice)
  {
    P[0] = 7;
    OnDevice = !omp_is_initial_device();
  }
  printf("on-device %d\n", OnDevice);
  fflush(stdout);
  omp_target_free(P, Dev);
#pragma omp target enter data map(to : A)
  ompx_dump_mapping_tables();
#pragma omp target exit data map(delete : A)
  ompx_dump_mapping_tables();
  return 0;
}
// CHECK: on-device 1
// CHECK: libomptarget: device 0 (plugin '{{x86_64|cuda}}'): [[#N:]] mappings
// CHECK: libomptarget:   host [0x{{[0-9a-f]+}},0x{{[0-9a-f]+}}) -> device 0x{{[0-9a-f]+}} refcount 1 'A'
// CHECK: libomptarget: device 0 (plugin '{{x86_64|cuda}}'): [[#N-1]] mappings
// CHECK-NOT: 'A'

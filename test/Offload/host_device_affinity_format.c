// The affinity-format ICV (OMP_AFFINITY_FORMAT, or omp_set_affinity_format)
// keeps its value across target regions. The host device raises libomp's
// teams limit with kmp_set_defaults, which also put the format back to
// libomp's default until the plugin restored it.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY OMP_AFFINITY_FORMAT=EnvFormat %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  char Format[64];
  int OnDevice = 0;
  omp_get_affinity_format(Format, sizeof Format);
  printf("before: %s\n", Format);
#pragma omp target map(from : OnDevice)
  OnDevice = !omp_is_initial_device();
  omp_get_affinity_format(Format, sizeof Format);
  printf("after the first region: %s (on device: %d)\n", Format, OnDevice);
  omp_set_affinity_format("SetFormat");
#pragma omp target map(from : OnDevice)
  OnDevice = !omp_is_initial_device();
  omp_get_affinity_format(Format, sizeof Format);
  printf("after the second region: %s (on device: %d)\n", Format, OnDevice);
  return 0;
}
// CHECK: before: EnvFormat
// CHECK-NEXT: after the first region: EnvFormat (on device: 1)
// CHECK-NEXT: after the second region: SetFormat (on device: 1)

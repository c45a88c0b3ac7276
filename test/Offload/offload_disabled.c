// OMP_TARGET_OFFLOAD=DISABLED: target regions run on the host (in the host
// data environment), no devices are reported, target data constructs map
// nothing.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=DISABLED %t | FileCheck %s --check-prefix=DIS
// RUN: %t | FileCheck %s --check-prefix=DEF
// RUN: env OMP_TARGET_OFFLOAD=DEFAULT %t | FileCheck %s --check-prefix=DEF
#include <omp.h>
#include <stdio.h>

int main(void) {
  int a[2] = {1, 1};
  int initial = -1;
#pragma omp target map(to : a) map(from : initial)
  {
    a[0] = 5;
    initial = omp_is_initial_device();
  }
  // DIS: initial 1 a 5
  // DEF: initial 0 a 1
  printf("initial %d a %d\n", initial, a[0]);
  // DIS: num_devices 0
  // DEF: num_devices 1
  printf("num_devices %d\n", omp_get_num_devices());
  int present = -1;
#pragma omp target data map(to : a)
  present = omp_target_is_present(a, omp_get_default_device()) != 0;
  // DIS: present 1
  // DEF: present 1
  printf("present %d\n", present);
  return 0;
}

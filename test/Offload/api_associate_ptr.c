// omp_target_associate_ptr makes device memory the corresponding storage of
// a host range; maps then use it without allocating or copying (the count
// is infinite until disassociated).
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int dev = omp_get_default_device();
  int host = omp_get_initial_device();
  int a[8];
  for (int i = 0; i < 8; ++i)
    a[i] = i;
  int *d = omp_target_alloc(16 * sizeof(int), dev);
  int init[16];
  for (int i = 0; i < 16; ++i)
    init[i] = 1000 + i;
  omp_target_memcpy(d, init, sizeof(init), 0, 0, dev, host);
  // Associate a[0:8] with d[4:8].
  int rc = omp_target_associate_ptr(a, d, 8 * sizeof(int), 4 * sizeof(int), dev);
  // CHECK: assoc rc 0 present 1 mapped 1
  printf("assoc rc %d present %d mapped %d\n", rc, omp_target_is_present(a, dev) != 0,
         omp_get_mapped_ptr(a, dev) == (void *)(d + 4));
  int r = 0, on_dev = 0;
  // map(to:) on associated memory: already present, no copy.
#pragma omp target map(to : a) map(from : r, on_dev)
  {
    on_dev = !omp_is_initial_device();
    r = a[0];
    a[1] = -1;
  }
  // CHECK: device-view 1004 host 1 on-device 1
  printf("device-view %d host %d on-device %d\n", r, a[1], on_dev);
#pragma omp target update from(a)
  // CHECK: updated 1004 -1 1011
  printf("updated %d %d %d\n", a[0], a[1], a[7]);
  rc = omp_target_disassociate_ptr(a, dev);
  // CHECK: disassoc rc 0 present 0
  printf("disassoc rc %d present %d\n", rc, omp_target_is_present(a, dev) != 0);
  // Device memory untouched by disassociation.
  int check = 0;
  omp_target_memcpy(&check, d, sizeof(int), 0, 5 * sizeof(int), host, dev);
  // CHECK: still -1
  printf("still %d\n", check);
  // A fresh map now allocates and copies as usual.
  on_dev = 0;
#pragma omp target map(from : r, on_dev)
  {
    on_dev = !omp_is_initial_device();
    r = a[1];
  }
  // CHECK: fresh-map -1 on-device 1
  printf("fresh-map %d on-device %d\n", r, on_dev);
  omp_target_free(d, dev);
  return 0;
}

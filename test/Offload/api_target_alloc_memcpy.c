// omp_target_alloc/free and omp_target_memcpy between host and device and
// device to device, with offsets.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int dev = omp_get_default_device();
  int host = omp_get_initial_device();
  int h[8], back[8];
  for (int i = 0; i < 8; ++i) {
    h[i] = i + 1;
    back[i] = 0;
  }
  int *d1 = omp_target_alloc(8 * sizeof(int), dev);
  int *d2 = omp_target_alloc(8 * sizeof(int), dev);
  // CHECK: alloc 1
  printf("alloc %d\n", d1 != NULL && d2 != NULL);
  // Device memory is not host memory and is not a mapping.
  // CHECK: is_present 0
  printf("is_present %d\n", omp_target_is_present(d1, dev) != 0);
  // CHECK: rc 0 0
  printf("rc %d %d\n", omp_target_memcpy(d1, h, 8 * sizeof(int), 0, 0, dev, host),
         omp_target_memcpy(d2, d1, 4 * sizeof(int), 4 * sizeof(int), 0, dev, dev));
  omp_target_memcpy(back, d2, 4 * sizeof(int), 0, 4 * sizeof(int), host, dev);
  // CHECK: back 1 2 3 4
  printf("back %d %d %d %d\n", back[0], back[1], back[2], back[3]);
  int on_dev = 0;
#pragma omp target is_device_ptr(d1) map(from : on_dev)
  {
    on_dev = !omp_is_initial_device();
    d1[7] = 70;
  }
  omp_target_memcpy(back, d1, sizeof(int), 0, 7 * sizeof(int), host, dev);
  // CHECK: kernel-written 70 on-device 1
  printf("kernel-written %d on-device %d\n", back[0], on_dev);
  // Host to host copies work through the initial device number.
  int hh = 0;
  omp_target_memcpy(&hh, h, sizeof(int), 0, 2 * sizeof(int), host, host);
  // CHECK: host-host 3
  printf("host-host %d\n", hh);
  omp_target_free(d1, dev);
  omp_target_free(d2, dev);
  omp_target_free(NULL, dev); // no-op
  // omp_target_alloc on the initial device gives host memory.
  int *hm = omp_target_alloc(sizeof(int), host);
  *hm = 5;
  // CHECK: host-alloc 5
  printf("host-alloc %d\n", *hm);
  omp_target_free(hm, host);
  return 0;
}

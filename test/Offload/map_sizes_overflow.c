// Map entries whose size or extent overflows are fatal errors naming the
// variable and the construct: a section so long that its size plus the
// alignment padding exceeds the largest allocation (it used to overflow into
// a 1-byte mapping that made everything above the section "present"), a
// length times element size that overflows into a negative size or (as the
// compiler checks) wraps around to a small one, and a
// section that wraps around the end of the address space, on every kind of
// construct.
// RUN: %clang -O1 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY not %t huge 2>&1 | FileCheck %s --check-prefixes=CHECK,HUGE
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY not %t negative 2>&1 | FileCheck %s --check-prefixes=CHECK,NEGATIVE
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY not %t wrapped-length 2>&1 | FileCheck %s --check-prefixes=CHECK,WRAPPED-LENGTH
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY not %t wrap 2>&1 | FileCheck %s --check-prefixes=CHECK,WRAP
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY not %t wrap-update 2>&1 | FileCheck %s --check-prefixes=CHECK,WRAP-UPDATE
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY not %t wrap-nowait 2>&1 | FileCheck %s --check-prefixes=CHECK,WRAP-NOWAIT
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static char Buffer[128] __attribute__((aligned(64)));

int main(int argc, char **argv) {
  const char *Mode = argv[1];
  int OnDevice = 0;
#pragma omp target map(from : OnDevice)
  OnDevice = !omp_is_initial_device();
  // CHECK: first region on the device: 1
  printf("first region on the device: %d\n", OnDevice);
  fflush(stdout);

  // P[8:...] starts 8 bytes past a 16-byte aligned object: its device copy
  // keeps that offset modulo 16 (8 bytes of padding).
  char *P = Buffer + 16;
  int *Q = (int *)Buffer;
  char *W = (char *)(UINTPTR_MAX - 15);
  if (!strcmp(Mode, "huge")) {
#pragma omp target enter data map(alloc : P[8:0x7ffffffffffffff8])
    // HUGE: libomptarget: error: cannot allocate 9223372036854775808 bytes for 'P[8:0x7ffffffffffffff8]' on device 0: more than the largest allocation (2^63-1 bytes) at {{.*}}map_sizes_overflow.c:[[#@LINE-1]]:1
  } else if (!strcmp(Mode, "negative")) {
#pragma omp target map(to : Q[0:0x2000000000000000])
    Q[0] = 1;
    // NEGATIVE: libomptarget: error: map entry 'Q[0:0x2000000000000000]' has a negative size (-1 bytes): its length times its element size overflows at {{.*}}map_sizes_overflow.c:[[#@LINE-2]]:1
  } else if (!strcmp(Mode, "wrapped-length")) {
    // 4 * 0x4000000000000001 bytes is 4 modulo 2^64.
#pragma omp target map(to : Q[0:0x4000000000000001])
    Q[0] = 1;
    // WRAPPED-LENGTH: libomptarget: error: map entry 'Q[0:0x4000000000000001]' has a negative size (-1 bytes): its length times its element size overflows at {{.*}}map_sizes_overflow.c:[[#@LINE-2]]:1
  } else if (!strcmp(Mode, "wrap")) {
#pragma omp target enter data map(to : W[0:64])
    // WRAP: libomptarget: error: map entry 'W[0:64]' [0xfffffffffffffff0, +64 bytes) wraps around the end of the address space at {{.*}}map_sizes_overflow.c:[[#@LINE-1]]:1
  } else if (!strcmp(Mode, "wrap-update")) {
#pragma omp target update to(W[0:64])
    // WRAP-UPDATE: libomptarget: error: map entry 'W[0:64]' [0xfffffffffffffff0, +64 bytes) wraps around the end of the address space at {{.*}}map_sizes_overflow.c:[[#@LINE-1]]:1
  } else if (!strcmp(Mode, "wrap-nowait")) {
#pragma omp target map(tofrom : W[0:64]) nowait
    W[0] = 1;
#pragma omp taskwait
    // WRAP-NOWAIT: libomptarget: error: map entry 'W[0:64]' [0xfffffffffffffff0, +64 bytes) wraps around the end of the address space at {{.*}}map_sizes_overflow.c:[[#@LINE-3]]:1
  }
  // CHECK-NOT: not reached
  printf("not reached\n");
  return 0;
}

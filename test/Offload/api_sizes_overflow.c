// The device memory routines with sizes, offsets and volumes whose
// computations overflow return the failure value of the OpenMP
// specification (NULL, non-zero) and LIBOMPTARGET_INFO says why; they used
// to return a 1-byte block for SIZE_MAX, "copy" 2^63 bytes successfully by
// copying nothing, and write far outside the arrays of a rectangular copy
// whose offset + volume wrapped. Valid calls still work afterwards.
// RUN: %clang -O1 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_INFO=1 %t 2>&1 | FileCheck %s --check-prefix=INFO
#include <omp.h>
#include <stdint.h>
#include <stdio.h>

#define FAILS(Call) printf("%s: %s\n", #Call, (Call) ? "fails" : "succeeds")

int main(void) {
  int Dev = 0, Host = omp_get_initial_device();
  size_t Half = (size_t)1 << 63;
  // CHECK: omp_target_alloc(0, Dev): (nil)
  // CHECK: omp_target_alloc(SIZE_MAX, Dev): (nil)
  // CHECK: omp_target_alloc(Half, Dev): (nil)
  // CHECK: omp_target_alloc(Half - 1, Dev): (nil)
  printf("omp_target_alloc(0, Dev): %p\n", omp_target_alloc(0, Dev));
  printf("omp_target_alloc(SIZE_MAX, Dev): %p\n",
         omp_target_alloc(SIZE_MAX, Dev));
  printf("omp_target_alloc(Half, Dev): %p\n", omp_target_alloc(Half, Dev));
  printf("omp_target_alloc(Half - 1, Dev): %p\n",
         omp_target_alloc(Half - 1, Dev));
  // INFO: libomptarget: info: omp_target_alloc fails: 18446744073709551615 bytes is more than the largest allocation (2^63-1 bytes)
  // INFO: libomptarget: info: omp_target_alloc fails: 9223372036854775808 bytes is more than the largest allocation (2^63-1 bytes)
  // INFO: libomptarget: info: omp_target_alloc fails: cannot allocate 9223372036854775807 bytes on device 0 (plugin '{{.+}}'): {{.+}}

  int HostBuf[16] = {0};
  int *D = omp_target_alloc(sizeof(HostBuf), Dev);
  // CHECK: omp_target_memcpy(D, HostBuf, Half, 0, 0, Dev, Host): fails
  // CHECK: omp_target_memcpy(D, HostBuf, SIZE_MAX, 0, 0, Dev, Host): fails
  // CHECK: omp_target_memcpy(D, HostBuf, 4, SIZE_MAX, 0, Dev, Host): fails
  // CHECK: omp_target_memcpy(D, HostBuf, 4, 0, -(uintptr_t)HostBuf, Dev, Host): fails
  FAILS(omp_target_memcpy(D, HostBuf, Half, 0, 0, Dev, Host));
  FAILS(omp_target_memcpy(D, HostBuf, SIZE_MAX, 0, 0, Dev, Host));
  FAILS(omp_target_memcpy(D, HostBuf, 4, SIZE_MAX, 0, Dev, Host));
  FAILS(omp_target_memcpy(D, HostBuf, 4, 0, -(uintptr_t)HostBuf, Dev, Host));
  // INFO: libomptarget: info: omp_target_memcpy fails: 9223372036854775808 bytes is more than the largest copy (2^63-1 bytes)
  // INFO: libomptarget: info: omp_target_memcpy fails: the destination 0x{{[0-9a-f]+}} + offset 0 + length 18446744073709551615 wraps around the address space
  // INFO: libomptarget: info: omp_target_memcpy fails: the destination 0x{{[0-9a-f]+}} + offset 18446744073709551615 + length 4 wraps around the address space
  // INFO: libomptarget: info: omp_target_memcpy fails: the source 0x{{[0-9a-f]+}} + offset {{[0-9]+}} + length 4 wraps around the address space

  size_t Volume[2] = {2, 2}, Dims[2] = {4, 4}, Zero[2] = {0, 0};
  size_t WrappingOffsets[2] = {SIZE_MAX, 0}, HugeDims[2] = {Half, 4};
  // CHECK: omp_target_memcpy_rect(D, HostBuf, 4, 2, Volume, WrappingOffsets, Zero, Dims, Dims, Dev, Host): fails
  // CHECK: omp_target_memcpy_rect(D, HostBuf, 4, 2, Volume, Zero, Zero, Dims, HugeDims, Dev, Host): fails
  // CHECK: omp_target_memcpy_rect(D, HostBuf, 4, 2, Volume, Zero, Zero, Dims, Dims, Dev, Host): succeeds
  FAILS(omp_target_memcpy_rect(D, HostBuf, 4, 2, Volume, WrappingOffsets,
                               Zero, Dims, Dims, Dev, Host));
  FAILS(omp_target_memcpy_rect(D, HostBuf, 4, 2, Volume, Zero, Zero, Dims,
                               HugeDims, Dev, Host));
  FAILS(omp_target_memcpy_rect(D, HostBuf, 4, 2, Volume, Zero, Zero, Dims,
                               Dims, Dev, Host));
  // INFO: libomptarget: info: omp_target_memcpy_rect fails: destination dimension 0: offset 18446744073709551615 + volume 2 exceed its 4 elements
  // INFO: libomptarget: info: omp_target_memcpy_rect fails: the source array (2 dimensions of 4-byte elements) does not fit in the address space

  int Local[4];
  // CHECK: omp_target_associate_ptr(Local, D, sizeof(Local), SIZE_MAX, Dev): fails
  // CHECK: omp_target_associate_ptr(Local, D, SIZE_MAX, 0, Dev): fails
  FAILS(omp_target_associate_ptr(Local, D, sizeof(Local), SIZE_MAX, Dev));
  FAILS(omp_target_associate_ptr(Local, D, SIZE_MAX, 0, Dev));
  // INFO: libomptarget: info: omp_target_associate_ptr fails: host 0x{{[0-9a-f]+}} or device 0x{{[0-9a-f]+}} + offset 18446744073709551615, with 16 bytes, wraps around the address space
  // INFO: libomptarget: info: omp_target_associate_ptr fails: host 0x{{[0-9a-f]+}} or device 0x{{[0-9a-f]+}} + offset 0, with 18446744073709551615 bytes, wraps around the address space

  // CHECK: omp_target_memset returns its pointer: 1
  printf("omp_target_memset returns its pointer: %d\n",
         omp_target_memset(D, 0, SIZE_MAX, Dev) == D);
  // INFO: libomptarget: info: omp_target_memset fails: 0x{{[0-9a-f]+}} + 18446744073709551615 bytes wraps around the address space
  // INFO: omp_target_memset returns its pointer: 1

  // Valid calls still work.
  for (int I = 0; I < 16; ++I)
    HostBuf[I] = I;
  int Copied = omp_target_memcpy(D, HostBuf, sizeof(HostBuf), 0, 0, Dev, Host);
  int Sum = 0, OnDevice = 0;
#pragma omp target is_device_ptr(D) map(from : Sum, OnDevice) device(Dev)
  {
    int Total = 0;
    for (int I = 0; I < 16; ++I)
      Total += D[I];
    Sum = Total;
    OnDevice = !omp_is_initial_device();
  }
  // CHECK: memcpy 0, sum on the device 120, on the device 1
  printf("memcpy %d, sum on the device %d, on the device %d\n", Copied, Sum,
         OnDevice);
  omp_target_free(D, Dev);
  return 0;
}

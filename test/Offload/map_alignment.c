// Where a new device copy starts: at its host storage's offset modulo the
// alignment of the object the map reaches it through (the array a section
// indexes, the struct whose member it maps, a mapped pointer's pointee), up
// to 64 bytes, past a device allocation that is at least 64-byte aligned.
// An array that malloc placed 16 bytes past a 64-byte boundary starts on a
// 64-byte boundary on the device (it kept the 16-byte offset before, and
// every warp's 128 contiguous bytes spanned five 32-byte sectors on the
// GPU). A member span or a section that starts inside a 64-byte aligned
// object keeps that object's alignment: the kernel sees the object's base.
// RUN: %clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
// CHECK: malloc-style array: host offset 16, device offset 0, values ok
// CHECK-NEXT: pointee of a mapped pointer: host offset 16, device offset 0, values ok
// CHECK-NEXT: member span of an aligned struct: struct offset 0, member offset 8, values ok
// CHECK-NEXT: section inside an aligned array: array offset 0, section offset 24, values ok
// CHECK-NEXT: 32-byte aligned section start: device offset 0, values ok
// CHECK-NEXT: on the device: 5 of 5
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 4096 };

struct Aligned {
  double Pad;
  double Member[7];
} __attribute__((aligned(64)));

struct Holder {
  int Count;
  double *Data;
};

static struct Aligned Object;
static double Array[64] __attribute__((aligned(64)));

static int offsetOf(const void *P) { return (int)((uintptr_t)P % 64); }

static const char *check(const double *A, int From, int To, double Scale) {
  for (int I = From; I < To; ++I)
    if (A[I] != Scale * I)
      return "WRONG";
  return "ok";
}

int main(void) {
  int OnDevice = 0, DeviceOffset = -1, MemberOffset = -1;
  // A block 16 bytes past a 64-byte boundary, as glibc's malloc returns for
  // large blocks.
  char *Raw = aligned_alloc(64, N * sizeof(double) + 64);
  double *A = (double *)(Raw + 16);
  for (int I = 0; I < N; ++I)
    A[I] = I;
#pragma omp target map(tofrom : A[0:N], DeviceOffset, OnDevice)
  {
    OnDevice += !omp_is_initial_device();
    DeviceOffset = offsetOf(A);
    for (int I = 0; I < N; ++I)
      A[I] *= 2;
  }
  printf("malloc-style array: host offset %d, device offset %d, values %s\n",
         offsetOf(A), DeviceOffset, check(A, 0, N, 2));

  struct Holder H = {N, A};
#pragma omp target map(to : H) map(tofrom : H.Data[0:N], DeviceOffset,        \
                                   OnDevice)
  {
    OnDevice += !omp_is_initial_device();
    DeviceOffset = offsetOf(H.Data);
    for (int I = 0; I < H.Count; ++I)
      H.Data[I] *= 2;
  }
  printf("pointee of a mapped pointer: host offset %d, device offset %d, "
         "values %s\n",
         offsetOf(H.Data), DeviceOffset, check(A, 0, N, 4));

  for (int I = 0; I < 7; ++I)
    Object.Member[I] = I;
#pragma omp target map(tofrom : Object.Member[0:7], DeviceOffset,             \
                           MemberOffset, OnDevice)
  {
    OnDevice += !omp_is_initial_device();
    DeviceOffset = offsetOf(&Object);
    MemberOffset = offsetOf(&Object.Member[0]);
    for (int I = 0; I < 7; ++I)
      Object.Member[I] *= 3;
  }
  printf("member span of an aligned struct: struct offset %d, member offset "
         "%d, values %s\n",
         DeviceOffset, MemberOffset, check(Object.Member, 0, 7, 3));

  for (int I = 0; I < 64; ++I)
    Array[I] = I;
#pragma omp target map(tofrom : Array[3:10], DeviceOffset, MemberOffset,      \
                           OnDevice)
  {
    OnDevice += !omp_is_initial_device();
    DeviceOffset = offsetOf(&Array[0]);
    MemberOffset = offsetOf(&Array[3]);
    for (int I = 3; I < 13; ++I)
      Array[I] *= 5;
  }
  printf("section inside an aligned array: array offset %d, section offset "
         "%d, values %s\n",
         DeviceOffset, MemberOffset, check(Array, 3, 13, 5));

  // A section through a pointer 32 bytes past a 64-byte boundary: its
  // object is as far as its address shows 32-byte aligned, and its device
  // copy starts at 0 modulo 32, on the allocation's boundary.
  double *B = A + 2;
#pragma omp target map(tofrom : B[0:N - 2], DeviceOffset, OnDevice)
  {
    OnDevice += !omp_is_initial_device();
    DeviceOffset = offsetOf(B);
    for (int I = 0; I < N - 2; ++I)
      B[I] /= 4;
  }
  printf("32-byte aligned section start: device offset %d, values %s\n",
         DeviceOffset, check(A, 2, N, 1));
  printf("on the device: %d of 5\n", OnDevice);
  free(Raw);
  return 0;
}

// Loops that clear the lowest set bit until none is left (Kernighan's bit
// count) give the number of set bits on the device, where the GPU lowering
// turns them into a population count: 64-bit values counted in a char, 32-
// and 8-bit values counted in an int and a long, a count that starts at
// 10, and the value 0 (no iteration), every bit set, and one bit.
// RUN: %clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
// CHECK: 64-bit in char: ok
// CHECK-NEXT: 32-bit in int: ok
// CHECK-NEXT: 8-bit in long from 10: ok
// CHECK-NEXT: on the device: 1
#include <omp.h>
#include <stdio.h>

enum { N = 4099 };
static unsigned long V64[N];
static char C64[N];
static int C32[N];
static long C8[N];

static unsigned long value(long I) {
  if (I == 0)
    return 0;
  if (I == 1)
    return ~0UL;
  if (I == 2)
    return 1UL << 63;
  return (unsigned long)I * 0x9E3779B97F4A7C15UL;
}

int main(void) {
  for (long I = 0; I < N; ++I)
    V64[I] = value(I);
  int Dev = 0;
#pragma omp target teams distribute parallel for map(to : V64) map(from : C64, C32, C8) map(tofrom : Dev)
  for (int I = 0; I < N; ++I) {
    char Count;
    unsigned long X = V64[I];
    for (Count = 0; X; Count++)
      X &= X - 1;
    C64[I] = Count;
    int Count32 = 0;
    for (unsigned Y = (unsigned)V64[I]; Y; Count32++)
      Y &= Y - 1;
    C32[I] = Count32;
    long Count8 = 10;
    for (unsigned char Z = (unsigned char)(V64[I] >> 8); Z; Count8++)
      Z &= Z - 1;
    C8[I] = Count8;
    if (I == 0)
      Dev = !omp_is_initial_device();
  }
  long Bad64 = 0, Bad32 = 0, Bad8 = 0;
  for (long I = 0; I < N; ++I) {
    Bad64 += C64[I] != __builtin_popcountl(V64[I]);
    Bad32 += C32[I] != __builtin_popcount((unsigned)V64[I]);
    Bad8 += C8[I] != 10 + __builtin_popcount((unsigned char)(V64[I] >> 8));
  }
  printf("64-bit in char: %s\n", Bad64 ? "WRONG" : "ok");
  printf("32-bit in int: %s\n", Bad32 ? "WRONG" : "ok");
  printf("8-bit in long from 10: %s\n", Bad8 ? "WRONG" : "ok");
  printf("on the device: %d\n", Dev);
  return Bad64 || Bad32 || Bad8;
}

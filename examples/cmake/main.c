// Scales an array on the offload device through the library's function and
// checks the result on the host.
#include "kernels.h"

#include <omp.h>
#include <stdio.h>

#define N 4096

int main(void) {
  static double A[N];
  int OnDevice = 0;
  for (int I = 0; I < N; ++I)
    A[I] = I;
#pragma omp target teams distribute parallel for map(tofrom : A, OnDevice)
  for (int I = 0; I < N; ++I) {
    A[I] = scaled(A[I], 3.0);
    if (I == 0)
      OnDevice = !omp_is_initial_device();
  }
  int Wrong = 0;
  for (int I = 0; I < N; ++I)
    Wrong += A[I] != 3.0 * I;
  printf("on-device %d, %d of %d elements wrong\n", OnDevice, Wrong, N);
  return Wrong != 0;
}

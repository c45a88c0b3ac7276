/* The offload of the fork tests: the sum of 1..100 times X computed on the
 * device, negative when the region ran on the host. */
#include <omp.h>

static int offload(int X) {
  int Sum = 0, OnHost = 1;
#pragma omp target teams distribute parallel for reduction(+ : Sum) map(tofrom : OnHost)
  for (int I = 1; I <= 100; ++I) {
    Sum += I * X;
    if (I == 1)
      OnHost = omp_is_initial_device();
  }
  return OnHost ? -Sum : Sum;
}

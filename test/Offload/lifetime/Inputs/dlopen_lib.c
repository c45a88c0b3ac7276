// Shared library input of dlopen_dlclose.c: a target region, a declare
// target variable and a declare target link variable.
#include <omp.h>

#pragma omp declare target
int LibScale = 7;
#pragma omp end declare target
int LibLinked[16];
#pragma omp declare target link(LibLinked)

int *libScaleAddress(void) { return &LibScale; }
int *libLinkedAddress(void) { return LibLinked; }

/// X * LibScale, computed on the device; negative if it ran on the host.
int libRun(int X) {
  int R = 0, OnHost = 1;
#pragma omp target map(from : R, OnHost) map(tofrom : LibLinked)
  {
    LibLinked[0] = X;
    R = X * LibScale;
    OnHost = omp_is_initial_device();
  }
  return OnHost ? -R : R;
}

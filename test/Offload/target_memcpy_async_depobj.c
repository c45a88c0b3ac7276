// omp_target_memcpy_async, omp_target_memcpy_rect_async and
// omp_target_memset_async wait for the tasks that their dependence objects
// depend on: here a sibling task, created before and still sleeping, that
// writes the source. Before, the routines copied at once and moved the old
// data. A region checked that it ran on the device.
// RUN: %clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>
#include <unistd.h>

enum { N = 8 };

int main(void) {
  int Dev = omp_get_default_device(), Host = omp_get_initial_device();
  double Src[N] = {0}, Back[N] = {0}, Rect[2][N] = {{0}};
  double *D = omp_target_alloc(sizeof(Src), Dev);
  double *DRect = omp_target_alloc(sizeof(Rect), Dev);
  omp_depend_t Obj;
  int Rc = 0, OnDevice = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task depend(out : Src)
    {
      usleep(100000);
      for (int I = 0; I < N; ++I)
        Src[I] = I + 1;
    }
#pragma omp depobj(Obj) depend(in : Src)
    Rc |= omp_target_memcpy_async(D, Src, sizeof(Src), 0, 0, Dev, Host, 1, &Obj);
    size_t Volume[2] = {1, N}, Zero[2] = {0, 0}, One[2] = {1, 0},
           Dims[2] = {2, N}, SrcDims[2] = {1, N};
    Rc |= omp_target_memcpy_rect_async(DRect, Src, sizeof(double), 2, Volume,
                                       One, Zero, Dims, SrcDims, Dev, Host, 1,
                                       &Obj);
#pragma omp taskwait
#pragma omp depobj(Obj) destroy
  }
#pragma omp target is_device_ptr(D) map(from : OnDevice)
  {
    OnDevice = !omp_is_initial_device();
    D[0] += 100;
  }
  Rc |= omp_target_memcpy(Back, D, sizeof(Back), 0, 0, Host, Dev);
  Rc |= omp_target_memcpy(Rect, DRect, sizeof(Rect), 0, 0, Host, Dev);
  int Wrong = Back[0] != 101;
  for (int I = 1; I < N; ++I)
    Wrong += Back[I] != I + 1;
  for (int I = 0; I < N; ++I)
    Wrong += Rect[1][I] != I + 1;
  // CHECK: rc 0, 0 wrong, on device 1
  printf("rc %d, %d wrong, on device %d\n", Rc, Wrong, OnDevice);
  omp_target_free(D, Dev);
  omp_target_free(DRect, Dev);
  return 0;
}

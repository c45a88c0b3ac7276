// LIBOMPTARGET_SUMMARY=1: at exit, one line per kernel (launches, total and
// mean time, the grid its plugin launched, source location), one per
// transfer direction (copies, MiB, time, bandwidth) and the allocations.
// Timings are matched by shape only. The grid is the plugin's choice, not
// the request: with num_teams(4) thread_limit(2) it is 4 x 2; without
// clauses the host device runs one team of the default team size
// (OMP_NUM_THREADS=3), a GPU blocks of 256 threads. A bad value is a
// warning and no summary.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY OMP_NUM_THREADS=3 LIBOMPTARGET_SUMMARY=1 %t 2>&1 | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_SUMMARY=yes %t 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t 2>&1 | FileCheck %s --check-prefix=OFF
#include <omp.h>
#include <stdio.h>

#define N 1024

int main(void) {
  static double A[N];
  int OnDevice = 0, Default = 0;
#pragma omp target data map(tofrom : A)
  for (int Step = 0; Step < 3; ++Step) {
#pragma omp target teams distribute parallel for num_teams(4) thread_limit(2) map(from : OnDevice)
    for (int I = 0; I < N; ++I) {
      A[I] += I;
      if (I == 0)
        OnDevice = !omp_is_initial_device();
    }
  }
#pragma omp target teams distribute parallel for map(from : Default)
  for (int I = 0; I < N; ++I)
    if (I == 0)
      Default = !omp_is_initial_device();
  printf("on-device %d %d A[7] %g\n", OnDevice, Default, A[7]);
  return 0;
}
// CHECK: on-device 1 1 A[7] 21
// CHECK: libomptarget: summary
// CHECK-NEXT: kernel launches total s mean ms grid (blocks x threads), where
// CHECK-DAG: __omp_offloading_{{[0-9a-f_]+}}main_l23 3 [[#]].{{[0-9]+}} [[#]].{{[0-9]+}}  4 x 2, {{.*}}summary.c:23:1
// CHECK-DAG: __omp_offloading_{{[0-9a-f_]+}}main_l30 1 [[#]].{{[0-9]+}} [[#]].{{[0-9]+}}  {{1 x 3|[1-9][0-9]* x 256}}, {{.*}}summary.c:30:1
// CHECK: host to device [[#]] copies [[#]].{{[0-9]}} MiB [[#]].{{[0-9]+}} s
// CHECK-NEXT: device to host [[#]] copies [[#]].{{[0-9]}} MiB [[#]].{{[0-9]+}} s
// CHECK-NEXT: allocations [[#]] blocks [[#]].{{[0-9]}} MiB
// BAD: libomptarget: warning: LIBOMPTARGET_SUMMARY='yes' is not 0 or 1; ignored
// BAD-NOT: summary
// OFF-NOT: summary

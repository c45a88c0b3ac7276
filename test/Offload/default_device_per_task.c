// The default device is a data environment ICV (OpenMP 5.x): a task gets
// its creator's, and omp_set_default_device sets the calling task's only.
// A thread of a parallel region that chose the initial device left the
// others, and the code after the region, on the offload device; a value
// set before the region reaches its threads. Before, it was one value for
// the whole process, and the initial thread's later regions ran on the
// host. OMP_DEFAULT_DEVICE sets the first value.
// GPU-SKIP: OMP_DEFAULT_DEVICE=1 names the initial device only where the host device is the one device; the ICV's rules are the runtime's, whatever the device.
// RUN: %clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY OMP_DEFAULT_DEVICE=1 %t | FileCheck %s --check-prefix=ENV
#include <omp.h>
#include <stdio.h>

static int regionOnHost(void) {
  int OnHost = -1;
#pragma omp target map(from : OnHost)
  OnHost = omp_is_initial_device();
  return OnHost;
}

int main(void) {
  int Initial = omp_get_initial_device();
  // ENV: first default 1, region on host 1
  printf("first default %d, region on host %d\n", omp_get_default_device(),
         regionOnHost());
  omp_set_default_device(0);
  int ThreadOnHost[2] = {-1, -1};
#pragma omp parallel num_threads(2)
  {
    int Me = omp_get_thread_num();
    if (Me == 1)
      omp_set_default_device(Initial);
#pragma omp barrier
    ThreadOnHost[Me] = regionOnHost();
  }
  // CHECK: threads' regions on host: 0 1
  printf("threads' regions on host: %d %d\n", ThreadOnHost[0], ThreadOnHost[1]);
  // CHECK: after the region: default 0, region on host 0
  printf("after the region: default %d, region on host %d\n",
         omp_get_default_device(), regionOnHost());
  omp_set_default_device(Initial);
  int Inherited = 0;
#pragma omp parallel num_threads(2) reduction(+ : Inherited)
  Inherited += omp_get_default_device() == Initial;
  // CHECK: inherited by 2 threads
  printf("inherited by %d threads\n", Inherited);
  return 0;
}

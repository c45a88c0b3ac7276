// OpenMP 5.1 thread_limit on a target construct without teams: it is the
// region's thread-limit ICV and bounds its parallel regions; it does not
// stay in force after the region.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int Limit = -1, Threads = -1, TeamsLimit = -1;
  // Each region adds 1 when it runs on the offload device.
  int OnDevice = 0;
#pragma omp target thread_limit(3) map(from : Limit) map(tofrom : OnDevice)
  {
    Limit = omp_get_thread_limit();
    OnDevice += !omp_is_initial_device();
  }
#pragma omp target thread_limit(1) map(from : Threads) map(tofrom : OnDevice)
  {
#pragma omp parallel num_threads(2)
    if (omp_get_thread_num() == 0) {
      Threads = omp_get_num_threads();
      OnDevice += !omp_is_initial_device();
    }
  }
#pragma omp target teams num_teams(1) thread_limit(3) map(from : TeamsLimit) \
    map(tofrom : OnDevice)
  {
    TeamsLimit = omp_get_thread_limit();
    OnDevice += !omp_is_initial_device();
  }
  // CHECK: limit ok 1, threads 1, teams limit ok 1
  printf("limit ok %d, threads %d, teams limit ok %d\n",
         Limit >= 1 && Limit <= 3, Threads, TeamsLimit >= 1 && TeamsLimit <= 3);

  int After = 0;
#pragma omp target map(from : After) map(tofrom : OnDevice)
  {
#pragma omp parallel num_threads(2)
    if (omp_get_thread_num() == 0) {
      After = omp_get_num_threads();
      OnDevice += !omp_is_initial_device();
    }
  }
  // The host runs a later region without the limit (2 threads; 1 where the
  // device or libomp has a single thread for it).
  // CHECK: after {{[12]}}
  printf("after %d\n", After);
  // CHECK: regions-on-device 4
  printf("regions-on-device %d\n", OnDevice);
  return 0;
}

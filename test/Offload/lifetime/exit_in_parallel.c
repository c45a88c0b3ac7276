// exit() from one thread of a parallel region while the other threads are
// inside or between target regions: the program ends with the status exit()
// was given, with its buffered output, no crash and no hang. The images
// stay loaded at exit (the other threads still run their code) and no
// thread's failure may turn the status into 1.
// RUN: %clang -O1 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

static atomic_int RegionsDone;

static void offloadForever(void) {
  for (;;) {
    int A[256];
#pragma omp target teams distribute parallel for map(from : A)
    for (int I = 0; I < 256; ++I)
      A[I] = I;
    atomic_fetch_add(&RegionsDone, 1);
  }
}

int main(void) {
  int OnDevice = 0;
#pragma omp target map(from : OnDevice)
  OnDevice = !omp_is_initial_device();
  // CHECK: first region on the device: 1
  printf("first region on the device: %d\n", OnDevice);
#pragma omp parallel num_threads(4)
  {
    if (omp_get_thread_num() != 0)
      offloadForever();
    while (atomic_load(&RegionsDone) < 100)
      ;
    // CHECK: exiting while 3 threads offload
    printf("exiting while %d threads offload\n", omp_get_num_threads() - 1);
    exit(0);
  }
  // CHECK-NOT: not reached
  printf("not reached\n");
  return 1;
}

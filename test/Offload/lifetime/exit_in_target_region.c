// exit() from inside a target region on the host device, while other
// threads are inside or between target regions (of the same image): the
// program ends with that status and its buffered output.
// GPU-SKIP: device code cannot call exit() on a GPU.
// RUN: %clang -O1 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

static atomic_int RegionsDone;

int main(void) {
#pragma omp parallel num_threads(4)
  {
    if (omp_get_thread_num() != 0)
      for (;;) {
        int A[256];
#pragma omp target teams distribute parallel for map(from : A)
        for (int I = 0; I < 256; ++I)
          A[I] = I;
        atomic_fetch_add(&RegionsDone, 1);
      }
    while (atomic_load(&RegionsDone) < 100)
      ;
    // CHECK: exit from a target region on the device
    printf("exit from a target region on the ");
#pragma omp target
    {
      printf("%s\n", omp_is_initial_device() ? "host" : "device");
      exit(0);
    }
  }
  // CHECK-NOT: not reached
  printf("not reached\n");
  return 1;
}

// Deferred target regions with in_reduction next to host tasks of the same
// task_reduction (and alone), round after round, with teams of one and two
// threads. Such a region adds to the original variable through a mapping
// that all of them share (copy in, kernel, copy back), and with a team of
// one thread libomp has the host tasks add to the original too. Regions
// ran on hidden helper threads at the same time as the host tasks and as
// each other, and sums came out wrong in about one round in five (on the
// host device and on a GPU); on a GPU two regions of two threads also lost
// each other's additions. The regions are tasks of the team now, and run
// one at a time. Regions checked that they ran on the device.
// RUN: %clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

enum { Rounds = 60, Chunks = 8, N = 4000 };

static int roundsWrong(int Threads, int HostTasks, const int *V, long Want,
                       int *OffDevice) {
  int Wrong = 0;
  for (int R = 0; R < Rounds; ++R) {
    long Sum = 0;
    int Max = -1000000;
#pragma omp parallel num_threads(Threads)
#pragma omp single
#pragma omp taskgroup task_reduction(+ : Sum) task_reduction(max : Max)
    for (int C = 0; C < Chunks; ++C) {
      int Lo = C * (N / Chunks), Hi = (C + 1) * (N / Chunks);
      if (!HostTasks || C % 2 == 0) {
#pragma omp target in_reduction(+ : Sum) in_reduction(max : Max)               \
    map(present, to : V[0:N]) map(tofrom : OffDevice[0:1]) nowait
        {
          if (omp_is_initial_device())
            OffDevice[0] = 1;
          for (int I = Lo; I < Hi; ++I) {
            Sum += V[I];
            Max = V[I] > Max ? V[I] : Max;
          }
        }
      } else {
#pragma omp task in_reduction(+ : Sum) in_reduction(max : Max)
        for (int I = Lo; I < Hi; ++I) {
          Sum += V[I];
          Max = V[I] > Max ? V[I] : Max;
        }
      }
    }
    Wrong += Sum != Want || Max != 500;
  }
  return Wrong;
}

int main(void) {
  static int V[N];
  long Want = 0;
  for (int I = 0; I < N; ++I) {
    V[I] = (I * 37) % 1001 - 500;
    Want += V[I];
  }
  int OffDevice = 0;
#pragma omp target enter data map(to : V)
  // CHECK: one thread: 0 of 60 rounds wrong
  printf("one thread: %d of %d rounds wrong\n",
         roundsWrong(1, 1, V, Want, &OffDevice), Rounds);
  // CHECK: two threads: 0 of 60 rounds wrong
  printf("two threads: %d of %d rounds wrong\n",
         roundsWrong(2, 1, V, Want, &OffDevice), Rounds);
  // CHECK: two threads, regions alone: 0 of 60 rounds wrong
  printf("two threads, regions alone: %d of %d rounds wrong\n",
         roundsWrong(2, 0, V, Want, &OffDevice), Rounds);
#pragma omp target exit data map(delete : V)
  // CHECK: regions on the host: 0
  printf("regions on the host: %d\n", OffDevice);
  return 0;
}

// `single copyprivate` in target regions: an int, a double, a struct and an
// array, chosen by the thread that runs the single region and seen by every
// thread of the team afterwards, in a `target parallel` region and in the
// parallel regions of a `target teams` region (one per team). On a GPU the
// single thread's variables are in its own local memory: the other threads
// copied their own values back (Device/passes/copyprivate.ll).
// RUN: %clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
// CHECK: target parallel: on device 1, every thread saw the single thread's values
// CHECK-NEXT: target teams: on device 1, every thread saw the single thread's values
#include <omp.h>
#include <stdio.h>

enum { Threads = 64, Teams = 4 };

struct Pair {
  long Id;
  double Weight;
};

/// 1 when this thread's copies hold what the single thread chose (its
/// thread number plus 1000, and values derived from it).
static int broadcast(void) {
  int Chosen = -1;
  double Scale = -1.0;
  struct Pair P = {-1, -1.0};
  int Row[5] = {-1, -1, -1, -1, -1};
#pragma omp single copyprivate(Chosen, Scale, P, Row)
  {
    Chosen = omp_get_thread_num() + 1000;
    Scale = Chosen * 0.5;
    P.Id = Chosen * 3L;
    P.Weight = Scale + 1.0;
    for (int K = 0; K < 5; K++)
      Row[K] = Chosen + K;
  }
  int Ok = Chosen >= 1000 && Scale == Chosen * 0.5 && P.Id == Chosen * 3L &&
           P.Weight == Scale + 1.0;
  for (int K = 0; K < 5; K++)
    Ok &= Row[K] == Chosen + K;
  return Ok;
}

static void report(const char *What, int OnDevice, int Good, int Expected) {
  printf("%s: on device %d, %s\n", What, OnDevice,
         Good == Expected ? "every thread saw the single thread's values"
                          : "some thread kept its own values");
}

int main(void) {
  int OnDevice = 0, Good = 0, Expected = 0;
#pragma omp target parallel num_threads(Threads) map(tofrom : OnDevice, Good, Expected)
  {
    if (omp_get_thread_num() == 0) {
      OnDevice = !omp_is_initial_device();
      Expected = omp_get_num_threads();
    }
    int Ok = broadcast();
#pragma omp atomic
    Good += Ok;
  }
  report("target parallel", OnDevice, Good, Expected);

  OnDevice = Good = Expected = 0;
#pragma omp target teams num_teams(Teams) map(tofrom : OnDevice, Good, Expected)
  {
    if (omp_get_team_num() == 0)
      OnDevice = !omp_is_initial_device();
#pragma omp parallel num_threads(Threads / 2)
    {
      if (omp_get_thread_num() == 0) {
#pragma omp atomic
        Expected += omp_get_num_threads();
      }
      int Ok = broadcast();
#pragma omp atomic
      Good += Ok;
    }
  }
  report("target teams", OnDevice, Good, Expected);
  return 0;
}

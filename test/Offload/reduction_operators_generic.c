// Reductions of every operator and type (as reduction_operators.c) in
// parallel regions nested in a target teams construct, which run as
// generic-mode kernels on GPUs: each team's threads combine into the team's
// copy, whose main thread then combines into the variable. A distribute
// parallel for (5 teams), one with num_threads(40) (a partial warp, not the
// whole block), and the blocking form of a worksharing loop in a parallel
// region (3 teams, each taking every third iteration).
// RUN: %clang -O1 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t -latomic
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include "Inputs/reductions.h"

#define GENERIC(CLAUSES, ...)                                                  \
  OMP(target teams num_teams(5) map(tofrom : OnDev) CLAUSES)                   \
  OMP(distribute parallel for CLAUSES)                                         \
  ITERATE(0, 1, __VA_ARGS__)
#define GENERIC_NUM_THREADS(CLAUSES, ...)                                      \
  OMP(target teams num_teams(4) map(tofrom : OnDev) CLAUSES)                   \
  OMP(distribute parallel for num_threads(40) CLAUSES)                         \
  ITERATE(0, 1, __VA_ARGS__)
#define GENERIC_WORKSHARING(CLAUSES, ...)                                      \
  OMP(target teams num_teams(3) map(tofrom : OnDev) CLAUSES)                   \
  {                                                                            \
    int Team = omp_get_team_num(), Teams = omp_get_num_teams();                \
    OMP(parallel)                                                              \
    {                                                                          \
      OMP(for CLAUSES)                                                         \
      ITERATE(Team, Teams, __VA_ARGS__)                                        \
    }                                                                          \
  }

CASES(generic, GENERIC)
CASES(generic_num_threads, GENERIC_NUM_THREADS)
CASES(generic_worksharing, GENERIC_WORKSHARING)

int main(void) {
  initInputs();
  generic();
  generic_num_threads();
  generic_worksharing();
  printf("%d cases, %d wrong, on-device %d\n", Cases, Wrong, OnDevice);
  return Wrong != 0;
}

// CHECK-NOT: WRONG
// CHECK: generic_int: ok
// CHECK: generic_long: ok
// CHECK: generic_unsigned: ok
// CHECK: generic_short: ok
// CHECK: generic_char: ok
// CHECK: generic_float: ok
// CHECK: generic_double: ok
// CHECK: generic_cfloat: ok
// CHECK: generic_cdouble: ok
// CHECK: generic_num_threads_int: ok
// CHECK: generic_num_threads_cdouble: ok
// CHECK: generic_worksharing_int: ok
// CHECK: generic_worksharing_cdouble: ok
// CHECK-NOT: WRONG
// CHECK: 27 cases, 0 wrong, on-device 27

// Reductions of every operator (+ * max min & | ^ && ||) and type (int,
// long, unsigned, short, signed char, float, double, float and double
// _Complex) in combined constructs, which run as SPMD kernels on GPUs: with
// the default geometry, with num_teams and num_threads (7 teams of 96
// threads: three warps), with thread_limit 50 (a partial warp), and in one
// team (target parallel for). Each result equals the host's.
// RUN: %clang -O1 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t -latomic
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include "Inputs/reductions.h"

#define SPMD(CLAUSES, ...)                                                     \
  OMP(target teams distribute parallel for map(tofrom : OnDev) CLAUSES)        \
  ITERATE(0, 1, __VA_ARGS__)
#define SPMD_GEOMETRY(CLAUSES, ...)                                            \
  OMP(target teams distribute parallel for num_teams(7) num_threads(96)        \
          map(tofrom : OnDev) CLAUSES)                                         \
  ITERATE(0, 1, __VA_ARGS__)
#define SPMD_PARTIAL_WARP(CLAUSES, ...)                                        \
  OMP(target teams distribute parallel for num_teams(3) thread_limit(50)       \
          map(tofrom : OnDev) CLAUSES)                                         \
  ITERATE(0, 1, __VA_ARGS__)
#define ONE_TEAM(CLAUSES, ...)                                                 \
  OMP(target parallel for num_threads(70) map(tofrom : OnDev) CLAUSES)         \
  ITERATE(0, 1, __VA_ARGS__)

CASES(spmd, SPMD)
CASES(spmd_geometry, SPMD_GEOMETRY)
CASES(spmd_partial_warp, SPMD_PARTIAL_WARP)
CASES(one_team, ONE_TEAM)

int main(void) {
  initInputs();
  spmd();
  spmd_geometry();
  spmd_partial_warp();
  one_team();
  printf("%d cases, %d wrong, on-device %d\n", Cases, Wrong, OnDevice);
  return Wrong != 0;
}

// CHECK-NOT: WRONG
// CHECK: spmd_int: ok
// CHECK: spmd_long: ok
// CHECK: spmd_unsigned: ok
// CHECK: spmd_short: ok
// CHECK: spmd_char: ok
// CHECK: spmd_float: ok
// CHECK: spmd_double: ok
// CHECK: spmd_cfloat: ok
// CHECK: spmd_cdouble: ok
// CHECK: spmd_geometry_int: ok
// CHECK: spmd_geometry_cdouble: ok
// CHECK: spmd_partial_warp_int: ok
// CHECK: spmd_partial_warp_cdouble: ok
// CHECK: one_team_int: ok
// CHECK: one_team_cdouble: ok
// CHECK-NOT: WRONG
// CHECK: 36 cases, 0 wrong, on-device 36

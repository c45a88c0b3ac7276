// REQUIRES: gpu
// OpenMP 5.2's if clause on teams on the GPU: with a false condition the
// league has one team, whatever num_teams says; with a true one, num_teams
// teams (Sema/teams-if.c: the launch's NumTeams). Combined and nested
// forms, and the unmodified if of a combined construct (which also applies
// to the target part: true here). Debian's clang-19 runs num_teams teams.
// Every region checks that it ran on the device.
// RUN: %clang -O2 -fopenmp -fopenmp-version=52 -fopenmp-targets=nvptx64-nvidia-cuda %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s --check-prefix=GPU-CHECK
// GPU-BUILD: %clang -O2 -fopenmp -fopenmp-version=52 -fopenmp-targets=nvptx64-nvidia-cuda %s -o %t
// GPU-RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t
#include <omp.h>
#include <stdio.h>

static int combined(int Cond) {
  int Teams = -1, Ran = 0, OnHost = 1;
#pragma omp target teams num_teams(8) if(teams : Cond) map(tofrom : Teams, Ran, OnHost)
  {
    if (omp_get_team_num() == 0) {
      Teams = omp_get_num_teams();
      OnHost = omp_is_initial_device();
    }
#pragma omp atomic
    Ran += 1;
  }
  return OnHost ? -1 : Teams == Ran ? Teams : -2;
}

static int nested(int Cond) {
  int Teams = -1, OnHost = 1;
#pragma omp target map(tofrom : Teams, OnHost)
#pragma omp teams num_teams(6) if(Cond)
  if (omp_get_team_num() == 0) {
    Teams = omp_get_num_teams();
    OnHost = omp_is_initial_device();
  }
  return OnHost ? -1 : Teams;
}

static int distributed(int Cond) {
  int Sum = 0, Teams = -1, OnHost = 1;
#pragma omp target teams distribute num_teams(5) if(Cond) reduction(+ : Sum) map(tofrom : Teams, OnHost)
  for (int I = 0; I < 100; ++I) {
    if (I == 0) {
      Teams = omp_get_num_teams();
      OnHost = omp_is_initial_device();
    }
    Sum += I;
  }
  return OnHost || Sum != 4950 ? -1 : Teams;
}

int main(int argc, char **argv) {
  (void)argv;
  int Zero = argc - 1, One = argc;
  // GPU-CHECK: combined 1 8, nested 1 6, distributed 5
  printf("combined %d %d, nested %d %d, distributed %d\n", combined(Zero),
         combined(One), nested(Zero), nested(One), distributed(One));
  return 0;
}

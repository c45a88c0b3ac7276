// `target teams distribute num_teams(T)` without dist_schedule over trip
// counts below, equal to and above T: every iteration runs once, and
// lastprivate takes the last iteration's value. OpenMP (5.2, 11.6.1) asks
// for chunks of about equal size, at most one per team; the device runtime,
// like libomp on the host device, gives team K the K-th chunk and the first
// Trip % T teams one iteration more, which the test checks, so that a loop
// of as many iterations as teams (the device runtime's path without a
// division) runs iteration I on team I as the general path would. A
// collapsed nest with 64-bit bounds and a parallel loop in its team code
// (a guarded kernel on GPUs) checks the same, with an empty nest and a
// league of one.
// RUN: %clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

// The team that runs iteration I of Trip in a league of League teams: the
// first Trip % League teams get one iteration more (Trip >= League), or
// iteration I is team I.
static long scheduledTeam(long I, long Trip, int League) {
  long Small = League ? Trip / League : 0, Extra = League ? Trip % League : 0;
  return I < Extra * (Small + 1)
             ? I / (Small + 1)
             : Extra + (I - Extra * (Small + 1)) / (Small ? Small : 1);
}

// Runs a loop of Trip iterations on Teams teams; returns whether each
// iteration ran once, on the device, on the team the schedule gives it.
static int check(int Teams, int Trip) {
  int *Team = malloc(sizeof(int) * (Trip > 0 ? Trip : 1));
  int *Count = calloc(Trip > 0 ? Trip : 1, sizeof(int));
  int Last = -1, League = 0, OnHost = 0;
#pragma omp target teams distribute num_teams(Teams) lastprivate(Last)        \
    map(from : Team[0:Trip], League) map(tofrom : Count[0:Trip], OnHost)
  for (int I = 0; I < Trip; I++) {
    Team[I] = omp_get_team_num();
    Count[I] += 1;
    Last = I;
    if (I == 0)
      League = omp_get_num_teams();
    if (omp_is_initial_device())
      OnHost = 1;
  }
  int Ok = !OnHost && Last == Trip - 1;
  for (int I = 0; I < Trip; I++)
    Ok &= Count[I] == 1 && Team[I] == scheduledTeam(I, Trip, League);
  if (!Ok)
    printf("teams %d trip %d: league %d, last %d, on host %d\n", Teams, Trip,
           League, Last, OnHost);
  free(Team);
  free(Count);
  return Ok;
}

// The same schedule for a collapsed nest with 64-bit bounds whose team code
// starts a parallel loop (a guarded kernel on GPUs): each (I, J) runs once,
// on the team the schedule gives it, and its parallel loop covers the row.
static int checkNested(int Teams, long Rows, long Cols) {
  long Trip = Rows * Cols;
  int *Team = malloc(sizeof(int) * (Trip > 0 ? Trip : 1));
  int *Sum = calloc(Trip > 0 ? Trip : 1, sizeof(int));
  long Last = -1;
  int League = 0, OnHost = 0;
#pragma omp target teams distribute collapse(2) num_teams(Teams)             \
    lastprivate(Last) map(from : Team[0:Trip], League)                        \
    map(tofrom : Sum[0:Trip], OnHost)
  for (long I = 0; I < Rows; I++)
    for (long J = 0; J < Cols; J++) {
      long K = I * Cols + J;
      Team[K] = omp_get_team_num();
#pragma omp parallel for
      for (int E = 0; E < 40; E++) {
#pragma omp atomic
        Sum[K] += E;
      }
      Last = K;
      if (K == 0)
        League = omp_get_num_teams();
      if (omp_is_initial_device())
        OnHost = 1;
    }
  int Ok = !OnHost && Last == (Trip > 0 ? Trip - 1 : -1);
  for (long K = 0; K < Trip; K++)
    Ok &= Sum[K] == 40 * 39 / 2 && Team[K] == scheduledTeam(K, Trip, League);
  if (!Ok)
    printf("nested: teams %d trip %ld: league %d, last %ld, on host %d\n",
           Teams, Trip, League, Last, OnHost);
  free(Team);
  free(Sum);
  return Ok;
}

int main(void) {
  int Ok = 1;
  const int Teams[] = {1, 3, 8, 64};
  for (int T = 0; T < 4; T++)
    for (int Delta = -2; Delta <= 2; Delta++)
      if (Teams[T] + Delta > 0)
        Ok &= check(Teams[T], Teams[T] + Delta);
  Ok &= check(16, 1000);
  // CHECK: distribute over teams: ok
  printf("distribute over teams: %s\n", Ok ? "ok" : "FAILED");
  int Nested = checkNested(12, 3, 4) && checkNested(13, 3, 4) &&
               checkNested(11, 3, 4) && checkNested(5, 3, 4) &&
               checkNested(4, 0, 4) && checkNested(1, 2, 2);
  // CHECK: nested over teams: ok
  printf("nested over teams: %s\n", Nested ? "ok" : "FAILED");
  Ok &= Nested;
  return !Ok;
}

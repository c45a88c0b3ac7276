// `target teams distribute` loops whose body starts parallel regions: on
// GPUs these kernels run their team code in every thread (guarded), thread
// 0 computing the team's part of the loop in a guard and the other threads
// reading it from shared memory (docs/Design.md, spmdize). These shapes
// check that every thread of every region sees the team's iteration and
// that each iteration runs once, on the team the schedule gives it: the
// default schedule (one contiguous chunk a team, in team order),
// dist_schedule(static, 3) (chunk k on team k % teams), more teams than
// iterations, an unsigned and a 64-bit iteration variable with bounds past
// 2^32, and lastprivate on the distribute loop. Each region checks that it
// runs on the device.
// RUN: %clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
//
// GPU-BUILD: %clang -O2 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda %s -o %t
// GPU-RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t
// GPU-EXIT: 0
// GPU-CHECK-NOT: WRONG
// GPU-CHECK: 6 cases, 0 wrong, on-device 6
// CHECK-NOT: WRONG
// CHECK: default schedule: ok
// CHECK: dist_schedule(static, 3): ok
// CHECK: more teams than iterations: ok
// CHECK: unsigned iterations: ok
// CHECK: 64-bit iterations past 2^32: ok
// CHECK: lastprivate: ok
// CHECK: 6 cases, 0 wrong, on-device 6
#include <omp.h>
#include <stdio.h>

#define N 1000
#define THREADS 8

static int Wrong, OnDevice;

static void report(const char *Case, int Bad, int Device) {
  printf("%s: %s\n", Case, Bad ? "WRONG" : "ok");
  Wrong += Bad != 0;
  OnDevice += Device != 0;
}

/// Run by each thread of iteration I's region: writes the iteration it sees
/// into its slots (every slot when the team has fewer threads) and, for the
/// first iteration, whether the region runs on the device.
static void seeIteration(int *Seen, int I, int *Device) {
  for (int T = omp_get_thread_num(); T < THREADS; T += omp_get_num_threads())
    Seen[I * THREADS + T] = I;
  if (I == 0 && omp_get_thread_num() == 0)
    *Device = !omp_is_initial_device();
}

/// How many of the slots that the iterations' regions wrote (seeIteration)
/// are wrong, and how many iterations did not run exactly once.
static int checkSeen(const int *Seen, const int *Runs, int Count) {
  int Bad = 0;
  for (int I = 0; I < Count; ++I) {
    Bad += Runs[I] != 1;
    for (int T = 0; T < THREADS; ++T)
      Bad += Seen[I * THREADS + T] != I;
  }
  return Bad;
}

static void defaultSchedule(void) {
  static int Seen[N * THREADS], Runs[N], Team[N];
  int Device = 0;
#pragma omp target teams distribute num_teams(7) map(tofrom : Seen, Runs, Team, Device)
  for (int I = 0; I < N; ++I) {
    Runs[I] += 1;
    Team[I] = omp_get_team_num();
#pragma omp parallel num_threads(THREADS)
    seeIteration(Seen, I, &Device);
  }
  int Bad = checkSeen(Seen, Runs, N);
  for (int I = 1; I < N; ++I)
    Bad += Team[I] < Team[I - 1];
  report("default schedule", Bad, Device);
}

static void chunkedSchedule(void) {
  static int Seen[N * THREADS], Runs[N], Team[N];
  int Device = 0, Teams = 0;
#pragma omp target teams distribute num_teams(5) dist_schedule(static, 3) map(tofrom : Seen, Runs, Team, Device, Teams)
  for (int I = 0; I < N; ++I) {
    Runs[I] += 1;
    Team[I] = omp_get_team_num();
    if (I == 0)
      Teams = omp_get_num_teams();
#pragma omp parallel for num_threads(THREADS)
    for (int T = 0; T < THREADS; ++T) {
      Seen[I * THREADS + T] = I;
      if (I == 0 && T == 0)
        Device = !omp_is_initial_device();
    }
  }
  int Bad = checkSeen(Seen, Runs, N) + (Teams < 1);
  for (int I = 0; I < N && Teams > 0; ++I)
    Bad += Team[I] != I / 3 % Teams;
  report("dist_schedule(static, 3)", Bad, Device);
}

static void moreTeamsThanIterations(void) {
  enum { Few = 3 };
  static int Seen[Few * THREADS], Runs[Few];
  int Device = 0;
#pragma omp target teams distribute num_teams(16) map(tofrom : Seen, Runs, Device)
  for (int I = 0; I < Few; ++I) {
    Runs[I] += 1;
#pragma omp parallel num_threads(THREADS)
    seeIteration(Seen, I, &Device);
  }
  report("more teams than iterations", checkSeen(Seen, Runs, Few), Device);
}

static void unsignedIterations(void) {
  static int Seen[N * THREADS], Runs[N];
  int Device = 0;
  const unsigned First = 4000000000u;
#pragma omp target teams distribute num_teams(9) map(tofrom : Seen, Runs, Device)
  for (unsigned U = First; U < First + N; ++U) {
    const int I = (int)(U - First);
    Runs[I] += 1;
#pragma omp parallel num_threads(THREADS)
    seeIteration(Seen, I, &Device);
  }
  report("unsigned iterations", checkSeen(Seen, Runs, N), Device);
}

static void wideIterations(void) {
  static int Seen[N * THREADS], Runs[N];
  int Device = 0;
  const long long First = (1LL << 33) + 5;
#pragma omp target teams distribute num_teams(11) map(tofrom : Seen, Runs, Device)
  for (long long L = First; L < First + 2 * N; L += 2) {
    const int I = (int)((L - First) / 2);
#pragma omp atomic
    Runs[I] += 1;
#pragma omp parallel num_threads(THREADS)
    seeIteration(Seen, I, &Device);
  }
  report("64-bit iterations past 2^32", checkSeen(Seen, Runs, N), Device);
}

static void lastprivateIteration(void) {
  static int Seen[N * THREADS], Runs[N];
  int Device = 0, Last = -1;
#pragma omp target teams distribute num_teams(6) lastprivate(Last) map(tofrom : Seen, Runs, Device)
  for (int I = 0; I < N; ++I) {
    Runs[I] += 1;
    Last = I;
#pragma omp parallel num_threads(THREADS)
    seeIteration(Seen, I, &Device);
  }
  report("lastprivate", checkSeen(Seen, Runs, N) + (Last != N - 1), Device);
}

int main(void) {
  defaultSchedule();
  chunkedSchedule();
  moreTeamsThanIterations();
  unsignedIterations();
  wideIterations();
  lastprivateIteration();
  printf("6 cases, %d wrong, on-device %d\n", Wrong, OnDevice);
  return Wrong != 0;
}

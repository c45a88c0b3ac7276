// Team-code locals that parallel regions only read: on GPUs each thread of a
// guarded kernel keeps its own copy (the team's value: team code runs in
// every thread), so these shapes check that every copy holds what the team
// code last stored: a bound changed between two regions and read again
// after them, a small array filled by a sequential loop, a value a called
// function (with an effect) returns, one from omp_get_team_num() and memory,
// and a region of fewer threads than the team. Every region checks that it
// ran on the device. Teams and threads may be fewer than asked for (the
// host device makes fewer): each team takes every num_teams-th team index,
// each thread every num_threads-th slot.
// RUN: %clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
//
// GPU-BUILD: %clang -O2 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda %s -o %t
// GPU-RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t
// GPU-EXIT: 0
// GPU-CHECK-NOT: WRONG
// GPU-CHECK: 5 cases, 0 wrong, on-device 5
// CHECK-NOT: WRONG
// CHECK: bound changed between regions: ok
// CHECK: array filled by a loop: ok
// CHECK: value of a call: ok
// CHECK: team number and memory: ok
// CHECK: fewer threads: ok
// CHECK: 5 cases, 0 wrong, on-device 5
#include <omp.h>
#include <stdio.h>

/// Runs the statement for each slot S of the calling team's threads.
#define FOR_SLOTS(S, Count)                                                    \
  for (int S = omp_get_thread_num(); S < (Count); S += omp_get_num_threads())
/// Runs the block for each team index T this team takes.
#define FOR_TEAMS(T)                                                           \
  for (int T = omp_get_team_num(); T < Teams; T += omp_get_num_teams())

enum { Teams = 4, Threads = 64, Slots = Teams * Threads };

static int Cases, Wrong, OnDevice;

static void expect(const char *Name, const long *Got, const long *Want,
                   int Dev) {
  ++Cases;
  OnDevice += Dev;
  for (int I = 0; I < Slots; ++I)
    if (Got[I] != Want[I] || !Dev) {
      ++Wrong;
      printf("%s: WRONG at %d: %ld, expected %ld, on-device %d\n", Name, I,
             Got[I], Want[I], Dev);
      return;
    }
  printf("%s: ok\n", Name);
}

#pragma omp declare target
static int Calls[Teams];
/// Counts its calls per team (an effect), returns a value of the team.
static long __attribute__((noinline)) teamValue(int Team) {
  ++Calls[Team];
  return 1000L * (Team + 1) + Calls[Team];
}
#pragma omp end declare target

int main(void) {
  long Out[Slots], Want[Slots], Base[Teams] = {7, 11, 13, 17};
  int Dev = 0;

  // A bound the team changes between two regions, read after them too.
#pragma omp target teams num_teams(Teams) thread_limit(Threads)              \
    map(from : Out, Dev)
  FOR_TEAMS(T) {
    long Bound = T * 10;
#pragma omp parallel num_threads(Threads)
    FOR_SLOTS(S, Threads) Out[T * Threads + S] = Bound;
    Bound = Bound * 3 + 1;
#pragma omp parallel num_threads(Threads)
    FOR_SLOTS(S, Threads) Out[T * Threads + S] += Bound;
    if (Bound != T * 30 + 1)
      Out[T * Threads] = -1;
    if (T == 0)
      Dev = !omp_is_initial_device();
  }
  for (int I = 0; I < Slots; ++I)
    Want[I] = (I / Threads) * 10 + (I / Threads) * 30 + 1;
  expect("bound changed between regions", Out, Want, Dev);

  // A small array the team fills with a sequential loop.
#pragma omp target teams num_teams(Teams) thread_limit(Threads)              \
    map(from : Out, Dev)
  FOR_TEAMS(T) {
    int Steps[4];
    for (int K = 0; K < 4; ++K)
      Steps[K] = (T + 1) * (K + 1);
#pragma omp parallel num_threads(Threads)
    FOR_SLOTS(S, Threads) Out[T * Threads + S] = Steps[S % 4];
    if (T == 0)
      Dev = !omp_is_initial_device();
  }
  for (int I = 0; I < Slots; ++I)
    Want[I] = (I / Threads + 1) * (I % Threads % 4 + 1);
  expect("array filled by a loop", Out, Want, Dev);

  // The value of a call with an effect, twice (the second call sees the
  // first one's count).
#pragma omp target teams num_teams(Teams) thread_limit(Threads)              \
    map(from : Out, Dev)
  FOR_TEAMS(T) {
    long V = teamValue(T);
#pragma omp parallel num_threads(Threads)
    FOR_SLOTS(S, Threads) Out[T * Threads + S] = V;
    V = teamValue(T);
#pragma omp parallel num_threads(Threads)
    FOR_SLOTS(S, Threads) Out[T * Threads + S] += 10 * V;
    if (T == 0)
      Dev = !omp_is_initial_device();
  }
  for (int I = 0; I < Slots; ++I)
    Want[I] = (1000L * (I / Threads + 1) + 1) +
              10 * (1000L * (I / Threads + 1) + 2);
  expect("value of a call", Out, Want, Dev);

  // The team number and a value read from mapped memory.
#pragma omp target teams num_teams(Teams) thread_limit(Threads)              \
    map(to : Base) map(from : Out, Dev)
  FOR_TEAMS(T) {
    long B = Base[T] * 100 + T;
#pragma omp parallel num_threads(Threads)
    FOR_SLOTS(S, Threads) Out[T * Threads + S] = B + S;
    if (T == 0)
      Dev = !omp_is_initial_device();
  }
  for (int I = 0; I < Slots; ++I)
    Want[I] = Base[I / Threads] * 100 + I / Threads + I % Threads;
  expect("team number and memory", Out, Want, Dev);

  // A region of fewer threads than the team: the others keep their copy
  // for the next region, which has all of them.
#pragma omp target teams num_teams(Teams) thread_limit(Threads)              \
    map(from : Out, Dev)
  FOR_TEAMS(T) {
    long Mark = T + 5;
#pragma omp parallel num_threads(Threads / 2)
    FOR_SLOTS(S, Threads / 2) Out[T * Threads + S] = Mark;
    Mark *= 2;
#pragma omp parallel num_threads(Threads)
    FOR_SLOTS(S, Threads) if (S >= Threads / 2) Out[T * Threads + S] = Mark;
    if (T == 0)
      Dev = !omp_is_initial_device();
  }
  for (int I = 0; I < Slots; ++I)
    Want[I] = I % Threads < Threads / 2 ? I / Threads + 5
                                        : 2 * (I / Threads + 5);
  expect("fewer threads", Out, Want, Dev);

  printf("%d cases, %d wrong, on-device %d\n", Cases, Wrong, OnDevice);
  return Wrong != 0;
}

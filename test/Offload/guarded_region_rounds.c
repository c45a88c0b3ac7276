// Parallel regions of `target teams` team code that hand data to each
// other through a team-local array, round after round: on GPUs each region
// of a guarded kernel closes with a block barrier, which the threads a
// region leaves out (num_threads below the block) wait at too, so that no
// thread starts the next region while another still writes or reads the
// array. Each shape writes the array in one region and reads other
// threads' slots in the next, over many rounds, so that a thread let
// through too early would read a stale round: regions of the whole block,
// a smaller region before a larger one and the other way round, blocks of
// one warp, odd sizes, and a sum whose team code fills the array that the
// next region reads. Every region checks that it ran on the device.
// RUN: %clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
//
// GPU-BUILD: %clang -O2 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda %s -o %t
// GPU-RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t
// GPU-EXIT: 0
// GPU-CHECK-NOT: WRONG
// GPU-CHECK: 6 cases, 0 wrong, on-device 6
// CHECK-NOT: WRONG
// CHECK: whole block: ok
// CHECK: smaller region, then the whole block: ok
// CHECK: whole block, then a smaller region: ok
// CHECK: one-warp blocks: ok
// CHECK: odd sizes: ok
// CHECK: sum, then team code the next region reads: ok
// CHECK: 6 cases, 0 wrong, on-device 6
#include <omp.h>
#include <stdio.h>

#define TEAMS 64
#define ROUNDS 40
#define MAX_BLOCK 256

static int Wrong, OnDevice;

static void report(const char *Case, int Bad, int Device) {
  printf("%s: %s\n", Case, Bad ? "WRONG" : "ok");
  Wrong += Bad != 0;
  OnDevice += Device != 0;
}

/// Each round, a region of First threads writes its slots of a team-local
/// array and waits at a barrier; a region of Second threads then reads
/// every slot, each thread starting from another's, and waits at a barrier
/// before the next round overwrites them. Counts the stale slots it saw.
static void rounds(const char *Case, int Block, int First, int Second) {
  int Bad = 0, Device = 0;
#pragma omp target teams num_teams(TEAMS) thread_limit(Block) map(tofrom : Bad, Device)
  {
    int Slots[MAX_BLOCK];
    for (int Round = 0; Round < ROUNDS; ++Round) {
#pragma omp parallel num_threads(First)
      {
        const int Tid = omp_get_thread_num(), Size = omp_get_num_threads();
        for (int S = Tid; S < First; S += Size)
          Slots[S] = Round * MAX_BLOCK + S;
        if (Round == 0 && Tid == 0 && omp_get_team_num() == 0)
          Device = !omp_is_initial_device();
#pragma omp barrier
      }
#pragma omp parallel num_threads(Second)
      {
        const int Tid = omp_get_thread_num(), Size = omp_get_num_threads();
        int Stale = 0;
        for (int K = 0; K < First; ++K) {
          const int S = (Tid * 7 + K) % First;
          Stale += Slots[S] != Round * MAX_BLOCK + S;
        }
        (void)Size;
        if (Stale) {
#pragma omp atomic
          Bad += Stale;
        }
#pragma omp barrier
      }
    }
  }
  report(Case, Bad, Device);
}

/// Each round, a region sums the team's values into a team-code local
/// (every thread gets the sum), the team code stores it in a team-local
/// array, and the next region reads it there.
static void sumThenTeamCode(void) {
  int Bad = 0, Device = 0;
  enum { Block = 128, Values = 300 };
#pragma omp target teams num_teams(TEAMS) thread_limit(Block) map(tofrom : Bad, Device)
  {
    int Sums[ROUNDS];
    const int Team = omp_get_team_num();
    for (int Round = 0; Round < ROUNDS; ++Round) {
      int Sum = 0;
#pragma omp parallel for reduction(+ : Sum) num_threads(Block)
      for (int V = 0; V < Values; ++V)
        Sum += V + Round + Team;
      Sums[Round] = Sum;
#pragma omp parallel num_threads(Block)
      {
        const int Expected = Values * (Values - 1) / 2 + Values * (Round + Team);
        if (Sums[Round] != Expected) {
#pragma omp atomic
          Bad += 1;
        }
        if (Round == 0 && omp_get_thread_num() == 0 && Team == 0)
          Device = !omp_is_initial_device();
      }
    }
  }
  report("sum, then team code the next region reads", Bad, Device);
}

int main(void) {
  rounds("whole block", 256, 256, 256);
  rounds("smaller region, then the whole block", 256, 96, 256);
  rounds("whole block, then a smaller region", 256, 256, 64);
  rounds("one-warp blocks", 32, 32, 32);
  rounds("odd sizes", 160, 160, 33);
  sumThenTeamCode();
  printf("6 cases, %d wrong, on-device %d\n", Wrong, OnDevice);
  return Wrong != 0;
}

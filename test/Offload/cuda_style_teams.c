// CUDA-style OpenMP: `target teams` with team-local arrays and scalars, a
// parallel region that works by omp_get_thread_num()/omp_get_team_num(),
// barriers and atomics on team-local data, and team-sequential code before
// and after it. On GPUs such kernels run their team code in every thread
// with guards (test/Device/nvptx-guarded-kernels.c); the results must be
// those of the sequential team code, at every optimization level.
// RUN: %clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t.O0
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.O0 | FileCheck %s
// RUN: %clang -O2 -g -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t.g
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.g | FileCheck %s
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define TEAMS 64
#define T 128
#define N (TEAMS * T)

#pragma omp declare target
static int team_log[TEAMS];
// Called from team code: writes device memory and returns a value the team
// code uses afterwards.
int note_team(int team, int value) {
  team_log[team] = value;
  return value + 1;
}
#pragma omp end declare target

static float in[N];

// Block sums with a shared-memory tree, a count of large elements kept in a
// team-local scalar by atomics, and team code around the parallel region.
static int block_sums(void) {
  float out[TEAMS];
  int count[TEAMS], first[TEAMS], on_dev = 1;
#pragma omp target teams num_teams(TEAMS) thread_limit(T) \
    map(to : in) map(from : out, count, first) map(tofrom : on_dev)
  {
    float buf[T];
    int large = 0;
    const int team = omp_get_team_num();
    const int base = team * T;
#pragma omp parallel num_threads(T)
    {
      // CUDA code assumes T threads; the host device may give fewer.
      int t = omp_get_thread_num(), nt = omp_get_num_threads();
      for (int i = t; i < T; i += nt) {
        buf[i] = in[base + i];
        if (buf[i] > 2.0f) {
#pragma omp atomic
          large++;
        }
      }
#pragma omp barrier
      for (int s = T / 2; s > 0; s >>= 1) {
        for (int i = t; i < s; i += nt)
          buf[i] += buf[i + s];
#pragma omp barrier
      }
      if (omp_is_initial_device())
        on_dev = 0;
    }
    out[team] = buf[0];
    count[team] = large;
    first[team] = note_team(team, (int)buf[0]);
  }
  int ok = 1;
  for (int b = 0; b < TEAMS; b++) {
    float sum = 0;
    int large = 0;
    for (int t = 0; t < T; t++) {
      sum += in[b * T + t];
      large += in[b * T + t] > 2.0f;
    }
    ok &= out[b] == sum && count[b] == large && first[b] == (int)sum + 1;
  }
  printf("block sums %d on-device %d\n", ok, on_dev);
  return ok;
}

// A parallel region with fewer threads than the team has, and one with
// if(0): the team code's view of the regions.
static void region_sizes(void) {
  int sizes[TEAMS], serial[TEAMS], seen[TEAMS], on_dev = 1, nested_ok = 1;
#pragma omp target teams num_teams(TEAMS) thread_limit(T) \
    map(from : sizes, serial, seen) map(tofrom : on_dev, nested_ok)
  {
    int team = omp_get_team_num();
    int half = 0, one = -1, count = 0;
#pragma omp parallel num_threads(T / 2)
    {
      if (omp_get_thread_num() == 0)
        half = omp_get_num_threads();
#pragma omp atomic
      count++;
#pragma omp barrier
      // A region nested in it runs serialized: a team of one.
      int inner = -1;
#pragma omp parallel if (0)
      inner = omp_get_thread_num() + 10 * omp_get_num_threads();
      if (inner != 10)
        nested_ok = 0;
      if (omp_is_initial_device())
        on_dev = 0;
    }
#pragma omp parallel if (0)
    one = omp_get_num_threads() * 10 + omp_in_parallel();
    sizes[team] = half;
    serial[team] = one;
    seen[team] = count;
  }
  int ok = 1;
  for (int b = 0; b < TEAMS; b++)
    ok &= sizes[b] >= 1 && sizes[b] <= T / 2 && seen[b] == sizes[b] &&
          serial[b] == 10;
  printf("region sizes %d nested %d on-device %d\n", ok, nested_ok, on_dev);
}

// Team code with a loop around a parallel region that reads what the
// previous iteration's region wrote (the paper's seq/par pattern), and a
// local the team code changes through a pointer before the region reads it.
static void sequential_parallel(void) {
  enum { ITERS = 5 };
  double acc[TEAMS], c[N];
  int on_dev = 1;
  for (int i = 0; i < N; i++)
    c[i] = 0;
#pragma omp target teams num_teams(TEAMS) thread_limit(T) \
    map(tofrom : c, on_dev) map(from : acc)
  {
    int team = omp_get_team_num();
    int lb = team * T, ub = lb + T;
    int scale = 1;
    int *p = &scale;
    double total = 0;
    for (int it = 0; it < ITERS; it++) {
      *p = it + 1;
      double beta = 0.5 * scale;
#pragma omp parallel for
      for (int i = lb; i < ub; i++) {
        c[i] += beta * (i % 7) + scale;
        if (omp_is_initial_device())
          on_dev = 0;
      }
      double s = 0;
      for (int i = lb; i < ub; i += 3)
        s += c[i];
      total += s;
    }
    acc[team] = total;
  }
  double ref[N];
  int ok = 1;
  for (int i = 0; i < N; i++)
    ref[i] = 0;
  for (int b = 0; b < TEAMS; b++) {
    double total = 0;
    for (int it = 0; it < ITERS; it++) {
      int scale = it + 1;
      double beta = 0.5 * scale;
      for (int i = b * T; i < (b + 1) * T; i++)
        ref[i] += beta * (i % 7) + scale;
      double s = 0;
      for (int i = b * T; i < (b + 1) * T; i += 3)
        s += ref[i];
      total += s;
    }
    ok &= acc[b] == total;
  }
  for (int i = 0; i < N; i++)
    ok &= c[i] == ref[i];
  printf("sequential parallel %d on-device %d\n", ok, on_dev);
}

// `target` without teams, a team-local array, and a teams reduction whose
// parallel region reduces into the team's copy.
static void single_team_and_reduction(void) {
  int squares = 0, threads = 0, on_dev = 1;
#pragma omp target map(tofrom : squares, threads, on_dev)
  {
    int local[T];
#pragma omp parallel num_threads(T)
    {
      int t = omp_get_thread_num();
      local[t] = t * t;
#pragma omp barrier
      if (t == 0) {
        threads = omp_get_num_threads();
        for (int i = 0; i < threads; i++)
          squares += local[i];
      }
      if (omp_is_initial_device())
        on_dev = 0;
    }
  }
  long sum = 0;
  int team_threads[TEAMS];
#pragma omp target teams num_teams(TEAMS) thread_limit(T) \
    reduction(+ : sum) map(tofrom : on_dev) map(from : team_threads)
  {
    int team = omp_get_team_num();
    int count = 0;
#pragma omp parallel reduction(+ : sum)
    {
      sum += team + 1;
#pragma omp atomic
      count++;
      if (omp_is_initial_device())
        on_dev = 0;
    }
    team_threads[team] = count;
  }
  long expect = 0;
  for (int b = 0; b < TEAMS; b++)
    expect += (long)(b + 1) * team_threads[b];
  printf("single team %d reduction %d on-device %d\n",
         threads > 0 && squares == (threads - 1) * threads * (2 * threads - 1) / 6,
         sum == expect && expect > 0, on_dev);
}

// printf in team code runs once per team.
static void team_printf(void) {
#pragma omp target teams num_teams(2) thread_limit(64)
  {
    int team = omp_get_team_num();
    int hits = 0;
    printf("team print on-device %d\n", !omp_is_initial_device());
#pragma omp parallel
    {
#pragma omp atomic
      hits++;
    }
    if (hits < 1)
      printf("team %d saw no threads\n", team);
  }
}

int main(void) {
  for (int i = 0; i < N; i++)
    in[i] = (float)((i * 7) % 13) * 0.5f;
  // CHECK: block sums 1 on-device 1
  block_sums();
  // CHECK: region sizes 1 nested 1 on-device 1
  region_sizes();
  // CHECK: sequential parallel 1 on-device 1
  sequential_parallel();
  // CHECK: single team 1 reduction 1 on-device 1
  single_team_and_reduction();
  fflush(stdout);
  // CHECK-COUNT-2: team print on-device 1
  // CHECK-NOT: saw no threads
  team_printf();
  return 0;
}

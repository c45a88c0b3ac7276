// Team-code locals that parallel regions reduce into, read by the team code
// and by later regions: on GPUs each thread of a guarded kernel keeps its
// own copy and every reducing region gives each of its threads the result
// (RegionReductionCopies.h), so these shapes check that every thread sees
// the team's value after each region: a mean then a variance per row (a
// layer normalization), a region of half the team and one of a single
// thread (the threads left out get thread 0's copy), a team of a partial
// warp, a double _Complex sum (two 8-byte chunks), a sum repeated in a
// loop of team code, a minimum and a maximum, and a user-defined reduction
// of a 31-byte struct (more chunks than one round of shared memory holds). The sums are of small integers, exact in any order.
// Every region after a reduction writes what each thread sees, and checks
// that it ran on the device. Teams and threads may be fewer than asked for
// (the host device makes fewer): each team takes every num_teams-th team
// index, each thread every num_threads-th slot.
// RUN: %clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t -latomic
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
//
// GPU-BUILD: %clang -O2 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda %s -o %t -latomic
// GPU-RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t
// GPU-EXIT: 0
// GPU-CHECK-NOT: WRONG
// GPU-CHECK: 7 cases, 0 wrong, on-device 7
// CHECK-NOT: WRONG
// CHECK: mean and variance per row: ok
// CHECK: half the team, then one thread: ok
// CHECK: partial warp: ok
// CHECK: complex sum: ok
// CHECK: sum in a team loop: ok
// CHECK: min and max: ok
// CHECK: 31-byte struct: ok
// CHECK: 7 cases, 0 wrong, on-device 7
#include <complex.h>
#include <omp.h>
#include <stdio.h>

/// Runs the statement for each slot S of the calling team's threads.
#define FOR_SLOTS(S, Count)                                                    \
  for (int S = omp_get_thread_num(); S < (Count); S += omp_get_num_threads())
/// Runs the block for each team index T this team takes.
#define FOR_TEAMS(T)                                                           \
  for (int T = omp_get_team_num(); T < Teams; T += omp_get_num_teams())

enum { Teams = 4, Threads = 64, Slots = Teams * Threads, Cols = 200 };

static int Cases, Wrong, OnDevice;

static void expect(const char *Name, const double *Got, const double *Want,
                   int Dev) {
  ++Cases;
  OnDevice += Dev;
  for (int K = 0; K < Slots; ++K)
    if (Got[K] != Want[K] || !Dev) {
      ++Wrong;
      printf("%s: WRONG at %d: %g, expected %g, on-device %d\n", Name, K,
             Got[K], Want[K], Dev);
      return;
    }
  printf("%s: ok\n", Name);
}

/// The element of row R, column C of the rows the kernels read: small
/// enough that every sum of the mean and variance is exact in float.
static float element(int R, int C) {
  return (float)((R * 7 + C * 3) % 11 - 5);
}

/// 31 bytes: three 8-byte chunks, a 4-byte one and three bytes.
struct Odd {
  int Words[7];
  unsigned char Bytes[3];
};

#pragma omp declare target
static struct Odd addOdd(struct Odd A, const struct Odd *B) {
  for (int K = 0; K < 7; ++K)
    A.Words[K] += B->Words[K];
  for (int K = 0; K < 3; ++K)
    A.Bytes[K] = (unsigned char)(A.Bytes[K] + B->Bytes[K]);
  return A;
}
#pragma omp end declare target

// No initializer clause: the private copies start at zero, and the region
// passes the original to nothing but the combiner.
#pragma omp declare reduction(addOdd : struct Odd                               \
                              : omp_out = addOdd(omp_out, &omp_in))

/// The sum of the struct over row R: word K adds C * (K + 1) + R, byte K
/// adds C % (K + 2).
static double oddChecksum(const struct Odd *O) {
  double Sum = 0;
  for (int K = 0; K < 7; ++K)
    Sum = Sum * 3 + O->Words[K];
  for (int K = 0; K < 3; ++K)
    Sum = Sum * 3 + O->Bytes[K];
  return Sum;
}

int main(void) {
  float X[Teams * Cols];
  double Out[Slots], Want[Slots], Stats[2 * Teams];
  int Dev = 0;
  for (int R = 0; R < Teams; ++R)
    for (int C = 0; C < Cols; ++C)
      X[R * Cols + C] = element(R, C);

  // A mean, then the variance about it, then every thread writes both.
#pragma omp target teams distribute num_teams(Teams) map(to : X)              \
    map(from : Out, Stats, Dev)
  for (int T = 0; T < Teams; ++T) {
    const float *Row = X + T * Cols;
    float Mean = 0.0f;
#pragma omp parallel for reduction(+ : Mean) num_threads(Threads)
    for (int C = 0; C < Cols; ++C)
      Mean += Row[C];
    Mean = Mean / 8;
    float Var = 0.0f;
#pragma omp parallel for reduction(+ : Var) num_threads(Threads)
    for (int C = 0; C < Cols; ++C)
      Var += (Row[C] - Mean) * (Row[C] - Mean);
#pragma omp parallel num_threads(Threads)
    FOR_SLOTS(S, Threads) Out[T * Threads + S] = Mean * 1000.0 + Var;
    Stats[2 * T] = Mean;
    Stats[2 * T + 1] = Var;
    if (T == 0)
      Dev = !omp_is_initial_device();
  }
  for (int T = 0; T < Teams; ++T) {
    float Mean = 0.0f, Var = 0.0f;
    for (int C = 0; C < Cols; ++C)
      Mean += element(T, C);
    Mean /= 8;
    for (int C = 0; C < Cols; ++C)
      Var += (element(T, C) - Mean) * (element(T, C) - Mean);
    for (int S = 0; S < Threads; ++S)
      Want[T * Threads + S] = Mean * 1000.0 + Var;
    if (Stats[2 * T] != Mean || Stats[2 * T + 1] != Var)
      Want[T * Threads] = -1; // the team code's own copy was wrong
  }
  expect("mean and variance per row", Out, Want, Dev);

  // A region of half the team reduces, then one of one thread, then the
  // whole team reads: the threads left out must see both results.
#pragma omp target teams num_teams(Teams) thread_limit(Threads)              \
    map(to : X) map(from : Out, Dev)
  FOR_TEAMS(T) {
    long Sum = 100;
#pragma omp parallel for reduction(+ : Sum) num_threads(Threads / 2)
    for (int C = 0; C < Cols; ++C)
      Sum += (long)X[T * Cols + C];
    Sum *= 3;
#pragma omp parallel for reduction(+ : Sum) num_threads(1)
    for (int C = 0; C < 10; ++C)
      Sum += C;
#pragma omp parallel num_threads(Threads)
    FOR_SLOTS(S, Threads) Out[T * Threads + S] = (double)Sum;
    if (T == 0)
      Dev = !omp_is_initial_device();
  }
  for (int T = 0; T < Teams; ++T) {
    long Sum = 100;
    for (int C = 0; C < Cols; ++C)
      Sum += (long)element(T, C);
    Sum = Sum * 3 + 45;
    for (int S = 0; S < Threads; ++S)
      Want[T * Threads + S] = (double)Sum;
  }
  expect("half the team, then one thread", Out, Want, Dev);

  // A team of 48 threads: one warp and a half.
#pragma omp target teams num_teams(Teams) thread_limit(48) map(to : X)       \
    map(from : Out, Dev)
  FOR_TEAMS(T) {
    int Sum = 0;
#pragma omp parallel for reduction(+ : Sum) num_threads(48)
    for (int C = 0; C < Cols; ++C)
      Sum += (int)X[T * Cols + C] * (C + 1);
#pragma omp parallel num_threads(48)
    FOR_SLOTS(S, Threads) Out[T * Threads + S] = Sum + S;
    if (T == 0)
      Dev = !omp_is_initial_device();
  }
  for (int T = 0; T < Teams; ++T) {
    int Sum = 0;
    for (int C = 0; C < Cols; ++C)
      Sum += (int)element(T, C) * (C + 1);
    for (int S = 0; S < Threads; ++S)
      Want[T * Threads + S] = Sum + S;
  }
  expect("partial warp", Out, Want, Dev);

  // A double _Complex sum, read by every thread of the next region.
#pragma omp target teams num_teams(Teams) thread_limit(Threads)              \
    map(to : X) map(from : Out, Dev)
  FOR_TEAMS(T) {
    double _Complex Z = 1.0;
#pragma omp parallel for reduction(+ : Z) num_threads(Threads)
    for (int C = 0; C < Cols; ++C)
      Z += X[T * Cols + C] + 2.0 * C * _Complex_I;
#pragma omp parallel num_threads(Threads)
    FOR_SLOTS(S, Threads) Out[T * Threads + S] = creal(Z) * 1e6 + cimag(Z);
    if (T == 0)
      Dev = !omp_is_initial_device();
  }
  for (int T = 0; T < Teams; ++T) {
    double _Complex Z = 1.0;
    for (int C = 0; C < Cols; ++C)
      Z += element(T, C) + 2.0 * C * _Complex_I;
    for (int S = 0; S < Threads; ++S)
      Want[T * Threads + S] = creal(Z) * 1e6 + cimag(Z);
  }
  expect("complex sum", Out, Want, Dev);

  // A sum in a loop of team code, accumulated by the team code.
#pragma omp target teams num_teams(Teams) thread_limit(Threads)              \
    map(to : X) map(from : Out, Dev)
  FOR_TEAMS(T) {
    long Total = 0;
    for (int Pass = 1; Pass <= 5; ++Pass) {
      long Sum = 0;
#pragma omp parallel for reduction(+ : Sum) num_threads(Threads)
      for (int C = 0; C < Cols; ++C)
        Sum += (long)X[T * Cols + C] * Pass;
      Total = Total * 2 + Sum;
    }
#pragma omp parallel num_threads(Threads)
    FOR_SLOTS(S, Threads) Out[T * Threads + S] = (double)Total;
    if (T == 0)
      Dev = !omp_is_initial_device();
  }
  for (int T = 0; T < Teams; ++T) {
    long Total = 0;
    for (int Pass = 1; Pass <= 5; ++Pass) {
      long Sum = 0;
      for (int C = 0; C < Cols; ++C)
        Sum += (long)element(T, C) * Pass;
      Total = Total * 2 + Sum;
    }
    for (int S = 0; S < Threads; ++S)
      Want[T * Threads + S] = (double)Total;
  }
  expect("sum in a team loop", Out, Want, Dev);

  // A minimum and a maximum, the range read by the next region.
#pragma omp target teams num_teams(Teams) thread_limit(Threads)              \
    map(to : X) map(from : Out, Dev)
  FOR_TEAMS(T) {
    float Lo = 1e30f, Hi = -1e30f;
#pragma omp parallel for reduction(min : Lo) num_threads(Threads)
    for (int C = 0; C < Cols; ++C)
      Lo = X[T * Cols + C] * (C % 5 + 1) < Lo ? X[T * Cols + C] * (C % 5 + 1)
                                              : Lo;
#pragma omp parallel for reduction(max : Hi) num_threads(Threads)
    for (int C = 0; C < Cols; ++C)
      Hi = X[T * Cols + C] - C > Hi ? X[T * Cols + C] - C : Hi;
#pragma omp parallel num_threads(Threads)
    FOR_SLOTS(S, Threads) Out[T * Threads + S] = Hi * 1000.0 + Lo;
    if (T == 0)
      Dev = !omp_is_initial_device();
  }
  for (int T = 0; T < Teams; ++T) {
    float Lo = 1e30f, Hi = -1e30f;
    for (int C = 0; C < Cols; ++C) {
      float V = element(T, C) * (C % 5 + 1), W = element(T, C) - C;
      Lo = V < Lo ? V : Lo;
      Hi = W > Hi ? W : Hi;
    }
    for (int S = 0; S < Threads; ++S)
      Want[T * Threads + S] = Hi * 1000.0 + Lo;
  }
  expect("min and max", Out, Want, Dev);

  // A user-defined reduction of a 31-byte struct, on a team of 48 threads.
#pragma omp target teams num_teams(Teams) thread_limit(48) map(from : Out, Dev)
  FOR_TEAMS(T) {
    struct Odd Acc; // assigned field by field: a copy of a constant would be
                    // a memcpy, which keeps the local one per team
    for (int K = 0; K < 7; ++K)
      Acc.Words[K] = K + 1;
    for (int K = 0; K < 3; ++K)
      Acc.Bytes[K] = (unsigned char)(K + 8);
#pragma omp parallel for reduction(addOdd : Acc) num_threads(48)
    for (int C = 0; C < Cols; ++C) {
      struct Odd Term;
      for (int K = 0; K < 7; ++K)
        Term.Words[K] = C * (K + 1) + T;
      for (int K = 0; K < 3; ++K)
        Term.Bytes[K] = (unsigned char)(C % (K + 2));
      Acc = addOdd(Acc, &Term);
    }
#pragma omp parallel num_threads(48)
    FOR_SLOTS(S, Threads) { // loads only, as oddChecksum: a call would
                            // share the local
      double Sum = 0;
      for (int K = 0; K < 7; ++K)
        Sum = Sum * 3 + Acc.Words[K];
      for (int K = 0; K < 3; ++K)
        Sum = Sum * 3 + Acc.Bytes[K];
      Out[T * Threads + S] = Sum;
    }
    if (T == 0)
      Dev = !omp_is_initial_device();
  }
  for (int T = 0; T < Teams; ++T) {
    struct Odd Acc = {{1, 2, 3, 4, 5, 6, 7}, {8, 9, 10}};
    for (int C = 0; C < Cols; ++C) {
      for (int K = 0; K < 7; ++K)
        Acc.Words[K] += C * (K + 1) + T;
      for (int K = 0; K < 3; ++K)
        Acc.Bytes[K] = (unsigned char)(Acc.Bytes[K] + C % (K + 2));
    }
    for (int S = 0; S < Threads; ++S)
      Want[T * Threads + S] = oddChecksum(&Acc);
  }
  expect("31-byte struct", Out, Want, Dev);

  printf("%d cases, %d wrong, on-device %d\n", Cases, Wrong, OnDevice);
  return Wrong != 0;
}

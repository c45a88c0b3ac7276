// A `parallel for` nested in team code (a standalone distribute whose
// chunks each run an inner parallel loop, the shape of issue 12's
// generic-form sums): its default schedule gives threads one iteration at a
// time, in a chunk loop the compiler counts so that it unrolls. Shapes at the
// edges of that count: inner ranges shorter than the team (idle threads), a
// last chunk shorter than the rest, one thread (num_threads(1)), an explicit
// schedule(static, 1), lastprivate (which thread runs the last iteration),
// unsigned indices, and && / || sums whose operands the GPU evaluates without
// a branch (every right operand is readable, as the spec's schedule freedom
// requires). Every region checks that it ran on the device.
// RUN: %clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
//
// GPU-BUILD: %clang -O2 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda %s -o %t
// GPU-RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t
// GPU-EXIT: 0
// GPU-CHECK-NOT: WRONG
// GPU-CHECK: 9 cases, 0 wrong, on-device 9
// CHECK-NOT: WRONG
// CHECK: chunks of 4096: ok
// CHECK: chunks of 7: ok
// CHECK: one thread: ok
// CHECK: static 1: ok
// CHECK: lastprivate: ok
// CHECK: unsigned: ok
// CHECK: and: ok
// CHECK: or: ok
// CHECK: and, all true: ok
// CHECK: 9 cases, 0 wrong, on-device 9
#include <omp.h>
#include <stdio.h>

enum { N = 100003 };

static int A[N];
static int Cases, Wrong, OnDevice;

static void expect(const char *Name, long Got, long Want, int Dev) {
  ++Cases;
  OnDevice += Dev;
  if (Got == Want && Dev)
    printf("%s: ok\n", Name);
  else {
    ++Wrong;
    printf("%s: WRONG: %ld, expected %ld, on-device %d\n", Name, Got, Want,
           Dev);
  }
}

/// The sum of A over chunks of Chunk iterations, each summed by an inner
/// parallel loop of Threads threads (0: the default).
static void chunkedSum(const char *Name, long Chunk, int Threads, long Want) {
  long Sum = 0;
  int Dev = 0;
#pragma omp target teams num_teams(6) reduction(+ : Sum) map(tofrom : Dev)
  {
#pragma omp distribute
    for (long C = 0; C < (N + Chunk - 1) / Chunk; C++) {
      const long Lo = C * Chunk;
      const long Hi = Lo + Chunk < N ? Lo + Chunk : N;
      if (Threads) {
#pragma omp parallel for reduction(+ : Sum) num_threads(Threads)
        for (long I = Lo; I < Hi; I++)
          Sum += A[I];
      } else {
#pragma omp parallel for reduction(+ : Sum)
        for (long I = Lo; I < Hi; I++)
          Sum += A[I];
      }
    }
    if (omp_get_team_num() == 0)
      Dev = !omp_is_initial_device();
  }
  expect(Name, Sum, Want, Dev);
}

int main(void) {
  long Want = 0;
  for (int I = 0; I < N; ++I) {
    A[I] = I % 97 + 1;
    Want += A[I];
  }

#pragma omp target enter data map(to : A)
  chunkedSum("chunks of 4096", 4096, 0, Want);
  chunkedSum("chunks of 7", 7, 0, Want);
  chunkedSum("one thread", 1000, 1, Want);

  long Sum = 0;
  int Dev = 0;
#pragma omp target teams num_teams(3) reduction(+ : Sum) map(tofrom : Dev)
  {
#pragma omp distribute
    for (int C = 0; C < 10; C++) {
#pragma omp parallel for schedule(static, 1) reduction(+ : Sum)
      for (int I = C * (N / 10); I < (C == 9 ? N : (C + 1) * (N / 10)); I++)
        Sum += A[I];
    }
    Dev = !omp_is_initial_device();
  }
  expect("static 1", Sum, Want, Dev);

  long Last = -1;
#pragma omp target parallel num_threads(48) map(tofrom : Last, Dev)
  {
#pragma omp for lastprivate(Last)
    for (long I = 0; I < 1001; I++)
      Last = I * 3 + A[I];
    Dev = !omp_is_initial_device();
  }
  expect("lastprivate", Last, 1000 * 3 + A[1000], Dev);

  Sum = 0;
#pragma omp target parallel num_threads(64) reduction(+ : Sum)              \
    map(tofrom : Dev)
  {
#pragma omp for
    for (unsigned I = 5; I < (unsigned)N; I++)
      Sum += A[I];
#pragma omp master
    Dev = !omp_is_initial_device();
  }
  expect("unsigned", Sum, Want - A[0] - A[1] - A[2] - A[3] - A[4], Dev);

  // && and ||: one zero (resp. nonzero) in the middle decides the result.
  A[N / 2] = 0;
#pragma omp target update to(A[N / 2 : 1])
  int And = 1, Or = 0;
#pragma omp target teams distribute parallel for reduction(&& : And)         \
    map(tofrom : Dev)
  for (long I = 0; I < N; I++) {
    And = And && A[I];
    if (I == 0)
      Dev = !omp_is_initial_device();
  }
  expect("and", And, 0, Dev);
#pragma omp target teams distribute parallel for reduction(|| : Or)          \
    map(tofrom : Dev)
  for (long I = 0; I < N; I++) {
    Or = Or || A[I] == 0;
    if (I == 0)
      Dev = !omp_is_initial_device();
  }
  expect("or", Or, 1, Dev);
  A[N / 2] = 1;
#pragma omp target update to(A[N / 2 : 1])
  And = 1;
#pragma omp target teams distribute parallel for reduction(&& : And)         \
    map(tofrom : Dev)
  for (long I = 0; I < N; I++) {
    And = And && A[I];
    if (I == 0)
      Dev = !omp_is_initial_device();
  }
  expect("and, all true", And, 1, Dev);
#pragma omp target exit data map(delete : A)

  printf("%d cases, %d wrong, on-device %d\n", Cases, Wrong, OnDevice);
  return Wrong != 0;
}

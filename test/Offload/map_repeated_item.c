// A list item that several map clauses of one construct name is mapped once
// with the map types combined (V&V 5.0/target/test_target_mapping_before_alloc.c):
// map(alloc: x) map(to: x) copies x to the device. Two mappings made the
// second find x present and copy nothing.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

struct Pair {
  int var;
  int b[64];
};

int main(void) {
  int scalar = 80, a[64], errors = 0, onHost = -1;
  struct Pair member = {1, {0}};
  for (int i = 0; i < 64; i++)
    a[i] = member.b[i] = i;

#pragma omp target map(alloc : scalar, a, member) map(to : scalar, a, member)  \
    map(tofrom : errors, onHost)
  {
    if (scalar != 80 || a[2] != 2 || member.var != 1 || member.b[63] != 63)
      errors++;
    onHost = omp_is_initial_device();
  }
  // CHECK: alloc then to: errors 0 on host 0
  printf("alloc then to: errors %d on host %d\n", errors, onHost);

  // to and from in two clauses: tofrom.
#pragma omp target map(to : scalar) map(from : scalar)
  scalar += 1;
  // CHECK: to and from: 81
  printf("to and from: %d\n", scalar);

  // Data constructs: enter data with alloc and to, exit data with release
  // and from.
#pragma omp target enter data map(alloc : a) map(to : a)
#pragma omp target map(tofrom : errors)
  {
    if (a[10] != 10)
      errors++;
    a[10] = 100;
  }
#pragma omp target exit data map(release : a) map(from : a)
  // CHECK: enter/exit data: errors 0 a[10] 100
  printf("enter/exit data: errors %d a[10] %d\n", errors, a[10]);
  return 0;
}

// defaultmap changes the implicit data-mapping of scalars and aggregates.
// present (OpenMP 5.1: map(alloc) with the present modifier) works on the
// device copy that an enter data made, and a variable that is not present
// is an error naming it (Clang 19 captures such a scalar by copy: it failed
// to compile, and upstream ignores the map).
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY not %t absent 2>&1 | FileCheck %s --check-prefix=ABSENT
// ABSENT: libomptarget: error: device 0: 'w' [{{.*}}) is not present on the device (present modifier) at {{.*}}clause_defaultmap.c:[[@LINE+7]]:1
#include <omp.h>
#include <stdio.h>
#include <string.h>

static void absent(void) {
  int w = 1;
#pragma omp target defaultmap(present : scalar)
  w += 1;
  printf("not reached %d\n", w);
}

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "absent")) {
    absent();
    return 0;
  }
  // Each region adds 1 when it runs on the offload device.
  int on_dev = 0;
  int s = 1;
#pragma omp target defaultmap(tofrom : scalar) map(tofrom : on_dev)
  {
    s += 41;
    on_dev += !omp_is_initial_device();
  }
  // CHECK: tofrom-scalar 42
  printf("tofrom-scalar %d\n", s);

  int t = 1;
#pragma omp target defaultmap(firstprivate : scalar) map(tofrom : on_dev)
  {
    t = 5;
    on_dev += !omp_is_initial_device();
  }
  // CHECK: firstprivate-scalar 1
  printf("firstprivate-scalar %d\n", t);

  int a[2] = {1, 2};
#pragma omp target defaultmap(to : aggregate) map(tofrom : on_dev)
  {
    a[0] = 50;
    on_dev += !omp_is_initial_device();
  }
  // CHECK: to-aggregate 1
  printf("to-aggregate %d\n", a[0]);

  int b[2] = {1, 2};
#pragma omp target defaultmap(tofrom : aggregate) map(tofrom : on_dev)
  {
    b[0] = 60;
    on_dev += !omp_is_initial_device();
  }
  // CHECK: tofrom-aggregate 60
  printf("tofrom-aggregate %d\n", b[0]);

  int u = 3;
#pragma omp target defaultmap(from : scalar) map(tofrom : on_dev)
  {
    u = 7;
    on_dev += !omp_is_initial_device();
  }
  // CHECK: from-scalar 7
  printf("from-scalar %d\n", u);
  int v = 3;
#pragma omp target enter data map(to : v)
#pragma omp target defaultmap(present : scalar) map(tofrom : on_dev)
  {
    v += 1;
    on_dev += !omp_is_initial_device();
  }
#pragma omp target exit data map(from : v)
  // CHECK: present-scalar 4
  printf("present-scalar %d\n", v);
  // CHECK: regions-on-device 6
  printf("regions-on-device %d\n", on_dev);
  return 0;
}

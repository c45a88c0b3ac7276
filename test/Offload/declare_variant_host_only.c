// A function with a `declare variant` for the host only (V&V
// 5.0/declare_target/test_declare_target_device_type_nohost1.c): the host
// calls the variant, target regions call the base function (the region's
// host fallback calls the variant). Device code called the host variant.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=DISABLED %t | FileCheck %s --check-prefix=FALLBACK
#include <omp.h>
#include <stdio.h>

int Hits[2];
void fun(void);
void host_function(void);
#pragma omp declare target to(fun) device_type(nohost)
#pragma omp declare target to(Hits)

#pragma omp declare variant(host_function) match(device = {kind(host)})
void fun(void) { Hits[0] += 1; }
void host_function(void) { Hits[1] += 1; }

static inline int twice(int X) { return 2 * X; }
static inline int scaled(int X);
#pragma omp declare variant(twice) match(device = {kind(host)})
static inline int scaled(int X) { return 10 * X; }

int main(void) {
  int onHost = -1, value = 0;
  fun();
#pragma omp target update to(Hits)
#pragma omp target map(from : onHost, value)
  {
    fun();
    value = scaled(3);
    onHost = omp_is_initial_device();
  }
#pragma omp target update from(Hits)
  // CHECK: base 1 variant 1 value 30 on host 0
  // FALLBACK: base 0 variant 2 value 6 on host 1
  printf("base %d variant %d value %d on host %d\n", Hits[0], Hits[1], value,
         onHost);
  // CHECK: host: 6
  printf("host: %d\n", scaled(3));
  return 0;
}

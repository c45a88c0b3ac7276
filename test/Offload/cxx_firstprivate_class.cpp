// C++: firstprivate of a class object is copy-constructed on the device
// side; private gets a default-constructed object; the host object is
// unchanged.
// RUN: %clangxx -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <cstdio>
#include <omp.h>

struct Counter {
  int v;
  int copies;
  Counter() : v(7), copies(0) {}
  Counter(const Counter &o) : v(o.v), copies(o.copies + 1) {}
};

int main() {
  Counter c;
  c.v = 40;
  int r[4];
  int onDev[2] = {0, 0};
#pragma omp target firstprivate(c) map(from : r, onDev[0:1])
  {
    onDev[0] = !omp_is_initial_device();
    r[0] = c.v;
    r[1] = c.copies >= 1;
    c.v = -1;
  }
  Counter q;
  q.v = 99;
#pragma omp target private(q) map(from : r[2:2], onDev[1:1])
  {
    onDev[1] = !omp_is_initial_device();
    r[2] = q.v;
    r[3] = q.copies;
  }
  // CHECK: fp 40 copied 1 private 7 0 host 40 99 on-device 1 1
  std::printf("fp %d copied %d private %d %d host %d %d on-device %d %d\n", r[0], r[1], r[2],
              r[3], c.v, q.v, onDev[0], onDev[1]);
  return 0;
}

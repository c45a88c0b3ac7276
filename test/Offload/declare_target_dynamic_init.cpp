// Dynamic initializers of `declare target` variables run on the device too
// (upstream Clang's device compile runs them from a kernel when the image
// is loaded): an object's constructor, a scalar computed at start-up, a
// const double from acos. Before, the device copies held zeros. A
// `declare target` region around <iostream> and a host-only std::string
// still builds: initializers of variables no device code uses stay on the
// host. The region checked that it ran on the device.
// RUN: %clangxx -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
// RUN: %clangxx -O0 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t.O0
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.O0 | FileCheck %s
#include <omp.h>
#include <cmath>
#include <cstdio>

#pragma omp declare target
#include <iostream>
struct Table {
  double Roots[4];
  int Built = 0;
  Table() {
    for (int I = 0; I < 4; ++I)
      Roots[I] = std::sqrt(double(I));
    ++Built;
  }
};
Table Squares;
int startValue() { return 7 * 6; }
int Answer = startValue();
const double TwoPi = 2 * std::acos(-1.0);
static std::string HostName = "host only";
#pragma omp end declare target

int main() {
  double Root2 = 0, Pi2 = 0;
  int Built = 0, Value = 0, OnDevice = 0;
#pragma omp target map(from : Root2, Pi2, Built, Value, OnDevice)
  {
    OnDevice = !omp_is_initial_device();
    Root2 = Squares.Roots[2] * Squares.Roots[2];
    Built = Squares.Built;
    Value = Answer;
    Pi2 = TwoPi;
  }
  // CHECK: device: built 1, root2^2 2.000, answer 42, 2pi 6.283 (on device 1)
  printf("device: built %d, root2^2 %.3f, answer %d, 2pi %.3f (on device %d)\n",
         Built, Root2, Value, Pi2, OnDevice);
  // CHECK: host: host only
  std::cout << "host: " << HostName << std::endl;
  return 0;
}

// std::complex math in a target region, double and float: std::abs, arg,
// exp, log, sqrt, pow, sin, cos, tan, sinh, cosh and tanh, which libstdc++
// computes with C99's
// cabs, cexp, ... On the GPU those have bodies of real math calls
// (openmp-device-complex-math); libdevice has none, and the device link
// stopped with "device code calls 'cabs' ..., which is not available".
// Each value is checked against the host's to a relative 1e-12 (double)
// and 1e-5 (float): libdevice and glibc differ in the last bits. Element 0
// is z = 0 (sqrt 0, pow 0 to a power with a positive real part).
// RUN: %clangxx -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
// CHECK: double: on device 1, all within 1e-12
// CHECK-NEXT: float: on device 1, all within 1e-05
#include <omp.h>
#include <stdio.h>

#include <algorithm>
#include <complex>

enum { N = 1000 };

/// Points of exact parts (sums of multiples of powers of two), whose
/// imaginary part is never 0: a contracted multiply-add on one side only
/// cannot move a point across the branch cut of log, sqrt and pow.
template <typename T> std::complex<T> point(int I) {
  if (I == 0)
    return std::complex<T>(0, 0);
  return std::complex<T>(T(I - 500) / 256, T(I % 37 - 18) / 32 + T(1) / 64);
}

/// Every function once, in one value per point.
template <typename T> std::complex<T> mix(std::complex<T> Z) {
  const std::complex<T> Power(T(1.5), T(0.25));
  std::complex<T> Sum = std::sqrt(Z) + std::pow(Z, Power);
  if (Z != std::complex<T>(0, 0))
    Sum += std::exp(Z) * std::abs(Z) + std::log(Z) + std::arg(Z) +
           std::sin(Z) + std::cos(Z) + std::tan(Z) + std::sinh(Z) +
           std::cosh(Z) + std::tanh(Z);
  return Sum;
}

template <typename T> void check(const char *Name, double Tolerance) {
  static std::complex<T> Out[N];
  int OnDevice = 0;
#pragma omp target teams distribute parallel for map(from : Out) map(tofrom : OnDevice)
  for (int I = 0; I < N; I++) {
    Out[I] = mix(point<T>(I));
    if (I == 0)
      OnDevice = !omp_is_initial_device();
  }
  double Worst = 0;
  for (int I = 0; I < N; I++) {
    std::complex<double> Want = mix(point<T>(I));
    std::complex<double> Got = Out[I];
    double Scale = std::max(std::abs(Want), 1.0);
    Worst = std::max(Worst, std::abs(Got - Want) / Scale);
  }
  printf("%s: on device %d, %s %g\n", Name, OnDevice,
         Worst <= Tolerance ? "all within" : "worst", Worst <= Tolerance ? Tolerance : Worst);
}

int main() {
  check<double>("double", 1e-12);
  check<float>("float", 1e-5);
  return 0;
}

// C++ functions reached from a target region without declare target:
// templates, member functions, operators, namespaces, static members and
// constexpr functions are compiled for the device implicitly.
// RUN: %clangxx -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <cstdio>
#include <omp.h>

namespace geo {
struct V {
  double x, y;
  V operator+(const V &o) const { return {x + o.x, y + o.y}; }
  V operator*(double s) const { return {x * s, y * s}; }
  double norm1() const { return (x < 0 ? -x : x) + (y < 0 ? -y : y); }
  static V unit() { return {1, 1}; }
};
template <typename T> T clamp(T v, T lo, T hi) { return v < lo ? lo : v > hi ? hi : v; }
constexpr int cube(int x) { return x * x * x; }
} // namespace geo

struct Base {
  int k = 2;
  int twice(int v) const { return v * k; }
};
struct Derived : Base {
  int thrice(int v) const { return twice(v) + v; }
};

int main() {
  double r[4];
  int i[2];
  int onDev = 0;
#pragma omp target map(from : r, i, onDev)
  {
    onDev = !omp_is_initial_device();
    geo::V a{1, -2};
    geo::V b = a + geo::V::unit() * 3;
    r[0] = b.x;
    r[1] = b.y;
    r[2] = b.norm1();
    r[3] = geo::clamp(7.5, 0.0, 5.0);
    i[0] = geo::clamp(-3, 0, 10) + geo::cube(3);
    Derived d;
    i[1] = d.thrice(5);
  }
  // CHECK: 4 1 5 5.0 27 15 on-device 1
  std::printf("%.0f %.0f %.0f %.1f %d %d on-device %d\n", r[0], r[1], r[2], r[3], i[0],
              i[1], onDev);
  return 0;
}

// C++: target with maps of class objects, std::vector data through a
// pointer section, and member functions called in the region.
// RUN: %clangxx -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <cstdio>
#include <omp.h>
#include <vector>

struct Vec3 {
  double x, y, z;
  double dot(const Vec3 &o) const { return x * o.x + y * o.y + z * o.z; }
};

int main() {
  Vec3 a{1, 2, 3}, b{4, 5, 6};
  double d = 0;
  int num = -1, onDev = 0;
#pragma omp target map(to : a, b) map(from : d, num, onDev)
  {
    d = a.dot(b);
    num = omp_get_device_num();
    onDev = !omp_is_initial_device();
  }
  // CHECK: dot 32 device 0 on-device 1
  std::printf("dot %.0f device %d on-device %d\n", d, num, onDev);
  std::vector<int> v(100, 1);
  int *p = v.data();
  int n = (int)v.size();
  onDev = 0;
#pragma omp target map(tofrom : p[0:n]) map(from : onDev)
  {
    onDev = !omp_is_initial_device();
    for (int i = 0; i < n; ++i)
      p[i] += i;
  }
  long s = 0;
  for (int x : v)
    s += x;
  // CHECK: vector 5050 on-device 1
  std::printf("vector %ld on-device %d\n", s, onDev);
  return 0;
}

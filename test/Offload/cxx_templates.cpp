// Target regions in templates: several instantiations each get their own
// kernel with the right types and sizes.
// RUN: %clangxx -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <cstdio>
#include <omp.h>

// The target regions that ran on the offload device.
static int RegionsOnDevice = 0;

template <typename T> T sum(const T *a, int n) {
  T s = 0;
  int on = 0;
#pragma omp target teams distribute parallel for reduction(+ : s) map(to : a[0:n]) \
    map(from : on)
  for (int i = 0; i < n; ++i) {
    s += a[i];
    if (i == 0)
      on = !omp_is_initial_device();
  }
  RegionsOnDevice += on;
  return s;
}

template <typename T, int N> struct Arr {
  T v[N];
  void iota() {
    int on = 0;
#pragma omp target map(from : v, on)
    {
      on = !omp_is_initial_device();
      for (int i = 0; i < N; ++i)
        v[i] = (T)(i * 1.5);
    }
    RegionsOnDevice += on;
  }
};

template <typename T> struct Twice {
  static T apply(T x) { return x + x; }
};
template <typename T> T twiceOnDevice(T x) {
  T r;
  int on = 0;
#pragma omp target map(from : r, on)
  {
    on = !omp_is_initial_device();
    r = Twice<T>::apply(x);
  }
  RegionsOnDevice += on;
  return r;
}

int main() {
  int ia[5] = {1, 2, 3, 4, 5};
  double da[3] = {0.25, 0.5, 0.75};
  char ca[4] = {1, 2, 3, 4};
  long long la[2] = {1LL << 40, 1LL << 40};
  // CHECK: int 15 double 1.50 char 10 ll 2199023255552
  std::printf("int %d double %.2f char %d ll %lld\n", sum(ia, 5), sum(da, 3),
              (int)sum(ca, 4), sum(la, 2));
  Arr<int, 4> ai;
  Arr<double, 3> ad;
  ai.iota();
  ad.iota();
  // CHECK: arr-int 4 arr-double 3.0
  std::printf("arr-int %d arr-double %.1f\n", ai.v[3], ad.v[2]);
  // CHECK: twice 42 2.5
  std::printf("twice %d %.1f\n", twiceOnDevice(21), twiceOnDevice(1.25));
  // CHECK: regions-on-device 8
  std::printf("regions-on-device %d\n", RegionsOnDevice);
  return 0;
}

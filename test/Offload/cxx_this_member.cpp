// this->member maps in member functions: scalar members, array members,
// member pointer sections, and implicit `this` captures.
// RUN: %clangxx -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <cstdio>
#include <omp.h>

// The member functions return 1 when their region ran on the offload device.
class Acc {
public:
  int count = 0;
  double vals[4] = {1, 2, 3, 4};
  int *buf;
  int n;
  Acc(int n) : buf(new int[n]), n(n) {
    for (int i = 0; i < n; ++i)
      buf[i] = i;
  }
  ~Acc() { delete[] buf; }

  int explicitMembers() {
    int onDev = 0;
#pragma omp target map(tofrom : this->count, this->vals[1:2]) map(from : onDev)
    {
      onDev = !omp_is_initial_device();
      this->count += 5;
      vals[1] *= 10;
      vals[2] *= 10;
    }
    return onDev;
  }
  int bufSection() {
    int onDev = 0;
#pragma omp target map(tofrom : buf[0:n]) map(from : onDev)
    {
      onDev = !omp_is_initial_device();
      for (int i = 0; i < n; ++i)
        buf[i] += 100;
    }
    return onDev;
  }
  int implicitThis() {
    int onDev = 0;
#pragma omp target map(from : onDev)
    {
      onDev = !omp_is_initial_device();
      count += 1;
      vals[3] = -1;
    }
    return onDev;
  }
};

int main() {
  Acc a(3);
  int onDev = a.explicitMembers();
  // CHECK: explicit 5 1 20 30 4 on-device 1
  std::printf("explicit %d %.0f %.0f %.0f %.0f on-device %d\n", a.count, a.vals[0],
              a.vals[1], a.vals[2], a.vals[3], onDev);
  onDev = a.bufSection();
  // CHECK: buf 100 102 on-device 1
  std::printf("buf %d %d on-device %d\n", a.buf[0], a.buf[2], onDev);
  onDev = a.implicitThis();
  // CHECK: implicit 6 -1 on-device 1
  std::printf("implicit %d %.0f on-device %d\n", a.count, a.vals[3], onDev);
  return 0;
}

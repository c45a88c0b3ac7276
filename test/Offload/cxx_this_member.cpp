// this->member maps in member functions: scalar members, array members,
// member pointer sections, and implicit `this` captures.
// RUN: %clangxx -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <cstdio>

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

  void explicitMembers() {
#pragma omp target map(tofrom : this->count, this->vals[1:2])
    {
      this->count += 5;
      vals[1] *= 10;
      vals[2] *= 10;
    }
  }
  void bufSection() {
#pragma omp target map(tofrom : buf[0:n])
    for (int i = 0; i < n; ++i)
      buf[i] += 100;
  }
  void implicitThis() {
#pragma omp target
    {
      count += 1;
      vals[3] = -1;
    }
  }
};

int main() {
  Acc a(3);
  a.explicitMembers();
  // CHECK: explicit 5 1 20 30 4
  std::printf("explicit %d %.0f %.0f %.0f %.0f\n", a.count, a.vals[0], a.vals[1], a.vals[2], a.vals[3]);
  a.bufSection();
  // CHECK: buf 100 102
  std::printf("buf %d %d\n", a.buf[0], a.buf[2]);
  a.implicitThis();
  // CHECK: implicit 6 -1
  std::printf("implicit %d %.0f\n", a.count, a.vals[3]);
  return 0;
}

// map(this[:1]) (OpenMP 5.0) maps the whole object the member function was
// called on.
// RUN: %clangxx -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <cstdio>

struct Obj {
  int count = 6;
  double v[2] = {1, 2};
  void mapThis() {
#pragma omp target map(tofrom : this[:1])
    {
      count *= 2;
      v[1] = 20;
    }
  }
  void mapThisTo() {
#pragma omp target map(to : this[0:1])
    count = -1; // not copied back
  }
};

int main() {
  Obj o;
  o.mapThis();
  // CHECK: this 12 20
  std::printf("this %d %.0f\n", o.count, o.v[1]);
  o.mapThisTo();
  // CHECK: this-to 12
  std::printf("this-to %d\n", o.count);
  return 0;
}

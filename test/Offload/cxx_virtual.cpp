// Objects with virtual functions created and used inside a target region.
// RUN: %clangxx -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <cstdio>
#include <omp.h>

struct Shape {
  virtual ~Shape() {}
  virtual double area() const = 0;
};
struct Sq : Shape {
  double s;
  Sq(double s) : s(s) {}
  double area() const override { return s * s; }
};
struct Rect : Shape {
  double w, h;
  Rect(double w, double h) : w(w), h(h) {}
  double area() const override { return w * h; }
};

static double total(const Shape *const *shapes, int n) {
  double t = 0;
  for (int i = 0; i < n; ++i)
    t += shapes[i]->area();
  return t;
}

int main() {
  double t = 0;
  int onDev = 0;
#pragma omp target map(from : t, onDev)
  {
    onDev = !omp_is_initial_device();
    Sq a(2);
    Rect b(3, 4);
    const Shape *shapes[2] = {&a, &b};
    t = total(shapes, 2);
  }
  // CHECK: total 16 on-device 1
  std::printf("total %.0f on-device %d\n", t, onDev);
  return 0;
}

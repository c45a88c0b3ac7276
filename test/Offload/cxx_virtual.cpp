// Objects with virtual functions created and used inside a target region.
// RUN: %clangxx -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <cstdio>

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
#pragma omp target map(from : t)
  {
    Sq a(2);
    Rect b(3, 4);
    const Shape *shapes[2] = {&a, &b};
    t = total(shapes, 2);
  }
  // CHECK: total 16
  std::printf("total %.0f\n", t);
  return 0;
}

// C++ references: mapping a reference maps the referenced object; a
// reference to an array section-maps through it; references as firstprivate.
// RUN: %clangxx -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <cstdio>

static void bump(int &x, double (&arr)[3], int *&p, int n) {
#pragma omp target map(tofrom : x, arr) map(tofrom : p[0:n])
  {
    x += 1;
    arr[2] = 9.5;
    p[n - 1] = 77;
  }
}

static int readOnly(const int &r) {
  int out = 0;
#pragma omp target map(from : out)
  out = r * 2; // r implicitly mapped/firstprivate: value visible
  return out;
}

int main() {
  int x = 1;
  double arr[3] = {0, 0, 0};
  int data[4] = {0, 0, 0, 0};
  int *p = data;
  bump(x, arr, p, 4);
  // CHECK: x 2 arr 9.5 p 77
  std::printf("x %d arr %.1f p %d\n", x, arr[2], data[3]);
  int &rx = x;
#pragma omp target map(tofrom : rx)
  rx = 40;
  // CHECK: ref 40
  std::printf("ref %d\n", x);
  // CHECK: const-ref 80
  std::printf("const-ref %d\n", readOnly(x));
  int y = 3;
  int &ry = y;
#pragma omp target firstprivate(ry)
  ry = 100;
  // CHECK: fp-ref 3
  std::printf("fp-ref %d\n", y);
  return 0;
}

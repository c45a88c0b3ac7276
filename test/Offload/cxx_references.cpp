// C++ references: mapping a reference maps the referenced object; a
// reference to an array section-maps through it; references as firstprivate.
// RUN: %clangxx -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <cstdio>
#include <omp.h>

// The target regions that ran on the offload device.
static int RegionsOnDevice = 0;

static void bump(int &x, double (&arr)[3], int *&p, int n) {
  int onDev = 0;
#pragma omp target map(tofrom : x, arr) map(tofrom : p[0:n]) map(from : onDev)
  {
    onDev = !omp_is_initial_device();
    x += 1;
    arr[2] = 9.5;
    p[n - 1] = 77;
  }
  RegionsOnDevice += onDev;
}

static int readOnly(const int &r) {
  int out = 0, onDev = 0;
#pragma omp target map(from : out, onDev)
  {
    onDev = !omp_is_initial_device();
    out = r * 2; // r implicitly mapped/firstprivate: value visible
  }
  RegionsOnDevice += onDev;
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
  int onDev = 0;
#pragma omp target map(tofrom : rx) map(from : onDev)
  {
    onDev = !omp_is_initial_device();
    rx = 40;
  }
  RegionsOnDevice += onDev;
  // CHECK: ref 40
  std::printf("ref %d\n", x);
  // CHECK: const-ref 80
  std::printf("const-ref %d\n", readOnly(x));
  int y = 3;
  int &ry = y;
  onDev = 0;
#pragma omp target firstprivate(ry) map(from : onDev)
  {
    onDev = !omp_is_initial_device();
    ry = 100;
  }
  RegionsOnDevice += onDev;
  // CHECK: fp-ref 3
  std::printf("fp-ref %d\n", y);
  // CHECK: regions-on-device 4
  std::printf("regions-on-device %d\n", RegionsOnDevice);
  return 0;
}

// C++ new and delete in device code (scalar, array, over-aligned) and a
// polymorphic object made on the device, whose vtable points at its
// type_info.
// RUN: %clangxx -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <cstdint>
#include <cstdio>
#include <omp.h>

struct Shape {
  virtual ~Shape() {}
  virtual int area() const = 0;
};
struct Square : Shape {
  int Side;
  explicit Square(int S) : Side(S) {}
  int area() const override { return Side * Side; }
};
struct alignas(128) Wide {
  double V[4];
};

int main() {
  int Area = 0, ArraySum = 0, Aligned = 0, Value = 0, OnDev = 0;
#pragma omp target map(from : Area, ArraySum, Aligned, Value, OnDev)
  {
    OnDev = !omp_is_initial_device();
    Shape *S = new Square(7);
    Area = S->area();
    delete S;
    int *A = new int[100];
    for (int I = 0; I < 100; ++I)
      A[I] = I;
    int Sum = 0;
    for (int I = 0; I < 100; ++I)
      Sum += A[I];
    ArraySum = Sum;
    delete[] A;
    Wide *W = new Wide();
    Aligned = (reinterpret_cast<uintptr_t>(W) % alignof(Wide)) == 0;
    W->V[3] = 2.5;
    Value = (int)(W->V[3] * 2);
    delete W;
  }
  // CHECK: area 49 sum 4950 aligned 1 value 5 on-device 1
  std::printf("area %d sum %d aligned %d value %d on-device %d\n", Area, ArraySum,
              Aligned, Value, OnDev);
  return 0;
}

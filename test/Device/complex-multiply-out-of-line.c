// The device runtime's __mulsc3 and __muldc3 stay out of line (noinline,
// cold): Clang calls them only when the plain product is NaN + iNaN, and
// inlined into each product they made a 3x3 complex matrix product's loops
// too large to unroll (1.6 times slower than Debian clang-19's on an H200).
// The linked device code keeps one definition and calls it from the
// products.
// RUN: rm -rf %t && mkdir -p %t/nocuda && cd %t
// RUN: %clang -O2 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --cuda-path=%t/nocuda %s -shared -o %t/prog.so -save-temps
// RUN: llvm-dis %t/prog.so-device-nvptx.bc -o - | FileCheck %s

typedef struct {
  float _Complex E[3][3];
} Matrix;

void product(const Matrix *A, const Matrix *B, Matrix *C, int N) {
#pragma omp target teams distribute parallel for map(to : A[0:N], B[0:1]) map(from : C[0:N])
  for (int S = 0; S < N; ++S)
    for (int I = 0; I < 3; ++I)
      for (int J = 0; J < 3; ++J) {
        float _Complex Sum = 0;
        for (int K = 0; K < 3; ++K)
          Sum += A[S].E[I][K] * B->E[K][J];
        C[S].E[I][J] = Sum;
      }
}

// CHECK: call {{.*}} @__mulsc3(
// CHECK: define internal {{.*}} @__mulsc3({{.*}} #[[ATTRS:[0-9]+]]
// CHECK: attributes #[[ATTRS]] = { cold {{.*}}noinline

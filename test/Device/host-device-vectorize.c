// The x86_64 host device's image is optimized with the host's target
// machine and, at -O2 and above, the loop and SLP vectorizers, as Clang's
// host code is: the loop adds two doubles at a time. Before, the optimizer
// had no target machine and its tuning left the vectorizers off, so device
// loops ran scalar.
// RUN: %clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu --offload-device-only -S %s -o - | FileCheck %s
// RUN: %clang -O1 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu --offload-device-only -S %s -o - | FileCheck %s --check-prefix=O1

void add(double *A, const double *B, const double *C, int N) {
#pragma omp target teams distribute parallel for map(to : B[0:N], C[0:N]) map(from : A[0:N])
  for (int I = 0; I < N; ++I)
    A[I] = B[I] + C[I];
}

// CHECK: addpd
// O1-NOT: addpd

// A strided section whose elements span several rows (a strided section of
// an array section) is reported, not moved as the bounding range of each
// column (which also moved the elements in between) nor a crash.
// RUN: not %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -c %s -o /dev/null 2>&1 | FileCheck %s

void f(int N) {
  int A[4][8];
  // CHECK: update-strided-section-diag.c:[[@LINE+1]]:{{[0-9]+}}: error: clang-offload does not support a strided section of an array section
#pragma omp target update to(A[0:2][0:4:2])
  // CHECK: update-strided-section-diag.c:[[@LINE+1]]:{{[0-9]+}}: error: clang-offload does not support a strided section of an array section
#pragma omp target update from(A[0:N][1:N:2])
}

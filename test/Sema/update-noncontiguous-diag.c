// A target update item that is not contiguous storage moves in loops over
// the dimensions that make each element contiguous; such a dimension
// without a length is reported, not moved as the bounding range of the
// section nor a crash. Strided sections of sections (A[0:2][0:4:2], also
// with run-time bounds) move element by element (no error).
// RUN: not %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -c %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:

void f(int N) {
  int A[4][8], G[4][5][6];
#pragma omp target update to(A[0:2][0:4:2])
#pragma omp target update from(A[0:N][1:N:2])
  // CHECK: update-noncontiguous-diag.c:[[@LINE+1]]:{{[0-9]+}}: error: clang-offload does not support a section that is not contiguous and has a dimension of several indices without a length in a map or motion clause yet
#pragma omp target update from(G[0:2][1:][2:3])
}

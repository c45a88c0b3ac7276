// Kernighan's bit count in a kernel becomes one population count in the
// optimizing NVPTX device link (openmp-device-popcount-loops, then loop
// deletion), as nvcc compiles it: the remark names the loop and the PTX
// has `popc.b64` where the loop was.
// RUN: rm -rf %t && mkdir -p %t/nocuda
// RUN: %clang -O2 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 --cuda-path=%t/nocuda -Rpass=openmp-device %s -shared -o %t/k.so -save-temps 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=PTX < %t/k.so-device-nvptx-ptx.ptx

// REMARK: nvptx-popcount-loops.c:[[@LINE+10]]:{{[0-9]+}}: remark: loop that clears the lowest set bit until none is left replaced by a population count
// PTX-LABEL: .entry {{.*}}bit_counts
// PTX: popc.b64
// PTX: ret;
void bit_counts(const unsigned long *data, char *result, int n) {
#pragma omp target teams distribute parallel for map(to : data[0:n]) map(from : result[0:n])
  for (int i = 0; i < n; i++) {
    char count;
    unsigned long x = data[i];
    for (count = 0; x; count++)
      x &= x - 1;
    result[i] = count;
  }
}

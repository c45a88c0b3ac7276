// Outputs that are not regular files (docs/Bundler.md, "Output files"):
// -o /dev/null and -o <FIFO> are written in place, with and without offload
// targets and for -c as for a link, and stay what they are; -save-temps
// with -o /dev/null keeps the device link's files in the current directory
// (null-device-*), not next to the device node.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -c %s -o /dev/null
// RUN: test -c /dev/null
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o /dev/null
// RUN: test -c /dev/null

// RUN: mkfifo %t/fifo
// RUN: bash -c 'timeout 120 cat %t/fifo > %t/from-fifo.o & \
// RUN:   %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -c %s -o %t/fifo && wait $!'
// RUN: test -p %t/fifo
// RUN: llvm-readelf -S %t/from-fifo.o | FileCheck %s --check-prefix=OBJ
// OBJ: __CLANG_OFFLOAD_BUNDLE__openmp-x86_64-pc-linux-gnu

// RUN: cd %t && %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -save-temps %s -o /dev/null
// RUN: test -c /dev/null
// RUN: ls %t | FileCheck %s --check-prefix=TEMPS
// TEMPS: null-device-x86_64-pc-linux-gnu.bc

int main(void) {
  int X = 0;
#pragma omp target map(tofrom : X)
  X = 1;
  return X - 1;
}

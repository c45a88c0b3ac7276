// Offload target options that cannot work are clear errors.
// RUN: not %clang -fopenmp -fopenmp-targets=amdgcn-amd-amdhsa %s -c -o %t.o 2>&1 | FileCheck %s --check-prefix=BADTARGET
// RUN: not %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu,bogus %s -c -o %t.o 2>&1 | FileCheck %s --check-prefix=BOGUS
// RUN: not %clang -fopenmp-targets=x86_64-pc-linux-gnu %s -c -o %t.o 2>&1 | FileCheck %s --check-prefix=NOOPENMP
// RUN: not %clang -fopenmp -fno-openmp -fopenmp-targets=x86_64-pc-linux-gnu %s -c -o %t.o 2>&1 | FileCheck %s --check-prefix=NOOPENMP
// RUN: not %clang -fopenmp -fopenmp-targets= %s -c -o %t.o 2>&1 | FileCheck %s --check-prefix=EMPTY
// BADTARGET: error: OpenMP offload target 'amdgcn-amd-amdhsa' is not supported; supported targets: x86_64-pc-linux-gnu, nvptx64-nvidia-cuda
// BOGUS: error: OpenMP offload target 'bogus' is not supported
// NOOPENMP: error: '-fopenmp-targets' must be used in conjunction with a '-fopenmp' option
// EMPTY: error: -fopenmp-targets= needs at least one target
int main(void) { return 0; }

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
// GPU architectures that LLVM 19 or CUDA 13 cannot build for: one line that
// lists the supported ones, whichever flag names the arch, and no crash.
// RUN: not %clang -fopenmp --offload-arch=sm_35 %s -c -o %t.o 2>&1 | FileCheck %s --check-prefix=BADARCH -DARCH=sm_35
// RUN: not %clang -fopenmp -fopenmp-targets=nvptx64 --offload-arch=sm_99 %s -c -o %t.o 2>&1 | FileCheck %s --check-prefix=BADARCH -DARCH=sm_99
// RUN: not %clang -fopenmp -fopenmp-targets=nvptx64 -Xopenmp-target -march=sm_1000 %s -c -o %t.o 2>&1 | FileCheck %s --check-prefix=BADARCH -DARCH=sm_1000
// RUN: not %clang -fopenmp -fopenmp-targets=nvptx64 --offload-arch=sm_90,sm_70 %s -c -o %t.o 2>&1 | FileCheck %s --check-prefix=BADARCH -DARCH=sm_70
// BADARCH: error: unsupported offload architecture '[[ARCH]]'; the supported ones are sm_75, sm_80, sm_86, sm_87, sm_89, sm_90, sm_90a
// BADARCH-NOT: LLVM ERROR
// BADARCH-NOT: Stack dump
// What the offload action graph cannot build is an error, not a crash or a
// program without its device code: -flto (the host part of a compile must
// be an object the device link reads), and standard input that -E and
// -save-temps would have to read once for the host and once per target.
// RUN: not %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -flto %s -c -o %t.o 2>&1 | FileCheck %s --check-prefix=LTO
// RUN: not %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -flto %s -o %t 2>&1 | FileCheck %s --check-prefix=LTO
// LTO: error: '-flto' is not supported with offload targets
// LTO-NOT: Stack dump
// RUN: not %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -E -x c - < %s 2>&1 | FileCheck %s --check-prefix=STDIN
// RUN: not %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -save-temps -c -x c - -o %t.o < %s 2>&1 | FileCheck %s --check-prefix=STDIN
// STDIN: error: standard input cannot be preprocessed for the host and each offload target (-E, -save-temps); give the source as a file
// A compile from standard input reads it once.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -c -x c - -o %t.o < %s
// RUN: %bundler -list -type=o -input=%t.o | FileCheck %s --check-prefix=STDINOBJ
// STDINOBJ: openmp-x86_64-pc-linux-gnu

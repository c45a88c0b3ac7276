// Host -g gives device code line directives only, as nvcc's -lineinfo: PTX
// with line tables or full debug information is `.target sm_90, debug`,
// which ptxas refuses to optimize ("Optimized debugging not supported"),
// and `clang -g` of any offloading program failed to link. The device
// link keeps `.loc` directives without the debug target, and ptxas gets
// -lineinfo, at -O2 and at -O0. A call that stays a call (the recursive
// `depth`) has no label inside it: host -O2 -g flags the subprograms
// DIFlagAllCallsDescribed, whose call-site labels fell between
// `call.uni (retval0),` and the callee, and ptxas failed ("Parsing error
// near ':'").
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -O2 -g -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 --cuda-path=%cuda-path %s -o %t/o2 -save-temps -v 2> %t/o2.log
// RUN: FileCheck %s --check-prefix=TARGET < %t/o2-device-nvptx-ptx.ptx
// RUN: FileCheck %s --check-prefix=PTXAS < %t/o2.log
// RUN: %clang -O0 -g -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 --cuda-path=%cuda-path %s -o %t/o0 -save-temps -v 2> %t/o0.log
// RUN: FileCheck %s --check-prefixes=TARGET,LINES < %t/o0-device-nvptx-ptx.ptx
// RUN: FileCheck %s --check-prefix=PTXAS < %t/o0.log

// TARGET: .target sm_90{{$}}
// TARGET-NOT: .section .debug_info
// TARGET: call.uni (retval0),
// TARGET-NEXT: {{^}}	depth,
// LINES: .loc 1 {{[0-9]+}} {{[0-9]+}}
// LINES: .file 1 "{{.*}}nvptx-debug-lines.c"
// PTXAS: ptxas{{"?}} {{.*}}-lineinfo

#include <stdio.h>

#pragma omp declare target
int depth(int N) { return N < 2 ? N : depth(N - 1) + depth(N - 2); }
#pragma omp end declare target

int main(void) {
  int Sum = 0;
#pragma omp target teams distribute parallel for reduction(+ : Sum)
  for (int I = 0; I < 1000; I++)
    Sum += depth(I % 8);
  printf("%d\n", Sum);
  return 0;
}

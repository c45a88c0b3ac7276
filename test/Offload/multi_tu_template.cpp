// The same template instantiation and inline function with target regions
// in two translation units: the duplicate (linkonce) kernels link into one
// program and both callers work.
// RUN: %clangxx -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -I%S/Inputs -c %s -o %t.a.o
// RUN: %clangxx -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -I%S/Inputs -c %S/Inputs/multi_tu_template_b.cpp -o %t.b.o
// RUN: %clangxx -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %t.a.o %t.b.o -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include "tmpl_kernel.h"
#include <cstdio>

int other_tu(int n);

int main() {
  int a[4] = {1, 2, 3, 4};
  double d[2] = {0.5, 0.25};
  // CHECK: here 10 0.75 6 other 50
  std::printf("here %d %.2f %d other %d\n", tk_sum(a, 4), tk_sum(d, 2), tk_inline(3),
              other_tu(5));
  // Three regions here, two in the other translation unit.
  // CHECK: regions-on-device 5
  std::printf("regions-on-device %d\n", tk_regions_on_device);
  return 0;
}

// Device extraction: the device module holds the kernel with its uniform
// entry, what it reaches (the declare-target function, the implicitly
// declare-target helper, the global), and nothing of the host code. The
// kernel is listed with its mode for the device link.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -c %s -o %t.o
// RUN: %bundler -unbundle -type=o -input=%t.o -targets=host-x86_64-pc-linux-gnu,openmp-x86_64-pc-linux-gnu -output=%t.host.o -output=%t.bc -allow-missing-bundles
// RUN: llvm-dis %t.bc -o - | FileCheck %s
#include <omp.h>

#pragma omp declare target
int Counter = 3;
int twice(int V) { return 2 * V; }
#pragma omp end declare target
static int helper(int V) { return V + Counter; }
int hostOnly(int V) { return V - 1; }

int main(void) {
  int R = 0;
#pragma omp target map(from : R)
  R = helper(twice(omp_is_initial_device()));
  return hostOnly(R);
}

// CHECK: @Counter = global i32 3
// CHECK-DAG: define hidden i32 @twice(
// CHECK-DAG: define internal i32 @helper(
// CHECK-DAG: call i32 @omp_is_initial_device()
// CHECK-DAG: define weak_odr dso_local void @[[K:__omp_offloading_.*_main_l19]](ptr
// CHECK-NOT: define {{.*}} @main(
// CHECK-NOT: define {{.*}} @hostOnly(
// CHECK-NOT: ompvariant
// CHECK: !cot.kernels = !{![[MD:[0-9]+]]}
// CHECK: ![[MD]] = !{ptr @[[K]], !"generic"{{.*}}}

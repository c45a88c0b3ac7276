// Calls that Clang binds to a `declare variant` which only the host selects
// (match(device={kind(host)})): device code calls the base function, host
// code (the host fallback of the region included) the variant. A call of
// the variant by its own name stays a call of the variant.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -c %s -o %t.o
// RUN: %bundler -unbundle -type=o -input=%t.o -targets=host-x86_64-pc-linux-gnu,openmp-x86_64-pc-linux-gnu -output=%t.host.o -output=%t.bc -allow-missing-bundles
// RUN: llvm-dis %t.bc -o - | FileCheck %s --check-prefix=DEVICE
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -S -emit-llvm %s -o - \
// RUN:   | FileCheck %s --check-prefix=HOST

static inline int onHost(int X) { return X + 1000; }
static inline int compute(int X);
#pragma omp declare variant(onHost) match(device = {kind(host)})
static inline int compute(int X) { return X + 1; }

int main(void) {
  int A = 0, B = 0;
#pragma omp target map(from : A, B)
  {
    A = compute(1);
    B = onHost(1);
  }
  return A + B + compute(2);
}

// DEVICE-LABEL: define weak_odr dso_local void @__omp_offloading_{{.*}}_main_l18(
// DEVICE: call i32 @compute(i32 noundef 1)
// DEVICE: call i32 @onHost(i32 noundef 1)
// DEVICE-NOT: __cot_host_variant

// HOST-LABEL: define dso_local i32 @main(
// HOST: call i32 @onHost(i32 noundef 2)
// HOST-LABEL: define internal void @__omp_offloading_{{.*}}_main_l18(
// HOST: call i32 @onHost(i32 noundef 1)
// HOST: call i32 @onHost(i32 noundef 1)
// HOST-NOT: __cot_host_variant

// Calls that Clang binds to a `declare variant` which the host and the
// x86_64 host device select and GPUs do not (match(device={kind(cpu)}),
// arch(x86_64)): host code and the host device call the variant, GPU code
// the base function. Device extraction gives device code a function that
// calls the variant and lists it, with the base, in `cot.gpu_variants`.
// RUN: rm -rf %t && mkdir -p %t/nocuda
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu --offload-device-only -emit-llvm -S %s -o - | FileCheck %s --check-prefix=DEVICE
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu --offload-host-only -emit-llvm -S %s -o - | FileCheck %s --check-prefix=HOST
// RUN: cd %t && %clang -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --cuda-path=%t/nocuda %s -o %t/prog -save-temps
// RUN: llvm-dis %t/prog-device-nvptx.bc -o - | FileCheck %s --check-prefix=GPU --implicit-check-not=onCPU --implicit-check-not=__cot_cpu_variant

static inline int onCPU(int X) { return X + 1000; }
static inline int compute(int X);
#pragma omp declare variant(onCPU) match(device = {kind(cpu)})
static inline int compute(int X) { return X + 1; }

int main(void) {
  int A = 0;
#pragma omp target map(from : A)
  A = compute(1);
  return A + compute(2);
}

// DEVICE-LABEL: define weak_odr {{.*}}void @__omp_offloading_{{.*}}_main_l19(
// DEVICE: call i32 @__cot_cpu_variant.7.computeonCPU(i32 noundef 1)
// DEVICE: define internal i32 @__cot_cpu_variant.7.computeonCPU(i32 noundef %0)
// DEVICE-NEXT: call i32 @onCPU(i32 %0)
// DEVICE: !cot.gpu_variants = !{![[PAIR:[0-9]+]]}
// DEVICE: ![[PAIR]] = !{ptr @__cot_cpu_variant.7.computeonCPU, ptr @compute}

// HOST-LABEL: define dso_local i32 @main(
// HOST: call i32 @onCPU(i32 noundef 2)
// HOST-LABEL: define internal void @__omp_offloading_{{.*}}_main_l19(
// HOST: call i32 @onCPU(i32 noundef 1)
// HOST-NOT: __cot_cpu_variant

// GPU: call i32 @compute(i32 noundef 1)

// With offload targets, compile jobs get -cot-offload-targets and a
// device-link job runs before the link, whose command gets the wrapper
// object and libomptarget ahead of libomp.
// RUN: %clang -### -fopenmp -fopenmp-targets=x86_64-unknown-linux-gnu %s -o %t 2>&1 | FileCheck %s
// CHECK: "-cc1"{{.*}}"-cot-offload-targets=x86_64-pc-linux-gnu"
// CHECK: "-cot-device-link" "-targets=x86_64-pc-linux-gnu"{{.*}}"-o" "[[WRAPPER:[^"]*offload-images[^"]*\.o]]"
// CHECK: ld{{.*}}"[[WRAPPER]]" "-L{{[^"]*}}/lib" "-lomptarget" "-rpath" "{{[^"]*}}/lib" "-lomp"
int main(void) { return 0; }

// -fopenmp with --offload-arch=sm_XX alone offloads to NVIDIA GPUs, as with
// upstream Clang.
// RUN: %clang -### -fopenmp --offload-arch=sm_90 %s -o %t 2>&1 | FileCheck %s --check-prefix=ARCH
// ARCH: "-cc1"{{.*}}"-cot-offload-targets=nvptx64-nvidia-cuda:sm_90"
// ARCH: "-cot-device-link" "-targets=nvptx64-nvidia-cuda:sm_90"

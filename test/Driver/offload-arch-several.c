// Several GPU archs, in one list, repeated, or with -Xopenmp-target -march:
// the device link builds a cubin for each (duplicates once), in the order
// named (test/Device/nvptx-cubins.test assembles them).
// RUN: %clang -fopenmp --offload-arch=sm_80,sm_90 %s -o %t -### 2>&1 | FileCheck %s --check-prefix=TWO
// RUN: %clang -fopenmp -fopenmp-targets=nvptx64 --offload-arch=sm_80 --offload-arch=sm_90 --offload-arch=sm_80 %s -o %t -### 2>&1 | FileCheck %s --check-prefix=TWO
// RUN: %clang -fopenmp -fopenmp-targets=nvptx64 --offload-arch=sm_80 -Xopenmp-target -march=sm_90 %s -o %t -### 2>&1 | FileCheck %s --check-prefix=TWO
// TWO: "-cot-device-link" "-targets=nvptx64-nvidia-cuda:sm_80+sm_90"
int main(void) { return 0; }

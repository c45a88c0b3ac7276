// With a CUDA toolkit that has ptxas, the graph of a link assembles the PTX
// into a cubin for each GPU arch, all packaged with the PTX; one device-link
// job does the device steps (as the image then holds PTX and both cubins,
// checked by test/Device/nvptx-cubins.test).
// REQUIRES: ptxas
// RUN: %clang -fopenmp -fopenmp-targets=nvptx64 --offload-arch=sm_80,sm_90 --cuda-path=%cuda-path -ccc-print-phases %s 2>&1 | FileCheck %s --match-full-lines
// CHECK:      |           +- 5: backend, {2}, ir, (device-openmp)
// CHECK-NEXT: |        +- 6: linker, {5}, ir, (device-openmp, sm_80)
// CHECK-NEXT: |     +- 7: backend, {6}, assembler, (device-openmp, sm_80)
// CHECK-NEXT: |  +- 8: offload, "device-openmp (nvptx64-nvidia-cuda:sm_80)" {7}, assembler
// CHECK-NEXT: |  |  +- 9: assembler, {7}, object, (device-openmp, sm_80)
// CHECK-NEXT: |  |- 10: offload, "device-openmp (nvptx64-nvidia-cuda:sm_80)" {9}, object
// CHECK-NEXT: |  |  +- 11: assembler, {7}, object, (device-openmp, sm_90)
// CHECK-NEXT: |  |- 12: offload, "device-openmp (nvptx64-nvidia-cuda:sm_90)" {11}, object
// CHECK-NEXT: |- 13: clang-offload-packager, {8, 10, 12}, object, (host-openmp)
// CHECK-NEXT: 14: linker, {4, 13}, image, (host-openmp)
//
// RUN: %clang -fopenmp -fopenmp-targets=nvptx64 --offload-arch=sm_80,sm_90 --cuda-path=%cuda-path -ccc-print-bindings %s -o %t 2>&1 | FileCheck %s --check-prefix=BIND
// BIND: # "x86_64-pc-linux-gnu" - "clang", inputs: ["{{.*}}offload-phases-cubins.c"], output: "{{.*}}.o"
// BIND-NEXT: # "x86_64-pc-linux-gnu" - "clang-offload-device-link", inputs: ["{{.*}}openmp-nvptx64-nvidia-cuda{{.*}}.bc"], output: "{{.*}}offload-images{{.*}}.o"
// BIND-NEXT: # "x86_64-pc-linux-gnu" - "GNU::Linker", inputs: [{{.*}}], output: "{{.*}}"
int main(void) { return 0; }

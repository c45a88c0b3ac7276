// Upstream's offload flags that change the program:
// -fopenmp-offload-mandatory reaches every compile job (the host lowering
// records it in the object: test/Offload/offload_mandatory_flag.c runs it);
// -fopenmp-target-jit gives GPU images PTX only (no cubin steps, the device
// link builds none; the runtime JIT-compiles the PTX at load);
// -fopenmp-target-debug[=N] sets the GPU device runtime's debug level in the
// image (test/Device/nvptx-device-debug.c). Bad levels are errors, flags
// that have no GPU target to act on are warnings.
// RUN: %clang -### -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -fopenmp-offload-mandatory -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=MAND
// MAND: "-cc1"{{.*}} "-cot-offload-targets=x86_64-pc-linux-gnu" "-cot-offload-mandatory"
// MAND-NOT: warning
//
// RUN: %clang -### -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 --cuda-path=%S/Inputs/CUDA -fopenmp-target-jit %s -o %t 2>&1 | FileCheck %s --check-prefix=JIT
// JIT: "-cot-device-link" {{.*}}"-ptx-only"
// JIT-NOT: warning
//
// With ptxas installed the graph assembles a cubin per arch; with the flag it
// does not, and the packager takes the PTX alone.
// RUN: %if ptxas %{ %clang -ccc-print-phases -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 --cuda-path=%cuda-path %s -o %t 2>&1 | FileCheck %s --check-prefix=AOTPHASES %}
// AOTPHASES: 7: backend, {6}, assembler, (device-openmp, sm_90)
// AOTPHASES: 9: assembler, {7}, object, (device-openmp, sm_90)
// AOTPHASES: clang-offload-packager, {8, 10}, object
// RUN: %if ptxas %{ %clang -ccc-print-phases -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 --cuda-path=%cuda-path -fopenmp-target-jit %s -o %t 2>&1 | FileCheck %s --check-prefix=JITPHASES %}
// JITPHASES: 7: backend, {6}, assembler, (device-openmp, sm_90)
// JITPHASES-NOT: assembler, {7}, object
// JITPHASES: 9: clang-offload-packager, {8}, object
//
// RUN: %clang -### -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 -fopenmp-target-debug %s -o %t 2>&1 | FileCheck %s --check-prefix=DEBUG1
// DEBUG1: "-cot-device-link" {{.*}}"-device-debug=1"
// RUN: %clang -### -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 -fopenmp-target-debug=2 %s -o %t 2>&1 | FileCheck %s --check-prefix=DEBUG2
// DEBUG2: "-cot-device-link" {{.*}}"-device-debug=2"
// RUN: %clang -### -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 -fopenmp-target-debug -fno-openmp-target-debug %s -o %t 2>&1 | FileCheck %s --check-prefix=NODEBUG
// NODEBUG-NOT: -device-debug
// RUN: not %clang -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda -fopenmp-target-debug=7 %s -o %t 2>&1 | FileCheck %s --check-prefix=BADLEVEL
// BADLEVEL: error: invalid value '7' in '-fopenmp-target-debug=7': the level is 0, 1 or 2
// RUN: %clang -### -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -fopenmp-target-debug -fopenmp-target-jit %s -o %t 2>&1 | FileCheck %s --check-prefix=NOGPU
// NOGPU: warning: '-fopenmp-target-jit' has no effect without a GPU offload target: only GPU images hold PTX
// NOGPU: warning: '-fopenmp-target-debug' has no effect without a GPU offload target: only the GPU device runtime has debug output
int main(void) {
  int X = 0;
#pragma omp target map(tofrom : X)
  X = 1;
  return X - 1;
}

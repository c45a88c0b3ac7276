// A declare variant that only a device selects, static (or inline) and
// defined before its base, unused on the host: CodeGen put its definition
// off when it saw it, so the Sema step hands it to CodeGen again once it is
// `used`; device code then calls it (a GPU through the nvptx64 variant
// list, other devices directly).
// RUN: rm -rf %t && mkdir -p %t/nocuda
// RUN: %clang -fopenmp -fopenmp-targets=nvptx64 --cuda-path=%t/nocuda --offload-device-only -emit-llvm -S %s -o - | FileCheck %s --check-prefix=GPU
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu --offload-device-only -emit-llvm -S %s -o - | FileCheck %s --check-prefix=CPU
// The static GPU variant is kept for the device link (llvm.compiler.used),
// which would not link it in for the list alone, and the linked code calls
// it.
// RUN: cd %t && %clang -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --cuda-path=%t/nocuda %s -o %t/prog -save-temps
// RUN: llvm-dis %t/prog-device-nvptx.bc -o - | FileCheck %s --check-prefix=LINKED

static int gpu_yes(void) { return 1; }
#pragma omp declare variant(gpu_yes) match(device = {arch(nvptx64)})
static int is_gpu(void) { return 0; }

static inline int device_yes(void) { return 1; }
#pragma omp declare variant(device_yes) match(device = {kind(nohost)})
static inline int on_device(void) { return 0; }

int main(void) {
  int G = -1, D = -1;
#pragma omp target map(from : G, D)
  {
    G = is_gpu();
    D = on_device();
  }
  return G + D;
}
// GPU-DAG: define internal i32 @gpu_yes()
// GPU-DAG: define {{.*}}i32 @device_yes()
// GPU-DAG: !cot.gpu_variants = !{![[PAIR:[0-9]+]]}
// GPU-DAG: ![[PAIR]] = !{ptr @is_gpu, ptr @gpu_yes}
// GPU-DAG: @llvm.compiler.used = appending global [1 x ptr] [ptr @gpu_yes]
// LINKED-NOT: call i32 @is_gpu()
// LINKED: call i32 @gpu_yes()
// LINKED-NOT: call i32 @is_gpu()
// CPU: call i32 @device_yes()
// CPU-NOT: call i32 @on_device()

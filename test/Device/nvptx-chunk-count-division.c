// A thread that runs one or two chunks of a grid-stride loop does not
// divide for its chunk count: the division sits in a block of its own,
// weighted as rare, and the device link keeps LLVM's MachineLICM from
// hoisting it into the block before the distribute level's loop, which
// is far hotter (setDeviceLLVMOptions; before, every thread of HeCBench
// heat's kernel, one iteration each, divided: 150 us against 138). In
// PTX the 32-bit path of a collapsed loop's 64-bit division and the count's
// `+ 1` follow each other, and a loop of int counts its chunks in its own
// type: its unrolled loop's counter and its division are 32-bit (they were
// 64-bit). No CUDA toolkit needed.
// RUN: rm -rf %t.nocuda && mkdir -p %t.nocuda
// RUN: %clang -O2 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 --cuda-path=%t.nocuda %s -shared -o %t.so -save-temps
// RUN: FileCheck %s < %t.so-device-nvptx-ptx.ptx

// The kernels come in the PTX in the opposite order of the source's.
// CHECK-LABEL: .entry {{.*}}_scale_l{{[0-9]+}}(
// CHECK-NOT:   div.{{[us]}}64
// CHECK:       add.s32 [[LEFT:%r[0-9]+]], [[LEFT]], -8;
// CHECK-NEXT:  setp.ne.s32 {{%p[0-9]+}}, [[LEFT]], 0;
// CHECK:       div.u32
// CHECK-NOT:   div.{{[us]}}64
// CHECK-LABEL: .entry {{.*}}_solve_l{{[0-9]+}}(
// CHECK:       div.u64 [[Q64:%rd[0-9]+]],
// CHECK:       div.u32 [[Q:%r[0-9]+]],
// CHECK-NEXT:  cvt.u64.u32 [[Q64]], [[Q]];
// CHECK-NEXT:  {{^}}$L__BB{{[0-9_]+}}:
// CHECK-NEXT:  add.s64 {{%rd[0-9]+}}, [[Q64]], 1;
// CHECK:       ret;
void solve(int n, double r, const double *u, double *v) {
#pragma omp target teams distribute parallel for collapse(2)                  \
    num_teams(n * n / 256) num_threads(256) map(to : u[0:n * n])             \
    map(from : v[0:n * n])
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i)
      v[i + j * n] = (1.0 - 4.0 * r) * u[i + j * n] +
                     r * ((i < n - 1) ? u[i + 1 + j * n] : 0.0) +
                     r * ((i > 0) ? u[i - 1 + j * n] : 0.0) +
                     r * ((j < n - 1) ? u[i + (j + 1) * n] : 0.0) +
                     r * ((j > 0) ? u[i + (j - 1) * n] : 0.0);
}

void scale(int n, float a, float *x) {
#pragma omp target teams distribute parallel for map(tofrom : x[0:n])
  for (int i = 0; i < n; ++i)
    x[i] = a * x[i];
}

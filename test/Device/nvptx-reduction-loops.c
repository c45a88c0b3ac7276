// The loops of reductions on the GPU keep several loads in flight per
// thread, as nvcc's code for a CUDA grid-stride loop does:
//  - the inner `parallel for` of a generic-form sum (a standalone
//    distribute over chunks whose team code computes each chunk's bounds)
//    is a counted loop that LLVM unrolls, and the bounds, which the region
//    only reads, stay each thread's own (no team-shared copy, so no guard
//    and no broadcast per chunk);
//  - `x = x && a[i]` and `x = x || a[i]` load a[i] without waiting for the
//    previous iteration's compare (openmp-device-logical-reductions).
// No CUDA toolkit needed (nvptx-cubins.test assembles PTX).
// RUN: rm -rf %t.nocuda && mkdir -p %t.nocuda
// RUN: %clang -O2 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 --cuda-path=%t.nocuda %s -shared -o %t.so -save-temps -Rpass=openmp-device 2> %t.remarks
// RUN: FileCheck %s --check-prefix=GENERIC < %t.so-device-nvptx-ptx.ptx
// RUN: FileCheck %s --check-prefix=AND < %t.so-device-nvptx-ptx.ptx
// RUN: FileCheck %s --check-prefix=OR < %t.so-device-nvptx-ptx.ptx
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: FileCheck %s --check-prefix=PRIVATE < %t.remarks

// REMARK: kernel '__omp_offloading_{{.*}}generic_sum_l{{[0-9]+}}' runs its team code in every thread

// GENERIC-LABEL: .entry {{.*}}generic_sum_l
// GENERIC: ld.global.u32
// GENERIC-NOT: bra
// GENERIC: ld.global.u32
// GENERIC-NOT: bra
// GENERIC: ld.global.u32
// GENERIC-NOT: bra
// GENERIC: ld.global.u32
// GENERIC: {{^}}}
int generic_sum(const int *A, long N) {
  int Sum = 0;
#pragma omp target teams reduction(+ : Sum) map(to : A[0:N])
#pragma omp distribute
  for (long C = 0; C < (N + 4095) / 4096; C++) {
    const long Lo = C * 4096;
    const long Hi = Lo + 4096 < N ? Lo + 4096 : N;
    // The region's captures of Lo and Hi stay private, as does the loop's
    // end of the chunk:
    // PRIVATE-NOT: nvptx-reduction-loops.c:[[#@LINE+2]]:{{.*}} moved to a team-shared variable
    // PRIVATE-NOT: nvptx-reduction-loops.c:[[#@LINE+4]]:{{.*}} moved to a team-shared variable
#pragma omp parallel for reduction(+ : Sum)
    for (long I = Lo; I < Hi; I++)
      Sum += A[I];
  }
  return Sum;
}

// AND-LABEL: .entry {{.*}}all_nonzero_l
// AND: ld.global.u32
// AND-NOT: bra
// AND: ld.global.u32
// AND-NOT: bra
// AND: ld.global.u32
// AND-NOT: bra
// AND: ld.global.u32
// AND: {{^}}}
int all_nonzero(const int *A, long N) {
  int All = 1;
#pragma omp target teams distribute parallel for reduction(&& : All)         \
    map(to : A[0:N])
  for (long I = 0; I < N; I++)
    All = All && A[I];
  return All;
}

// OR-LABEL: .entry {{.*}}any_zero_l
// OR: ld.global.f32
// OR-NOT: bra
// OR: ld.global.f32
// OR-NOT: bra
// OR: ld.global.f32
// OR-NOT: bra
// OR: ld.global.f32
// OR: {{^}}}
int any_zero(const float *A, long N) {
  int Any = 0;
#pragma omp target teams distribute parallel for reduction(|| : Any)         \
    map(to : A[0:N])
  for (long I = 0; I < N; I++)
    Any = Any || A[I] == 0.0f;
  return Any;
}

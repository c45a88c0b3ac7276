// The device passes' remarks reach the user through bin/clang, which passes
// -Rpass=/-Rpass-missed= on to the device link: which kernels became SPMD,
// guarded or generic and why, which locals were globalized and why, with the source
// location under -g. Without -Rpass there are none; -v prints the device
// pipeline.
// RUN: rm -rf %t.nocuda && mkdir -p %t.nocuda
// RUN: %clang -g -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 --cuda-path=%t.nocuda -Rpass=openmp-device -Rpass-missed=openmp-device %s -shared -o %t.so 2>&1 | FileCheck %s
// RUN: %clang -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 --cuda-path=%t.nocuda %s -shared -o %t.quiet.so 2>&1 | FileCheck --check-prefix=QUIET --allow-empty %s
// RUN: %clang -O3 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -shared -o %t.quiet-host.so 2>&1 | FileCheck --check-prefix=QUIET --allow-empty %s
// RUN: %clang -### -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda -Rpass=openmp-device -Rpass-missed=kernel %s -shared -o %t.so 2>&1 | FileCheck --check-prefix=DRIVER %s
// RUN: %clang -v -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 --cuda-path=%t.nocuda %s -shared -o %t.v.so 2>&1 | FileCheck --check-prefix=PIPELINE %s
// RUN: %clang -v -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -shared -o %t.host.so 2>&1 | FileCheck --check-prefix=HOSTPIPE %s

// QUIET-NOT: remark
// DRIVER: "-cot-device-link" {{.*}}"-Rpass=openmp-device" "-Rpass-missed=kernel"
// HOSTPIPE: device pipeline for x86_64-pc-linux-gnu: openmp-device-conditional-lastprivates,openmp-device-host-kernels,default<O2>
// PIPELINE: device pipeline for nvptx64-nvidia-cuda: openmp-device-retarget-nvptx,openmp-device-conditional-lastprivates,function(openmp-device-allocate-to-stack,openmp-device-dynamic-allocas,openmp-device-copyprivate),openmp-device-complex-math,openmp-device-libdevice-math,{{.*}},openmp-device-kernel-modes,openmp-device-block-threads,openmp-device-league-loops,openmp-device-logical-reductions,openmp-device-reductions,openmp-device-spmdize,openmp-device-globalize,{{.*}},openmp-device-nvptx-kernels,{{.*}},default<O0>,{{.*}},openmp-device-check-externs

void scale(double *A, int N) {
  // CHECK-DAG: remarks.c:[[@LINE+1]]:{{[0-9]+}}: remark: kernel '{{.*}}scale_l[[@LINE+1]]' runs in SPMD mode: its construct is a combined one whose region is one parallel region [-Rpass=openmp-device]
#pragma omp target teams distribute parallel for map(tofrom : A[0:N])
  for (int I = 0; I < N; ++I)
    A[I] *= 2;
}

int shared_local(void) {
  int Sum = 0;
  // CHECK-DAG: remarks.c:[[@LINE+2]]:{{[0-9]+}}: remark: kernel '{{.*}}shared_local_l[[@LINE+2]]' runs in generic mode: its construct's region is not one parallel region [-Rpass=openmp-device]
  // CHECK-DAG: remarks.c:[[@LINE+1]]:{{[0-9]+}}: remark: kernel '{{.*}}shared_local_l[[@LINE+1]]' runs its team code in every thread, with its side effects on thread 0 under guards (no control loop) [-Rpass=openmp-device]
#pragma omp target map(tofrom : Sum)
  {
    // CHECK-DAG: remarks.c:[[@LINE+2]]:{{[0-9]+}}: remark: local 'Local' of '{{.*}}' (4 bytes) moved to a team-shared variable in shared memory: every thread runs the team code, and more than the thread's own loads and stores reach the local [-Rpass=openmp-device]
    int Local = 1;
#pragma omp parallel
    {
#pragma omp atomic
      Sum += Local;
    }
  }
  return Sum;
}

#pragma omp declare target
void work(int *P) {
#pragma omp parallel for
  for (int I = 0; I < 4; ++I)
    P[I] += I;
}
#pragma omp end declare target

void shares_work(int *P) {
  // CHECK-DAG: remarks.c:[[@LINE+1]]:{{[0-9]+}}: remark: kernel '{{.*}}shares_work_l[[@LINE+1]]' cannot run in SPMD mode: it shares 'work', which starts a parallel region, with a generic kernel [-Rpass-missed=openmp-device]
#pragma omp target teams distribute parallel for map(tofrom : P[0:4])
  for (int I = 0; I < 1; ++I)
    work(P);
  // CHECK-DAG: remarks.c:[[@LINE+2]]:{{[0-9]+}}: remark: generic kernel '{{.*}}shares_work_l[[@LINE+2]]' keeps its control loop: its team code calls 'work', which may start a parallel region [-Rpass-missed=openmp-device]
  // CHECK-DAG: remark: local 'P{{.*}}' of 'work' ({{[0-9]+}} bytes) moved to team-shared storage {{.*}}its address reaches the parallel region started by a call of '__kmpc_fork_call'{{.*}} [-Rpass=openmp-device]
#pragma omp target map(tofrom : P[0:4])
  work(P);
}

void scale_simd(float *X, int N) {
#pragma omp target teams distribute parallel for simd map(tofrom : X[0:N])
  for (int I = 0; I < N; ++I)
    X[I] *= 2;
}

// A metadirective whose device selectors pick another variant on an offload
// device than on the host: the device's parse reads the device's variant
// (kind(nohost) on every device, arch(nvptx64) on NVIDIA GPUs only), the host
// code keeps the host's. Selectors the scan cannot decide alone (here a user
// condition that is not a literal) keep the host's variant everywhere.
// The locks of the critical sections in each module tell the variants.
// A `begin declare variant` block that only a device selects is parsed for
// that device: its function is in the device's code (BDV prefixes).
// RUN: rm -rf %t && mkdir -p %t/nocuda
// RUN: %clang -fopenmp -fopenmp-targets=nvptx64 --cuda-path=%t/nocuda --offload-device-only -emit-llvm -S %s -o - | grep -o 'gomp_critical_user_[a-z_]*.var =' | sort | FileCheck %s --check-prefix=GPU
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu --offload-device-only -emit-llvm -S %s -o - | grep -o 'gomp_critical_user_[a-z_]*.var =' | sort | FileCheck %s --check-prefix=CPU
// A device's -E writes its variants, and -save-temps' compile parses that
// output for the device's code.
// RUN: %clang -fopenmp -fopenmp-targets=nvptx64 --cuda-path=%t/nocuda --offload-device-only -E %s | FileCheck %s --check-prefix=PP
// RUN: cd %t && %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -c %s -o %t/st.o -save-temps
// RUN: llvm-dis %t/context-selectors-device-openmp-x86_64-pc-linux-gnu.bc -o - | grep -o 'gomp_critical_user_[a-z_]*.var =' | sort | FileCheck %s --check-prefix=CPU
// RUN: %clang -fopenmp -fopenmp-targets=nvptx64 --cuda-path=%t/nocuda --offload-device-only -emit-llvm -S %s -o - | FileCheck %s --check-prefix=BDV-GPU
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu --offload-device-only -emit-llvm -S %s -o - | FileCheck %s --check-prefix=BDV-CPU
// RUN: %clang -fopenmp -fopenmp-targets=nvptx64 --cuda-path=%t/nocuda --offload-host-only -emit-llvm -S %s -o - | grep -o 'gomp_critical_user_[a-z_]*.var =' | sort | FileCheck %s --check-prefix=HOST

int Flag;

void any_device(int *A, int N) {
#pragma omp target teams distribute parallel for map(tofrom : A[0:N])
  for (int I = 0; I < N; I++) {
#pragma omp metadirective when(device = {kind(host)}: critical(on_host)) \
    when(device = {kind(nohost)}: critical(on_device))
    A[I] += 1;
  }
}

void gpu_only(int *A) {
#pragma omp target map(tofrom : A[0:1])
  {
#pragma omp metadirective                                                     \
    when(device = {arch(nvptx64)}: critical(on_gpu))                          \
    default(critical(elsewhere))
    A[0] += 1;
  }
}

int on_gpu(void) { return 0; }
#pragma omp begin declare variant match(device = {arch(nvptx64)})
int on_gpu(void) { return 1; }
#pragma omp end declare variant

void calls_variant(int *A) {
#pragma omp target map(tofrom : A[0:1])
  A[0] = on_gpu();
}
// BDV-GPU: call {{.*}} @"on_gpu$ompvariant$
// BDV-CPU: call {{.*}} @on_gpu()

void undecided(int *A) {
#pragma omp target map(tofrom : A[0:1])
  {
#pragma omp metadirective when(user = {condition(Flag > 0)}: critical(flag)) \
    when(device = {kind(nohost)}: critical(nohost_unseen))                   \
    default(critical(no_flag))
    A[0] += 1;
  }
}
// GPU: gomp_critical_user_no_flag.var =
// GPU-NEXT: gomp_critical_user_on_device.var =
// GPU-NEXT: gomp_critical_user_on_gpu.var =
// GPU-EMPTY:
// CPU: gomp_critical_user_elsewhere.var =
// CPU-NEXT: gomp_critical_user_no_flag.var =
// CPU-NEXT: gomp_critical_user_on_device.var =
// CPU-EMPTY:
// HOST: gomp_critical_user_elsewhere.var =
// HOST-NEXT: gomp_critical_user_no_flag.var =
// HOST-NEXT: gomp_critical_user_on_host.var =
// HOST-EMPTY:
//
// PP: #pragma omp critical(on_device)
// PP: #pragma omp critical(on_gpu)
// PP: #pragma omp metadirective when(user = {condition(Flag > 0)}

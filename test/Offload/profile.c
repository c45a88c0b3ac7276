// LIBOMPTARGET_PROFILE=<file>: a Chrome trace-event file (ui.perfetto.dev,
// chrome://tracing) with every kernel, transfer, allocation, free and
// synchronisation, checked by Inputs/check_profile.py (keys and types per
// event kind, non-negative times, named threads, nesting, each kind and the
// kernels' source lines present). The file is complete also when a thread
// calls exit() inside a parallel region while another offloads, and after a
// fatal error. A path that cannot be written is a warning naming it; the
// program runs on.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: cp %S/Inputs/check_profile.py %t-check.py
// GPU-BUILD: %clang -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda %s -o %t
// GPU-BUILD: cp %S/Inputs/check_profile.py %t-check.py
// GPU-RUN: env OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_PROFILE=%t.json %t > %t.out && python3 %t-check.py %t.json --expect kernel,transfer,alloc,free,sync --loc profile.c:43 --loc profile.c:50 >> %t.out && cat %t.out
// GPU-EXIT: 0
// (lit runs the GPU-RUN line too, on the host device.)
// RUN: FileCheck %s --check-prefix=GPU-CHECK --input-file=%t.out
// GPU-CHECK: on-device 1 sum 523776
// GPU-CHECK: profile OK: {{[0-9]+}} events (kernel 2, transfer {{[1-9][0-9]*}}, alloc {{[1-9][0-9]*}}, free {{[1-9][0-9]*}}, sync 2)
//
// RUN: rm -f %t-exit.json %t-fatal.json
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_PROFILE=%t-exit.json %t exit
// RUN: python3 %t-check.py %t-exit.json --expect kernel --loc profile.c:43
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_PROFILE=%t-fatal.json not %t fatal 2>&1 | FileCheck %s --check-prefix=FATAL
// RUN: python3 %t-check.py %t-fatal.json --expect kernel,transfer,alloc,free
// FATAL: libomptarget: error: device 0: 'Missing' [0x{{[0-9a-f]+}},0x{{[0-9a-f]+}}) is not present on the device (present modifier) at {{.*}}profile.c:[[#@LINE+62]]
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_PROFILE=%t.missing/trace.json %t 2>&1 | FileCheck %s --check-prefix=UNWRITABLE
// UNWRITABLE: libomptarget: warning: LIBOMPTARGET_PROFILE='{{.*}}.missing/trace.json': cannot write the trace file: No such file or directory; no trace
// UNWRITABLE: on-device 1 sum 523776
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_PROFILE= %t 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY: libomptarget: warning: LIBOMPTARGET_PROFILE is empty; it names the trace file to write; no trace
// EMPTY: on-device 1 sum 523776
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 1024

/// Offloads a loop over A (mapped) and B (device memory); returns whether
/// it ran on the device.
static int offload(double *A, double *B) {
  int OnDevice = 0;
#pragma omp target teams distribute parallel for map(tofrom : A[0:N]) is_device_ptr(B) map(from : OnDevice)
  for (int I = 0; I < N; ++I) {
    B[I] = A[I];
    if (I == 0)
      OnDevice = !omp_is_initial_device();
  }
  long Sum = 0;
#pragma omp target map(tofrom : Sum) is_device_ptr(B)
  for (int I = 0; I < N; ++I)
    Sum += (long)B[I];
  return OnDevice && Sum == (long)N * (N - 1) / 2;
}

int main(int argc, char **argv) {
  const char *Mode = argc > 1 ? argv[1] : "";
  int Dev = omp_get_default_device();
  static double A[N];
  for (int I = 0; I < N; ++I)
    A[I] = I;
  double *B = (double *)omp_target_alloc(N * sizeof(double), Dev);
  if (!strcmp(Mode, "exit")) {
    // exit() from one thread while another offloads (once the first
    // kernel is done, so that the trace has one whatever the timing).
    int Offloaded = 0;
#pragma omp parallel num_threads(2)
    {
      if (omp_get_num_threads() == 1) {
        offload(A, B);
        exit(0);
      }
      if (omp_get_thread_num() == 1) {
        while (!__atomic_load_n(&Offloaded, __ATOMIC_ACQUIRE))
          ;
        exit(0);
      }
      for (;;) {
        offload(A, B);
        __atomic_store_n(&Offloaded, 1, __ATOMIC_RELEASE);
      }
    }
  }
  if (!strcmp(Mode, "fatal")) {
    offload(A, B);
    int Missing = 0;
#pragma omp target map(present, tofrom : Missing)
    Missing = 1;
  }
  omp_interop_t Sync = omp_interop_none;
#pragma omp interop init(targetsync : Sync)
  int OnDevice = offload(A, B);
#pragma omp interop use(Sync)
#pragma omp interop destroy(Sync)
  omp_target_free(B, Dev);
  printf("on-device %d sum %ld\n", OnDevice, (long)N * (N - 1) / 2);
  return 0;
}

// A fault in a target region on the host device is reported with the
// kernel, the device and the construct, and the program exits with status
// 1: in the region's own thread, in a thread of its parallel region, in a
// library routine it calls, and a stack overflow. Faults outside target
// regions behave as before: the default action, or the program's handler.
// GPU-SKIP: host-device signals; Runtime/cuda_gpu_fault.c checks GPU kernel faults.
// RUN: %clang -O1 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY not %t segv 2>&1 | FileCheck %s --check-prefixes=CHECK,SEGV
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY not %t segv-worker 2>&1 | FileCheck %s --check-prefixes=CHECK,WORKER
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY not %t segv-libc 2>&1 | FileCheck %s --check-prefixes=CHECK,LIBC
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY not %t fpe 2>&1 | FileCheck %s --check-prefixes=CHECK,FPE
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY not %t ill 2>&1 | FileCheck %s --check-prefixes=CHECK,ILL
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY not %t bus %t.empty 2>&1 | FileCheck %s --check-prefixes=CHECK,BUS
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY not %t stack 2>&1 | FileCheck %s --check-prefixes=CHECK,STACK
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY not --crash %t host 2>&1 | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY not %t handler-before 2>&1 | FileCheck %s --check-prefixes=CHECK,HANDLER
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY not %t handler-after 2>&1 | FileCheck %s --check-prefixes=CHECK,HANDLER
// A handler the program installed before the first offload also gets the
// faults of target regions (it may recover from them):
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY not %t handler-before segv 2>&1 | FileCheck %s --check-prefixes=CHECK,HANDLER
#include <fcntl.h>
#include <omp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#pragma omp declare target
int recurse(volatile int *Depth) {
  volatile char Frame[256];
  Frame[*Depth % 256] = 1;
  ++*Depth;
  return recurse(Depth) + Frame[3];
}
#pragma omp end declare target

static void programHandler(int Sig) {
  static const char Msg[] = "the program's handler got SIGSEGV\n";
  (void)Sig;
  write(1, Msg, sizeof(Msg) - 1);
  _exit(7);
}

int main(int argc, char **argv) {
  const char *Mode = argv[1];
  if (!strcmp(Mode, "handler-before"))
    signal(SIGSEGV, programHandler);
  int OnDevice = 0;
#pragma omp target map(from : OnDevice)
  OnDevice = !omp_is_initial_device();
  // CHECK: first region on the device: 1
  printf("first region on the device: %d\n", OnDevice);
  fflush(stdout);
  if (!strcmp(Mode, "handler-after"))
    signal(SIGSEGV, programHandler);

  if (argc > 2 && !strcmp(Mode, "handler-before"))
    Mode = argv[2];
  int *volatile Bad = (int *)16;
  int Zero = argc - argc, Result = 0;
  if (!strcmp(Mode, "segv")) {
#pragma omp target map(from : Result) firstprivate(Bad)
    Result = *Bad;
    // SEGV: libomptarget: error: kernel '__omp_offloading_{{.*}}_main_l[[#@LINE-2]]' faulted on device 0 (x86_64 host device): SIGSEGV (address not mapped) at address 0x10 at {{.*}}kernel_fault.c:[[#@LINE-2]]:1
  } else if (!strcmp(Mode, "segv-worker")) {
#pragma omp target parallel num_threads(4) firstprivate(Bad)
    if (omp_get_thread_num() == 3)
      Bad[1] = 1;
    // WORKER: libomptarget: error: kernel '__omp_offloading_{{.*}}_main_l[[#@LINE-3]]' faulted on device 0 (x86_64 host device): SIGSEGV (address not mapped) at address 0x14 at {{.*}}kernel_fault.c:[[#@LINE-3]]:1
  } else if (!strcmp(Mode, "segv-libc")) {
#pragma omp target parallel num_threads(2) firstprivate(Bad) map(tofrom : Result)
    if (omp_get_thread_num() == 1) {
      memset(Bad, 0, 64);
      Result = Bad[1];
    }
    // LIBC: libomptarget: error: kernel '__omp_offloading_{{.*}}_main_l[[#@LINE-5]]' faulted on device 0 (x86_64 host device): SIGSEGV (address not mapped) at address 0x10 at {{.*}}kernel_fault.c:[[#@LINE-5]]:1
  } else if (!strcmp(Mode, "fpe")) {
#pragma omp target map(tofrom : Result) firstprivate(Zero)
    Result = 10 / Zero;
    // FPE: libomptarget: error: kernel '__omp_offloading_{{.*}}_main_l[[#@LINE-2]]' faulted on device 0 (x86_64 host device): SIGFPE (integer divide by zero) at address 0x{{[0-9a-f]+}} at {{.*}}kernel_fault.c:[[#@LINE-2]]:1
  } else if (!strcmp(Mode, "ill")) {
#pragma omp target
    __builtin_trap();
    // ILL: libomptarget: error: kernel '__omp_offloading_{{.*}}_main_l[[#@LINE-2]]' faulted on device 0 (x86_64 host device): SIGILL (illegal operand) at address 0x{{[0-9a-f]+}} at {{.*}}kernel_fault.c:[[#@LINE-2]]:1
  } else if (!strcmp(Mode, "bus")) {
    // A page of an empty file: reading it raises SIGBUS.
    int Fd = open(argv[2], O_RDWR | O_CREAT | O_TRUNC, 0600);
    volatile char *Page =
        mmap(NULL, 4096, PROT_READ, MAP_SHARED, Fd, 0);
#pragma omp target map(from : Result) firstprivate(Page)
    Result = Page[8];
    // BUS: libomptarget: error: kernel '__omp_offloading_{{.*}}_main_l[[#@LINE-2]]' faulted on device 0 (x86_64 host device): SIGBUS (nonexistent physical address) at address 0x{{[0-9a-f]+}}8 at {{.*}}kernel_fault.c:[[#@LINE-2]]:1
  } else if (!strcmp(Mode, "stack")) {
    int Depth = 0;
#pragma omp target map(tofrom : Depth, Result)
    Result = recurse(&Depth);
    // STACK: libomptarget: error: kernel '__omp_offloading_{{.*}}_main_l[[#@LINE-2]]' faulted on device 0 (x86_64 host device): SIGSEGV ({{.+}}) at address 0x{{[0-9a-f]+}} at {{.*}}kernel_fault.c:[[#@LINE-2]]:1
  } else {
    *Bad = 1; // host, handler-before, handler-after: outside any region
  }
  // HANDLER: the program's handler got SIGSEGV
  // CHECK-NOT: libomptarget: error
  // CHECK-NOT: not reached
  printf("not reached: %d\n", Result);
  return 0;
}

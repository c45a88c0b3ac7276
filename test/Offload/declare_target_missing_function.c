// A target region calling a function that no device code defines (declared
// here, defined in another file without declare target): a link-time error
// naming the function and the file and line of the call (-g) or of its
// target construct, not a dlopen failure when the program runs. With
// declare target it links and runs on the device.
// RUN: %clang -g -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -DHELPER_FILE %s -c -o %t.plain.o
// RUN: not %clang -g -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s %t.plain.o -o %t 2>&1 | FileCheck %s --check-prefix=UNDEF
// UNDEF: declare_target_missing_function.c:[[#@LINE+34]]: undefined reference to `helper'
// UNDEF: error: device link command failed
// Without -g the linker knows no line; the device link names the target
// construct whose code calls what the linker found undefined.
// RUN: not %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s %t.plain.o -o %t 2>&1 | FileCheck %s --check-prefix=NODEBUG
// NODEBUG: undefined reference to `helper'
// NODEBUG: error: {{.*}}declare_target_missing_function.c:[[#@LINE+26]]: device code calls 'helper' (in function '__omp_offloading_{{.*}}_main_l{{[0-9]+}}.impl'), which no device code defines (a function defined in another file needs '#pragma omp declare target' at its definition)
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -DHELPER_FILE -DDECLARE %s -c -o %t.declared.o
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -DDECLARE %s %t.declared.o -o %t.ok
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.ok | FileCheck %s --check-prefix=OK
// OK: on-device 1 helper 2
#include <omp.h>
#include <stdio.h>

#ifdef HELPER_FILE
#ifdef DECLARE
#pragma omp declare target
#endif
int helper(int V) { return V + 1; }
#ifdef DECLARE
#pragma omp end declare target
#endif
#else
#ifdef DECLARE
#pragma omp declare target
#endif
int helper(int V);
#ifdef DECLARE
#pragma omp end declare target
#endif
int main(void) {
  int X = 1, OnDevice = 0;
#pragma omp target map(tofrom : X, OnDevice)
  {
    X = helper(X); // the call the link reports
    OnDevice = !omp_is_initial_device();
  }
  printf("on-device %d helper %d\n", OnDevice, X);
  return 0;
}
#endif

// LIBOMPTARGET_DEBUG=1: the runtime's decisions on stderr, one
// `omptarget --> ` line each: registration, plugins, device start, the
// image loaded, every map entry's fate (new/present, reference count,
// copied or not), each launch with its arguments and geometry and the grid
// it ran with, transfers, allocations, frees and failures of the omp_*
// routines. LIBOMPTARGET_DEBUG=2 adds every call into the plugin; 0 prints
// nothing; a bad value is a warning.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_DEBUG=1 %t 2>&1 | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_DEBUG=2 %t 2>&1 | FileCheck %s --check-prefix=LEVEL2
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_DEBUG=0 %t 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_DEBUG=yes %t 2>&1 | FileCheck %s --check-prefixes=BAD,OFF
// BAD: libomptarget: warning: LIBOMPTARGET_DEBUG='yes' is not an integer of 0 or more; ignored
#include <omp.h>
#include <stdio.h>

#define N 16

int main(void) {
  int A[N], X = 0, OnDevice = 0;
  for (int I = 0; I < N; ++I)
    A[I] = I;
  // CHECK: omptarget --> registered {{.+}}: 1 images ({{.+}}), {{[0-9]+}} offload entries
  // CHECK: omptarget --> plugin '[[PLUGIN:x86_64|cuda]]' loaded: devices 0..{{[0-9]+}}
  // CHECK: omptarget --> device 0: starting (plugin '[[PLUGIN]]' device 0) at {{.*}}debug_trace.c:[[#@LINE+7]]:1
  // CHECK: omptarget --> device 0: loading image 0 of {{.+}}
  // CHECK: omptarget --> device 0: kernel '[[KERNEL:__omp_offloading_[0-9a-f_]+main_l[0-9]+]]' for host function 0x{{[0-9a-f]+}}
  // CHECK: omptarget --> device 0: allocated {{[0-9]+}} bytes of device memory at 0x{{[0-9a-f]+}} for 'A[0:N]' at {{.*}}debug_trace.c:[[#@LINE+4]]:1
  // CHECK: omptarget --> device 0: copy host to device 0x{{[0-9a-f]+}} -> 0x{{[0-9a-f]+}}, 64 bytes of 'A[0:N]', {{[0-9.]+}} us at {{.*}}debug_trace.c:[[#@LINE+3]]:1
  // CHECK: omptarget --> device 0: map entry 0 'A[0:N]' host 0x[[#%x,A:]] +64 bytes, type 0x1 (to): new, device 0x[[#%x,DA:]], refcount 1, copied to device at {{.*}}debug_trace.c:[[#@LINE+2]]:1
  // OFF-NOT: omptarget -->
#pragma omp target enter data map(to : A[0:N])
  // CHECK: omptarget --> device 0: map entry {{[0-9]+}} 'X' host 0x{{[0-9a-f]+}} +4 bytes, type 0x23 (to,from,target_param): new, device 0x{{[0-9a-f]+}}, refcount 1, copied to device at {{.*}}debug_trace.c:[[#@LINE+4]]:1
  // CHECK: omptarget --> device 0: map entry {{[0-9]+}} 'A' host 0x[[#A]] +64 bytes, type 0x223 (to,from,target_param,implicit): present, device 0x[[#DA]], refcount 2, no copy at {{.*}}debug_trace.c:[[#@LINE+3]]:1
  // CHECK: omptarget --> device 0: launch kernel '[[KERNEL]]' (num_teams 2, thread_limit 8, trip count 0, flags 0x0) with 3 args [0x{{[0-9a-f]+}}, 0x{{[0-9a-f]+}}, 0x{{[0-9a-f]+}}] at {{.*}}debug_trace.c:[[#@LINE+2]]:1
  // CHECK: omptarget --> device 0: kernel '[[KERNEL]]' done: grid 2 x {{[1-8]}}, {{[0-9.]+}} us at {{.*}}debug_trace.c:[[#@LINE+1]]:1
#pragma omp target teams num_teams(2) thread_limit(8) map(tofrom : X) map(from : OnDevice)
  {
    if (omp_get_team_num() == 0) {
      X = A[3] + A[4];
      OnDevice = !omp_is_initial_device();
    }
  }
  // CHECK: omptarget --> device 0: copy device to host 0x{{[0-9a-f]+}} -> 0x{{[0-9a-f]+}}, 4 bytes of 'X', {{[0-9.]+}} us
  // CHECK: omptarget --> device 0: map entry {{[0-9]+}} 'X' host {{.*}}: unmap: removed, device 0x{{[0-9a-f]+}}, refcount 0, copied from device
  // CHECK: omptarget --> device 0: map entry {{[0-9]+}} 'A' host 0x[[#A]] +64 bytes, {{.*}}: unmap: kept, device 0x[[#DA]], refcount 1, no copy
  // CHECK: omptarget --> device 0: freed 0x{{[0-9a-f]+}} ('X')
  // CHECK: omptarget --> device 0: map entry 0 'A[0:N]' host 0x[[#A]] +64 bytes, type 0x8 (delete): unmap: removed, device 0x[[#DA]], refcount 0, no copy at {{.*}}debug_trace.c:[[#@LINE+2]]:1
  // CHECK: omptarget --> device 0: freed 0x{{[0-9a-f]+}} ('A[0:N]')
#pragma omp target exit data map(delete : A[0:N])
  // CHECK: omptarget --> omp_target_alloc fails: device number 99 does not exist (devices 0..{{[0-9]+}}, the host is {{[0-9]+}})
  void *P = omp_target_alloc(64, 99);
  printf("on-device %d X %d, bad alloc %p\n", OnDevice, X, P);
  fflush(stdout);
  // CHECK: on-device 1 X 7, bad alloc (nil)
  // CHECK: omptarget --> unregistered {{.+}} (at exit: its images stay loaded)
  // OFF: on-device 1 X 7, bad alloc (nil)
  return 0;
}
// LEVEL2: omptarget --> [[PLUGIN:x86_64|cuda]]: init_device(0)
// LEVEL2: omptarget --> [[PLUGIN]]: load_image(0, 0x{{[0-9a-f]+}}, {{[0-9]+}} bytes)
// LEVEL2: omptarget --> [[PLUGIN]]: lookup_kernel('__omp_offloading_{{.+}}') -> 0x{{[0-9a-f]+}}
// LEVEL2: omptarget --> [[PLUGIN]]: data_alloc(0, {{[0-9]+}} bytes, device memory) -> 0x{{[0-9a-f]+}}
// LEVEL2: omptarget --> [[PLUGIN]]: copy_to_device(0, 0x{{[0-9a-f]+}} <- 0x{{[0-9a-f]+}}, 64 bytes)
// LEVEL2: omptarget --> [[PLUGIN]]: launch(0, kernel 0x{{[0-9a-f]+}}, 3 args)
// LEVEL2: omptarget --> [[PLUGIN]]: copy_from_device(0, 0x{{[0-9a-f]+}} <- 0x{{[0-9a-f]+}}, 4 bytes)
// LEVEL2: omptarget --> [[PLUGIN]]: data_free(0, 0x{{[0-9a-f]+}})

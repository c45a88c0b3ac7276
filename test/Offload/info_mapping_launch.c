// LIBOMPTARGET_INFO=1 reports every mapping and launch with host and
// device ranges, reference counts, the mapped expression and the location.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env LIBOMPTARGET_INFO=1 OMP_TARGET_OFFLOAD=MANDATORY %t 2>&1 | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t 2>&1 | FileCheck %s --check-prefix=QUIET
#include <omp.h>
#include <stdio.h>

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
  int a[4] = {1, 2, 3, 4};
  double b[10];
  printf("a=%p b=%p\n", (void *)a, (void *)b);
  // CHECK: a=0x[[#%x,A:]] b=0x[[#%x,B:]]
#pragma omp target data map(tofrom : a)
  {
    // CHECK: libomptarget: info: device 0: map (new) 'a' host [0x[[#A]],0x[[#A+16]]) -> device [0x[[#%x,DA:]],0x{{[0-9a-f]+}}) refcount 1 at {{.*}}info_mapping_launch.c:[[#@LINE-2]]
#pragma omp target teams num_teams(2) thread_limit(3) map(tofrom : a) map(from : b[2:5])
    {
      a[0] = 5;
      b[2] = !omp_is_initial_device();
    }
    // CHECK: libomptarget: info: device 0: map (present) 'a' host [0x[[#A]],0x[[#A+16]]) -> device [0x[[#DA]],0x[[#DA+16]]) refcount 2 at {{.*}}info_mapping_launch.c:[[#@LINE-5]]
    // CHECK: libomptarget: info: device 0: map (new) 'b[2:5]' host [0x[[#B+16]],0x[[#B+56]]) -> device [0x{{[0-9a-f]+}},0x{{[0-9a-f]+}}) refcount 1 at {{.*}}info_mapping_launch.c:[[#@LINE-6]]
    // CHECK: libomptarget: info: launch kernel '__omp_offloading_{{.*}}main_l[[#@LINE-7]]' on device 0 (num_teams 2, thread_limit 3, {{[0-9]+}} args{{(, trip count [0-9]+)?}}) at {{.*}}info_mapping_launch.c:[[#@LINE-7]]
    // CHECK: libomptarget: info: device 0: unmap (kept) 'a' host [0x[[#A]],0x[[#A+16]]) -> device [0x[[#DA]],0x[[#DA+16]]) refcount 1
    // CHECK: libomptarget: info: device 0: unmap (removed) 'b[2:5]' host [0x[[#B+16]],0x[[#B+56]])
#pragma omp target update from(a[1:2])
    // CHECK: libomptarget: info: device 0: update from 'a[1:2]' host [0x[[#A+4]],0x[[#A+12]]) -> device [0x[[#DA+4]],0x[[#DA+12]])
  }
  // CHECK: libomptarget: info: device 0: unmap (removed) 'a' host [0x[[#A]],0x[[#A+16]]) -> device [0x[[#DA]],0x[[#DA+16]]) refcount 0
  printf("done %d on-device %.0f\n", a[0], b[2]);
  // CHECK: done 5 on-device 1
  return 0;
}
// QUIET-NOT: libomptarget
// QUIET: a=
// QUIET-NOT: libomptarget
// QUIET: done 5 on-device 1
// QUIET-NOT: libomptarget

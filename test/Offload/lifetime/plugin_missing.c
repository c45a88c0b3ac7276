// A plugin missing from lib/ (only libomptarget.so copied), or one built for
// another plugin API: the regions run on the host, LIBOMPTARGET_INFO says
// why, and OMP_TARGET_OFFLOAD=MANDATORY makes it a clear error, exit 1.
// GPU-SKIP: the messages name the x86_64 plugin, which the GPU build does not use.
// RUN: rm -rf %t.lib && mkdir %t.lib && cp %libdir/libomptarget.so %t.lib/
// RUN: %clang -O1 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env LD_LIBRARY_PATH=%t.lib %t | FileCheck %s
// RUN: env LD_LIBRARY_PATH=%t.lib LIBOMPTARGET_INFO=1 %t 2>&1 | FileCheck %s --check-prefixes=CHECK,INFO
// RUN: env LD_LIBRARY_PATH=%t.lib OMP_TARGET_OFFLOAD=MANDATORY not %t 2>&1 | FileCheck %s --check-prefix=MANDATORY
// RUN: %host-clang -shared -fPIC -I%srcroot/openmp/libomptarget/include %S/Inputs/old_plugin.c -o %t.lib/libomptarget.rtl.x86_64.so
// RUN: env LD_LIBRARY_PATH=%t.lib LIBOMPTARGET_INFO=1 %t 2>&1 | FileCheck %s --check-prefixes=CHECK,OLD
#include <omp.h>
#include <stdio.h>

// INFO: libomptarget: info: plugin 'x86_64' skipped: cannot load {{.*}}.lib/libomptarget.rtl.x86_64.so: {{.*}}cannot open shared object file
// INFO: libomptarget: info: target region '{{.+}}' runs on the host: no offload device (plugin 'x86_64' skipped: cannot load {{.*}}) at {{.*}}plugin_missing.c:21:1
// OLD: libomptarget: info: plugin 'x86_64' skipped: libomptarget.rtl.x86_64.so has no compatible __cot_plugin_get_api (plugin API version {{[0-9]+}} expected)

int main(void) {
  int OnHost = 0;
#pragma omp target map(from : OnHost)
  OnHost = omp_is_initial_device();
  // CHECK: on the host 1, devices 0
  printf("on the host %d, devices %d\n", OnHost, omp_get_num_devices());
  return 0;
}
// MANDATORY: libomptarget: error: OMP_TARGET_OFFLOAD=MANDATORY but no offload device is available (plugin 'x86_64' skipped: cannot load {{.*}}libomptarget.rtl.x86_64.so{{.*}}) at {{.*}}plugin_missing.c:21:1
// MANDATORY-NOT: on the host

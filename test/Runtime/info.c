// LIBOMPTARGET_INFO prints plugins, mappings and launches.
// RUN: %build-image -o %t.so
// RUN: %build-host %s -DIMAGE='"%t.so"' -DTEST_FN=host_k_add -DTEST_DEVICE=COT_DEVICE_DEFAULT -o %t %link-rt
// RUN: env LIBOMPTARGET_INFO=1 %t 2>&1 | FileCheck %s
// RUN: %t 2>&1 | FileCheck %s --check-prefix=QUIET
#include "env_main.h"

// CHECK: libomptarget: info: plugin 'cuda' skipped: {{.+}}
// CHECK: libomptarget: info: plugin 'x86_64' loaded: devices 0..0
// CHECK: devices=1
// CHECK: libomptarget: info: device 0: declare target 'dev_global' host [0x{{[0-9a-f]+}},0x{{[0-9a-f]+}}) -> device [0x{{[0-9a-f]+}},0x{{[0-9a-f]+}}) refcount inf at test.c:33:3
// CHECK: libomptarget: info: device 0: map (new) 'x' host [0x[[X:[0-9a-f]+]],0x[[XE:[0-9a-f]+]]) -> device [0x[[D:[0-9a-f]+]],0x[[DE:[0-9a-f]+]]) refcount 1 at test.c:33:3
// CHECK: libomptarget: info: launch kernel 'k_add' on device 0 (num_teams 0, thread_limit 0, 2 args) at test.c:33:3
// CHECK: libomptarget: info: device 0: unmap (removed) 'x' host [0x[[X]],0x[[XE]]) -> device [0x[[D]],0x[[DE]]) refcount 0 at test.c:33:3
// CHECK: x=2
// QUIET-NOT: libomptarget

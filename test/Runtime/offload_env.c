// OMP_TARGET_OFFLOAD and OMP_DEFAULT_DEVICE.
// RUN: %build-image -o %t.so
// RUN: %build-host %s -DIMAGE='"%t.so"' -DTEST_FN=host_k_add -DTEST_DEVICE=COT_DEVICE_DEFAULT -o %t %link-rt
// RUN: %t | FileCheck %s --check-prefix=DEV
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s --check-prefix=DEV
// RUN: env OMP_TARGET_OFFLOAD=default %t | FileCheck %s --check-prefix=DEV
// RUN: env OMP_TARGET_OFFLOAD=DISABLED %t | FileCheck %s --check-prefix=HOST
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s --check-prefix=HOST
// RUN: env OMP_TARGET_OFFLOAD=bogus %t 2>&1 | FileCheck %s --check-prefixes=BOGUS,DEV
// LIBOMPTARGET_INFO=-1 asks for everything, as upstream; below -1 is a warning.
// RUN: env LIBOMPTARGET_INFO=-1 %t 2>&1 | FileCheck %s --check-prefixes=INFO,DEV
// RUN: env LIBOMPTARGET_INFO=-2 %t 2>&1 | FileCheck %s --check-prefixes=BADINFO,DEV
// INFO: libomptarget: info: plugin 'x86_64' loaded
// BADINFO: libomptarget: warning: LIBOMPTARGET_INFO='-2' is not an integer of -1 (everything) or more; ignored
// BADINFO-NOT: info:
// No device: DEFAULT falls back, MANDATORY is fatal.
// RUN: env LIBOMPTARGET_NUM_HOST_DEVICES=0 %t | FileCheck %s --check-prefix=NODEV
// RUN: env LIBOMPTARGET_NUM_HOST_DEVICES=0 OMP_TARGET_OFFLOAD=MANDATORY not %t 2>&1 | FileCheck %s --check-prefix=MAND
// OMP_DEFAULT_DEVICE: the initial device runs on the host; bad values fail.
// RUN: env OMP_DEFAULT_DEVICE=1 %t | FileCheck %s --check-prefix=HOSTDEV
// RUN: env OMP_DEFAULT_DEVICE=abc not %t 2>&1 | FileCheck %s --check-prefix=BADDEF
// RUN: env OMP_DEFAULT_DEVICE=5 not %t 2>&1 | FileCheck %s --check-prefix=RANGE
// A region with no image: fallback, or fatal when mandatory.
// RUN: %build-host %s -DIMAGE='"%t.so"' -DTEST_FN=host_k_missing -DTEST_DEVICE=0 -o %t2 %link-rt
// RUN: %t2 | FileCheck %s --check-prefix=NOIMG
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY not %t2 2>&1 | FileCheck %s --check-prefix=NOIMG-MAND
#include "env_main.h"

// BOGUS: libomptarget: warning: OMP_TARGET_OFFLOAD='bogus' is not MANDATORY, DISABLED or DEFAULT; using DEFAULT
// DEV: devices=1
// DEV-NOT: host fallback
// DEV: x=2
// HOST: devices=0
// HOST-NEXT: host fallback k_add
// NODEV: devices=0
// NODEV-NEXT: host fallback k_add
// MAND: libomptarget: error: OMP_TARGET_OFFLOAD=MANDATORY but no offload device is available (plugin 'x86_64' skipped: no devices) at test.c:33:3
// HOSTDEV: devices=1
// HOSTDEV-NEXT: host fallback k_add
// BADDEF: libomptarget: error: OMP_DEFAULT_DEVICE='abc' is not a non-negative integer device number
// RANGE: libomptarget: error: device number 5 is out of range: there are 1 devices at test.c:33:3
// NOIMG: devices=1
// NOIMG-NEXT: host fallback k_missing
// NOIMG-MAND: libomptarget: error: OMP_TARGET_OFFLOAD=MANDATORY but device 0 has no image for target region '{{.+}}' at test.c:33:3

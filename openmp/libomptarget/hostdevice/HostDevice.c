/*===- HostDevice.c - Device-side API for x86_64 device images ---*- C -*-===*\
|*                                                                            *|
|* Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions. *|
|*                                                                            *|
|*===----------------------------------------------------------------------===*|
|*
|* Linked into every host-device (x86_64) device image. Code in a target
|* region that calls omp_is_initial_device() & co. must get the device's
|* answers, not libomptarget's host ones, so the definitions are "protected":
|* exported (libomptarget writes the globals after loading the image) but
|* always bound inside the image itself, whatever the process exports.
|*
\*===----------------------------------------------------------------------===*/

#include <stdint.h>

#define COT_DEVICE_API __attribute__((visibility("protected")))

/* Written by libomptarget after it loads the image. */
COT_DEVICE_API int32_t __cot_device_num = 0;
COT_DEVICE_API int32_t __cot_num_devices = 1;

COT_DEVICE_API int omp_is_initial_device(void) { return 0; }
COT_DEVICE_API int omp_get_device_num(void) { return __cot_device_num; }
COT_DEVICE_API int omp_get_num_devices(void) { return __cot_num_devices; }
COT_DEVICE_API int omp_get_initial_device(void) { return __cot_num_devices; }

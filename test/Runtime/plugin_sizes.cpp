// Both plugins refuse negative sizes (what a size over 2^63-1 becomes as
// int64_t) instead of allocating one byte or "copying" nothing
// successfully; zero-byte copies still succeed. No GPU or CUDA needed: the
// CUDA plugin checks sizes before it needs a device.
// RUN: %host-clang++ -std=c++17 -g -O1 -I%srcroot/openmp/libomptarget/include %s -DLIBDIR='"%libdir"' -ldl -o %t
// RUN: %t | FileCheck %s
#include "PluginAPI.h"

#include <dlfcn.h>
#include <stdio.h>

static const cot_plugin_api *load(const char *Name) {
  char Path[4096];
  snprintf(Path, sizeof(Path), "%s/libomptarget.rtl.%s.so", LIBDIR, Name);
  void *Lib = dlopen(Path, RTLD_NOW | RTLD_LOCAL);
  if (!Lib) {
    printf("cannot load %s: %s\n", Path, dlerror());
    return nullptr;
  }
  auto Get = (cot_plugin_get_api_fn)dlsym(Lib, COT_PLUGIN_ENTRY_NAME);
  return Get ? Get() : nullptr;
}

static void check(const cot_plugin_api *Api) {
  char Buf[16] = {0};
  void *P = Api->data_alloc(0, -1, COT_MEMORY_DEVICE);
  printf("%s: alloc -1: %p: %s\n", Api->Name, P, Api->last_error());
  int32_t Rc = Api->copy_to_device(0, Buf, Buf + 8, -1, nullptr);
  printf("%s: to device -1: %d: %s\n", Api->Name, Rc, Api->last_error());
  Rc = Api->copy_from_device(0, Buf, Buf + 8, -8, nullptr);
  printf("%s: from device -8: %d: %s\n", Api->Name, Rc, Api->last_error());
  Rc = Api->copy_device_to_device(0, Buf, 0, Buf + 8, INT64_MIN);
  printf("%s: device to device INT64_MIN: %d: %s\n", Api->Name, Rc,
         Api->last_error());
  printf("%s: to device 0: %d\n", Api->Name,
         Api->copy_to_device(0, Buf, Buf + 8, 0, nullptr));
}

int main() {
  const cot_plugin_api *Host = load("x86_64"), *Cuda = load("cuda");
  if (!Host || !Cuda)
    return 1;
  Host->init();
  check(Host);
  check(Cuda);
  return 0;
}
// CHECK: x86_64: alloc -1: (nil): cannot allocate -1 bytes on x86_64 device 0: a negative size
// CHECK: x86_64: to device -1: 1: cannot copy -1 bytes on x86_64 device 0: a negative size
// CHECK: x86_64: from device -8: 1: cannot copy -8 bytes on x86_64 device 0: a negative size
// CHECK: x86_64: device to device INT64_MIN: 1: cannot copy -9223372036854775808 bytes on x86_64 device 0: a negative size
// CHECK: x86_64: to device 0: 0
// CHECK: cuda: alloc -1: (nil): cannot allocate -1 bytes on cuda device 0: a negative size
// CHECK: cuda: to device -1: 1: cannot copy -1 bytes on cuda device 0: a negative size
// CHECK: cuda: from device -8: 1: cannot copy -8 bytes on cuda device 0: a negative size
// CHECK: cuda: device to device INT64_MIN: 1: cannot copy -9223372036854775808 bytes on cuda device 0: a negative size
// CHECK: cuda: to device 0: 0

// The generic plugin layer's checks, through the host plugin's C table: a
// device that does not exist or has not been started, and frees of what is
// not live device memory (a double free, a host pointer) are errors naming
// the device, not crashes; host and shared memory are freed by the same
// data_free; interop objects of the host device. No GPU needed.
// RUN: %host-clang++ -std=c++17 -g -O1 -I%srcroot/openmp/libomptarget/include %s -DLIBDIR='"%libdir"' -ldl -o %t
// RUN: env LIBOMPTARGET_NUM_HOST_DEVICES=2 %t | FileCheck %s
#include "PluginAPI.h"

#include <dlfcn.h>
#include <stdio.h>

int main() {
  void *Lib = dlopen(LIBDIR "/libomptarget.rtl.x86_64.so", RTLD_NOW);
  auto Get = Lib ? (cot_plugin_get_api_fn)dlsym(Lib, COT_PLUGIN_ENTRY_NAME)
                 : nullptr;
  if (!Get) {
    printf("cannot load the host plugin\n");
    return 1;
  }
  const cot_plugin_api *Api = Get();
  printf("init %d, devices %d\n", Api->init(), Api->num_devices());
  // CHECK: init 0, devices 2
  printf("alloc before init_device: %p: %s\n",
         Api->data_alloc(0, 8, COT_MEMORY_DEVICE), Api->last_error());
  // CHECK: alloc before init_device: (nil): x86_64 device 0 is not initialised
  printf("init_device 2: %d: %s\n", Api->init_device(2), Api->last_error());
  // CHECK: init_device 2: 1: x86_64 device 2 does not exist (2 devices)
  printf("init_device 0: %d\n", Api->init_device(0));
  // CHECK: init_device 0: 0
  void *P = Api->data_alloc(0, 8, COT_MEMORY_DEVICE);
  printf("alloc: %s\n", P ? "ok" : Api->last_error());
  // CHECK: alloc: ok
  printf("free on device 1: %d: %s\n", Api->data_free(1, P), Api->last_error());
  // CHECK: free on device 1: 1: x86_64 device 1 is not initialised
  printf("free: %d\n", Api->data_free(0, P));
  // CHECK: free: 0
  printf("double free: %d: %s\n", Api->data_free(0, P), Api->last_error());
  // CHECK: double free: 1: 0x{{[0-9a-f]+}} is not device memory allocated on x86_64 device 0
  int Local = 0;
  printf("free of host memory: %d\n", Api->data_free(0, &Local));
  // CHECK: free of host memory: 1
  char Buf[8] = {0};
  printf("copy on device 5: %d: %s\n", Api->copy_to_device(5, Buf, Buf, 4, nullptr),
         Api->last_error());
  // CHECK: copy on device 5: 1: x86_64 device 5 does not exist (2 devices)

  void *Host = Api->data_alloc(0, 16, COT_MEMORY_HOST);
  void *Shared = Api->data_alloc(0, 16, COT_MEMORY_SHARED);
  printf("host %s, shared %s\n", Host ? "ok" : Api->last_error(),
         Shared ? "ok" : Api->last_error());
  // CHECK: host ok, shared ok
  printf("unknown kind: %p: %s\n", Api->data_alloc(0, 8, 7), Api->last_error());
  // CHECK: unknown kind: (nil): cannot allocate memory of unknown kind 7 on x86_64 device 0
  printf("free host %d, shared %d\n", Api->data_free(0, Host),
         Api->data_free(0, Shared));
  // CHECK: free host 0, shared 0
  printf("double free of shared: %d: %s\n", Api->data_free(0, Shared),
         Api->last_error());
  // CHECK: double free of shared: 1: 0x{{[0-9a-f]+}} is not device memory allocated on x86_64 device 0

  cot_interop_info Info;
  printf("interop_init on device 1: %d: %s\n", Api->interop_init(1, 1, &Info),
         Api->last_error());
  // CHECK: interop_init on device 1: 1: x86_64 device 1 is not initialised
  int32_t Rc = Api->interop_init(0, 1, &Info);
  printf("interop_init: %d, runtime %d '%s', handles 0x%x\n", Rc,
         Info.ForeignRuntime, Info.ForeignRuntimeName, Info.Present);
  // CHECK: interop_init: 0, runtime 0 'host', handles 0x0
  printf("interop_sync %d, interop_release %d\n", Api->interop_sync(0, &Info),
         Api->interop_release(0, &Info));
  // CHECK: interop_sync 0, interop_release 0
  return 0;
}

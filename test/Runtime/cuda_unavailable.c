// Without a usable CUDA driver the cuda plugin says why (LIBOMPTARGET_INFO),
// offers no device, and target regions run on the x86_64 device or fall back
// to the host. Runs everywhere: LIBOMPTARGET_CUDA_LIBRARY points the plugin
// at a missing library or at a fake driver (Inputs/cuda_fake_driver.c).
// RUN: %build-image -o %t.so
// RUN: printf '.version 7.0\n.target sm_70\n.address_size 64\n' > %t.ptx
// RUN: python3 %S/Inputs/cuda_nvimage.py -o %t.nv --ptx 70:%t.ptx
// RUN: %build-host %s -DIMAGE='"%t.so"' -DNVIMAGE='"%t.nv"' -o %t %link-rt
// RUN: %host-clang -shared -fPIC %S/Inputs/cuda_fake_driver.c -o %t-fake.so
//
// RUN: env LIBOMPTARGET_CUDA_LIBRARY=%t-none.so LIBOMPTARGET_INFO=1 %t 2>&1 | FileCheck %s --check-prefixes=NODRV,X86
// RUN: env LIBOMPTARGET_CUDA_LIBRARY=%t-none.so LIBOMPTARGET_NUM_HOST_DEVICES=0 LIBOMPTARGET_INFO=1 %t 2>&1 | FileCheck %s --check-prefixes=NODRV,FALLBACK
// RUN: env LIBOMPTARGET_CUDA_LIBRARY=%t-fake.so FAKE_CUDA=nodevice LIBOMPTARGET_INFO=1 %t 2>&1 | FileCheck %s --check-prefixes=NOGPU,X86
// RUN: env LIBOMPTARGET_CUDA_LIBRARY=%t-fake.so FAKE_CUDA=old LIBOMPTARGET_INFO=1 %t 2>&1 | FileCheck %s --check-prefixes=OLD,X86
// Silent without LIBOMPTARGET_INFO:
// RUN: env LIBOMPTARGET_CUDA_LIBRARY=%t-none.so %t 2>&1 | FileCheck %s --check-prefixes=QUIET,X86
// A required offload with no device at all is still the usual fatal error:
// RUN: env LIBOMPTARGET_CUDA_LIBRARY=%t-none.so LIBOMPTARGET_NUM_HOST_DEVICES=0 OMP_TARGET_OFFLOAD=MANDATORY not %t 2>&1 | FileCheck %s --check-prefix=MAND
#define NO_AUTO_REGISTER
#include "harness.h"

__asm__(".section .rodata\n.balign 16\n"
        "nv_image_start:\n.incbin \"" NVIMAGE "\"\nnv_image_end:\n"
        ".previous\n");
extern const char nv_image_start[] __asm__("nv_image_start");
extern const char nv_image_end[] __asm__("nv_image_end");

static cot_device_image images[2] = {
    {"nvptx64-nvidia-cuda", "sm_70", 0, 0},
    {"x86_64-pc-linux-gnu", "", 0, 0}};
static cot_binary_desc desc = {
    COT_ABI_VERSION, 2, images, test_entries,
    test_entries + sizeof(test_entries) / sizeof(test_entries[0])};

__attribute__((constructor)) static void reg(void) {
  images[0].ImageStart = nv_image_start;
  images[0].ImageEnd = nv_image_end;
  images[1].ImageStart = test_image_start;
  images[1].ImageEnd = test_image_end;
  __cot_register_binary(&desc);
}
__attribute__((destructor)) static void unreg(void) {
  __cot_unregister_binary(&desc);
}

int main(void) {
  int X[2] = {1, 1};
  maps_t M;
  cot_map_list *L = maps_init(&M);
  maps_add(&M, X, X, sizeof(X), TOFROM | PARAM, "x");
  maps_add(&M, (void *)2L, (void *)2L, 0, LIT, "n");
  printf("devices=%d\n", omp_get_num_devices());
  fflush(stdout);
  if (__cot_target_launch(COT_DEVICE_DEFAULT, (void *)host_k_add, L,
                          PARAMS(2), LOC(40)))
    host_k_add(M.Bases);
  printf("x=%d\n", X[0]);
  return 0;
}

// NODRV: libomptarget: info: plugin 'cuda' skipped: no CUDA driver: {{.*}}-none.so: cannot open shared object file
// NOGPU: libomptarget: info: plugin 'cuda' skipped: cuInit failed: CUDA_ERROR_NO_DEVICE: no CUDA-capable device is detected
// OLD: libomptarget: info: plugin 'cuda' skipped: {{.*}}-fake.so has no cuDriverGetVersion (CUDA driver too old or not a CUDA driver)
// X86: devices=1
// X86-NOT: host fallback
// X86: x=2
// FALLBACK: devices=0
// FALLBACK: target region '{{.*}}' runs on the host: no offload device (plugin 'cuda' skipped: no CUDA driver: {{.*}}-none.so: cannot open shared object file{{.*}}; plugin 'x86_64' skipped: no devices) at test.c:40:3
// FALLBACK-NEXT: host fallback k_add
// FALLBACK: x=1
// QUIET-NOT: libomptarget
// MAND: libomptarget: error: OMP_TARGET_OFFLOAD=MANDATORY but no offload device is available (plugin 'cuda' skipped: no CUDA driver: {{.*}}-none.so: cannot open shared object file{{.*}}; plugin 'x86_64' skipped: no devices) at test.c:40:3

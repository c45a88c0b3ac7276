// llvm_omp_target_alloc_host and _shared (upstream's extensions, also what
// libomp's llvm_omp_target_host/shared_mem_alloc allocators call): memory
// that the host and the device both reach without a map. On the host device
// it is host memory; on a GPU pinned host memory and managed memory. Each
// llvm_omp_target_free_* and omp_target_free free any kind. Size 0 and
// unknown devices give NULL (LIBOMPTARGET_INFO says why); on the initial
// device it is malloc.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_INFO=1 %t 2>&1 | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_DEBUG=1 %t 2>&1 | FileCheck %s --check-prefix=TRACE
#include <omp.h>
#include <stdio.h>

void *llvm_omp_target_alloc_host(size_t Size, int DeviceNum);
void *llvm_omp_target_alloc_shared(size_t Size, int DeviceNum);
void llvm_omp_target_free_host(void *Ptr, int DeviceNum);
void llvm_omp_target_free_shared(void *Ptr, int DeviceNum);

#define N 1000

/// Adds Host[i] to Shared[i] on the device and sets Host[i] to -1; returns
/// whether the region ran there.
static int addOnDevice(int *Shared, int *Host) {
  int OnDevice = 0;
#pragma omp target teams distribute parallel for is_device_ptr(Shared, Host) map(from : OnDevice)
  for (int I = 0; I < N; ++I) {
    Shared[I] += Host[I];
    Host[I] = -1;
    if (I == 0)
      OnDevice = !omp_is_initial_device();
  }
  return OnDevice;
}

/// What the host sees after addOnDevice: Shared holds 3i, Host -1.
static int hostSeesDeviceWrites(const int *Shared, const int *Host) {
  for (int I = 0; I < N; ++I)
    if (Shared[I] != 3 * I || Host[I] != -1)
      return 0;
  return 1;
}

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
  int Dev = omp_get_default_device();
  int *Shared = (int *)llvm_omp_target_alloc_shared(N * sizeof(int), Dev);
  int *Host = (int *)llvm_omp_target_alloc_host(N * sizeof(int), Dev);
  // TRACE: omptarget --> device 0: allocated 4000 bytes of shared memory at 0x{{[0-9a-f]+}} for 'llvm_omp_target_alloc_shared'
  // TRACE: omptarget --> device 0: allocated 4000 bytes of host memory at 0x{{[0-9a-f]+}} for 'llvm_omp_target_alloc_host'
  if (!Shared || !Host)
    return 1;
  for (int I = 0; I < N; ++I) {
    Shared[I] = I;
    Host[I] = 2 * I;
  }
  int OnDevice = addOnDevice(Shared, Host);
  printf("on-device %d, host sees the device's writes: %d\n", OnDevice,
         hostSeesDeviceWrites(Shared, Host));
  // CHECK: on-device 1, host sees the device's writes: 1
  llvm_omp_target_free_shared(Shared, Dev);
  llvm_omp_target_free_host(Host, Dev);
  // TRACE: omptarget --> device 0: freed 0x{{[0-9a-f]+}} ('llvm_omp_target_free_shared')
  // TRACE: omptarget --> device 0: freed 0x{{[0-9a-f]+}} ('llvm_omp_target_free_host')

  // Through libomp's allocators.
  Shared = (int *)omp_alloc(N * sizeof(int), llvm_omp_target_shared_mem_alloc);
  Host = (int *)omp_alloc(N * sizeof(int), llvm_omp_target_host_mem_alloc);
  if (!Shared || !Host)
    return 1;
  for (int I = 0; I < N; ++I) {
    Shared[I] = I;
    Host[I] = 2 * I;
  }
  OnDevice = addOnDevice(Shared, Host);
  printf("omp_alloc: on-device %d, host sees the device's writes: %d\n",
         OnDevice, hostSeesDeviceWrites(Shared, Host));
  // CHECK: omp_alloc: on-device 1, host sees the device's writes: 1
  omp_free(Shared, llvm_omp_target_shared_mem_alloc);
  omp_free(Host, llvm_omp_target_host_mem_alloc);

  // omp_target_free frees any kind.
  void *P = llvm_omp_target_alloc_shared(16, Dev);
  omp_target_free(P, Dev);
  P = llvm_omp_target_alloc_host(16, Dev);
  omp_target_free(P, Dev);
  // TRACE: omptarget --> device 0: freed 0x{{[0-9a-f]+}} ('omp_target_free')
  // TRACE: omptarget --> device 0: freed 0x{{[0-9a-f]+}} ('omp_target_free')

  // The initial device: host memory.
  int Initial = omp_get_initial_device();
  P = llvm_omp_target_alloc_host(16, Initial);
  printf("initial device: %s\n", P ? "ok" : "NULL");
  // CHECK: initial device: ok
  llvm_omp_target_free_host(P, Initial);

  printf("size 0: %p\n", llvm_omp_target_alloc_shared(0, Dev));
  // CHECK: size 0: (nil)
  printf("device 99: %p\n", llvm_omp_target_alloc_host(16, 99));
  // CHECK: libomptarget: info: llvm_omp_target_alloc_host fails: device number 99 does not exist (devices 0..{{[0-9]+}}, the host is {{[0-9]+}})
  // CHECK: device 99: (nil)
  return 0;
}

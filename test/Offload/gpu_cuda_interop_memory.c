// REQUIRES: gpu
// On a GPU: an interop object's foreign runtime is CUDA, with the device,
// its primary context and, for targetsync, a stream that CUDA calls can
// use; `interop use` waits for the work queued on that stream.
// llvm_omp_target_alloc_host gives pinned host memory, _shared managed
// memory (both checked with cuPointerGetAttribute), and a managed
// allocation larger than the GPU's free memory is refused before CUDA sees
// it (oversubscribed managed memory can hang the GPU).
// RUN: %clang -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda %s -o %t -ldl
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_INFO=1 %t 2>&1 | FileCheck %s --check-prefix=GPU-CHECK
// GPU-BUILD: %clang -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda %s -o %t -ldl
// GPU-RUN: env OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_INFO=1 %t
// GPU-EXIT: 0
#include <dlfcn.h>
#include <omp.h>
#include <stdio.h>

void *llvm_omp_target_alloc_host(size_t Size, int DeviceNum);
void *llvm_omp_target_alloc_shared(size_t Size, int DeviceNum);

// The few CUDA driver entry points the test calls (values as in cuda.h).
typedef int (*MemsetD32AsyncFn)(unsigned long long, unsigned, size_t, void *);
typedef int (*StreamQueryFn)(void *);
typedef int (*CtxSetCurrentFn)(void *);
typedef int (*MemGetInfoFn)(size_t *, size_t *);
typedef int (*PointerGetAttributeFn)(void *, int, unsigned long long);
enum { AttrMemoryType = 2, AttrIsManaged = 8, MemoryTypeHost = 1 };

#define N (16 << 20) // 64 MiB of int: long enough that a memset is in flight

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
  void *Cuda = dlopen("libcuda.so.1", RTLD_NOW);
  MemsetD32AsyncFn MemsetD32Async =
      (MemsetD32AsyncFn)dlsym(Cuda, "cuMemsetD32Async");
  StreamQueryFn StreamQuery = (StreamQueryFn)dlsym(Cuda, "cuStreamQuery");
  CtxSetCurrentFn CtxSetCurrent =
      (CtxSetCurrentFn)dlsym(Cuda, "cuCtxSetCurrent");
  MemGetInfoFn MemGetInfo = (MemGetInfoFn)dlsym(Cuda, "cuMemGetInfo_v2");
  PointerGetAttributeFn PointerGetAttribute =
      (PointerGetAttributeFn)dlsym(Cuda, "cuPointerGetAttribute");
  if (!MemsetD32Async || !StreamQuery || !CtxSetCurrent || !MemGetInfo ||
      !PointerGetAttribute) {
    printf("no CUDA driver\n");
    return 1;
  }

  omp_interop_t Obj = omp_interop_none;
#pragma omp interop init(targetsync : Obj)
  int Rc[4];
  printf("fr_id %ld '%s', vendor '%s', device_num %ld\n",
         (long)omp_get_interop_int(Obj, omp_ipr_fr_id, &Rc[0]),
         omp_get_interop_str(Obj, omp_ipr_fr_name, &Rc[1]),
         omp_get_interop_str(Obj, omp_ipr_vendor_name, &Rc[2]),
         (long)omp_get_interop_int(Obj, omp_ipr_device_num, &Rc[3]));
  // GPU-CHECK: fr_id 1 'cuda', vendor 'llvm', device_num 0
  int DevRc, CtxRc, SyncRc;
  long CuDevice = (long)omp_get_interop_int(Obj, omp_ipr_device, &DevRc);
  void *Ctx = omp_get_interop_ptr(Obj, omp_ipr_device_context, &CtxRc);
  void *Stream = omp_get_interop_ptr(Obj, omp_ipr_targetsync, &SyncRc);
  printf("device %ld rc %d, context %s rc %d, stream %s rc %d, types %s %s\n",
         CuDevice, DevRc, Ctx ? "set" : "null", CtxRc,
         Stream ? "set" : "null", SyncRc,
         omp_get_interop_type_desc(Obj, omp_ipr_device_context),
         omp_get_interop_type_desc(Obj, omp_ipr_targetsync));
  // GPU-CHECK: device 0 rc 0, context set rc 0, stream set rc 0, types CUcontext cudaStream_t

  // Foreign work on the interop stream, waited for by `interop use`.
  int Dev = omp_get_default_device();
  int *D = (int *)omp_target_alloc(N * sizeof(int), Dev);
  int Queued = CtxSetCurrent(Ctx) ||
               MemsetD32Async((unsigned long long)D, 7, N, Stream);
#pragma omp interop use(Obj)
  printf("memset queued: %d, stream idle after use: %d\n", Queued == 0,
         StreamQuery(Stream) == 0);
  // GPU-CHECK: memset queued: 1, stream idle after use: 1
  long Sum = 0;
  int OnDevice = 0;
#pragma omp target teams distribute parallel for reduction(+ : Sum) is_device_ptr(D) map(tofrom : OnDevice)
  for (int I = 0; I < N; ++I) {
    Sum += D[I];
    if (I == 0)
      OnDevice = !omp_is_initial_device();
  }
  printf("on-device %d, sum %ld (expected %ld)\n", OnDevice, Sum, 7L * N);
  // GPU-CHECK: on-device 1, sum 117440512 (expected 117440512)
  omp_target_free(D, Dev);
#pragma omp interop destroy(Obj)
  printf("after destroy: %s\n", Obj == omp_interop_none ? "none" : "set");
  // GPU-CHECK: after destroy: none

  // Pinned and managed memory.
  void *Host = llvm_omp_target_alloc_host(4096, Dev);
  void *Shared = llvm_omp_target_alloc_shared(4096, Dev);
  unsigned HostType = 0, IsManaged = 0;
  PointerGetAttribute(&HostType, AttrMemoryType, (unsigned long long)Host);
  PointerGetAttribute(&IsManaged, AttrIsManaged, (unsigned long long)Shared);
  printf("host memory is pinned: %d, shared memory is managed: %d\n",
         HostType == MemoryTypeHost, IsManaged == 1);
  // GPU-CHECK: host memory is pinned: 1, shared memory is managed: 1
  omp_target_free(Host, Dev);
  omp_target_free(Shared, Dev);

  size_t Free = 0, Total = 0;
  MemGetInfo(&Free, &Total);
  void *TooMuch = llvm_omp_target_alloc_shared(Free + ((size_t)1 << 30), Dev);
  printf("more managed memory than is free: %s\n", TooMuch ? "given" : "NULL");
  // GPU-CHECK: libomptarget: info: llvm_omp_target_alloc_shared fails: cannot allocate {{[0-9]+}} bytes of shared memory on device 0 (plugin 'cuda'): cannot allocate {{[0-9]+}} bytes of managed memory on cuda device 0: only {{[0-9]+}} of its {{[0-9]+}} bytes are free (more managed memory than a GPU has free can hang it)
  // GPU-CHECK: more managed memory than is free: NULL
  return 0;
}

/* CUDA side of common.h: error checks, the block size the simple
 * one-thread-per-element kernels use, and a block's shared-memory sum. */
#ifndef BENCH_CUDA_COMMON_H
#define BENCH_CUDA_COMMON_H
#include "ref.h"
#include <cuda_runtime.h>

#define CK(call)                                                               \
  do {                                                                         \
    cudaError_t e_ = (call);                                                   \
    if (e_ != cudaSuccess) {                                                   \
      printf("FAIL cuda: %s:%d: %s: %s\n", __FILE__, __LINE__, #call,          \
             cudaGetErrorString(e_));                                          \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)
/* after a launch: launch errors now, execution errors at the sync */
#define CK_LAUNCH() CK(cudaGetLastError())

#define BLOCK 256

/* The sum of every thread's s in a block of BLOCK threads, through a
 * shared-memory tree in part[BLOCK]; valid in thread 0. */
template <typename T> static __device__ T block_sum(T *part, T s) {
  part[threadIdx.x] = s;
  __syncthreads();
  for (int w = BLOCK / 2; w > 0; w /= 2) {
    if (threadIdx.x < w)
      part[threadIdx.x] += part[threadIdx.x + w];
    __syncthreads();
  }
  return part[0];
}

template <typename T> static T *dev_alloc(size_t count) {
  T *p = nullptr;
  CK(cudaMalloc((void **)&p, sizeof(T) * count));
  return p;
}

/* Creates the context and prints the device, outside any timing. */
static void cuda_start(const char *name) {
  int dev = 0;
  cudaDeviceProp p;
  CK(cudaSetDevice(dev));
  CK(cudaGetDeviceProperties(&p, dev));
  CK(cudaFree(0));
  printf("INFO %s cuda device %s, %d SMs\n", name, p.name,
         p.multiProcessorCount);
}
#endif

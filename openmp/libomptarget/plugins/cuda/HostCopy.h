//===- HostCopy.h - Copies between host buffers with several threads -*- C++
//-*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Pageable host memory reaches the GPU through pinned staging buffers, so a
// large transfer is also a host memcpy, and one thread's memcpy (about 11
// GB/s on the H200 machine of bench/RESULTS.md) is slower than the PCIe DMA
// (55 GB/s): CUDA's own cudaMemcpy of pageable memory stops at 8 GB/s to the
// device and 14 GB/s back. hostCopy splits a large copy over the calling
// thread and helper threads (LIBOMPTARGET_COPY_THREADS in all, default 4 or
// the CPUs the process may use, if fewer), and writes user memory after a
// device-to-host copy with streaming stores, which do not read the
// destination into the cache first (measured: one thread 9.3 -> 16.6 GB/s,
// four threads 30 -> 44 GB/s). The helpers start on the first large copy
// and then wait for work; they are never joined (the process's end stops
// them).
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_PLUGINS_CUDA_HOSTCOPY_H
#define CLANG_OFFLOAD_PLUGINS_CUDA_HOSTCOPY_H

#include <cstddef>

namespace cot::cuda {

/// Copies Size bytes from Src to Dst (not overlapping). Streaming: Dst is
/// written with non-temporal stores.
void hostCopy(void *Dst, const void *Src, size_t Size, bool Streaming);

} // namespace cot::cuda

#endif

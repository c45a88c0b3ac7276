//===- Mapping.cpp - Thread and team numbers of the libomp ABI ------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Teams are CUDA blocks, threads are CUDA threads. The "global thread id"
// that host code passes around is the thread's index in its block.
//
//===----------------------------------------------------------------------===//

#include "DeviceRTL.h"

using namespace cot;

COT_ENTRY int32_t __kmpc_global_thread_num(ident_t *) {
  return (int32_t)threadId();
}

COT_ENTRY int32_t __kmpc_global_num_threads(ident_t *) {
  return (int32_t)(blockSize() * numBlocks());
}

COT_ENTRY int32_t __kmpc_bound_thread_num(ident_t *) {
  return (int32_t)teamThreadNum();
}

COT_ENTRY int32_t __kmpc_bound_num_threads(ident_t *) {
  return (int32_t)teamNumThreads();
}

COT_ENTRY int32_t __kmpc_in_parallel(ident_t *) {
  return inActiveRegion() && TeamState.RegionThreads > 1;
}

COT_ENTRY int32_t __kmpc_ok_to_fork(ident_t *) { return 1; }

COT_ENTRY void __kmpc_begin(ident_t *, int32_t) {}
COT_ENTRY void __kmpc_end(ident_t *) {}

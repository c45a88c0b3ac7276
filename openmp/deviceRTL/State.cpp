//===- State.cpp - Per-block state, SPMD kernels, team-shared storage -----===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The shared-memory state of a block, the SPMD kernel init/deinit, and
// __cot_gpu_alloc_shared: a per-block stack in a fixed shared-memory buffer,
// used by the block's main thread in generic mode, with device malloc as the
// fallback (buffer full, other threads, SPMD kernels).
//
//===----------------------------------------------------------------------===//

#include "DeviceRTL.h"

using namespace cot;

namespace cot {
[[clang::loader_uninitialized]] COT_SHARED TeamStateTy TeamState;
[[clang::loader_uninitialized]] COT_SHARED uint8_t ThreadState[MaxThreads];
[[clang::loader_uninitialized]] void *COT_SHARED SharedArgs[SharedArgSlots];
[[clang::loader_uninitialized]] COT_SHARED uint8_t TaskgroupDepth[MaxThreads];
[[clang::loader_uninitialized]] COT_SHARED uint8_t ExplicitTaskLevel[MaxThreads];
uint32_t GlobalLock = 0;
} // namespace cot

// The image's debug output level: the device link replaces this definition
// by the constant of -fopenmp-target-debug (OffloadABI.h).
COT_ENTRY uint32_t __cot_device_debug = 0;

[[clang::loader_uninitialized]] alignas(16) static COT_SHARED
    uint8_t SharedStack[SharedStackBytes];

void cot::initTeamState(uint32_t Mode) {
  TeamState.WorkFn = nullptr;
  TeamState.Dispatch = nullptr;
  TeamState.TeamsPerThread = 0;
  TeamState.WorkArgs = nullptr;
  TeamState.CopyPrivate = nullptr;
  TeamState.SerialDisp = nullptr;
  TeamState.Mode = Mode;
  TeamState.RegionThreads = Mode == ModeSPMD ? blockSize() : 1;
  TeamState.PendingThreads = 0;
  TeamState.NThreadsICV = 0;
  TeamState.StackTop = 0;
  TeamState.BarCount = 0;
  TeamState.BarGen = 0;
  TeamState.OrderedLock = 0;
  TeamState.SerialUsers = 0;
  TeamState.SerialLock = 0;
  TeamState.RunSchedKind = COT_SCHED_STATIC;
  TeamState.RunSchedChunk = 0;
}

//===-- SPMD kernels -------------------------------------------------------===//

COT_ENTRY COT_CONVERGENT void __cot_gpu_spmd_init(int32_t TeamsPerThread) {
  uint32_t T = threadId();
  if (T == 0) {
    initTeamState(ModeSPMD);
    TeamState.TeamsPerThread = TeamsPerThread != 0;
  }
  if (debugging(1) && reportsForGrid()) {
    struct {
      uint32_t Blocks, Threads;
    } Args = {numBlocks(), blockSize()};
    vprintf("omptarget device: kernel starts in SPMD form (every thread "
            "runs the team code): %u blocks x %u threads\n",
            &Args);
  }
  ThreadState[T] = 0;
  TaskgroupDepth[T] = 0;
  ExplicitTaskLevel[T] = 0;
  blockBarrier();
}

// Nothing to do: the block holds no resources between constructs.
COT_ENTRY void __cot_gpu_spmd_deinit(void) {}

COT_ENTRY void __cot_gpu_spmd_parallel_begin(void) {
  ThreadState[threadId()] += 1;
}

COT_ENTRY void __cot_gpu_spmd_parallel_end(void) {
  ThreadState[threadId()] -= 1;
}

//===-- Team-shared storage ------------------------------------------------===//

static inline bool inSharedStack(void *Ptr) {
  uint8_t *Base = generic(&SharedStack[0]);
  return (uint8_t *)Ptr >= Base && (uint8_t *)Ptr < Base + SharedStackBytes;
}

COT_ENTRY void *__cot_gpu_alloc_shared(uint64_t Size) {
  uint64_t Bytes = (Size + 15) & ~(uint64_t)15;
  // Only the main thread of a generic-mode block owns the stack, so pushes
  // and pops need no atomics and stay in LIFO order.
  if (threadId() == 0 && TeamState.Mode == ModeGeneric) {
    uint32_t Top = TeamState.StackTop;
    if (Bytes <= SharedStackBytes - Top) {
      TeamState.StackTop = Top + (uint32_t)Bytes;
      return generic(&SharedStack[Top]);
    }
  }
  if (debugging(1) && reportsForGrid()) {
    struct {
      uint64_t Bytes;
      uint32_t Used, Capacity;
    } Args = {Bytes, TeamState.StackTop, SharedStackBytes};
    vprintf("omptarget device: %llu bytes of team-shared storage go to "
            "global memory (device malloc): the shared-memory stack holds "
            "%u of %u bytes, or the caller is not a generic kernel's main "
            "thread\n",
            &Args);
  }
  return mallocOrDie(Bytes);
}

COT_ENTRY void __cot_gpu_free_shared(void *Ptr, uint64_t Size) {
  if (!Ptr)
    return;
  if (inSharedStack(Ptr)) {
    TeamState.StackTop = (uint32_t)((uint8_t *)Ptr - generic(&SharedStack[0]));
    return;
  }
  free(Ptr);
}

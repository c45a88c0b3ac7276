//===- TaskReduction.cpp - task_reduction, in_reduction, reduction(task) --===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Task reductions on the device, for the libomp entry points Clang's host
// code calls: __kmpc_taskred_init (taskgroup task_reduction, and the implicit
// taskgroup of taskloop reduction), __kmpc_taskred_modifier_init and
// __kmpc_task_reduction_modifier_fini (the task modifier of a parallel or
// worksharing reduction), and __kmpc_task_reduction_get_th_data (where a task
// with in_reduction finds its copy of an item).
//
// Tasks run at once on the thread that creates them (Tasks.cpp), so:
// - A taskgroup's reduction frame gives each thread of the block its own
//   copy of each item, made with the item's initialiser the first time the
//   thread asks for it (a parallel region inside the taskgroup may have other
//   threads run participating tasks). At the end of the taskgroup its owner
//   combines the copies that were made into the shared item, under a lock
//   (the taskgroups of several threads may reduce into the same item), then
//   frees them.
// - A task modifier's frame belongs to one thread of the region, whose item
//   is already that thread's private copy of the parallel or worksharing
//   reduction, and whose participating tasks all run on that thread: the
//   task's copy is the item itself, and the region's reduction combines it.
//
// __kmpc_end_taskgroup has no argument naming the taskgroup, so frames are
// kept in one device-wide list, keyed by block, thread and the taskgroup
// nesting depth of the thread (TaskgroupDepth, kept by Tasks.cpp).
//
// Layout of libomp's kmp_taskred_input_t and kmp_task_red_input_t (the ABI):
// shared item, original item (taskred only), size, init, fini and combiner
// functions, flags (bit 0: lazy private copies).
//
//===----------------------------------------------------------------------===//

#include "DeviceRTL.h"

using namespace cot;

namespace {

struct TaskRedInput {
  void *Shared;
  void *Orig;
  size_t Size;
  void *Init;
  void *Fini;
  void *Comb;
  uint32_t Flags;
};

struct LegacyTaskRedInput {
  void *Shared;
  size_t Size;
  void *Init;
  void *Fini;
  void *Comb;
  uint32_t Flags;
};

typedef void (*InitWithOrigFn)(void *Priv, void *Orig);
typedef void (*InitFn)(void *Priv);
typedef void (*FiniFn)(void *Priv);
typedef void (*CombFn)(void *Shared, void *Priv);

struct Item {
  char *Shared;
  void *Orig; // null: the initialiser takes the private copy alone
  uint64_t Size;
  uint64_t Stride; // of the copies: Size rounded up to 16 bytes
  void *Init;
  FiniFn Fini;
  CombFn Comb;
  char *Copies;  // taskgroup frames: one copy per thread of the block
  uint8_t *Made; // taskgroup frames: whether a thread's copy exists
};

struct Frame {
  Frame *Next;
  uint32_t Block;
  uint32_t Thread;
  uint32_t Depth;    // taskgroup frames: the taskgroup's nesting depth
  bool Modifier;     // made by __kmpc_taskred_modifier_init
  uint32_t Threads;  // copies per item
  int32_t NumItems;
  Item Items[1];     // NumItems of them
};

// The live frames of the device, guarded by FramesLock; LiveFrames lets
// __kmpc_end_taskgroup skip the lock when there are none.
Frame *Frames = nullptr;
uint32_t FramesLock = 0;
uint32_t LiveFrames = 0;
// Combiners of items that several threads' taskgroups share.
uint32_t CombineLock = 0;

Frame *newFrame(int32_t NumItems, bool Modifier) {
  if (NumItems < 1)
    NumItems = 1;
  uint64_t Bytes = sizeof(Frame) + (uint64_t)(NumItems - 1) * sizeof(Item);
  auto *F = (Frame *)mallocOrDie(Bytes);
  __builtin_memset(F, 0, Bytes);
  F->Block = blockId();
  F->Thread = threadId();
  F->Depth = taskgroupDepth();
  F->Modifier = Modifier;
  F->Threads = blockSize();
  F->NumItems = NumItems;
  return F;
}

void publish(Frame *F) {
  lockAcquire(&FramesLock);
  F->Next = Frames;
  Frames = F;
  fetchAdd(&LiveFrames, 1u);
  lockRelease(&FramesLock);
}

/// The calling thread's newest frame that \p Match accepts, or null;
/// unlinked from the list when \p Unlink.
template <typename MatchFn> Frame *findOwn(MatchFn Match, bool Unlink) {
  if (loadRelaxed(&LiveFrames) == 0)
    return nullptr;
  uint32_t Block = blockId(), Thread = threadId();
  lockAcquire(&FramesLock);
  Frame *Found = nullptr;
  for (Frame **Link = &Frames; *Link; Link = &(*Link)->Next) {
    Frame *F = *Link;
    if (F->Block == Block && F->Thread == Thread && Match(F)) {
      Found = F;
      if (Unlink) {
        *Link = F->Next;
        fetchAdd(&LiveFrames, ~0u);
      }
      break;
    }
  }
  lockRelease(&FramesLock);
  return Found;
}

void setItem(Item &I, void *Shared, void *Orig, uint64_t Size, void *Init,
             void *Fini, void *Comb, uint32_t Threads, bool Modifier) {
  I.Shared = (char *)Shared;
  I.Orig = Orig;
  I.Size = Size;
  I.Stride = (Size + 15) & ~(uint64_t)15;
  I.Init = Init;
  I.Fini = (FiniFn)Fini;
  I.Comb = (CombFn)Comb;
  if (Modifier)
    return;
  if (I.Stride < Size)
    fatal(); // the size overflows
  uint64_t Bytes = I.Stride * Threads;
  if (I.Stride && Bytes / I.Stride != Threads)
    fatal();
  I.Copies = (char *)mallocOrDie(Bytes);
  I.Made = (uint8_t *)mallocOrDie(Threads);
  __builtin_memset(I.Made, 0, Threads);
}

template <typename InputTy>
Frame *makeFrame(int32_t Num, const InputTy *Data, bool Modifier) {
  Frame *F = newFrame(Num, Modifier);
  for (int32_t K = 0; K < Num; ++K) {
    const InputTy &In = Data[K];
    void *Orig = nullptr;
    if constexpr (sizeof(InputTy) == sizeof(TaskRedInput))
      Orig = In.Orig ? In.Orig : In.Shared;
    setItem(F->Items[K], In.Shared, Orig, In.Size, In.Init, In.Fini, In.Comb,
            F->Threads, Modifier);
  }
  publish(F);
  return F;
}

/// The item of \p F that holds address \p D (its shared item, or a copy).
Item *findItem(Frame *F, void *D) {
  char *P = (char *)D;
  for (int32_t K = 0; K < F->NumItems; ++K) {
    Item &I = F->Items[K];
    if (P >= I.Shared && P < I.Shared + (I.Size ? I.Size : 1))
      return &I;
    if (I.Copies && P >= I.Copies && P < I.Copies + I.Stride * F->Threads)
      return &I;
  }
  return nullptr;
}

/// The calling thread's copy of \p I, made on first use.
void *threadCopy(Frame *F, Item &I) {
  uint32_t T = threadId();
  if (F->Modifier || T >= F->Threads)
    return I.Shared;
  char *Copy = I.Copies + I.Stride * T;
  if (!I.Made[T]) {
    if (I.Orig)
      ((InitWithOrigFn)I.Init)(Copy, I.Orig);
    else if (I.Init)
      ((InitFn)I.Init)(Copy);
    else
      __builtin_memset(Copy, 0, I.Size);
    I.Made[T] = 1;
  }
  return Copy;
}

/// Combines the copies of a taskgroup frame into the shared items and
/// frees the frame.
void finishFrame(Frame *F) {
  for (int32_t K = 0; K < F->NumItems; ++K) {
    Item &I = F->Items[K];
    if (!F->Modifier) {
      for (uint32_t T = 0; T < F->Threads; ++T) {
        if (!loadRelaxed(&I.Made[T]))
          continue;
        char *Copy = I.Copies + I.Stride * T;
        lockAcquire(&CombineLock);
        I.Comb(I.Shared, Copy);
        lockRelease(&CombineLock);
        if (I.Fini)
          I.Fini(Copy);
      }
      free(I.Copies);
      free(I.Made);
    }
  }
  free(F);
}

} // namespace

COT_ENTRY void *__kmpc_taskred_init(int32_t, int32_t Num, void *Data) {
  return makeFrame(Num, (const TaskRedInput *)Data, /*Modifier=*/false);
}

COT_ENTRY void *__kmpc_task_reduction_init(int32_t, int32_t Num, void *Data) {
  return makeFrame(Num, (const LegacyTaskRedInput *)Data, /*Modifier=*/false);
}

COT_ENTRY void *__kmpc_taskred_modifier_init(ident_t *, int32_t, int32_t,
                                              int32_t Num, void *Data) {
  return makeFrame(Num, (const TaskRedInput *)Data, /*Modifier=*/true);
}

COT_ENTRY void *__kmpc_task_reduction_modifier_init(ident_t *, int32_t,
                                                     int32_t, int32_t Num,
                                                     void *Data) {
  return makeFrame(Num, (const LegacyTaskRedInput *)Data, /*Modifier=*/true);
}

COT_ENTRY void __kmpc_task_reduction_modifier_fini(ident_t *, int32_t,
                                                    int32_t) {
  if (Frame *F = findOwn([](Frame *F) { return F->Modifier; },
                         /*Unlink=*/true))
    finishFrame(F);
}

COT_ENTRY void *__kmpc_task_reduction_get_th_data(int32_t, void *Tg,
                                                   void *D) {
  // Without a descriptor: the thread's innermost frame.
  auto *F = Tg ? (Frame *)Tg
               : findOwn([](Frame *) { return true; }, /*Unlink=*/false);
  if (!F)
    return D;
  Item *I = findItem(F, D);
  return I ? threadCopy(F, *I) : D;
}

void cot::finishTaskgroupReductions(uint32_t Depth) {
  while (Frame *F = findOwn(
             [Depth](Frame *F) { return !F->Modifier && F->Depth == Depth; },
             /*Unlink=*/true))
    finishFrame(F);
}

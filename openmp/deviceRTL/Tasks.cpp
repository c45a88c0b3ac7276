//===- Tasks.cpp - Explicit tasks, run at once ----------------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Tasks on the device are undeferred: __kmpc_omp_task runs the task on the
// encountering thread and frees it, which is a valid OpenMP schedule (every
// task region is a task scheduling point that may run the new task first).
// An untied task that queues itself again at a scheduling point continues
// with its next part when its routine returns.
// Dependences are then trivially satisfied, taskwait and taskgroup have
// nothing to wait for (a taskgroup only ends its task reductions), and
// taskloop runs the whole range in one task.
//
// Layout (libomp's kmp_task_t, as Clang's host code fills it): shareds
// pointer, routine, part_id, data1 (destructor thunk), data2, then the
// task's privates; the shareds block follows, pointer-aligned. We keep the
// allocation flags in a 16-byte header in front.
//
//===----------------------------------------------------------------------===//

#include "DeviceRTL.h"

using namespace cot;

namespace {
struct TaskTy {
  void *Shareds;
  kmp_routine_entry_t Routine;
  int32_t PartId;
  kmp_routine_entry_t Destructors; // data1, when flags say so
};
struct TaskHeader {
  int32_t Flags;
  /// The thread's ExplicitTaskLevel before the task began (if(false) tasks:
  /// restored when Clang completes the task).
  int32_t OuterExplicitLevel;
  int32_t Pad[2];
};
constexpr int32_t TaskFlagFinal = 0x2;
constexpr int32_t TaskFlagDestructors = 0x8;
// Header flags of our own, above libomp's task flags: the task's routine
// is running, and it queued the task again (an untied task at a task
// scheduling point: Clang's routine sets the next part, calls
// __kmpc_omp_task on its own task and returns).
constexpr int32_t TaskRunning = 1 << 30;
constexpr int32_t TaskQueuedAgain = 1 << 29;
} // namespace

static TaskHeader *header(void *Task) { return (TaskHeader *)Task - 1; }

COT_ENTRY void *__kmpc_omp_task_alloc(ident_t *, int32_t, int32_t Flags,
                                       size_t SizeOfTask, size_t SizeOfShareds,
                                       kmp_routine_entry_t Entry) {
  size_t TaskBytes = (SizeOfTask + 7) & ~(size_t)7;
  char *Mem = (char *)mallocOrDie(sizeof(TaskHeader) + TaskBytes +
                                  SizeOfShareds);
  TaskHeader *H = (TaskHeader *)Mem;
  H->Flags = Flags;
  TaskTy *T = (TaskTy *)(Mem + sizeof(TaskHeader));
  T->Shareds = SizeOfShareds ? (char *)T + TaskBytes : nullptr;
  T->Routine = Entry;
  T->PartId = 0;
  return T;
}

COT_ENTRY void *__kmpc_omp_target_task_alloc(ident_t *Loc, int32_t Gtid,
                                              int32_t Flags, size_t SizeOfTask,
                                              size_t SizeOfShareds,
                                              kmp_routine_entry_t Entry,
                                              int64_t) {
  return __kmpc_omp_task_alloc(Loc, Gtid, Flags, SizeOfTask, SizeOfShareds,
                               Entry);
}

static void finishTask(int32_t Gtid, void *Task) {
  TaskTy *T = (TaskTy *)Task;
  if ((header(Task)->Flags & TaskFlagDestructors) && T->Destructors)
    T->Destructors(Gtid, Task);
  free(header(Task));
}

/// The calling thread now runs Task, an explicit task of its current
/// parallel level (omp_in_explicit_task), final when its flags say so or
/// when the task that generated it is (omp_in_final); the task keeps what
/// to restore.
static void beginExplicitTask(void *Task) {
  COT_SHARED uint8_t &Level = ExplicitTaskLevel[threadId()];
  bool Final = (header(Task)->Flags & TaskFlagFinal) || inFinalTask();
  header(Task)->OuterExplicitLevel = Level;
  Level = (uint8_t)((level() + 1) | (Final ? ExplicitTaskFinal : 0));
}

static void endExplicitTask(void *Task) {
  ExplicitTaskLevel[threadId()] = (uint8_t)header(Task)->OuterExplicitLevel;
}

/// Runs Task to its end, and frees it. A task that queues itself again
/// while it runs (untied) goes on with its next part once its routine
/// returns.
static void runTask(int32_t Gtid, void *Task) {
  TaskTy *T = (TaskTy *)Task;
  int32_t &Flags = header(Task)->Flags;
  if (Flags & TaskRunning) {
    Flags |= TaskQueuedAgain;
    return;
  }
  beginExplicitTask(Task);
  Flags |= TaskRunning;
  do {
    Flags &= ~TaskQueuedAgain;
    T->Routine(Gtid, Task);
  } while (Flags & TaskQueuedAgain);
  endExplicitTask(Task);
  finishTask(Gtid, Task);
}

COT_ENTRY int32_t __kmpc_omp_task(ident_t *, int32_t Gtid, void *Task) {
  runTask(Gtid, Task);
  return 0;
}

COT_ENTRY int32_t __kmpc_omp_task_with_deps(ident_t *, int32_t Gtid,
                                             void *Task, int32_t, void *,
                                             int32_t, void *) {
  runTask(Gtid, Task);
  return 0;
}

// if(false) tasks: Clang calls the routine itself between these two.
COT_ENTRY void __kmpc_omp_task_begin_if0(ident_t *, int32_t, void *Task) {
  beginExplicitTask(Task);
}
COT_ENTRY void __kmpc_omp_task_complete_if0(ident_t *, int32_t Gtid,
                                             void *Task) {
  endExplicitTask(Task);
  finishTask(Gtid, Task);
}

COT_ENTRY void __kmpc_omp_wait_deps(ident_t *, int32_t, int32_t, void *,
                                     int32_t, void *) {}
COT_ENTRY int32_t __kmpc_omp_taskwait(ident_t *, int32_t) { return 0; }
COT_ENTRY int32_t __kmpc_omp_taskwait_deps_51(ident_t *, int32_t, int32_t,
                                               void *, int32_t, void *,
                                               int32_t) {
  return 0;
}
COT_ENTRY int32_t __kmpc_omp_taskyield(ident_t *, int32_t, int32_t) {
  return 0;
}
// Task reductions (TaskReduction.cpp) belong to a taskgroup of their
// thread, which __kmpc_end_taskgroup finds by its nesting depth.
COT_ENTRY void __kmpc_taskgroup(ident_t *, int32_t) {
  COT_SHARED uint8_t &Depth = TaskgroupDepth[threadId()];
  if (Depth == UINT8_MAX)
    fatal(); // taskgroups nested 255 deep
  ++Depth;
}
COT_ENTRY void __kmpc_end_taskgroup(ident_t *, int32_t) {
  COT_SHARED uint8_t &Depth = TaskgroupDepth[threadId()];
  finishTaskgroupReductions(Depth);
  --Depth;
}

// Affinity is a hint; tasks run at once on their encountering thread.
COT_ENTRY int32_t __kmpc_omp_reg_task_with_affinity(ident_t *, int32_t,
                                                     void *, int32_t, void *) {
  return 0;
}

// The bounds are already stored in the task (Lb/Ub point into it).
COT_ENTRY void __kmpc_taskloop(ident_t *, int32_t Gtid, void *Task, int32_t,
                                uint64_t *, uint64_t *, int64_t, int32_t,
                                int32_t, uint64_t, void *) {
  runTask(Gtid, Task);
}

COT_ENTRY void __kmpc_taskloop_5(ident_t *, int32_t Gtid, void *Task, int32_t,
                                  uint64_t *, uint64_t *, int64_t, int32_t,
                                  int32_t, uint64_t, int32_t, void *) {
  runTask(Gtid, Task);
}

//===- API.cpp - The omp_* API on the device ------------------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Host signatures (device code comes from host IR). Thread queries answer for
// the innermost parallel region of the calling thread: a level-1 region has
// the threads it was given (the block in SPMD mode); nested regions and code
// outside parallel regions are teams of one thread.
//
//===----------------------------------------------------------------------===//

#include "DeviceRTL.h"

using namespace cot;

// Set by the CUDA plugin after it loads the image (Globals.ll defines them,
// externally initialized, so the optimizer never folds their values).
extern "C" int32_t __cot_device_num;
extern "C" int32_t __cot_num_devices;

COT_ENTRY int omp_get_thread_num(void) { return (int)teamThreadNum(); }
COT_ENTRY int omp_get_num_threads(void) { return (int)teamNumThreads(); }

COT_ENTRY int omp_get_max_threads(void) {
  if (level() != 0)
    return 1; // nested regions are serialized
  uint32_t N = TeamState.NThreadsICV;
  return (int)(N && N < blockSize() ? N : blockSize());
}

COT_ENTRY void omp_set_num_threads(int N) {
  if (threadId() == 0 && level() == 0)
    TeamState.NThreadsICV = N > 0 ? (uint32_t)N : 0;
}

COT_ENTRY int omp_get_thread_limit(void) { return (int)blockSize(); }
COT_ENTRY int omp_get_num_procs(void) { return (int)blockSize(); }
COT_ENTRY int omp_get_team_num(void) { return (int)blockId(); }
COT_ENTRY int omp_get_num_teams(void) { return (int)numBlocks(); }
COT_ENTRY int omp_get_max_teams(void) { return (int)numBlocks(); }
COT_ENTRY int omp_get_teams_thread_limit(void) { return (int)blockSize(); }
COT_ENTRY void omp_set_num_teams(int) {}
COT_ENTRY void omp_set_teams_thread_limit(int) {}

// The outermost region is the only one that can be active.
COT_INLINE int activeLevel() {
  uint8_t S = ThreadState[threadId()];
  return (S & LevelMask) != 0 && !(S & SerialBit) &&
         TeamState.RegionThreads > 1;
}

COT_ENTRY int omp_in_parallel(void) { return activeLevel(); }
COT_ENTRY int omp_get_level(void) { return (int)level(); }
COT_ENTRY int omp_get_active_level(void) { return activeLevel(); }

COT_ENTRY int omp_get_ancestor_thread_num(int Level) {
  int L = (int)level();
  if (Level < 0 || Level > L)
    return -1;
  if (Level == 1 && !(ThreadState[threadId()] & SerialBit))
    return (int)threadId();
  return 0;
}

COT_ENTRY int omp_get_team_size(int Level) {
  int L = (int)level();
  if (Level < 0 || Level > L)
    return -1;
  if (Level == 1 && !(ThreadState[threadId()] & SerialBit))
    return (int)TeamState.RegionThreads;
  return 1;
}

COT_ENTRY int omp_is_initial_device(void) { return 0; }
COT_ENTRY int omp_get_device_num(void) { return __cot_device_num; }
COT_ENTRY int omp_get_num_devices(void) { return __cot_num_devices; }
COT_ENTRY int omp_get_initial_device(void) { return __cot_num_devices; }
COT_ENTRY int omp_get_default_device(void) { return 0; }
COT_ENTRY void omp_set_default_device(int) {}

COT_ENTRY double omp_get_wtime(void) {
  uint64_t Ns;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(Ns));
  return (double)Ns * 1.0e-9;
}
COT_ENTRY double omp_get_wtick(void) { return 1.0e-9; }

COT_ENTRY int omp_get_dynamic(void) { return 0; }
COT_ENTRY void omp_set_dynamic(int) {}
COT_ENTRY int omp_get_nested(void) { return 0; }
COT_ENTRY void omp_set_nested(int) {}
COT_ENTRY int omp_get_max_active_levels(void) { return 1; }
COT_ENTRY void omp_set_max_active_levels(int) {}
COT_ENTRY int omp_get_supported_active_levels(void) { return 1; }
COT_ENTRY int omp_in_final(void) { return inFinalTask(); }
// Task priorities are hints; tasks run at once on their encountering thread.
COT_ENTRY int omp_get_max_task_priority(void) { return 0; }
// Explicit tasks run at once (Tasks.cpp), which records the parallel level
// they run at: a parallel region inside one is an implicit task again.
COT_ENTRY int omp_in_explicit_task(void) {
  return (ExplicitTaskLevel[threadId()] & ~ExplicitTaskFinal) == level() + 1;
}
COT_ENTRY int omp_get_cancellation(void) { return 0; }
COT_ENTRY int omp_get_proc_bind(void) { return 0; } // omp_proc_bind_false
COT_ENTRY int omp_get_num_places(void) { return 0; }
COT_ENTRY int omp_get_place_num_procs(int) { return 0; }
COT_ENTRY void omp_get_place_proc_ids(int, int *) {}
COT_ENTRY int omp_get_place_num(void) { return -1; }
COT_ENTRY int omp_get_partition_num_places(void) { return 0; }
COT_ENTRY void omp_get_partition_place_nums(int *) {}
COT_ENTRY int omp_pause_resource(int, int) { return -1; }
COT_ENTRY int omp_pause_resource_all(int) { return -1; }

// omp_sched_t: static 1, dynamic 2, guided 3, auto 4 (plus monotonic bit).
COT_ENTRY void omp_set_schedule(int Kind, int Chunk) {
  if (threadId() != 0 || level() != 0)
    return;
  int32_t K;
  switch (Kind & 0x7fffffff) {
  case 2: K = COT_SCHED_DYNAMIC_CHUNKED; break;
  case 3: K = COT_SCHED_GUIDED_CHUNKED; break;
  case 1: K = Chunk > 0 ? COT_SCHED_STATIC_CHUNKED : COT_SCHED_STATIC; break;
  default: K = COT_SCHED_STATIC; break;
  }
  TeamState.RunSchedKind = K;
  TeamState.RunSchedChunk = Chunk;
}

COT_ENTRY void omp_get_schedule(int *Kind, int *Chunk) {
  int32_t K = TeamState.RunSchedKind;
  *Kind = K == COT_SCHED_DYNAMIC_CHUNKED  ? 2
          : K == COT_SCHED_GUIDED_CHUNKED ? 3
                                          : 1;
  *Chunk = TeamState.RunSchedChunk;
}

/// omp_display_env (OpenMP 5.1) in a target region: the OpenMP version (the
/// _OPENMP of Clang 19's default, 5.1) and the calling thread's view of the
/// ICVs that the device has, in the format of the host's (libomp's)
/// display, marked [device].
COT_ENTRY void omp_display_env(int) {
  constexpr int OpenMPVersion = 202011;
  int Kind = 1, Chunk = 0;
  omp_get_schedule(&Kind, &Chunk);
  struct {
    int Version, DefaultDevice, MaxActiveLevels, MaxTeams, MaxThreads;
    int ThreadLimit, TeamsThreadLimit;
    const char *Schedule;
    int ScheduleChunk;
  } Args = {OpenMPVersion,
            omp_get_default_device(),
            omp_get_max_active_levels(),
            omp_get_max_teams(),
            omp_get_max_threads(),
            omp_get_thread_limit(),
            omp_get_teams_thread_limit(),
            Kind == 2 ? "dynamic" : Kind == 3 ? "guided" : "static",
            Chunk};
  vprintf("\nOPENMP DISPLAY ENVIRONMENT BEGIN\n"
          "   _OPENMP='%d'\n"
          "  [device] OMP_CANCELLATION='FALSE'\n"
          "  [device] OMP_DEFAULT_DEVICE='%d'\n"
          "  [device] OMP_DYNAMIC='FALSE'\n"
          "  [device] OMP_MAX_ACTIVE_LEVELS='%d'\n"
          "  [device] OMP_MAX_TASK_PRIORITY='0'\n"
          "  [device] OMP_NUM_TEAMS='%d'\n"
          "  [device] OMP_NUM_THREADS='%d'\n"
          "  [device] OMP_THREAD_LIMIT='%d'\n"
          "  [device] OMP_TEAMS_THREAD_LIMIT='%d'\n"
          "  [device] OMP_PROC_BIND='false'\n"
          "  [device] OMP_SCHEDULE='%s,%d'\n"
          "OPENMP DISPLAY ENVIRONMENT END\n\n",
          &Args);
}

/// The `error` directive with at(execution) (OpenMP 5.1): the message is
/// printed; severity(fatal), the default, then stops the kernel, which the
/// runtime reports as a failure of the region.
COT_ENTRY void __kmpc_error(ident_t *, int32_t Severity, const char *Message) {
  constexpr int32_t SeverityWarning = 1;
  struct {
    const char *Severity;
    const char *Text;
  } Args = {Severity == SeverityWarning ? "warning" : "fatal",
            Message ? Message : "(no message)"};
  vprintf("OpenMP error directive on the device (%s): %s\n", &Args);
  if (Severity != SeverityWarning)
    fatal();
}

//===- HiddenHelpers.cpp - Deferred regions without hidden helpers --------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// libomp (19) gives the task of a deferred target region (`target nowait`)
// to its hidden helper threads, a team of LIBOMP_NUM_HIDDEN_HELPER_THREADS
// (8) that it forms within the thread limit and under OMP_DYNAMIC. With
// OMP_DYNAMIC=true, or a limit (OMP_THREAD_LIMIT, KMP_DEVICE_THREAD_LIMIT,
// KMP_ALL_THREADS) below that count, no helper runs the task and a taskwait
// on it waited forever (Debian's clang-19 with its own runtime as well).
// libomp reads its environment at its first entry, after the constructors:
// this one turns hidden helper tasks off for such settings
// (LIBOMP_USE_HIDDEN_HELPER_TASK=0, unless the user set it), and the
// regions' tasks run as ordinary tasks, at the latest at the taskwait.
//
//===----------------------------------------------------------------------===//

#include "Runtime.h"

#include <cstdlib>

using namespace cot;

namespace {

/// libomp's default number of hidden helper threads.
constexpr int64_t DefaultHiddenHelpers = 8;

bool dynamicAdjustment() {
  const char *S = getenv("OMP_DYNAMIC");
  return S && (equalsIgnoringCase(S, "true") || equalsIgnoringCase(S, "1"));
}

/// Whether one of libomp's thread limits leaves no room for the helpers
/// (the main thread needs one more).
bool limitBelowHelpers() {
  int64_t Helpers = DefaultHiddenHelpers;
  readEnvInteger("LIBOMP_NUM_HIDDEN_HELPER_THREADS", 0, INT32_MAX, Helpers);
  for (const char *Name :
       {"OMP_THREAD_LIMIT", "KMP_DEVICE_THREAD_LIMIT", "KMP_ALL_THREADS"}) {
    int64_t Limit = 0;
    if (readEnvInteger(Name, 1, INT32_MAX, Limit) == EnvValue::Valid &&
        Limit < Helpers)
      return true;
  }
  return false;
}

__attribute__((constructor)) void keepDeferredRegionsOffHiddenHelpers() {
  if (dynamicAdjustment() || limitBelowHelpers())
    setenv("LIBOMP_USE_HIDDEN_HELPER_TASK", "0", /*overwrite=*/0);
}

} // namespace

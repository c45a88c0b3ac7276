//===- Environment.h - Reading the runtime's environment --------*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The one parser of the environment variables that libomptarget and its
// plugins read (docs/Runtime.md, "Environment"): integers in a range and
// case-insensitive keywords. LIBOMPTARGET_INFO and LIBOMPTARGET_DEBUG are
// read here once per library with one rule each (INFO: an integer of -1 or
// more; non-zero, -1 as upstream, prints info lines; DEBUG: an integer of 0
// or more, non-zero prints the debug trace), so the runtime and the plugins
// agree on them. What a bad value means (a warning, a
// fatal error) is the reader's choice: each variable's owner decides.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_LIBOMPTARGET_ENVIRONMENT_H
#define CLANG_OFFLOAD_LIBOMPTARGET_ENVIRONMENT_H

#include <cstdint>

namespace cot {

enum class EnvValue { Unset, Valid, Invalid };

/// Environment variable Name as a decimal integer in [Min, Max] (spaces
/// around it allowed) in Out; Invalid for anything else, Out unchanged.
EnvValue readEnvInteger(const char *Name, int64_t Min, int64_t Max,
                        int64_t &Out);

/// Whether S equals Lower, ignoring the case of S.
bool equalsIgnoringCase(const char *S, const char *Lower);

/// LIBOMPTARGET_INFO, read on first use; 0 when unset or invalid (the
/// runtime warns about an invalid value, see src/Environment.cpp).
int infoLevel();
inline bool infoEnabled() { return infoLevel() != 0; }

/// LIBOMPTARGET_DEBUG, read on first use: a non-negative integer, as
/// upstream; 0 when unset or invalid (src/Environment.cpp warns). Level 1
/// traces the runtime's decisions, 2 adds every call into a plugin.
int debugLevel();
inline bool debugEnabled() { return debugLevel() != 0; }

} // namespace cot

#endif

//===- Environment.cpp - The environment of the device-agnostic layer -----===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// OMP_TARGET_OFFLOAD, OMP_DEFAULT_DEVICE and the checks of LIBOMPTARGET_INFO
// and LIBOMPTARGET_DEBUG (whose values support/Environment.cpp reads for
// every library), read once
// and never changed (docs/Runtime.md, "Environment").
//
//===----------------------------------------------------------------------===//

#include "Runtime.h"

#include <cstdlib>

using namespace cot;

static OffloadPolicy readOffloadPolicy() {
  const char *S = getenv("OMP_TARGET_OFFLOAD");
  if (!S || equalsIgnoringCase(S, "default"))
    return OffloadPolicy::Default;
  if (equalsIgnoringCase(S, "mandatory"))
    return OffloadPolicy::Mandatory;
  if (equalsIgnoringCase(S, "disabled"))
    return OffloadPolicy::Disabled;
  warning("OMP_TARGET_OFFLOAD='%s' is not MANDATORY, DISABLED or DEFAULT; "
          "using DEFAULT",
          S);
  return OffloadPolicy::Default;
}

static Environment readEnvironment() {
  Environment E;
  int64_t V = 0;
  if (readEnvInteger("LIBOMPTARGET_INFO", -1, INT32_MAX, V) ==
      EnvValue::Invalid)
    warning("LIBOMPTARGET_INFO='%s' is not an integer of -1 (everything) or "
            "more; ignored",
            getenv("LIBOMPTARGET_INFO"));
  if (readEnvInteger("LIBOMPTARGET_DEBUG", 0, INT32_MAX, V) ==
      EnvValue::Invalid)
    warning("LIBOMPTARGET_DEBUG='%s' is not an integer of 0 or more; ignored",
            getenv("LIBOMPTARGET_DEBUG"));
  E.Policy = readOffloadPolicy();
  const char *Policy = getenv("OMP_TARGET_OFFLOAD");
  E.PolicySet = Policy && (E.Policy != OffloadPolicy::Default ||
                           equalsIgnoringCase(Policy, "default"));
  switch (readEnvInteger("LIBOMPTARGET_EARLY_START", 0, 1, V)) {
  case EnvValue::Unset:
    break;
  case EnvValue::Valid:
    E.EarlyStart = V != 0;
    break;
  case EnvValue::Invalid:
    warning("LIBOMPTARGET_EARLY_START='%s' is not 0 or 1; using 1",
            getenv("LIBOMPTARGET_EARLY_START"));
  }
  switch (readEnvInteger("OMP_DEFAULT_DEVICE", 0, INT32_MAX, V)) {
  case EnvValue::Unset:
    break;
  case EnvValue::Valid:
    E.InitialDefaultDevice = (int)V;
    break;
  case EnvValue::Invalid:
    fatal(nullptr,
          "OMP_DEFAULT_DEVICE='%s' is not a non-negative integer device "
          "number",
          getenv("OMP_DEFAULT_DEVICE"));
  }
  return E;
}

const Environment &cot::env() {
  static const Environment *E = new Environment(readEnvironment());
  return *E;
}

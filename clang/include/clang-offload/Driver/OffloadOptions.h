//===- OffloadOptions.h - The offloading command-line options ---*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The driver options that select offload targets. Clang's own driver would
// start its offloading pipeline on seeing them, so we take them out of the
// command line before Clang sees it and drive the offload steps ourselves.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_DRIVER_OFFLOADOPTIONS_H
#define CLANG_OFFLOAD_DRIVER_OFFLOADOPTIONS_H

#include "clang-offload/Basic/OffloadTarget.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace cot {

/// The offload-related part of a driver command line.
struct OffloadOptions {
  std::vector<OffloadTarget> Targets;
  std::string CudaPath;
  /// Arguments given with -Xopenmp-target[=<triple>], per triple.
  std::vector<std::pair<std::string, std::string>> TargetArgs;
  /// Offload flags of upstream Clang that this compiler does without, each
  /// with why: the driver warns about each and drops it.
  std::vector<std::string> IgnoredFlagWarnings;
  /// --offload-device-only: the outputs are the device steps' (one per
  /// target, and per GPU arch for -S), as upstream.
  bool DeviceOnly = false;
  /// -fopenmp-offload-mandatory: the program runs as with
  /// OMP_TARGET_OFFLOAD=MANDATORY unless OMP_TARGET_OFFLOAD says otherwise
  /// (the compile jobs record it in their objects).
  bool OffloadMandatory = false;
  /// -fopenmp-target-jit: GPU images hold PTX only, which the runtime
  /// JIT-compiles for the GPU at load time.
  bool PTXOnly = false;
  /// -fopenmp-target-debug[=N]: the level of the GPU device runtime's debug
  /// output (0: none).
  unsigned DeviceDebug = 0;

  bool isOffloading() const { return !Targets.empty(); }
};

/// The triples `-fopenmp-targets=` accepts, for diagnostics and --help.
llvm::ArrayRef<llvm::StringRef> supportedOffloadTriples();

/// Normalizes a user-written offload triple ("nvptx64" ->
/// "nvptx64-nvidia-cuda"), or returns an error listing the supported ones.
llvm::Expected<std::string> normalizeOffloadTriple(llvm::StringRef Triple);

/// Removes the offload options from \p Args (in place) and returns them.
/// Fails with a user-facing message when the options are inconsistent, for
/// example offload targets without -fopenmp.
llvm::Expected<OffloadOptions>
extractOffloadOptions(std::vector<const char *> &Args);

} // namespace cot

#endif // CLANG_OFFLOAD_DRIVER_OFFLOADOPTIONS_H

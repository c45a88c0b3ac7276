//===- OffloadToolChain.h - How one offload target is built -----*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The "how" of the offload action graph (OffloadActions.h), one per offload
// target: its triple, the GPU architectures it is built for (the PTX and
// the device link's optimization target the oldest; ptxas builds a cubin
// for each when a CUDA toolkit has ptxas), the macros its device code sees,
// and its name in bundles and file names. The driver decides from it which
// device steps the graph has; the device link (DeviceLink.h) finds the CUDA
// tools with the same search, so that the two agree.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_DRIVER_OFFLOADTOOLCHAIN_H
#define CLANG_OFFLOAD_DRIVER_OFFLOADTOOLCHAIN_H

#include "clang-offload/Basic/OffloadTarget.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace cot {

/// The file \p Rel ("bin/ptxas", "nvvm/libdevice/libdevice.10.bc") of a CUDA
/// toolkit: under \p CudaPath alone when given (--cuda-path), otherwise
/// under $CUDA_PATH, $CUDA_HOME, the toolkit of the ptxas on PATH,
/// /usr/local/cuda and /usr/lib/cuda, in that order.
std::optional<std::string> findCudaFile(llvm::StringRef CudaPath,
                                        llvm::StringRef Rel);

/// The GPU architectures built when none is named: PTX for the oldest GPU
/// CUDA 13 supports (newer GPUs JIT it) and cubins for a few common ones.
llvm::ArrayRef<std::string> defaultCudaArchs();

/// The SM number of "sm_90" or "sm_90a" (90).
unsigned smNumber(llvm::StringRef Arch);

class OffloadToolChain {
public:
  /// \p Cubins: build cubins where a CUDA toolkit has ptxas (without, with
  /// -fopenmp-target-jit, GPU images hold PTX only).
  OffloadToolChain(const OffloadTarget &Target, llvm::StringRef CudaPath,
                   bool Cubins = true);

  llvm::StringRef triple() const { return Triple; }
  bool isNVPTX() const;

  /// The GPU architectures the device code is built for, in the order
  /// named; empty for a target that has none (the host device).
  llvm::ArrayRef<std::string> archs() const { return Archs; }
  /// The architecture the device link optimizes for and the PTX targets:
  /// the oldest of archs(), so that every newer GPU can JIT it. Empty for
  /// the host device.
  llvm::StringRef ptxArch() const { return PTXArch; }
  /// The architectures ptxas builds cubins for: archs() when a CUDA toolkit
  /// with ptxas is found and cubins are wanted, else none (the image holds
  /// PTX only).
  llvm::ArrayRef<std::string> cubinArchs() const { return CubinArchs; }

  /// The target as the jobs' command lines name it (triple and archs).
  OffloadTarget target() const;
  /// Its id in a bundle: `openmp-<triple>`.
  std::string bundleID() const;
  /// Its part of file names: `openmp-<triple>[-<arch>]`.
  std::string fileNamePart(llvm::StringRef Arch = {}) const;

private:
  std::string Triple;
  std::vector<std::string> Archs;
  std::string PTXArch;
  std::vector<std::string> CubinArchs;
};

} // namespace cot

#endif // CLANG_OFFLOAD_DRIVER_OFFLOADTOOLCHAIN_H

//===- DeviceModuleExtraction.h - Device code out of a host module -*- C++ -*-//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Clones the outlined target functions of a host module, and everything they
// reach (functions, globals, declare-target roots), into a device module.
// Kernels keep their names and are listed in `cot.kernels`; the device link
// forms each target's kernels from them. Mutable globals
// the device code uses get a device copy with an exported, unique name so the
// runtime can pair it with the host variable.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_OPENMPDEVICE_DEVICEMODULEEXTRACTION_H
#define CLANG_OFFLOAD_OPENMPDEVICE_DEVICEMODULEEXTRACTION_H

#include "OpenMPDevice/Kernels.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cot {

/// What the runtime must know about a device global: a declare-target
/// variable's device copy, a link variable's pointer, the slot that holds
/// an indirect function's device address, or the kernel that runs the
/// dynamic initializers of declare-target variables (launched once when
/// the image is loaded).
struct DeviceGlobal {
  enum KindTy { Variable, Link, IndirectFunction, Initializer };
  /// The host variable or function; for an Initializer, the host's first
  /// dynamic initializer of the device's (a key, never called).
  llvm::GlobalValue *Host;
  std::string DeviceName;
  uint64_t Size;
  KindTy Kind = Variable;
};

/// Named metadata of a device module: pairs of a function and the variant
/// that device code calls instead on GPUs only (`declare variant` with
/// kind(gpu) or arch(nvptx64) selectors).
constexpr llvm::StringLiteral GPUVariantsMetadata = "cot.gpu_variants";

struct DeviceModule {
  std::unique_ptr<llvm::Module> M;
  std::vector<DeviceGlobal> Globals;
};

/// \p Symbol with the characters that PTX does not allow in symbols (all
/// but letters, digits, '_' and '$') replaced by '_'. Every device image
/// exports its kernels and globals under such names.
std::string portableSymbolName(llvm::StringRef Symbol);

/// Module flag of a device module: the optimization level (0-3) of the
/// compile it comes from. Linked modules keep the highest; the device link
/// optimizes at that level unless its own command line has an -O option.
/// Functions of -O0 compiles keep Clang's `optnone` either way, as with
/// upstream Clang's device LTO.
constexpr llvm::StringLiteral OptLevelFlag = "cot.opt-level";

/// The level \p M records in OptLevelFlag, if any.
std::optional<unsigned> recordedOptLevel(const llvm::Module &M);

/// Removes the "openmp" module flag that Clang sets for -fopenmp. With it,
/// the default optimization pipelines run LLVM's OpenMPOpt, whose CGSCC
/// pass scans every call of each libomp entry point once per SCC: its time
/// grows with the square of the number of target regions (docs/Design.md,
/// "Compile-time scaling"). Device code has no use for it (it optimizes
/// host code's libomp calls), and host code of offloading compiles does
/// without its small gains.
void dropOpenMPModuleFlag(llvm::Module &M);

/// Makes the calls of host code \p M to variant markers (OffloadMarkers.h)
/// call the variants, and erases the markers.
void bindVariantMarkersOnHost(llvm::Module &M);

/// Extracts the device code of \p Host for the given kernels (outlined target
/// functions, which stay in \p Host unchanged as host fallbacks). The device
/// module lists them in `cot.kernels` (Kernels.h) and records \p OptLevel,
/// the compile's optimization level.
llvm::Expected<DeviceModule>
extractDeviceModule(llvm::Module &Host, llvm::ArrayRef<KernelInfo> Kernels,
                    unsigned OptLevel);

} // namespace cot

#endif // CLANG_OFFLOAD_OPENMPDEVICE_DEVICEMODULEEXTRACTION_H

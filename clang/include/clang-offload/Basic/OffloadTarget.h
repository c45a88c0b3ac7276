//===- OffloadTarget.h - Offload targets between compiler steps -*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The one piece of vocabulary every compiler library shares: an offload
// target (triple and GPU arch), how the driver writes a list of them on the
// command line of the jobs it starts (the cc1 compile and the device link),
// the cc1 flags that name a compile's device files, and the macros device
// code sees. It sits below the Driver, Frontend, CodeGen and DeviceLink
// libraries, so that none of them needs another's headers for it.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_BASIC_OFFLOADTARGET_H
#define CLANG_OFFLOAD_BASIC_OFFLOADTARGET_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <utility>
#include <vector>

namespace cot {

/// One offload target of a compilation.
struct OffloadTarget {
  std::string Triple; ///< Normalized triple, e.g. "x86_64-pc-linux-gnu".
  /// GPU archs ("sm_90", or "sm_80+sm_90" for several), empty for the host
  /// device or the default set.
  std::string Arch;
  static constexpr char ArchSeparator[] = "+";
};

/// The cc1 flag through which the driver tells a compile job its offload
/// targets: `-cot-offload-targets=<triple>[:<arch>],...`.
constexpr llvm::StringLiteral CC1OffloadTargetsFlag = "-cot-offload-targets=";

/// Encodes/decodes a target list as `<triple>[:<arch>],...`, the value of
/// CC1OffloadTargetsFlag and of the device link's -targets=.
std::string encodeOffloadTargets(llvm::ArrayRef<OffloadTarget> Targets);
std::vector<OffloadTarget> decodeOffloadTargets(llvm::StringRef Value);

/// The cc1 flag `-cot-device-output=<triple>=<file>`: where a compile job
/// writes the device code it extracts for <triple> (LLVM bitcode, or
/// textual IR with -cot-device-output-text). Device code never rides in the
/// host output: the driver bundles the two.
constexpr llvm::StringLiteral CC1DeviceOutputFlag = "-cot-device-output=";
/// With it the device outputs are textual IR (for text bundles).
constexpr llvm::StringLiteral CC1DeviceOutputTextFlag =
    "-cot-device-output-text";

/// The cc1 flag `-cot-device-source=<triple>=<file>`: the input preprocessed
/// with <triple>'s device macros (the device part of a bundled .i). Where it
/// differs from the input itself, <triple>'s device code comes from a parse
/// of it (Frontend/DeviceParse.h).
constexpr llvm::StringLiteral CC1DeviceSourceFlag = "-cot-device-source=";

/// The cc1 flag `-cot-device-context=<triple>` of a device's -E job: the
/// output has the metadirectives and `begin declare variant`s that <triple>
/// decides otherwise than the host rewritten to its choices
/// (Frontend/DeviceContextSelectors.h), as the device
/// parse of the source reads them.
constexpr llvm::StringLiteral CC1DeviceContextFlag = "-cot-device-context=";

/// The cc1 flag of -fopenmp-offload-mandatory: the compile job records in
/// its object that the program offloads as with OMP_TARGET_OFFLOAD=MANDATORY
/// (COT_REQUIRES_OFFLOAD_MANDATORY, OffloadABI.h).
constexpr llvm::StringLiteral CC1OffloadMandatoryFlag = "-cot-offload-mandatory";

/// The device link's flags for -fopenmp-target-jit (GPU images hold PTX
/// only) and -fopenmp-target-debug=<level> (the GPU device runtime's debug
/// output).
constexpr llvm::StringLiteral DeviceLinkPTXOnlyFlag = "-ptx-only";
constexpr llvm::StringLiteral DeviceLinkDebugFlag = "-device-debug=";

/// Splits the value of a `<triple>=<file>` flag; empty parts if malformed.
std::pair<llvm::StringRef, llvm::StringRef>
splitTargetFile(llvm::StringRef Value);

/// The macros a device compilation of \p Triple predefines beyond the
/// host's, as upstream Clang's OpenMP device compilations do: device code
/// that tests them sees them (device preprocessing, device parses).
std::vector<std::string> deviceMacros(llvm::StringRef Triple);

} // namespace cot

#endif // CLANG_OFFLOAD_BASIC_OFFLOADTARGET_H

//===- OffloadTarget.h - Offload targets between compiler steps -*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The one piece of vocabulary every compiler library shares: an offload
// target (triple and GPU arch) and how the driver writes a list of them on
// the command line of the jobs it starts (the cc1 compile and the device
// link). It sits below the Driver, Frontend, CodeGen and DeviceLink
// libraries, so that none of them needs another's headers for it.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_BASIC_OFFLOADTARGET_H
#define CLANG_OFFLOAD_BASIC_OFFLOADTARGET_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>
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

} // namespace cot

#endif // CLANG_OFFLOAD_BASIC_OFFLOADTARGET_H

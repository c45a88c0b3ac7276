//===- DeviceLinkDiagnostics.h - What the device link reports ---*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The diagnostic handler of the device link's LLVMContexts: the device
// passes' errors (OpenMPDevice/Diagnostics.h) and the remarks -Rpass...
// asks for reach the user as Clang prints its own. Private to
// clang/lib/DeviceLink.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_LIB_DEVICELINK_DEVICELINKDIAGNOSTICS_H
#define CLANG_OFFLOAD_LIB_DEVICELINK_DEVICELINKDIAGNOSTICS_H

#include "llvm/IR/DiagnosticHandler.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/Support/Regex.h"

#include <optional>
#include <string>

namespace cot {

/// Prints the errors of the device link, and the remarks that -Rpass...
/// asks for, as Clang prints its own. Warnings of LLVM's passes about the
/// device program (optimized as a whole) are left out: they would only
/// confuse.
class DeviceLinkDiagnostics : public llvm::DiagnosticHandler {
public:
  /// The -Rpass=, -Rpass-missed= and -Rpass-analysis= patterns (valid
  /// regular expressions), empty when not given.
  DeviceLinkDiagnostics(llvm::StringRef Passed, llvm::StringRef Missed,
                        llvm::StringRef Analysis);

  bool isPassedOptRemarkEnabled(llvm::StringRef PassName) const override;
  bool isMissedOptRemarkEnabled(llvm::StringRef PassName) const override;
  bool isAnalysisRemarkEnabled(llvm::StringRef PassName) const override;
  bool isAnyRemarkEnabled() const override;
  bool handleDiagnostics(const llvm::DiagnosticInfo &DI) override;

private:
  /// Whether the -R options ask for \p R.
  bool requested(const llvm::DiagnosticInfoOptimizationBase &R) const;

  std::optional<llvm::Regex> Passed, Missed, Analysis;
};

} // namespace cot

#endif // CLANG_OFFLOAD_LIB_DEVICELINK_DEVICELINKDIAGNOSTICS_H

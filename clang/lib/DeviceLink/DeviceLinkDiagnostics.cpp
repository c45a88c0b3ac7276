//===- DeviceLinkDiagnostics.cpp - What the device link reports -----------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// DeviceLinkDiagnostics (DeviceLinkDiagnostics.h): errors as
// "clang: error: ...", remarks as "file:line:col: remark: ... [-Rpass=...]".
//
//===----------------------------------------------------------------------===//

#include "DeviceLinkDiagnostics.h"

#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace cot {

static std::optional<Regex> compile(StringRef Pattern) {
  if (Pattern.empty())
    return std::nullopt;
  return Regex(Pattern);
}

static bool matches(const std::optional<Regex> &R, StringRef PassName) {
  return R && R->match(PassName);
}

/// The option that shows \p R: " [-Rpass=<pass>]" and so on.
static std::string remarkOption(const DiagnosticInfoOptimizationBase &R) {
  StringRef Option = R.getKind() == DK_OptimizationRemark ? "-Rpass="
                     : R.getKind() == DK_OptimizationRemarkMissed
                         ? "-Rpass-missed="
                         : "-Rpass-analysis=";
  return (" [" + Option + R.getPassName() + "]").str();
}

static void printRemark(const DiagnosticInfoOptimizationBase &R) {
  if (R.isLocationAvailable())
    errs() << R.getLocationStr() << ": remark: ";
  else
    errs() << "clang: remark: ";
  errs() << R.getMsg() << remarkOption(R) << "\n";
}

DeviceLinkDiagnostics::DeviceLinkDiagnostics(StringRef Passed,
                                             StringRef Missed,
                                             StringRef Analysis)
    : Passed(compile(Passed)), Missed(compile(Missed)),
      Analysis(compile(Analysis)) {}

bool DeviceLinkDiagnostics::isPassedOptRemarkEnabled(StringRef PassName) const {
  return matches(Passed, PassName);
}

bool DeviceLinkDiagnostics::isMissedOptRemarkEnabled(StringRef PassName) const {
  return matches(Missed, PassName);
}

bool DeviceLinkDiagnostics::isAnalysisRemarkEnabled(StringRef PassName) const {
  return matches(Analysis, PassName);
}

bool DeviceLinkDiagnostics::isAnyRemarkEnabled() const {
  return Passed || Missed || Analysis;
}

bool DeviceLinkDiagnostics::handleDiagnostics(const DiagnosticInfo &DI) {
  if (DI.getSeverity() == DS_Error) {
    DiagnosticPrinterRawOStream DP(errs());
    errs() << "clang: error: ";
    DI.print(DP);
    errs() << "\n";
    return true;
  }
  const auto *Remark = dyn_cast<DiagnosticInfoOptimizationBase>(&DI);
  if (DI.getSeverity() == DS_Remark && Remark && requested(*Remark))
    printRemark(*Remark);
  return true;
}

bool DeviceLinkDiagnostics::requested(
    const DiagnosticInfoOptimizationBase &R) const {
  // An analysis the pass always prints (the loop vectorizer's reasons for a
  // simd loop it did not vectorize) still needs -Rpass-analysis, as with
  // clang: without -R options no remark is shown.
  const auto *Always = dyn_cast<OptimizationRemarkAnalysis>(&R);
  if (Always && Always->shouldAlwaysPrint())
    return Analysis.has_value();
  return R.isEnabled();
}

} // namespace cot

//===- HostOffloadLowering.h - Offload constructs to runtime calls -*- C++ -*-//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The host lowering pass (ARCHITECTURE.md, section 3, step 2): turns the
// marker calls of our Sema step into libomptarget calls, emits the offload
// entries table, and hands the extracted device module, as bitcode per
// offload target, to the compile job, which writes it next to the host
// output (the driver bundles the two).
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_CODEGEN_HOSTOFFLOADLOWERING_H
#define CLANG_OFFLOAD_CODEGEN_HOSTOFFLOADLOWERING_H

#include "clang-offload/Basic/OffloadTarget.h"
#include "clang-offload/Sema/OffloadSema.h"

#include "llvm/IR/PassManager.h"

#include <map>
#include <string>
#include <vector>

namespace cot {

/// Device bitcode per target triple, from a device parse (CC1.cpp).
using DeviceBitcodeMap = std::map<std::string, std::string>;

/// What one run of the pass does.
struct HostLoweringOptions {
  std::vector<OffloadTarget> Targets;
  /// Receives each target's device code (the compile job writes it out);
  /// nothing is kept when null.
  DeviceBitcodeMap *DeviceCode = nullptr;
  /// A device parse: only extract the device code; the host code of that
  /// parse is thrown away.
  bool ExtractOnly = false;
  /// Device code of an earlier device parse, taken for these targets
  /// instead of this parse's own.
  const DeviceBitcodeMap *DeviceParses = nullptr;
  /// Filled by the Sema step while the unit is parsed.
  std::shared_ptr<const TranslationUnitRequires> Requires;
  /// -fopenmp-offload-mandatory: recorded with the requirements.
  bool OffloadMandatory = false;
  /// The compile's optimization level (0-3), recorded in the device module
  /// for the device link.
  unsigned OptLevel = 0;
};

class HostOffloadLoweringPass
    : public llvm::PassInfoMixin<HostOffloadLoweringPass> {
public:
  explicit HostOffloadLoweringPass(HostLoweringOptions Opts)
      : Opts(std::move(Opts)) {}

  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);

private:
  HostLoweringOptions Opts;
};

} // namespace cot

#endif // CLANG_OFFLOAD_CODEGEN_HOSTOFFLOADLOWERING_H

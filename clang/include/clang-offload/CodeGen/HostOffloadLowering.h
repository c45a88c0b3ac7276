//===- HostOffloadLowering.h - Offload constructs to runtime calls -*- C++ -*-//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The host lowering pass (ARCHITECTURE.md, section 3, step 2): turns the
// marker calls of our Sema step into libomptarget calls, emits the offload
// entries table, and embeds the extracted device module in the host object,
// one section per offload target.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_CODEGEN_HOSTOFFLOADLOWERING_H
#define CLANG_OFFLOAD_CODEGEN_HOSTOFFLOADLOWERING_H

#include "clang-offload/Driver/OffloadOptions.h"

#include "llvm/IR/PassManager.h"

#include <vector>

namespace cot {

class HostOffloadLoweringPass
    : public llvm::PassInfoMixin<HostOffloadLoweringPass> {
public:
  explicit HostOffloadLoweringPass(std::vector<OffloadTarget> Targets)
      : Targets(std::move(Targets)) {}

  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);

private:
  std::vector<OffloadTarget> Targets;
};

/// The name of the object-file section that holds a device module for
/// \p Triple: `__CLANG_OFFLOAD_BUNDLE__openmp-<triple>`, as the bundler's
/// object format has it.
std::string deviceSectionName(llvm::StringRef Triple);

} // namespace cot

#endif // CLANG_OFFLOAD_CODEGEN_HOSTOFFLOADLOWERING_H

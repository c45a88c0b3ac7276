//===- OffloadTools.h - The offload steps' tools ----------------*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The clang::driver::Tools of the offload steps that are not Clang's own:
//   BundlerTool     clang-offload-bundler, to bundle an output a user asked
//                   for with its device parts and to unbundle an input
//   DeviceLinkTool  `clang -cot-device-link` (DeviceLink.h), which runs the
//                   device link, backend, assemble and package steps of a
//                   link (or the device link and backend of
//                   -S --offload-device-only) in one job
// Clang's own tools build the host steps (OffloadJobs.cpp). Private to
// clang/lib/Driver.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_LIB_DRIVER_OFFLOADTOOLS_H
#define CLANG_OFFLOAD_LIB_DRIVER_OFFLOADTOOLS_H

#include "clang-offload/Driver/OffloadActions.h"
#include "clang-offload/Driver/OffloadJobs.h"

#include "clang/Driver/Tool.h"

#include <string>
#include <vector>

namespace cot {

/// The prefix of the device link's -save-temps files, <output>-device-*:
/// the program \p Output, or for an output that is not a regular file
/// (-o /dev/null, a FIFO) its name in the current directory.
std::string deviceLinkSaveTempsPrefix(llvm::StringRef Output);

class BundlerTool final : public clang::driver::Tool {
public:
  /// Bundles are named `host-<host triple>` and the targets' bundle ids,
  /// in this order; a bundling's inputs are the device parts in target
  /// order, then the host part.
  BundlerTool(const clang::driver::ToolChain &HostTC,
              llvm::ArrayRef<OffloadToolChain> Targets);

  bool hasIntegratedCPP() const override { return false; }

  void ConstructJob(clang::driver::Compilation &C,
                    const clang::driver::JobAction &JA,
                    const clang::driver::InputInfo &Output,
                    const clang::driver::InputInfoList &Inputs,
                    const llvm::opt::ArgList &Args,
                    const char *LinkingOutput) const override;

  /// Unbundles: outputs in the order of the ids.
  void ConstructJobMultipleOutputs(clang::driver::Compilation &C,
                                   const clang::driver::JobAction &JA,
                                   const clang::driver::InputInfoList &Outputs,
                                   const clang::driver::InputInfoList &Inputs,
                                   const llvm::opt::ArgList &Args,
                                   const char *LinkingOutput) const override;

private:
  std::vector<std::string> IDs;

  const char *targetsArg(const llvm::opt::ArgList &Args) const;
  const char *executable(const clang::driver::Compilation &C) const;
};

class DeviceLinkTool final : public clang::driver::Tool {
public:
  DeviceLinkTool(const clang::driver::ToolChain &HostTC, const OffloadGraph &G,
                 const OffloadJobOptions &Opts);

  bool hasIntegratedCPP() const override { return false; }

  /// \p Inputs are in the order of G.deviceLinkInputs(&JA).
  void ConstructJob(clang::driver::Compilation &C,
                    const clang::driver::JobAction &JA,
                    const clang::driver::InputInfo &Output,
                    const clang::driver::InputInfoList &Inputs,
                    const llvm::opt::ArgList &Args,
                    const char *LinkingOutput) const override;

private:
  const OffloadGraph &G;
  const OffloadJobOptions &Opts;

  std::vector<OffloadTarget> targetsOf(const clang::driver::JobAction &JA) const;
  void addOptions(const clang::driver::Compilation &C,
                  const clang::driver::JobAction &JA, llvm::StringRef Output,
                  const llvm::opt::ArgList &Args,
                  llvm::opt::ArgStringList &CmdArgs) const;
};

} // namespace cot

#endif // CLANG_OFFLOAD_LIB_DRIVER_OFFLOADTOOLS_H

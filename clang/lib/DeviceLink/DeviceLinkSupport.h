//===- DeviceLinkSupport.h - Helpers of the device link step ----*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// What the device link's per-target image builders share: temporary files,
// writing files, running tools, the device pass pipeline. Private to
// clang/lib/DeviceLink.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_LIB_DEVICELINK_DEVICELINKSUPPORT_H
#define CLANG_OFFLOAD_LIB_DEVICELINK_DEVICELINKSUPPORT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/OptimizationLevel.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class TargetMachine;
}

namespace cot {

/// Temporary files that go away, or with -save-temps files named
/// <prefix>-device-<name>.<suffix> that stay.
class TempFiles {
public:
  explicit TempFiles(std::string KeepPrefix)
      : KeepPrefix(std::move(KeepPrefix)) {}
  ~TempFiles();
  llvm::Expected<std::string> create(llvm::StringRef Name,
                                     llvm::StringRef Suffix);
  bool keeping() const { return !KeepPrefix.empty(); }

private:
  std::string KeepPrefix;
  std::vector<std::string> Files;
};

/// Writes \p Data to the file \p Path, replacing it.
llvm::Error writeFile(llvm::StringRef Path, llvm::StringRef Data);

/// Runs a tool; prints the command line first with -v. With \p ErrorsFile,
/// the tool's standard error goes there instead.
llvm::Error runCommand(llvm::ArrayRef<llvm::StringRef> Args, bool Verbose,
                       llvm::StringRef ErrorsFile = "");

/// The pipeline text of LLVM's default pipeline at \p Level:
/// "default<O2>" and so on.
std::string defaultPipeline(llvm::OptimizationLevel Level);

/// Runs for the offload target \p Target the pipeline \p Pipeline (text, with
/// the device passes of OpenMPDevice/Passes.h registered by name) over \p M,
/// with the target's own passes when \p TM is given and what \p Register adds
/// to the PassBuilder (device-link passes, extension-point callbacks). With \p
/// Verbose the pipeline is printed first. Functions with optnone (from -O0
/// compiles) are left to the passes that must run, and LLVM's OpenMPOpt does
/// not run (dropOpenMPModuleFlag). Once a device pass has reported an error,
/// the optional passes are skipped; the result is then an error.
llvm::Error
runDevicePipeline(llvm::Module &M, llvm::StringRef Target,
                  llvm::StringRef Pipeline, llvm::TargetMachine *TM,
                  bool Verbose,
                  llvm::function_ref<void(llvm::PassBuilder &)> Register = {},
                  llvm::PipelineTuningOptions Tuning = {});

/// Writes \p M as bitcode to \p Path.
llvm::Error saveBitcode(const llvm::Module &M,
                        llvm::Expected<std::string> Path);

/// The target machine of \p Triple for \p CPU (none: the triple's default)
/// and the target's default features.
llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
targetMachineFor(llvm::StringRef Triple, llvm::StringRef CPU,
                 std::optional<llvm::Reloc::Model> Reloc,
                 llvm::CodeGenOptLevel Level);

} // namespace cot

#endif // CLANG_OFFLOAD_LIB_DEVICELINK_DEVICELINKSUPPORT_H

//===- DeviceLinkSupport.h - Helpers of the device link step ----*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// What the device link's per-target image builders share: temporary files,
// running tools, the optimization pipeline. Private to clang/lib/Driver.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_LIB_DRIVER_DEVICELINKSUPPORT_H
#define CLANG_OFFLOAD_LIB_DRIVER_DEVICELINKSUPPORT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/Module.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Passes/OptimizationLevel.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace llvm {
class PassBuilder;
class TargetMachine;
}

namespace cot {

/// Temporary files that go away, or with -save-temps files named
/// <prefix>-device-<name>.<suffix> that stay.
class TempFiles {
public:
  explicit TempFiles(std::string KeepPrefix) : KeepPrefix(std::move(KeepPrefix)) {}
  ~TempFiles();
  llvm::Expected<std::string> create(llvm::StringRef Name,
                                     llvm::StringRef Suffix);
  bool keeping() const { return !KeepPrefix.empty(); }

private:
  std::string KeepPrefix;
  std::vector<std::string> Files;
};


/// Runs a tool; prints the command line first with -v.
llvm::Error runCommand(llvm::ArrayRef<llvm::StringRef> Args, bool Verbose);

/// Runs the default pipeline of \p Level over \p M, with the target's own
/// passes when \p TM is given and ours where \p AddPasses registers them.
/// Functions with optnone (from -O0 compiles) are left as they are, and
/// LLVM's OpenMPOpt does not run (dropOpenMPModuleFlag).
void optimize(llvm::Module &M, llvm::OptimizationLevel Level,
              llvm::TargetMachine *TM,
              llvm::function_ref<void(llvm::PassBuilder &)> AddPasses = {});

/// Writes \p M as bitcode to \p Path.
llvm::Error saveBitcode(const llvm::Module &M, llvm::Expected<std::string> Path);

/// What the NVPTX image builder needs to know.
struct NVPTXImageOptions {
  std::string Arch;     ///< --offload-arch, or empty for the default set
  std::string CudaPath; ///< --cuda-path, or empty to search
  std::string RuntimeLibDir;
  bool Verbose;
  /// O3 and ptxas -O3, or (at -O0) only the passes correctness needs and
  /// ptxas -O0.
  bool Optimize;
};

/// Builds an nvptx64 image (OffloadABI.h's container of PTX and cubins) from
/// a linked device module.
llvm::Expected<std::string> buildNVPTXImage(llvm::Module &M,
                                            const NVPTXImageOptions &Opts,
                                            TempFiles &Temps);

} // namespace cot

#endif // CLANG_OFFLOAD_LIB_DRIVER_DEVICELINKSUPPORT_H

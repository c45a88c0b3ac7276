//===- DeviceToolChain.h - Per-target device images -------------*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The device link builds each offload target's image from its linked device
// module through that target's device tool chain, one implementation per
// kind of device behind this interface:
//
//   HostDeviceToolChain.cpp  x86_64-pc-linux-gnu: an ELF shared object that
//                            the host plugin loads
//   NVPTXToolChain.cpp       nvptx64-nvidia-cuda: OffloadABI.h's container
//                            of PTX and cubins
//
// Each runs one device pass pipeline (printed with -v). The driver's
// OffloadToolChain says what to build: the GPU architectures and whether
// there are cubins. Private to clang/lib/DeviceLink.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_LIB_DEVICELINK_DEVICETOOLCHAIN_H
#define CLANG_OFFLOAD_LIB_DEVICELINK_DEVICETOOLCHAIN_H

#include "DeviceLinkSupport.h"
#include "clang-offload/Driver/OffloadToolChain.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/OptimizationLevel.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>

namespace cot {

/// What every device tool chain is given.
struct ToolChainContext {
  std::string Executable;    ///< this compiler, which links shared objects
  std::string RuntimeLibDir; ///< our runtime libraries (build/lib)
  std::string CudaPath;      ///< --cuda-path, or empty to search
  bool Verbose;              ///< -v: print pipelines and commands
  unsigned DeviceDebug;      ///< -fopenmp-target-debug's level (GPUs)
  TempFiles &Temps;
};

class DeviceToolChain {
public:
  explicit DeviceToolChain(const ToolChainContext &Ctx) : Ctx(Ctx) {}
  virtual ~DeviceToolChain() = default;

  /// Lowers and optimizes the linked device module \p M at \p Level and
  /// builds the target's image from it (the bytes to embed).
  virtual llvm::Expected<std::string> buildImage(llvm::Module &M,
                                                 llvm::OptimizationLevel Level) = 0;

  /// Lowers and optimizes \p M as for an image and returns the back end's
  /// assembly (PTX, x86 assembly) instead: the output of
  /// `-S --offload-device-only`.
  virtual llvm::Expected<std::string>
  buildAssembly(llvm::Module &M, llvm::OptimizationLevel Level) = 0;

protected:
  const ToolChainContext &Ctx;
};

/// The device tool chain of the offload target \p Target.
std::unique_ptr<DeviceToolChain>
createDeviceToolChain(const OffloadToolChain &Target,
                      const ToolChainContext &Ctx);

std::unique_ptr<DeviceToolChain>
createHostDeviceToolChain(llvm::StringRef Triple, const ToolChainContext &Ctx);
std::unique_ptr<DeviceToolChain>
createNVPTXToolChain(const OffloadToolChain &Target,
                     const ToolChainContext &Ctx);

} // namespace cot

#endif // CLANG_OFFLOAD_LIB_DEVICELINK_DEVICETOOLCHAIN_H

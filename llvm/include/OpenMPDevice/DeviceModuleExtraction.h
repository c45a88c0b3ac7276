//===- DeviceModuleExtraction.h - Device code out of a host module -*- C++ -*-//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Clones the outlined target functions of a host module, and everything they
// reach (functions, globals, declare-target roots), into a device module.
// Kernels get a uniform entry `void <name>(void **Args)` (OffloadABI.h); the
// outlined function itself stays internal as `<name>.impl`. Mutable globals
// the device code uses get a device copy with an exported, unique name so the
// runtime can pair it with the host variable.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_OPENMPDEVICE_DEVICEMODULEEXTRACTION_H
#define CLANG_OFFLOAD_OPENMPDEVICE_DEVICEMODULEEXTRACTION_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>
#include <vector>

namespace cot {

/// A host global that has a device copy, or for `declare target link`, a
/// device pointer that the runtime points at the mapped storage.
struct DeviceGlobal {
  llvm::GlobalVariable *Host;
  std::string DeviceName;
  uint64_t Size;
  bool Link = false;
};

struct DeviceModule {
  std::unique_ptr<llvm::Module> M;
  std::vector<DeviceGlobal> Globals;
};

/// Extracts the device code of \p Host for the given kernels (outlined target
/// functions, which stay in \p Host unchanged as host fallbacks).
llvm::Expected<DeviceModule>
extractDeviceModule(llvm::Module &Host, llvm::ArrayRef<llvm::Function *> Kernels);

/// The name of a kernel's implementation inside the device module.
std::string kernelImplName(llvm::StringRef Kernel);

} // namespace cot

#endif // CLANG_OFFLOAD_OPENMPDEVICE_DEVICEMODULEEXTRACTION_H

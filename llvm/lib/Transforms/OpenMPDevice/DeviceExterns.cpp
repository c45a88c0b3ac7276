//===- DeviceExterns.cpp - Functions the GPU lacks ------------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The last check of the NVPTX device link (openmp-device-check-externs):
// after the device runtime and libdevice are linked and the program is
// optimized, every function device code still calls must be defined or be
// one CUDA provides (malloc, free, vprintf, __assertfail). Any other is an
// error naming it and a function that calls it; the PTX would not load.
//
//===----------------------------------------------------------------------===//

#include "OpenMPDevice/Diagnostics.h"
#include "OpenMPDevice/NVPTX.h"
#include "OpenMPDevice/Passes.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/IR/Module.h"

#define DEBUG_TYPE "openmp-device-check-externs"

using namespace llvm;

namespace cot {

PreservedAnalyses CheckDeviceExternsPass::run(Module &M,
                                              ModuleAnalysisManager &) {
  if (hasDeviceErrors(M))
    return PreservedAnalyses::all();
  static const StringSet<> FromCUDA = {"malloc", "free", "vprintf",
                                       "__assertfail"};
  for (Function &F : M) {
    if (!F.isDeclaration() || F.isIntrinsic() || F.use_empty() ||
        FromCUDA.contains(F.getName()))
      continue;
    reportUndefinedCallee(F, Twine("which is not available on ") +
                                 NVPTXTriple);
    return PreservedAnalyses::all();
  }
  return PreservedAnalyses::all();
}

} // namespace cot

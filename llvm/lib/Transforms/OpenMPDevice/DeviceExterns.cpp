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
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#define DEBUG_TYPE "openmp-device-check-externs"

using namespace llvm;

namespace cot {

static const Instruction *firstInstructionUsing(const Function &F) {
  for (const User *U : F.users())
    if (const auto *I = dyn_cast<Instruction>(U))
      return I;
  return nullptr;
}

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
    const Instruction *Use = firstInstructionUsing(F);
    const Function *Caller = Use ? Use->getFunction() : nullptr;
    std::string Location = sourceLocation(Caller, Use);
    StringRef CallerName = Caller ? Caller->getName() : "?";
    reportDeviceError(M, Twine(Location) + "device code calls '" + F.getName() +
                             "' (in function '" + CallerName +
                             "'), which is not available on " + NVPTXTriple);
    return PreservedAnalyses::all();
  }
  return PreservedAnalyses::all();
}

} // namespace cot

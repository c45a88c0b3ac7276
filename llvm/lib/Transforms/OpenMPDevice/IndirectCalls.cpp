//===- IndirectCalls.cpp - Calls through host function pointers -----------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// `declare target indirect` (OpenMP 5.1) lets device code call a function
// through a pointer taken on the host. A GPU cannot jump to a host address,
// so when the program has such functions (device extraction gave each one
// an exported slot, `__cot_indirect_<name>`, that holds its device address)
// every call through a pointer first asks the device runtime for the device
// function (__cot_gpu_indirect_function, OffloadABI.h). Programs without
// indirect functions keep their calls as they are. Pass
// openmp-device-indirect-calls; it runs before the device runtime is linked.
//
//===----------------------------------------------------------------------===//

#include "OpenMPDevice/Diagnostics.h"
#include "OpenMPDevice/Passes.h"

#include "llvm/ADT/Statistic.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "openmp-device-indirect-calls"

STATISTIC(NumTranslatedCalls, "Indirect calls that translate host addresses");

using namespace llvm;

namespace cot {

static bool hasIndirectFunctions(const Module &M) {
  for (const GlobalVariable &GV : M.globals())
    if (GV.getName().starts_with("__cot_indirect_") && GV.hasInitializer())
      return true;
  return false;
}

PreservedAnalyses IndirectCallsPass::run(Module &M, ModuleAnalysisManager &) {
  if (hasDeviceErrors(M) || !hasIndirectFunctions(M))
    return PreservedAnalyses::all();
  SmallVector<CallBase *, 16> Calls;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (auto *Call = dyn_cast<CallBase>(&I);
          Call && Call->isIndirectCall() && !Call->isInlineAsm())
        Calls.push_back(Call);
  if (Calls.empty())
    return PreservedAnalyses::all();
  Type *Ptr = PointerType::getUnqual(M.getContext());
  FunctionCallee Lookup =
      M.getOrInsertFunction("__cot_gpu_indirect_function", Ptr, Ptr);
  for (CallBase *Call : Calls) {
    IRBuilder<> B(Call);
    Call->setCalledOperand(B.CreateCall(Lookup, {Call->getCalledOperand()}));
    LLVM_DEBUG(dbgs() << "translated an indirect call in "
                      << Call->getFunction()->getName() << "\n");
  }
  NumTranslatedCalls += Calls.size();
  return PreservedAnalyses::none();
}

} // namespace cot

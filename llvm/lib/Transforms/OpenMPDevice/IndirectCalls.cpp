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
// indirect functions keep their calls as they are.
//
//===----------------------------------------------------------------------===//

#include "OpenMPDevice/NVPTX.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace cot {

static bool hasIndirectFunctions(const Module &M) {
  for (const GlobalVariable &GV : M.globals())
    if (GV.getName().starts_with("__cot_indirect_") && GV.hasInitializer())
      return true;
  return false;
}

void translateIndirectCalls(Module &M) {
  if (!hasIndirectFunctions(M))
    return;
  SmallVector<CallBase *, 16> Calls;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (auto *Call = dyn_cast<CallBase>(&I);
          Call && Call->isIndirectCall() && !Call->isInlineAsm())
        Calls.push_back(Call);
  if (Calls.empty())
    return;
  Type *Ptr = PointerType::getUnqual(M.getContext());
  FunctionCallee Lookup =
      M.getOrInsertFunction("__cot_gpu_indirect_function", Ptr, Ptr);
  for (CallBase *Call : Calls) {
    IRBuilder<> B(Call);
    Call->setCalledOperand(B.CreateCall(Lookup, {Call->getCalledOperand()}));
  }
}

} // namespace cot

//===- GPUPrintf.cpp - printf in GPU device code --------------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// CUDA has no printf, only vprintf(format, buffer): pass openmp-device-printf
// rewrites each call of printf to one of vprintf whose buffer holds the
// (already promoted) arguments, each at its natural alignment.
//
//===----------------------------------------------------------------------===//

#include "OpenMPDevice/Diagnostics.h"
#include "OpenMPDevice/Passes.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "openmp-device-printf"

STATISTIC(NumPrintfCalls, "printf calls lowered to vprintf");

using namespace llvm;

namespace cot {

/// printf(fmt, args...) -> vprintf(fmt, &{args...}).
static void lowerPrintfCall(CallInst *Call, FunctionCallee VPrintf) {
  IRBuilder<> B(Call);
  SmallVector<Type *, 8> Types;
  for (unsigned I = 1; I < Call->arg_size(); ++I)
    Types.push_back(Call->getArgOperand(I)->getType());
  Value *Buffer = ConstantPointerNull::get(B.getPtrTy());
  if (!Types.empty()) {
    auto *BufTy = StructType::get(Call->getContext(), Types);
    Function *F = Call->getFunction();
    IRBuilder<> EntryB(&*F->getEntryBlock().getFirstInsertionPt());
    Buffer = EntryB.CreateAlloca(BufTy, nullptr, "printf.args");
    for (unsigned I = 1; I < Call->arg_size(); ++I)
      B.CreateStore(Call->getArgOperand(I),
                    B.CreateStructGEP(BufTy, Buffer, I - 1));
  }
  Value *Result = B.CreateCall(VPrintf, {Call->getArgOperand(0), Buffer});
  Call->replaceAllUsesWith(Result);
  Call->eraseFromParent();
}

PreservedAnalyses GPUPrintfPass::run(Module &M, ModuleAnalysisManager &) {
  Function *Printf = M.getFunction("printf");
  if (hasDeviceErrors(M) || !Printf || !Printf->isDeclaration())
    return PreservedAnalyses::all();
  LLVMContext &Ctx = M.getContext();
  FunctionCallee VPrintf = M.getOrInsertFunction(
      "vprintf", FunctionType::get(Type::getInt32Ty(Ctx),
                                   {PointerType::getUnqual(Ctx),
                                    PointerType::getUnqual(Ctx)},
                                   false));
  for (User *U : make_early_inc_range(Printf->users()))
    if (auto *Call = dyn_cast<CallInst>(U);
        Call && Call->getCalledFunction() == Printf) {
      lowerPrintfCall(Call, VPrintf);
      ++NumPrintfCalls;
    }
  LLVM_DEBUG(dbgs() << NumPrintfCalls << " printf calls lowered\n");
  return PreservedAnalyses::none();
}

} // namespace cot

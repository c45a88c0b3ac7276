//===- DynamicAllocas.cpp - Variable-length arrays in device memory -------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// C's variable-length arrays, and the buffers Clang sizes at run time (a
// `reduction(inscan)` loop's scan buffer, one element per iteration), are
// allocas of a run-time size between llvm.stacksave and llvm.stackrestore.
// PTX before ISA 7.3 has no dynamic stack, and LLVM 19's NVPTX back end
// selects neither intrinsic: such a kernel crashed the device link
// ("Cannot select: stacksave"). The scan buffer is also written by the
// encountering thread and read by the parallel region's threads, which a
// thread's stack could not give them.
//
// Each alloca that is not a fixed-size one in the entry block becomes
// __cot_gpu_vla_push (device memory, OffloadABI.h), chained through a
// per-function head: llvm.stacksave reads the head, llvm.stackrestore and
// every return pop the chain back to the saved head (the function's entry
// value at a return). The memory is global, so any thread the pointer
// reaches can use it; a size that overflows 64 bits, or one the device heap
// cannot give, is a device error naming the size.
//
// Function pass openmp-device-dynamic-allocas, in the NVPTX lowering before
// kernel formation: globalization and spmdize see a runtime call where the
// alloca was.
//
//===----------------------------------------------------------------------===//

#include "ForkCalls.h"
#include "OpenMPDevice/Diagnostics.h"
#include "OpenMPDevice/Passes.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "openmp-device-dynamic-allocas"

using namespace llvm;

STATISTIC(NumDynamicAllocas,
          "Dynamically sized allocas moved to device memory");

namespace cot {
namespace {

constexpr StringLiteral Push = "__cot_gpu_vla_push";
constexpr StringLiteral Pop = "__cot_gpu_vla_pop";

/// What the pass rewrites in one function.
struct StackUses {
  SmallVector<AllocaInst *, 4> Allocas;
  SmallVector<IntrinsicInst *, 4> Saves;
  SmallVector<IntrinsicInst *, 4> Restores;
  SmallVector<ReturnInst *, 2> Returns;

  bool empty() const {
    return Allocas.empty() && Saves.empty() && Restores.empty();
  }
};

StackUses findStackUses(Function &F) {
  StackUses Uses;
  for (Instruction &I : instructions(F)) {
    if (auto *A = dyn_cast<AllocaInst>(&I); A && !A->isStaticAlloca())
      Uses.Allocas.push_back(A);
    else if (auto *II = dyn_cast<IntrinsicInst>(&I)) {
      if (II->getIntrinsicID() == Intrinsic::stacksave)
        Uses.Saves.push_back(II);
      else if (II->getIntrinsicID() == Intrinsic::stackrestore)
        Uses.Restores.push_back(II);
    } else if (auto *Ret = dyn_cast<ReturnInst>(&I))
      Uses.Returns.push_back(Ret);
  }
  return Uses;
}

/// \p A's size in bytes, all ones when the multiplication overflows (the
/// runtime then fails the allocation with that size in its message).
Value *allocaBytes(IRBuilder<> &B, AllocaInst &A) {
  const DataLayout &DL = A.getModule()->getDataLayout();
  Value *Count = B.CreateZExtOrTrunc(A.getArraySize(), B.getInt64Ty());
  Value *ElementBytes = B.getInt64(DL.getTypeAllocSize(A.getAllocatedType()));
  Value *Product = B.CreateBinaryIntrinsic(Intrinsic::umul_with_overflow, Count,
                                           ElementBytes);
  return B.CreateSelect(B.CreateExtractValue(Product, 1),
                        B.getInt64(UINT64_MAX),
                        B.CreateExtractValue(Product, 0), "vla.bytes");
}

void rewrite(Function &F, StackUses &Uses) {
  Module &M = *F.getParent();
  LLVMContext &Ctx = M.getContext();
  Type *Ptr = PointerType::get(Ctx, 0);
  Type *Int64 = Type::getInt64Ty(Ctx);
  FunctionCallee PushFn = runtimeFunction(M, Push, Ptr, {Int64, Int64, Ptr});
  FunctionCallee PopFn =
      runtimeFunction(M, Pop, Type::getVoidTy(Ctx), {Ptr, Ptr});

  // The head is null before anything else runs, an alloca of run-time size
  // among the entry block's first instructions included.
  IRBuilder<> B(&*F.getEntryBlock().getFirstInsertionPt());
  AllocaInst *Head = B.CreateAlloca(Ptr, nullptr, "vla.head");
  Value *HeadPtr = B.CreatePointerBitCastOrAddrSpaceCast(Head, Ptr);
  B.CreateStore(Constant::getNullValue(Ptr), HeadPtr);

  for (AllocaInst *A : Uses.Allocas) {
    B.SetInsertPoint(A);
    CallInst *Array =
        B.CreateCall(PushFn, {allocaBytes(B, *A),
                              B.getInt64(A->getAlign().value()), HeadPtr});
    Array->takeName(A);
    A->replaceAllUsesWith(
        B.CreatePointerBitCastOrAddrSpaceCast(Array, A->getType()));
    A->eraseFromParent();
    ++NumDynamicAllocas;
  }
  for (IntrinsicInst *Save : Uses.Saves) {
    B.SetInsertPoint(Save);
    Value *Mark = B.CreateLoad(Ptr, HeadPtr, "vla.mark");
    Save->replaceAllUsesWith(
        B.CreatePointerBitCastOrAddrSpaceCast(Mark, Save->getType()));
    Save->eraseFromParent();
  }
  for (IntrinsicInst *Restore : Uses.Restores) {
    B.SetInsertPoint(Restore);
    Value *Mark =
        B.CreatePointerBitCastOrAddrSpaceCast(Restore->getArgOperand(0), Ptr);
    B.CreateCall(PopFn, {HeadPtr, Mark});
    Restore->eraseFromParent();
  }
  for (ReturnInst *Ret : Uses.Returns) {
    B.SetInsertPoint(Ret);
    B.CreateCall(PopFn, {HeadPtr, Constant::getNullValue(Ptr)});
  }
  LLVM_DEBUG(dbgs() << "dynamic-allocas: " << Uses.Allocas.size() << " in "
                    << F.getName() << "\n");
}

} // namespace

PreservedAnalyses DynamicAllocasPass::run(Function &F,
                                          FunctionAnalysisManager &) {
  if (F.isDeclaration() || hasDeviceErrors(*F.getParent()))
    return PreservedAnalyses::all();
  StackUses Uses = findStackUses(F);
  if (Uses.empty())
    return PreservedAnalyses::all();
  rewrite(F, Uses);
  return preservedKeepingCFG(true);
}

} // namespace cot

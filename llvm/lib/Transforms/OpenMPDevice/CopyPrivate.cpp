//===- CopyPrivate.cpp - copyprivate through device memory ----------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// `single copyprivate(x)` hands the single thread's x to the team: Clang
// stores &x in a list of pointers and calls __kmpc_copyprivate(loc, gtid,
// list bytes, list, copy function, did_it), whose other threads run the
// copy function from the single thread's list into their own. On a GPU both
// the list and x are the single thread's locals, in local memory, which no
// other thread can read: a generic address of it means the reader's own
// local memory, so every other thread copied its own x and kept it.
//
// Function pass openmp-device-copyprivate: where the list is a local array
// whose every element is stored once with the address of a variable of
// known size (a local or a global, at a constant offset), the call becomes
// __cot_gpu_copyprivate(list, count, sizes, copy function, did_it) with the
// sizes in a constant array: the single thread copies its variables and
// list into device memory, and the others run the copy function from
// there (DeviceRuntime.md). A list it cannot read keeps the libomp call,
// and a missed remark says why.
//
//===----------------------------------------------------------------------===//

#include "ForkCalls.h"
#include "OpenMPDevice/Diagnostics.h"
#include "OpenMPDevice/Passes.h"
#include "TeamShared.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#define DEBUG_TYPE "openmp-device-copyprivate"

STATISTIC(NumCopyPrivate, "copyprivate calls staged through device memory");

using namespace llvm;

namespace cot {
namespace {

constexpr StringLiteral LibompCopyPrivate = "__kmpc_copyprivate";
constexpr StringLiteral DeviceCopyPrivate = "__cot_gpu_copyprivate";

/// The bytes of the variable \p Ptr points to the start of, if known.
std::optional<uint64_t> variableBytes(Value *Ptr, const DataLayout &DL) {
  APInt Offset(DL.getIndexTypeSizeInBits(Ptr->getType()), 0);
  Value *Base = Ptr->stripAndAccumulateConstantOffsets(DL, Offset, true);
  if (!Offset.isZero())
    return std::nullopt;
  if (auto *A = dyn_cast<AllocaInst>(Base))
    return staticAllocaBytes(*A);
  if (auto *GV = dyn_cast<GlobalVariable>(Base))
    return DL.getTypeAllocSize(GV->getValueType()).getFixedValue();
  return std::nullopt;
}

/// The size of each variable \p List (Clang's `cpr_list`) points to, or
/// why they cannot be known.
Expected<SmallVector<uint64_t, 4>> listedSizes(Value *List, uint64_t Count,
                                               const DataLayout &DL) {
  auto *Array = dyn_cast<AllocaInst>(getUnderlyingObject(List));
  if (!Array || Array != List->stripPointerCasts())
    return createStringError("the list is not a local array");
  uint64_t PtrBytes = DL.getPointerSize();
  SmallVector<std::optional<uint64_t>, 4> Sizes(Count);
  for (User *U : Array->users()) {
    SmallVector<StoreInst *, 1> Stores;
    if (auto *Store = dyn_cast<StoreInst>(U)) {
      if (Store->getPointerOperand() == Array)
        Stores.push_back(Store);
    } else if (isa<GetElementPtrInst>(U)) {
      for (User *SlotUser : U->users())
        if (auto *Store = dyn_cast<StoreInst>(SlotUser);
            Store && Store->getPointerOperand() == U)
          Stores.push_back(Store);
    }
    for (StoreInst *Store : Stores) {
      APInt Offset(DL.getIndexTypeSizeInBits(Array->getType()), 0);
      Store->getPointerOperand()->stripAndAccumulateConstantOffsets(DL, Offset,
                                                                    true);
      uint64_t Index = Offset.getZExtValue() / PtrBytes;
      if (Offset.getZExtValue() % PtrBytes || Index >= Count || Sizes[Index])
        return createStringError("an element of the list is not stored once");
      Sizes[Index] = variableBytes(Store->getValueOperand(), DL);
      if (!Sizes[Index])
        return createStringError("a listed variable's size is not known");
    }
  }
  SmallVector<uint64_t, 4> Known;
  for (const std::optional<uint64_t> &Size : Sizes) {
    if (!Size)
      return createStringError("an element of the list is never stored");
    Known.push_back(*Size);
  }
  return Known;
}

void remarkKept(CallInst &Call, StringRef Why) {
  OptimizationRemarkEmitter ORE(Call.getFunction());
  ORE.emit([&] {
    return OptimizationRemarkMissed(RemarkPassName, "CopyPrivateKept", &Call)
           << "copyprivate keeps the libomp call, which other GPU threads "
              "cannot read the single thread's variables through: "
           << Why;
  });
}

bool stageThroughDeviceMemory(CallInst &Call) {
  Module &M = *Call.getModule();
  const DataLayout &DL = M.getDataLayout();
  auto *ListBytes = dyn_cast<ConstantInt>(Call.getArgOperand(2));
  if (!ListBytes || ListBytes->getZExtValue() % DL.getPointerSize()) {
    remarkKept(Call, "the list's size is not a constant");
    return false;
  }
  uint64_t Count = ListBytes->getZExtValue() / DL.getPointerSize();
  Expected<SmallVector<uint64_t, 4>> Sizes =
      listedSizes(Call.getArgOperand(3), Count, DL);
  if (!Sizes) {
    remarkKept(Call, toString(Sizes.takeError()));
    return false;
  }
  IRBuilder<> B(&Call);
  auto *SizesTy = ArrayType::get(B.getInt64Ty(), Count);
  auto *SizesVar = new GlobalVariable(
      M, SizesTy, /*isConstant=*/true, GlobalValue::PrivateLinkage,
      ConstantDataArray::get(M.getContext(), *Sizes), "copyprivate.sizes");
  FunctionCallee Stage =
      convergentRuntimeFunction(M, DeviceCopyPrivate, B.getVoidTy(),
                                {B.getPtrTy(), B.getInt32Ty(), B.getPtrTy(),
                                 B.getPtrTy(), B.getInt32Ty()});
  B.CreateCall(Stage,
               {Call.getArgOperand(3), B.getInt32(Count),
                B.CreatePointerBitCastOrAddrSpaceCast(SizesVar, B.getPtrTy()),
                Call.getArgOperand(4), Call.getArgOperand(5)});
  Call.eraseFromParent();
  ++NumCopyPrivate;
  return true;
}

} // namespace

PreservedAnalyses CopyPrivatePass::run(Function &F, FunctionAnalysisManager &) {
  if (hasDeviceErrors(*F.getParent()))
    return PreservedAnalyses::all();
  SmallVector<CallInst *, 2> Calls;
  for (Instruction &I : instructions(F))
    if (isa<CallInst>(I) && isCallTo(I, LibompCopyPrivate))
      Calls.push_back(cast<CallInst>(&I));
  bool Changed = false;
  for (CallInst *Call : Calls)
    Changed |= stageThroughDeviceMemory(*Call);
  return preservedKeepingCFG(Changed);
}

} // namespace cot

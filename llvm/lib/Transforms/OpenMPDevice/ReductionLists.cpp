//===- ReductionLists.cpp - Clang's reduction calls and their lists ------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The reduction calls of a module and the private copies their lists point
// to (ReductionLists.h).
//
//===----------------------------------------------------------------------===//

#include "ReductionLists.h"
#include "ForkCalls.h"

#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/InstIterator.h"

using namespace llvm;

namespace cot {

std::optional<ReductionOperands> reductionOperands(CallInst &Call) {
  if (isCallTo(Call, ReduceNowait) || isCallTo(Call, ReduceBlocking))
    return ReductionOperands{Call.getArgOperand(OpList),
                             Call.getArgOperand(OpNumItems),
                             Call.getArgOperand(OpCombine)};
  if (isCallTo(Call, ReduceInBlock) || isCallTo(Call, CombineBlock))
    return ReductionOperands{Call.getArgOperand(OpRuntimeItems),
                             Call.getArgOperand(OpRuntimeNumItems),
                             Call.getArgOperand(OpRuntimeCombine)};
  return std::nullopt;
}

bool hasOneItem(const ReductionOperands &Ops) {
  auto *N = dyn_cast<ConstantInt>(Ops.NumItems);
  return N && N->isOne();
}

Function *reduceFunction(const ReductionOperands &Ops) {
  return dyn_cast<Function>(Ops.Combine->stripPointerCasts());
}

SmallVector<CallInst *, 8> reductionCalls(Module &M) {
  SmallVector<CallInst *, 8> Calls;
  for (StringRef Name : {ReduceNowait, ReduceBlocking})
    if (Function *Fn = M.getFunction(Name))
      for (User *U : Fn->users())
        if (auto *Call = dyn_cast<CallInst>(U);
            Call && Call->getCalledFunction() == Fn &&
            Call->arg_size() > OpCombine)
          Calls.push_back(Call);
  return Calls;
}

std::optional<SmallVector<AllocaInst *, 4>>
privatesInList(AllocaInst &List, unsigned NumItems, const DataLayout &DL) {
  SmallVector<AllocaInst *, 4> Slots(NumItems, nullptr);
  auto Record = [&](StoreInst &Store, uint64_t Offset) {
    auto *Private =
        dyn_cast<AllocaInst>(Store.getValueOperand()->stripPointerCasts());
    uint64_t Slot = Offset / DL.getPointerSize();
    if (!Private || !Private->isStaticAlloca() ||
        Private->isArrayAllocation() || Offset % DL.getPointerSize() ||
        Slot >= NumItems || Slots[Slot])
      return false;
    Slots[Slot] = Private;
    return true;
  };
  for (User *U : List.users()) {
    if (auto *Store = dyn_cast<StoreInst>(U)) {
      if (Store->getPointerOperand() == &List && !Record(*Store, 0))
        return std::nullopt;
      continue;
    }
    auto *GEP = dyn_cast<GetElementPtrInst>(U);
    if (!GEP)
      continue;
    APInt Offset(DL.getIndexTypeSizeInBits(GEP->getType()), 0);
    if (!GEP->accumulateConstantOffset(DL, Offset))
      return std::nullopt;
    for (User *GU : GEP->users())
      if (auto *Store = dyn_cast<StoreInst>(GU);
          Store && Store->getPointerOperand() == GEP &&
          !Record(*Store, Offset.getZExtValue()))
        return std::nullopt;
  }
  if (is_contained(Slots, nullptr))
    return std::nullopt;
  return Slots;
}

std::optional<SmallVector<AllocaInst *, 4>>
privatesOf(CallInst &Call, const DataLayout &DL) {
  auto *NumItems = dyn_cast<ConstantInt>(Call.getArgOperand(OpNumItems));
  auto *List =
      dyn_cast<AllocaInst>(Call.getArgOperand(OpList)->stripPointerCasts());
  if (!NumItems || !List || NumItems->isZero())
    return std::nullopt;
  return privatesInList(*List, NumItems->getZExtValue(), DL);
}

std::optional<ReductionCases> reductionCases(CallInst &Call) {
  auto *Switch =
      Call.hasOneUse() ? dyn_cast<SwitchInst>(Call.user_back()) : nullptr;
  if (!Switch)
    return std::nullopt;
  ReductionCases Cases;
  Cases.Merge = Switch->getDefaultDest();
  SmallVector<BasicBlock *, 8> Work;
  for (auto Case : Switch->cases())
    Work.push_back(Case.getCaseSuccessor());
  while (!Work.empty()) {
    BasicBlock *BB = Work.pop_back_val();
    if (BB == Cases.Merge || !Cases.Blocks.insert(BB).second)
      continue;
    if (succ_empty(BB))
      return std::nullopt;
    append_range(Work, successors(BB));
  }
  return Cases;
}

Expected<CallInst *> reductionIntoParameter(Function &Micro,
                                            unsigned ParamNo) {
  auto Failure = [&](StringRef Why) {
    return createStringError(inconvertibleErrorCode(),
                             "the parallel region '" + Micro.getName() +
                                 "' " + Why);
  };
  if (Micro.isVarArg() || ParamNo >= Micro.arg_size() || !Micro.hasOneUse())
    return Failure("has other callers");
  std::optional<SmallVector<Instruction *, 8>> Users =
      pointerUsers(*Micro.getArg(ParamNo));
  if (!Users || Users->empty())
    return Failure("passes it on");
  for (Instruction &I : instructions(Micro)) {
    auto *Call = dyn_cast<CallInst>(&I);
    std::optional<ReductionCases> Cases =
        Call && reductionOperands(*Call) ? reductionCases(*Call)
                                         : std::nullopt;
    if (Cases && all_of(*Users, [&](Instruction *U) {
          return Cases->Blocks.contains(U->getParent());
        }))
      return Call;
  }
  return Failure("uses it outside a reduction");
}

} // namespace cot

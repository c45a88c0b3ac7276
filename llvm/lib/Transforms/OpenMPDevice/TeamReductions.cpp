//===- TeamReductions.cpp - Team sums combined per block ------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Pass openmp-device-team-reductions. In an SPMD kernel every thread runs the
// teams microtask and combines its partial reduction result into the mapped
// variable with an atomic (the device runtime's __kmpc_reduce_nowait answers
// 2 at teams level). For sums, one atomic per block after a warp-shuffle and
// shared-memory sum (__cot_gpu_team_reduce_add_*) does the same with a
// fraction of the contention. The atomics are those of the `case 2` block
// that Clang emits after __kmpc_reduce_nowait. Runs after
// openmp-device-kernel-modes and before the fork calls are lowered.
//
//===----------------------------------------------------------------------===//

#include "ForkCalls.h"
#include "OpenMPDevice/Diagnostics.h"
#include "OpenMPDevice/Passes.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "openmp-device-team-reductions"

STATISTIC(NumTeamSums, "Team sums combined once per block");

using namespace llvm;

namespace cot {
namespace {

/// The runtime function that sums \p RMW's value over a block, if any.
std::optional<StringRef> teamSumFunction(const AtomicRMWInst &RMW) {
  if (!RMW.use_empty())
    return std::nullopt;
  Type *T = RMW.getValOperand()->getType();
  if (RMW.getOperation() == AtomicRMWInst::FAdd) {
    if (T->isDoubleTy())
      return StringRef("__cot_gpu_team_reduce_add_f64");
    if (T->isFloatTy())
      return StringRef("__cot_gpu_team_reduce_add_f32");
  }
  if (RMW.getOperation() == AtomicRMWInst::Add) {
    if (T->isIntegerTy(64))
      return StringRef("__cot_gpu_team_reduce_add_i64");
    if (T->isIntegerTy(32))
      return StringRef("__cot_gpu_team_reduce_add_i32");
  }
  return std::nullopt;
}

/// The sums of the atomic (`case 2`) paths of \p Teams' reductions.
SmallVector<AtomicRMWInst *, 4> atomicTeamSums(Function &Teams) {
  SmallVector<AtomicRMWInst *, 4> Sums;
  for (Instruction &I : instructions(Teams)) {
    if (!isCallTo(I, "__kmpc_reduce_nowait"))
      continue;
    for (User *U : I.users()) {
      auto *Switch = dyn_cast<SwitchInst>(U);
      if (!Switch)
        continue;
      for (auto Case : Switch->cases())
        if (Case.getCaseValue()->equalsInt(2))
          for (Instruction &Atomic : *Case.getCaseSuccessor())
            if (auto *RMW = dyn_cast<AtomicRMWInst>(&Atomic);
                RMW && teamSumFunction(*RMW))
              Sums.push_back(RMW);
    }
  }
  return Sums;
}

bool combineTeamSumsPerBlock(Function &Teams) {
  SmallVector<AtomicRMWInst *, 4> Sums = atomicTeamSums(Teams);
  Module &M = *Teams.getParent();
  Type *Ptr = PointerType::getUnqual(M.getContext());
  Type *Void = Type::getVoidTy(M.getContext());
  for (AtomicRMWInst *RMW : Sums) {
    Type *T = RMW->getValOperand()->getType();
    IRBuilder<> B(RMW);
    B.CreateCall(runtimeFunction(M, *teamSumFunction(*RMW), Void, {Ptr, T}),
                 {RMW->getPointerOperand(), RMW->getValOperand()});
    RMW->eraseFromParent();
  }
  NumTeamSums += Sums.size();
  LLVM_DEBUG(if (!Sums.empty()) dbgs()
             << Sums.size() << " team sums in " << Teams.getName() << "\n");
  return !Sums.empty();
}

/// The teams microtasks an SPMD kernel forks.
SetVector<Function *> teamsMicrotasks(const KernelReach &KR) {
  SetVector<Function *> Teams;
  for (Function *F : KR.Reach)
    for (Instruction &Call : instructions(*F))
      if (isCallTo(Call, ForkTeams))
        if (Function *Micro = microtaskOf(cast<CallBase>(Call)))
          Teams.insert(Micro);
  return Teams;
}

} // namespace

PreservedAnalyses TeamReductionsPass::run(Module &M, ModuleAnalysisManager &) {
  if (hasDeviceErrors(M))
    return PreservedAnalyses::all();
  bool Changed = false;
  for (const KernelReach &KR : kernelReaches(M))
    if (KR.K.Mode == KernelMode::SPMD)
      for (Function *Teams : teamsMicrotasks(KR))
        Changed |= combineTeamSumsPerBlock(*Teams);
  return preservedKeepingCFG(Changed);
}

} // namespace cot

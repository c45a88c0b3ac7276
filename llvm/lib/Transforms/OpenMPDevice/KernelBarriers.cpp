//===- KernelBarriers.cpp - Block barriers a kernel does not need ---------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A kernel whose every thread runs the team code (SPMD and guarded kernels,
// which enter through __cot_gpu_spmd_init) begins with a block barrier
// after thread 0 has initialized the team state, and the team code ends
// with one where its threads join. CUDA code ported to OpenMP launches one
// small block per tile, so these two barriers come on top of the tile's own
// two: a transpose through shared memory ran 1.45x CUDA's time.
//
// Pass openmp-device-kernel-barriers (module, at the end of O3's
// optimizer, after openmp-device-kernel-shared-state has removed the team
// state stores no code of the kernel loads), in those kernels:
//  - drops a block barrier that only the kernel's return follows: the
//    block's threads all pass it on their way out, and nothing after it
//    can observe what it orders;
//  - drops the first block barrier of the entry block when nothing before
//    it reads memory or writes any but the thread's own slot of a
//    per-thread shared array (every access to the array, in the whole
//    module, is at index %tid.x): no other thread can see those writes.
// Generic kernels (a main thread and workers meeting at barriers of
// different code) keep theirs.
//
//===----------------------------------------------------------------------===//

#include "OpenMPDevice/Kernels.h"
#include "OpenMPDevice/Passes.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

#define DEBUG_TYPE "openmp-device-kernel-barriers"

STATISTIC(NumExitBarriers, "Barriers before a kernel's return dropped");
STATISTIC(NumEntryBarriers, "Barriers at a kernel's start dropped");

using namespace llvm;

namespace cot {
namespace {

/// Whether \p I is a barrier of the whole block.
bool isBlockBarrier(const Instruction &I) {
  const auto *II = dyn_cast<IntrinsicInst>(&I);
  if (!II)
    return false;
  if (II->getIntrinsicID() == Intrinsic::nvvm_barrier0)
    return true;
  if (II->getIntrinsicID() != Intrinsic::nvvm_barrier_sync)
    return false;
  const auto *Id = dyn_cast<ConstantInt>(II->getArgOperand(0));
  return Id && Id->isZero();
}

/// Whether \p V is the calling thread's %tid.x, maybe extended.
bool isThreadId(const Value *V) {
  if (const auto *Cast = dyn_cast<CastInst>(V);
      Cast && (isa<ZExtInst>(Cast) || isa<SExtInst>(Cast)))
    V = Cast->getOperand(0);
  const auto *II = dyn_cast<IntrinsicInst>(V);
  return II && II->getIntrinsicID() == Intrinsic::nvvm_read_ptx_sreg_tid_x;
}

/// Whether \p G is an array of one slot per thread in the functions
/// \p Reach of a kernel: every use there is the address of element
/// [%tid.x], only loaded from and stored to.
bool isPerThreadArray(const GlobalVariable &G, const KernelFunctions &Reach) {
  for (const User *U : G.users()) {
    const auto *GEP = dyn_cast<GetElementPtrInst>(U);
    if (!GEP) {
      if (const auto *I = dyn_cast<Instruction>(U)) {
        if (Reach.contains(I->getFunction()))
          return false;
        continue;
      }
      // A constant expression (another kernel's thread 0 writing slot 0):
      // no use of it may be in the kernel.
      for (const User *CU : U->users())
        if (const auto *I = dyn_cast<Instruction>(CU);
            !I || Reach.contains(I->getFunction()))
          return false;
      continue;
    }
    if (!Reach.contains(GEP->getFunction()))
      continue;
    const auto *First = dyn_cast<ConstantInt>(GEP->getOperand(1));
    if (GEP->getPointerOperand() != &G || GEP->getNumIndices() != 2 ||
        !First || !First->isZero() || !isThreadId(GEP->getOperand(2)))
      return false;
    for (const User *Access : GEP->users()) {
      const auto *S = dyn_cast<StoreInst>(Access);
      if (!isa<LoadInst>(Access) && !(S && S->getValueOperand() != GEP))
        return false;
    }
  }
  return true;
}

/// Whether \p I, before a kernel's first barrier, is invisible to the
/// block's other threads: it neither reads memory nor writes any but the
/// thread's own slot of a per-thread array.
bool isPrivateToThread(const Instruction &I, const KernelFunctions &Reach) {
  if (!I.mayReadOrWriteMemory())
    return true;
  const auto *S = dyn_cast<StoreInst>(&I);
  if (!S || S->isVolatile() || S->isAtomic())
    return false;
  const auto *GEP = dyn_cast<GetElementPtrInst>(S->getPointerOperand());
  const auto *Array =
      GEP ? dyn_cast<GlobalVariable>(GEP->getPointerOperand()) : nullptr;
  return Array && isPerThreadArray(*Array, Reach);
}

/// Drops the block barriers that only \p Kernel's returns follow.
bool dropExitBarriers(Function &Kernel) {
  bool Changed = false;
  for (BasicBlock &BB : Kernel) {
    auto *Ret = dyn_cast<ReturnInst>(BB.getTerminator());
    while (Ret && Ret->getPrevNode() && isBlockBarrier(*Ret->getPrevNode())) {
      Ret->getPrevNode()->eraseFromParent();
      ++NumExitBarriers;
      Changed = true;
    }
  }
  return Changed;
}

/// Drops \p Kernel's first barrier when only thread-private work comes
/// before it.
bool dropEntryBarrier(Function &Kernel) {
  std::optional<KernelFunctions> Reach = functionsRunBy(Kernel);
  if (!Reach)
    return false;
  for (Instruction &I : Kernel.getEntryBlock()) {
    if (isBlockBarrier(I)) {
      I.eraseFromParent();
      ++NumEntryBarriers;
      return true;
    }
    if (!isPrivateToThread(I, *Reach))
      return false;
  }
  return false;
}

} // namespace

PreservedAnalyses KernelBarriersPass::run(Module &M, ModuleAnalysisManager &) {
  bool Changed = false;
  for (Function *Kernel : annotatedKernels(M)) {
    if (!everyThreadRunsTeamCode(*Kernel))
      continue;
    Changed |= dropEntryBarrier(*Kernel);
    Changed |= dropExitBarriers(*Kernel);
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace cot

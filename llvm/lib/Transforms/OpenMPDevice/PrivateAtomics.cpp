//===- PrivateAtomics.cpp - Atomics on a GPU thread's own memory ----------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// On the GPU every alloca that is left after kernel formation is private to
// its thread: locals that parallel regions share were moved to team-shared
// storage (globalization), and local memory cannot be reached by another
// thread. An atomic access of such memory is therefore an ordinary one.
//
// Clang's reduction code combines a thread's partial result into the
// enclosing private copy either directly or with an atomic, as the runtime's
// __kmpc_reduce_nowait decides at run time. The atomic path alone keeps the
// copy in local memory: SROA does not promote allocas with atomic accesses.
// Making those accesses plain lets the copy live in a register, which takes
// a local-memory read-modify-write out of every chunk of a reduction loop.
//
// Function pass openmp-device-private-atomics. It runs inside the
// optimization pipeline, after inlining has exposed the reductions' private
// copies, and also on optnone functions (-O0 code).
//
//===----------------------------------------------------------------------===//

#include "ForkCalls.h"
#include "OpenMPDevice/Passes.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Utils/LowerAtomic.h"

#define DEBUG_TYPE "openmp-device-private-atomics"

STATISTIC(NumPlainAccesses, "Atomics on thread-private memory made plain");

using namespace llvm;

namespace cot {

static bool isThreadPrivate(const Value *Ptr) {
  return isa<AllocaInst>(getUnderlyingObject(Ptr));
}

PreservedAnalyses PrivateAtomicsPass::run(Function &F,
                                          FunctionAnalysisManager &) {
  SmallVector<Instruction *, 8> Atomics;
  for (Instruction &I : instructions(F)) {
    if (auto *RMW = dyn_cast<AtomicRMWInst>(&I)) {
      if (isThreadPrivate(RMW->getPointerOperand()))
        Atomics.push_back(RMW);
    } else if (auto *CmpXchg = dyn_cast<AtomicCmpXchgInst>(&I)) {
      if (isThreadPrivate(CmpXchg->getPointerOperand()))
        Atomics.push_back(CmpXchg);
    } else if (auto *Load = dyn_cast<LoadInst>(&I)) {
      if (Load->isAtomic() && !Load->isVolatile() &&
          isThreadPrivate(Load->getPointerOperand()))
        Atomics.push_back(Load);
    } else if (auto *Store = dyn_cast<StoreInst>(&I)) {
      if (Store->isAtomic() && !Store->isVolatile() &&
          isThreadPrivate(Store->getPointerOperand()))
        Atomics.push_back(Store);
    }
  }
  NumPlainAccesses += Atomics.size();
  LLVM_DEBUG(if (!Atomics.empty()) dbgs()
             << Atomics.size() << " private atomics in " << F.getName()
             << "\n");
  for (Instruction *I : Atomics) {
    if (auto *RMW = dyn_cast<AtomicRMWInst>(I))
      lowerAtomicRMWInst(RMW);
    else if (auto *CmpXchg = dyn_cast<AtomicCmpXchgInst>(I))
      lowerAtomicCmpXchgInst(CmpXchg);
    else if (auto *Load = dyn_cast<LoadInst>(I))
      Load->setAtomic(AtomicOrdering::NotAtomic);
    else
      cast<StoreInst>(I)->setAtomic(AtomicOrdering::NotAtomic);
  }
  return preservedKeepingCFG(!Atomics.empty());
}

} // namespace cot

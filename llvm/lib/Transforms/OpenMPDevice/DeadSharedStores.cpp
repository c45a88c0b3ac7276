//===- DeadSharedStores.cpp - Shared-memory stores nobody reads -----------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A CUDA block's shared memory lives as long as the block: what a kernel
// stores there and no thread reads before the block ends is lost. The
// device runtime's state is in shared memory, and once O3 has inlined it
// most SPMD kernels keep stores of it that nothing reads: each thread's
// level byte cleared at the kernel's entry and restored after its parallel
// region, thread 0's num_threads value for a fork the lowering made a
// direct call. LLVM's dead-store elimination keeps them, since it does not
// know that the memory dies with the kernel. On an H200 those three stores
// cost HeCBench heat's one-iteration-per-thread kernel 11% of its time.
//
// Module pass openmp-device-dead-shared-stores, at the end of O3, erases a
// plain store in a kernel (a function nvvm.annotations marks) to a
// shared-memory variable when
//   - nothing the kernel runs reads the variable (no load, atomic, or call
//     that alias analysis says may read it), or
//   - nothing reachable from the store reads it or synchronizes: no
//     access that may read it, no atomic, fence or volatile access, no
//     call that may write memory (a barrier among them). Another thread's
//     read of the stored value would need one of those after the store to
//     be ordered after it; without, it would be a data race; or
//   - it writes back, unchanged, what its thread loaded from the same
//     address, and nothing on any path from that load to it may change
//     the variable or synchronize (LICM promotes the level byte around a
//     kernel's outer loop: loaded before the loop, written back after it).
// The branches that only guarded erased stores (thread 0 testing its level
// before storing num_threads) are folded, which may leave their loads
// unused, as erased write-backs leave theirs; another round then erases
// the stores those loads kept.
//
//===----------------------------------------------------------------------===//

#include "OpenMPDevice/Kernels.h"
#include "OpenMPDevice/Passes.h"
#include "TeamShared.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetOperations.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/MemoryLocation.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/ValueHandle.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Utils/Local.h"

#define DEBUG_TYPE "openmp-device-dead-shared-stores"

STATISTIC(NumDeadSharedStores, "Shared-memory stores no thread reads");

using namespace llvm;

namespace cot {
namespace {

/// Rounds of erasing and folding per kernel: a later round erases what an
/// earlier one's folded guards or erased write-backs kept.
constexpr unsigned MaxRounds = 4;

/// Whether \p I may let another thread see memory the calling thread
/// stored before it: an atomic access or fence, a volatile access, or a
/// call that may write memory (barriers, and functions that may hold
/// either).
bool maySynchronize(const Instruction &I) {
  if (I.isAtomic())
    return true;
  if (const auto *Load = dyn_cast<LoadInst>(&I))
    return Load->isVolatile();
  if (const auto *Store = dyn_cast<StoreInst>(&I))
    return Store->isVolatile();
  const auto *Call = dyn_cast<CallBase>(&I);
  if (!Call || isa<DbgInfoIntrinsic>(Call) || Call->isLifetimeStartOrEnd() ||
      isa<AssumeInst>(Call))
    return false;
  return !Call->onlyReadsMemory();
}

/// The blocks \p Start holds and those reached from them by \p Next
/// (successors or predecessors), transitively.
template <typename RangeT, typename NextT>
SmallPtrSet<const BasicBlock *, 16> blockClosure(RangeT &&Start, NextT Next) {
  SmallVector<const BasicBlock *, 16> Work(Start.begin(), Start.end());
  SmallPtrSet<const BasicBlock *, 16> Seen;
  while (!Work.empty()) {
    const BasicBlock *BB = Work.pop_back_val();
    if (Seen.insert(BB).second)
      append_range(Work, Next(BB));
  }
  return Seen;
}

const_pred_range predecessorsOf(const BasicBlock *BB) {
  return predecessors(BB);
}

const_succ_range successorsOf(const BasicBlock *BB) { return successors(BB); }

/// The memory accesses and calls of one kernel, for queries per variable.
class KernelAccesses {
public:
  KernelAccesses(Function &Kernel, AAResults &AA) : AA(AA) {
    for (Instruction &I : instructions(Kernel)) {
      auto *Call = dyn_cast<CallBase>(&I);
      if (I.mayReadFromMemory() || maySynchronize(I) ||
          (Call && Call->isInlineAsm()))
        Accesses.push_back(&I);
      auto *Store = dyn_cast<StoreInst>(&I);
      if (!Store || !Store->isSimple())
        continue;
      if (GlobalVariable *GV = sharedVariable(Store->getPointerOperand()))
        StoresTo[GV].push_back(Store);
    }
  }

  /// The kernel's plain stores to each shared-memory variable.
  const MapVector<GlobalVariable *, SmallVector<StoreInst *, 4>> &stores() {
    return StoresTo;
  }

  /// Whether \p I may read \p GV.
  bool mayRead(Instruction &I, GlobalVariable &GV) {
    return isAsmGiven(I, GV) ||
           (I.mayReadFromMemory() && isRefSet(modRefOn(I, GV)));
  }

  /// Whether \p I may write \p GV or synchronize with other threads.
  bool mayChange(Instruction &I, GlobalVariable &GV) {
    return maySynchronize(I) || isAsmGiven(I, GV) ||
           (I.mayWriteToMemory() && isModSet(modRefOn(I, GV)));
  }

  /// Whether a store to \p GV before \p I would be observable at \p I.
  bool observes(Instruction &I, GlobalVariable &GV) {
    return maySynchronize(I) || mayRead(I, GV);
  }

  /// Whether any instruction of the kernel may read \p GV.
  bool anyReads(GlobalVariable &GV) {
    return any_of(Accesses, [&](Instruction *I) { return mayRead(*I, GV); });
  }

  /// The blocks from which an instruction that observes \p GV is reachable
  /// (the blocks holding one included).
  SmallPtrSet<const BasicBlock *, 16>
  blocksReachingObservers(GlobalVariable &GV) {
    SmallVector<const BasicBlock *, 16> Observers;
    for (Instruction *I : Accesses)
      if (observes(*I, GV))
        Observers.push_back(I->getParent());
    return blockClosure(Observers, predecessorsOf);
  }

private:
  /// How alias analysis says \p I may access \p GV.
  ModRefInfo modRefOn(Instruction &I, GlobalVariable &GV) {
    return AA.getModRefInfo(&I, MemoryLocation::getBeforeOrAfter(&GV));
  }

  /// Whether \p I is inline assembly that gets an address in \p GV as an
  /// operand: it may access the variable whatever its memory effects say
  /// (Clang calls assembly without a "memory" clobber readnone).
  static bool isAsmGiven(Instruction &I, GlobalVariable &GV) {
    auto *Call = dyn_cast<CallBase>(&I);
    return Call && Call->isInlineAsm() && any_of(Call->args(), [&](Value *Arg) {
             return Arg->getType()->isPointerTy() && sharedVariable(Arg) == &GV;
           });
  }

  AAResults &AA;
  SmallVector<Instruction *, 32> Accesses;
  MapVector<GlobalVariable *, SmallVector<StoreInst *, 4>> StoresTo;
};

/// Whether nothing reachable from \p Store observes \p GV: nothing after
/// it in its block, and no successor of its block in \p Reaching.
bool unobservedAfter(StoreInst &Store, GlobalVariable &GV,
                     const SmallPtrSet<const BasicBlock *, 16> &Reaching,
                     KernelAccesses &Accesses) {
  for (Instruction *I = Store.getNextNode(); I; I = I->getNextNode())
    if (Accesses.observes(*I, GV))
      return false;
  return none_of(successors(Store.getParent()),
                 [&](const BasicBlock *Succ) { return Reaching.count(Succ); });
}

/// The blocks on some path from \p From's end to \p To's start: those
/// reachable from \p From's successors that reach one of \p To's
/// predecessors.
SmallPtrSet<const BasicBlock *, 16> blocksBetween(const BasicBlock *From,
                                                  const BasicBlock *To) {
  SmallPtrSet<const BasicBlock *, 16> Forward =
      blockClosure(successors(From), successorsOf);
  set_intersect(Forward, blockClosure(predecessors(To), predecessorsOf));
  return Forward;
}

/// Whether \p Store writes back what its thread loaded from the same
/// address, with nothing on any path from the load to it that may change
/// the variable or synchronize (LICM's promotion of the level byte around
/// a loop leaves a load before the loop and this store after it).
bool writesBack(StoreInst &Store, GlobalVariable &GV,
                KernelAccesses &Accesses) {
  auto *Load = dyn_cast<LoadInst>(Store.getValueOperand());
  if (!Load || !Load->isSimple() ||
      Load->getPointerOperand() != Store.getPointerOperand())
    return false;
  auto Changes = [&](Instruction &I) {
    return &I != Load && &I != &Store && Accesses.mayChange(I, GV);
  };
  auto ChangesIn = [&](Instruction *Begin, Instruction *End) {
    for (Instruction *I = Begin; I != End; I = I->getNextNode())
      if (Changes(*I))
        return true;
    return false;
  };
  BasicBlock *From = Load->getParent(), *To = Store.getParent();
  SmallPtrSet<const BasicBlock *, 16> Between = blocksBetween(From, To);
  for (const BasicBlock *BB : Between)
    for (const Instruction &I : *BB)
      if (Changes(const_cast<Instruction &>(I)))
        return false;
  if (From == To && Load->comesBefore(&Store))
    return !ChangesIn(Load->getNextNode(), &Store);
  return !ChangesIn(Load->getNextNode(), nullptr) &&
         !ChangesIn(&To->front(), &Store);
}

/// The stores of \p Kernel to shared memory that no thread reads.
SmallVector<StoreInst *, 8> deadStores(Function &Kernel, AAResults &AA) {
  KernelAccesses Accesses(Kernel, AA);
  SmallVector<StoreInst *, 8> Dead;
  for (auto &[GV, Stores] : Accesses.stores()) {
    if (!Accesses.anyReads(*GV)) {
      append_range(Dead, Stores);
      continue;
    }
    SmallPtrSet<const BasicBlock *, 16> Reaching =
        Accesses.blocksReachingObservers(*GV);
    for (StoreInst *Store : Stores)
      if (unobservedAfter(*Store, *GV, Reaching, Accesses) ||
          writesBack(*Store, *GV, Accesses))
        Dead.push_back(Store);
  }
  return Dead;
}

/// Simplifies the control flow around \p Emptied, blocks that erased
/// stores left holding less: a block left with only its branch merges into
/// its successor, then a predecessor's branch to the same block both ways
/// folds, its condition's computation goes (thread 0 testing its level
/// before storing num_threads), and so on up the predecessors.
void foldGuards(ArrayRef<BasicBlock *> Emptied,
                const TargetTransformInfo &TTI) {
  SmallVector<WeakVH, 8> Work(Emptied.begin(), Emptied.end());
  while (!Work.empty()) {
    auto *BB = cast_or_null<BasicBlock>(Work.pop_back_val());
    if (!BB)
      continue;
    SmallVector<WeakVH, 4> Preds(pred_begin(BB), pred_end(BB));
    if (simplifyCFG(BB, TTI))
      Work.append(Preds.begin(), Preds.end());
  }
}

/// Erases \p Kernel's dead shared-memory stores; returns how many.
unsigned eraseDeadStores(Function &Kernel, FunctionAnalysisManager &FAM) {
  unsigned Erased = 0;
  for (unsigned Round = 0; Round < MaxRounds; ++Round) {
    SmallVector<StoreInst *, 8> Dead =
        deadStores(Kernel, FAM.getResult<AAManager>(Kernel));
    if (Dead.empty())
      break;
    SmallSetVector<BasicBlock *, 8> Emptied;
    for (StoreInst *Store : Dead) {
      LLVM_DEBUG(dbgs() << Kernel.getName() << ": erased " << *Store << "\n");
      Emptied.insert(Store->getParent());
      Value *Stored = Store->getValueOperand();
      Value *Ptr = Store->getPointerOperand();
      Store->eraseFromParent();
      RecursivelyDeleteTriviallyDeadInstructions(Stored);
      RecursivelyDeleteTriviallyDeadInstructions(Ptr);
    }
    Erased += Dead.size();
    FAM.invalidate(Kernel, PreservedAnalyses::none());
    foldGuards(Emptied.getArrayRef(), FAM.getResult<TargetIRAnalysis>(Kernel));
    FAM.invalidate(Kernel, PreservedAnalyses::none());
  }
  return Erased;
}

} // namespace

PreservedAnalyses DeadSharedStoresPass::run(Module &M,
                                            ModuleAnalysisManager &MAM) {
  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  unsigned Erased = 0;
  for (Function *Kernel : annotatedKernels(M))
    Erased += eraseDeadStores(*Kernel, FAM);
  NumDeadSharedStores += Erased;
  return Erased ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace cot

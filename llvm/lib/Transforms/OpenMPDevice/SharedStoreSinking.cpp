//===- SharedStoreSinking.cpp - Shared-memory stores after later loads ----===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// CUDA-style code fills a tile of shared memory from global memory with a
// loop over the block's threads, each element guarded by a bounds test:
//
//   for (e = tid; e < (T + 2) * (T + 2); e += nth)
//     tile[e / (T + 2)][e % (T + 2)] = inside(e) ? u[index(e)] : 0.0;
//
// Unrolled (openmp-device-tile-fill-loops), each copy stores what it loaded
// before the next copy's guarded load: the store waits for its load, so a
// thread has one load in flight, and the tile costs a memory latency per
// element. nvcc issues the copies' loads first and stores after them (bench
// cs_stencil: CUDA's kernel takes 19% longer with its fill loop kept
// rolled; ours with the loads grouped in the source ran 11% faster).
//
// Module pass openmp-device-sink-shared-stores, at the end of O3: a block's
// trailing stores to shared memory move to the block's immediate
// post-dominator when the code between, a branch and its arms in the same
// loop iteration, only computes and loads memory that is not shared: the
// global memory of the kernel's pointer arguments (CUDA's kernel arguments
// point to global memory) or of the global and constant address spaces.
// Such loads cannot read what the stores write, and the stores still run
// exactly when they did before (the block dominates the post-dominator,
// and no path between them goes around the loop), in the same order. They
// move again from there, down to the copies' last join, so the loads of
// all copies are issued before the first store waits.
//
//===----------------------------------------------------------------------===//

#include "OpenMPDevice/Kernels.h"
#include "OpenMPDevice/NVPTX.h"
#include "OpenMPDevice/Passes.h"
#include "TeamShared.h"

#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "openmp-device-sink-shared-stores"

STATISTIC(NumStoresSunk, "Shared-memory stores moved below later loads");

using namespace llvm;

namespace cot {
namespace {

/// Blocks between a store and its post-dominator the walk looks at.
constexpr unsigned MaxRegionBlocks = 16;

class StoreSinking {
public:
  StoreSinking(Function &F, bool IsKernel, DominatorTree &DT,
               PostDominatorTree &PDT, LoopInfo &LI)
      : F(F), IsKernel(IsKernel), DT(DT), PDT(PDT), LI(LI) {}

  bool run();

private:
  Function &F;
  bool IsKernel;
  DominatorTree &DT;
  PostDominatorTree &PDT;
  LoopInfo &LI;

  bool isNotShared(const Value *Ptr) const;
  bool isSinkable(const Instruction &I) const;
  bool isPassable(const Instruction &I) const;
  SmallVector<StoreInst *, 4> trailingStores(BasicBlock &BB) const;
  BasicBlock *sinkTarget(BasicBlock &BB) const;
  BasicBlock *sinkFrom(BasicBlock &BB);
};

/// Whether \p Ptr points to memory that is not shared: global or constant
/// memory, or what a kernel's pointer argument points into.
bool StoreSinking::isNotShared(const Value *Ptr) const {
  unsigned AS = Ptr->getType()->getPointerAddressSpace();
  if (AS == GlobalAddressSpace || AS == ConstantAddressSpace)
    return true;
  const Value *Object = getUnderlyingObject(Ptr);
  if (isa<Argument>(Object))
    return IsKernel;
  const auto *GV = dyn_cast<GlobalVariable>(Object);
  return GV && (GV->getAddressSpace() == GlobalAddressSpace ||
                GV->getAddressSpace() == ConstantAddressSpace);
}

/// Whether \p I is a plain store to shared memory.
bool StoreSinking::isSinkable(const Instruction &I) const {
  const auto *Store = dyn_cast<StoreInst>(&I);
  return Store && Store->isSimple() &&
         pointsToSharedMemory(Store->getPointerOperand());
}

/// Whether shared-memory stores may move below \p I: it computes, or loads
/// memory they cannot write.
bool StoreSinking::isPassable(const Instruction &I) const {
  if (const auto *Load = dyn_cast<LoadInst>(&I))
    return Load->isSimple() && isNotShared(Load->getPointerOperand());
  if (const auto *II = dyn_cast<IntrinsicInst>(&I);
      II && II->isAssumeLikeIntrinsic())
    return true;
  return !I.mayReadOrWriteMemory() && !I.mayHaveSideEffects();
}

/// The stores to shared memory that end \p BB: the last run of them with
/// only passable instructions between them and after them.
SmallVector<StoreInst *, 4> StoreSinking::trailingStores(BasicBlock &BB) const {
  SmallVector<StoreInst *, 4> Stores;
  for (Instruction &I :
       make_range(BB.begin(), BB.getTerminator()->getIterator())) {
    if (isSinkable(I))
      Stores.push_back(cast<StoreInst>(&I));
    else if (!isPassable(I))
      Stores.clear();
  }
  return Stores;
}

/// Where \p BB's trailing stores may move: its immediate post-dominator,
/// when \p BB dominates it in the same loop iteration and the blocks
/// between (at least one load among them) only hold passable code.
BasicBlock *StoreSinking::sinkTarget(BasicBlock &BB) const {
  DomTreeNode *Node = PDT.getNode(&BB);
  if (!Node || !Node->getIDom())
    return nullptr;
  BasicBlock *Join = Node->getIDom()->getBlock();
  Loop *L = LI.getLoopFor(&BB);
  if (!Join || !DT.dominates(&BB, Join) || LI.getLoopFor(Join) != L ||
      (L && L->getHeader() == Join))
    return nullptr;
  SmallVector<BasicBlock *, 8> Work(successors(&BB));
  SmallPtrSet<BasicBlock *, 8> Seen;
  bool Loads = false;
  while (!Work.empty()) {
    BasicBlock *Next = Work.pop_back_val();
    if (Next == Join || !Seen.insert(Next).second)
      continue;
    if (Seen.size() > MaxRegionBlocks || LI.getLoopFor(Next) != L ||
        (L && L->getHeader() == Next))
      return nullptr;
    for (Instruction &I : *Next) {
      if (!I.isTerminator() && !isPassable(I))
        return nullptr;
      Loads |= isa<LoadInst>(I);
    }
    append_range(Work, successors(Next));
  }
  return Loads ? Join : nullptr;
}

/// Moves \p BB's trailing stores, in order, to the start of their target;
/// returns the target, or null when they stay.
BasicBlock *StoreSinking::sinkFrom(BasicBlock &BB) {
  SmallVector<StoreInst *, 4> Stores = trailingStores(BB);
  if (Stores.empty())
    return nullptr;
  BasicBlock *Join = sinkTarget(BB);
  if (!Join)
    return nullptr;
  BasicBlock::iterator At = Join->getFirstInsertionPt();
  for (StoreInst *Store : Stores) {
    Store->moveBefore(*Join, At);
    ++NumStoresSunk;
  }
  LLVM_DEBUG(dbgs() << F.getName() << ": " << Stores.size()
                    << " shared stores of " << BB.getName() << " to "
                    << Join->getName() << "\n");
  return Join;
}

bool StoreSinking::run() {
  bool Changed = false;
  ReversePostOrderTraversal<Function *> RPOT(&F);
  for (BasicBlock *BB : RPOT)
    for (BasicBlock *From = BB; From;) {
      From = sinkFrom(*From);
      Changed |= From != nullptr;
    }
  return Changed;
}

} // namespace

PreservedAnalyses SharedStoreSinkingPass::run(Module &M,
                                              ModuleAnalysisManager &MAM) {
  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  SmallPtrSet<Function *, 8> Kernels;
  for (Function *K : annotatedKernels(M))
    Kernels.insert(K);
  bool Changed = false;
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    StoreSinking Sinking(F, Kernels.count(&F),
                         FAM.getResult<DominatorTreeAnalysis>(F),
                         FAM.getResult<PostDominatorTreeAnalysis>(F),
                         FAM.getResult<LoopAnalysis>(F));
    if (Sinking.run()) {
      Changed = true;
      FAM.invalidate(F, PreservedAnalyses::allInSet<CFGAnalyses>());
    }
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace cot

//===- InitBarriers.cpp - Kernel-entry barriers that order nothing --------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// An SPMD kernel starts with the device runtime's init: thread 0 sets the
// team's state, every thread clears its own slots of the per-thread state,
// and a block barrier makes those stores visible before any thread reads
// them. Once O3 has inlined the runtime, most kernels read little or none
// of that state: a `distribute parallel for` that CUDA code was ported to
// (`num_teams(n / 256) num_threads(256)`, one iteration per thread) keeps
// only its thread's own slot, which the thread itself wrote. Its blocks
// still wait at the barrier before the first load; on an H200 that made
// the smallest blocks the slowest grid (docs/Runtime.md, launch geometry).
//
// Module pass openmp-device-init-barriers, at the end of O3: a kernel's
// first barrier, outside any loop, goes when every path from the entry
// reaches it through
// code that only computes and stores to shared-memory variables, and
// nothing the kernel runs afterwards (its own code and every function it
// may call) accesses those variables but with plain loads and stores that
// touch nothing another thread stored: the accessing thread's own slot of
// a variable each thread stored its own slot of (the element indexed by
// the thread's id, or element 0 where only thread 0 gets there: a branch
// on the thread id being 0 dominates the access), or, where thread 0
// alone stored a variable, accesses that thread 0 alone makes. Such a
// barrier orders no access of one thread against another's.
//
//===----------------------------------------------------------------------===//

#include "OpenMPDevice/Kernels.h"
#include "OpenMPDevice/Passes.h"
#include "TeamShared.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Support/Debug.h"

#include <optional>

#define DEBUG_TYPE "openmp-device-init-barriers"

STATISTIC(NumInitBarriersErased, "Kernel-entry barriers that ordered nothing");

using namespace llvm;
using namespace llvm::PatternMatch;

namespace cot {
namespace {

/// Blocks before a kernel's first barrier that the search looks at.
constexpr unsigned MaxInitBlocks = 16;

/// Whether \p I is a whole-block barrier (barrier 0, no thread count).
bool isBlockBarrier(const Instruction &I) {
  const auto *II = dyn_cast<IntrinsicInst>(&I);
  if (!II)
    return false;
  if (II->getIntrinsicID() == Intrinsic::nvvm_barrier0)
    return true;
  return II->getIntrinsicID() == Intrinsic::nvvm_barrier_sync &&
         match(II->getArgOperand(0), m_Zero());
}

/// Whether \p V is the calling thread's id in its block (tid.x), maybe
/// extended.
bool isThreadId(const Value *V) {
  if (const auto *Ext = dyn_cast<CastInst>(V);
      Ext && (isa<ZExtInst>(Ext) || isa<SExtInst>(Ext)))
    V = Ext->getOperand(0);
  const auto *II = dyn_cast<IntrinsicInst>(V);
  return II && II->getIntrinsicID() == Intrinsic::nvvm_read_ptx_sreg_tid_x;
}

/// The bytes of the slot \p Ptr addresses when it is element [tid] of its
/// shared-memory variable: a GEP from the variable whose last index is the
/// thread's id and whose other indices are 0.
std::optional<uint64_t> ownSlotBytes(const Value *Ptr, const DataLayout &DL) {
  const auto *GEP = dyn_cast<GEPOperator>(Ptr->stripPointerCasts());
  if (!GEP ||
      !isa<GlobalVariable>(GEP->getPointerOperand()->stripPointerCasts()) ||
      GEP->getNumIndices() == 0 || !isThreadId(*std::prev(GEP->idx_end())))
    return std::nullopt;
  for (const Use &Index : make_range(GEP->idx_begin(), std::prev(GEP->idx_end())))
    if (!match(Index.get(), m_Zero()))
      return std::nullopt;
  return DL.getTypeAllocSize(GEP->getResultElementType()).getFixedValue();
}

/// Whether \p Ptr is the start of its shared-memory variable.
bool isVariableStart(const Value *Ptr) {
  Ptr = Ptr->stripPointerCasts();
  if (isa<GlobalVariable>(Ptr))
    return true;
  const auto *GEP = dyn_cast<GEPOperator>(Ptr);
  return GEP &&
         isa<GlobalVariable>(GEP->getPointerOperand()->stripPointerCasts()) &&
         GEP->hasAllZeroIndices();
}

/// The bytes \p I (a load or store) accesses.
uint64_t accessBytes(const Instruction &I, const DataLayout &DL) {
  Type *Ty = isa<LoadInst>(I) ? I.getType()
                              : cast<StoreInst>(I).getValueOperand()->getType();
  return DL.getTypeStoreSize(Ty).getFixedValue();
}

/// Whether \p BB may be reachable from its own successors: a barrier there
/// also orders one iteration's accesses against the next one's. Irreducible
/// control flow, whose cycles LoopInfo does not see, counts as a cycle.
bool mayBeInCycle(BasicBlock &BB, LoopInfo &LI) {
  ReversePostOrderTraversal<const Function *> RPOT(BB.getParent());
  return LI.getLoopFor(&BB) ||
         containsIrreducibleCFG<const BasicBlock *>(RPOT, LI);
}

/// The kernel's init: the blocks before its first barrier and the stores
/// they make, or nothing when that code does more than compute and store
/// to shared-memory variables, or does not reach one barrier on every path.
struct KernelInit {
  CallInst *Barrier = nullptr;
  SmallVector<StoreInst *, 8> Stores;
};

std::optional<KernelInit> findInit(Function &Kernel, LoopInfo &LI) {
  KernelInit Init;
  SmallVector<BasicBlock *, 8> Work = {&Kernel.getEntryBlock()};
  SmallPtrSet<BasicBlock *, 8> Seen;
  while (!Work.empty()) {
    BasicBlock *BB = Work.pop_back_val();
    if (!Seen.insert(BB).second)
      continue;
    if (Seen.size() > MaxInitBlocks)
      return std::nullopt;
    bool Reached = false;
    for (Instruction &I : *BB) {
      if (isBlockBarrier(I)) {
        if (Init.Barrier && Init.Barrier != &I)
          return std::nullopt;
        Init.Barrier = cast<CallInst>(&I);
        Reached = true;
        break;
      }
      if (auto *Store = dyn_cast<StoreInst>(&I)) {
        if (!Store->isSimple() || !sharedVariable(Store->getPointerOperand()))
          return std::nullopt;
        Init.Stores.push_back(Store);
        continue;
      }
      if (isa<ReturnInst>(I) || I.mayReadOrWriteMemory() ||
          I.mayHaveSideEffects()) {
        const auto *II = dyn_cast<IntrinsicInst>(&I);
        if (!II || !II->doesNotAccessMemory())
          return std::nullopt;
      }
    }
    if (!Reached)
      append_range(Work, successors(BB));
  }
  if (!Init.Barrier || mayBeInCycle(*Init.Barrier->getParent(), LI))
    return std::nullopt;
  return Init;
}

/// The functions \p Kernel may run: those its calls reach. Nothing when an
/// indirect call may go anywhere. Inline assembly (libdevice's) reaches no
/// variable but through its operands, which are uses of their own.
std::optional<SetVector<Function *>> reachableFunctions(Function &Kernel) {
  SetVector<Function *> Reached;
  Reached.insert(&Kernel);
  for (size_t I = 0; I < Reached.size(); ++I)
    for (Instruction &Inst : instructions(*Reached[I])) {
      auto *Call = dyn_cast<CallBase>(&Inst);
      if (!Call || isa<IntrinsicInst>(Call) || Call->isInlineAsm())
        continue;
      Function *Callee = Call->getCalledFunction();
      if (!Callee)
        return std::nullopt;
      if (!Callee->isDeclaration())
        Reached.insert(Callee);
    }
  return Reached;
}

/// Whether, in \p F, only thread 0 reaches \p BB: a branch on the thread's
/// id being 0 dominates it.
bool onlyThreadZeroReaches(BasicBlock &BB, DominatorTree &DT) {
  for (DomTreeNode *Node = DT.getNode(&BB); Node; Node = Node->getIDom()) {
    for (BasicBlock *Pred : predecessors(Node->getBlock())) {
      auto *Br = dyn_cast<BranchInst>(Pred->getTerminator());
      ICmpInst::Predicate Pred0;
      Value *Id;
      if (!Br || !Br->isConditional() ||
          !match(Br->getCondition(), m_ICmp(Pred0, m_Value(Id), m_Zero())) ||
          !isThreadId(Id) || !ICmpInst::isEquality(Pred0))
        continue;
      BasicBlock *ZeroSide = Br->getSuccessor(Pred0 == ICmpInst::ICMP_EQ ? 0 : 1);
      if (DT.dominates(BasicBlockEdge(Pred, ZeroSide), &BB))
        return true;
    }
  }
  return false;
}

/// Who stored to a shared-memory variable in a kernel's init.
struct InitWriters {
  /// Each thread its own slot of this many bytes; nothing when not.
  std::optional<uint64_t> SlotBytes;
  /// Thread 0 alone.
  bool ThreadZero = true;
};

/// Decides whether the accesses after a kernel's init to what it stored
/// need its barrier.
class InitAccesses {
public:
  InitAccesses(const KernelInit &Init, const SetVector<Function *> &Reached,
               const DataLayout &DL, FunctionAnalysisManager &FAM)
      : Init(Init), Reached(Reached), DL(DL), FAM(FAM) {
    for (StoreInst *Store : Init.Stores) {
      GlobalVariable *GV = sharedVariable(Store->getPointerOperand());
      auto [It, New] = Writers.try_emplace(GV);
      InitWriters &W = It->second;
      std::optional<uint64_t> Bytes =
          ownSlotBytes(Store->getPointerOperand(), DL);
      if (!Bytes || accessBytes(*Store, DL) > *Bytes ||
          (!New && W.SlotBytes != Bytes))
        Bytes = std::nullopt;
      W.SlotBytes = Bytes;
      W.ThreadZero &= isThreadZeroOnly(*Store);
    }
  }

  /// Whether no thread's access after the init may touch what another
  /// thread stored in it.
  bool barrierOrdersNothing() {
    for (auto &[GV, W] : Writers)
      if (!usesStayOwn(*GV, W))
        return false;
    return true;
  }

private:
  const KernelInit &Init;
  const SetVector<Function *> &Reached;
  const DataLayout &DL;
  FunctionAnalysisManager &FAM;
  DenseMap<GlobalVariable *, InitWriters> Writers;

  bool isThreadZeroOnly(Instruction &I) {
    return onlyThreadZeroReaches(
        *I.getParent(), FAM.getResult<DominatorTreeAnalysis>(*I.getFunction()));
  }

  /// Whether \p I, a plain access through \p Ptr to a variable the init
  /// stored as \p W says, touches nothing another thread stored: the
  /// accessing thread's own slot, or anything where thread 0 alone stored
  /// and accesses.
  bool isOwnAccess(Instruction &I, const Value *Ptr, const InitWriters &W) {
    if (W.ThreadZero && isThreadZeroOnly(I))
      return true;
    if (!W.SlotBytes || accessBytes(I, DL) > *W.SlotBytes)
      return false;
    if (ownSlotBytes(Ptr, DL) == W.SlotBytes)
      return true;
    return isVariableStart(Ptr) && isThreadZeroOnly(I);
  }

  /// Whether every access to \p GV that the kernel may run, other than the
  /// init's stores, is a plain load or store that touches nothing another
  /// thread stored in the init (\p W).
  bool usesStayOwn(GlobalVariable &GV, const InitWriters &W) {
    SmallVector<std::pair<Value *, Value *>, 16> Work;
    for (User *U : GV.users())
      Work.push_back({U, &GV});
    SmallPtrSet<Value *, 16> Seen;
    while (!Work.empty()) {
      auto [U, Ptr] = Work.pop_back_val();
      if (!Seen.insert(U).second)
        continue;
      if (isa<ConstantExpr>(U) || isa<GetElementPtrInst>(U) ||
          isa<AddrSpaceCastInst>(U) || isa<BitCastInst>(U)) {
        for (User *Next : U->users())
          Work.push_back({Next, U});
        continue;
      }
      auto *I = dyn_cast<Instruction>(U);
      if (!I)
        return false;
      if (!Reached.count(I->getFunction()) || is_contained(Init.Stores, I))
        continue;
      auto *Load = dyn_cast<LoadInst>(I);
      auto *Store = dyn_cast<StoreInst>(I);
      bool PlainAccess = (Load && Load->isSimple()) ||
                         (Store && Store->isSimple() &&
                          Store->getPointerOperand() == Ptr);
      if (!PlainAccess || !isOwnAccess(*I, Ptr, W))
        return false;
    }
    return true;
  }
};

} // namespace

PreservedAnalyses InitBarriersPass::run(Module &M, ModuleAnalysisManager &MAM) {
  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  bool Changed = false;
  for (Function *Kernel : annotatedKernels(M)) {
    std::optional<KernelInit> Init =
        findInit(*Kernel, FAM.getResult<LoopAnalysis>(*Kernel));
    if (!Init)
      continue;
    std::optional<SetVector<Function *>> Reached = reachableFunctions(*Kernel);
    if (!Reached || !InitAccesses(*Init, *Reached, M.getDataLayout(), FAM)
                         .barrierOrdersNothing())
      continue;
    LLVM_DEBUG(dbgs() << Kernel->getName() << ": entry barrier erased\n");
    Init->Barrier->eraseFromParent();
    ++NumInitBarriersErased;
    Changed = true;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace cot

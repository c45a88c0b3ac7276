//===- CyclicSchedule.cpp - Cyclic default schedules on GPUs --------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Without a schedule clause the loop schedule is the implementation's choice,
// and Clang's host IR asks for the blocked kinds: one contiguous block per
// thread (kmp_sch_static, 34) and per team (kmp_distribute_static, 92). On a
// GPU that makes neighbouring threads touch addresses a block apart, and
// memory accesses stop coalescing (ARCHITECTURE.md, section 4, measured 10x
// slower). This step makes such loops cyclic: chunk 1 across a team's threads
// (33) and a chunk of one block's worth of iterations across teams (91).
//
// Chunked kinds hand out one chunk per static_init call and expect the caller
// to loop over chunks; the blocked kinds' code runs just one. Clang's code
// re-reads the bounds from their variables after static_init, so wrapping
// everything between static_init and static_fini in a loop that advances the
// lower and upper bound by the stride (a thread's chunk being one iteration,
// its upper bound is its new lower one), while the lower bound is within the
// original upper bound, turns it into the chunked form without touching the
// loop body.
//
// A distribute loop is made cyclic only when it is the outer loop of a
// composite `distribute parallel for` (it passes its chunk's bounds to the
// parallel region), whose threads then share each chunk. A distribute loop
// whose body is team code (a standalone `distribute`, maybe with its own
// inner `parallel for` over other bounds) keeps the blocked schedule: a
// chunk of a block's worth of its iterations would leave all teams but a
// few idle (measured: 32 of 792 teams busy, 11x slower than clang-19).
//
// Pass openmp-device-cyclic-schedules. It finds the loops of a kernel whose
// construct has no schedule clause through the `!cot.kernel` attachments
// (Kernels.h) of the functions outlined from it; loops of functions the
// region calls keep their schedule. A loop it cannot rewrite stays blocked
// and is reported as a missed remark (-Rpass-missed=openmp-device).
//
//===----------------------------------------------------------------------===//

#include "ForkCalls.h"
#include "OffloadABI.h"
#include "OpenMPDevice/Diagnostics.h"
#include "OpenMPDevice/Kernels.h"
#include "OpenMPDevice/Passes.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

#define DEBUG_TYPE "openmp-device-cyclic-schedules"

STATISTIC(NumCyclicLoops, "Default-scheduled loops made cyclic");
STATISTIC(NumBlockedLoops, "Default-scheduled loops left blocked");

using namespace llvm;

namespace cot {
namespace {

constexpr int KindStaticChunked = COT_SCHED_STATIC_CHUNKED;
constexpr int KindStatic = COT_SCHED_STATIC;
constexpr int KindDistributeChunked = COT_SCHED_DISTRIBUTE_STATIC_CHUNKED;
constexpr int KindDistribute = COT_SCHED_DISTRIBUTE_STATIC;

bool isStaticInit(const CallInst &CI) {
  Function *F = CI.getCalledFunction();
  return F && F->getName().starts_with("__kmpc_for_static_init_");
}

bool isUnsignedInit(const CallInst &CI) {
  return CI.getCalledFunction()->getName().ends_with("u");
}

/// The static_fini that closes the loop \p Init opens: the one it
/// dominates, if exactly one.
CallInst *findFini(CallInst *Init, DominatorTree &DT) {
  CallInst *Fini = nullptr;
  for (Instruction &I : instructions(Init->getFunction())) {
    auto *CI = dyn_cast<CallInst>(&I);
    Function *Callee = CI ? CI->getCalledFunction() : nullptr;
    if (!Callee || Callee->getName() != "__kmpc_for_static_fini" ||
        !DT.dominates(Init, CI))
      continue;
    if (Fini)
      return nullptr;
    Fini = CI;
  }
  return Fini;
}

/// Turns the blocked static loop opened by \p Init into a loop over chunks.
bool wrapInChunkLoop(CallInst *Init, int Kind, DominatorTree &DT) {
  CallInst *Fini = findFini(Init, DT);
  if (!Fini)
    return false;
  Value *LowerPtr = Init->getArgOperand(4);
  Value *UpperPtr = Init->getArgOperand(5);
  Value *StridePtr = Init->getArgOperand(6);
  Type *IVTy = Init->getArgOperand(7)->getType();

  IRBuilder<> B(Init);
  Value *OriginalUpper = B.CreateLoad(IVTy, UpperPtr, "orig.ub");
  Value *Chunk = ConstantInt::get(IVTy, 1);
  int NewKind = KindStaticChunked;
  if (Kind == KindDistribute) {
    NewKind = KindDistributeChunked;
    Value *BlockSize = B.CreateIntrinsic(Intrinsic::nvvm_read_ptx_sreg_ntid_x,
                                         {}, {});
    Chunk = B.CreateZExtOrTrunc(BlockSize, IVTy);
  }
  Init->setArgOperand(2, B.getInt32(NewKind));
  Init->setArgOperand(8, Chunk);

  BasicBlock *Header = SplitBlock(Init->getParent(), Init->getNextNode());
  Header->setName("chunk.header");
  BasicBlock *Tail = Fini->getParent();
  BasicBlock *Exit = SplitBlock(Tail, Fini);
  Exit->setName("chunk.exit");

  Instruction *Br = Tail->getTerminator();
  IRBuilder<> L(Br);
  Value *Stride = L.CreateLoad(IVTy, StridePtr);
  Value *Lower = L.CreateAdd(L.CreateLoad(IVTy, LowerPtr), Stride);
  // A thread's chunk is one iteration: its upper bound is its lower one
  // (which also lets the optimizer see that the loop over the chunk runs at
  // most once; Clang's code clamps the stored upper bound).
  Value *Upper = Kind == KindDistribute
                     ? L.CreateAdd(L.CreateLoad(IVTy, UpperPtr), Stride)
                     : Lower;
  L.CreateStore(Lower, LowerPtr);
  L.CreateStore(Upper, UpperPtr);
  Value *More = isUnsignedInit(*Init) ? L.CreateICmpULE(Lower, OriginalUpper)
                                      : L.CreateICmpSLE(Lower, OriginalUpper);
  L.CreateCondBr(More, Header, Exit);
  Br->eraseFromParent();
  ++NumCyclicLoops;
  return true;
}

/// Reports that the loop \p Init opens keeps its blocked schedule.
void reportLeftBlocked(CallInst *Init) {
  ++NumBlockedLoops;
  Function &F = *Init->getFunction();
  LLVM_DEBUG(dbgs() << "loop left blocked in " << F.getName() << "\n");
  OptimizationRemarkEmitter ORE(&F);
  ORE.emit([&] {
    return OptimizationRemarkMissed(RemarkPassName, "BlockedSchedule", Init)
           << "loop without a schedule clause keeps the blocked schedule in '"
           << F.getName()
           << "': its static_init has no single static_fini it dominates; "
              "GPU memory accesses will not coalesce";
  });
}

/// Whether the loop \p Init opens hands its chunk's lower bound to a
/// parallel region: the distribute loop of a composite `distribute parallel
/// for` (Clang passes the bound's value as a fork call argument).
bool passesBoundsToParallel(const CallInst &Init) {
  SmallVector<const Value *, 8> Work;
  for (const User *U : Init.getArgOperand(4)->users())
    if (isa<LoadInst>(U))
      Work.push_back(U);
  SmallPtrSet<const Value *, 8> Seen;
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    if (!Seen.insert(V).second)
      continue;
    for (const User *U : V->users()) {
      if (isa<CastInst>(U))
        Work.push_back(U);
      else if (auto *Call = dyn_cast<CallBase>(U);
               Call && isCallTo(*Call, ForkCall))
        return true;
    }
  }
  return false;
}

bool makeCyclic(Function &F) {
  SmallVector<std::pair<CallInst *, int>, 4> Loops;
  for (Instruction &I : instructions(F)) {
    auto *CI = dyn_cast<CallInst>(&I);
    if (!CI || !isStaticInit(*CI))
      continue;
    auto *Kind = dyn_cast<ConstantInt>(CI->getArgOperand(2));
    if (!Kind)
      continue;
    if (Kind->getSExtValue() == KindStatic ||
        (Kind->getSExtValue() == KindDistribute && passesBoundsToParallel(*CI)))
      Loops.push_back({CI, int(Kind->getSExtValue())});
  }
  bool Changed = false;
  for (auto [Init, Kind] : Loops) {
    DominatorTree DT(F);
    if (wrapInChunkLoop(Init, Kind, DT))
      Changed = true;
    else
      reportLeftBlocked(Init);
  }
  return Changed;
}

} // namespace

PreservedAnalyses CyclicSchedulesPass::run(Module &M, ModuleAnalysisManager &) {
  if (hasDeviceErrors(M))
    return PreservedAnalyses::all();
  SmallPtrSet<Function *, 16> DefaultScheduleKernels;
  for (const KernelInfo &K : kernelsOf(M))
    if (K.DefaultSchedule)
      DefaultScheduleKernels.insert(K.F);
  bool Changed = false;
  for (Function &F : M)
    if (!F.isDeclaration() && DefaultScheduleKernels.count(owningKernel(F)))
      Changed |= makeCyclic(F);
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace cot

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
// loop body. The latch branch carries `!cot.chunk-loop` (ChunkLoops.h), by
// which openmp-device-league-loops finds it to count a grid-stride loop's
// chunks (countIterationChunks, defined here) and to end a league's
// distribute loop after its one chunk (runChunkLoopOnce).
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

#include "ChunkLoops.h"
#include "ForkCalls.h"
#include "OffloadABI.h"
#include "OpenMPDevice/Diagnostics.h"
#include "OpenMPDevice/Kernels.h"
#include "OpenMPDevice/Passes.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Local.h"

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
  bool Unsigned = isUnsignedInit(*Init);
  BasicBlock *Tail = Fini->getParent();
  BasicBlock *Exit = SplitBlock(Tail, Fini);
  Exit->setName("chunk.exit");

  Instruction *Br = Tail->getTerminator();
  IRBuilder<> L(Br);
  Value *Stride = L.CreateLoad(IVTy, StridePtr);
  Value *Current = L.CreateLoad(IVTy, LowerPtr);
  Value *Lower = L.CreateAdd(Current, Stride);
  // A thread's chunk is one iteration: its upper bound is its lower one
  // (which also lets the optimizer see that the loop over the chunk runs at
  // most once; Clang's code clamps the stored upper bound).
  Value *Upper = Kind == KindDistribute
                     ? L.CreateBinaryIntrinsic(Unsigned ? Intrinsic::uadd_sat
                                                        : Intrinsic::sadd_sat,
                                               L.CreateLoad(IVTy, UpperPtr),
                                               Stride)
                     : Lower;
  L.CreateStore(Lower, LowerPtr);
  L.CreateStore(Upper, UpperPtr);
  // Whether the next lower bound is within the loop, decided without the
  // sum, which wraps past the type's end (an int loop of nearly 2^31
  // iterations would run again): current <= upper - stride. The upper bound
  // is at least 0 and the stride positive, so a signed difference fits; an
  // unsigned one only when the stride is at most the upper bound.
  Value *LastStart = L.CreateSub(OriginalUpper, Stride, "last.lb");
  Value *More = Unsigned ? L.CreateICmpULE(Current, LastStart, "more")
                         : L.CreateICmpSLE(Current, LastStart, "more");
  if (Unsigned)
    More = L.CreateSelect(L.CreateICmpUGE(OriginalUpper, Stride), More,
                          L.getFalse(), "more.fits");
  L.CreateCondBr(More, Header, Exit)
      ->setMetadata(ChunkLoopLatch, MDNode::get(Init->getContext(), {}));
  Br->eraseFromParent();
  ++NumCyclicLoops;
  return true;
}

/// Where a thread's loop over its one-iteration chunks ends: it runs while
/// the chunk's index (Inclusive) or the next one is below Bound.
struct ChunkBound {
  Value *Bound;
  bool Inclusive;
};

/// The bound of the chunk loop of a thread whose first lower bound \p Lower
/// is within \p OriginalUpper (\p Entered), computed before \p Enter, the
/// branch into the loop; harmless where the thread runs none.
///  - A loop of fewer than 64 bits counts in its own type, up to the index
///    of its last chunk, (OriginalUpper - Lower) / Stride (the difference
///    of two bounds fits the unsigned type; the count, one more, may not):
///    no 64-bit arithmetic and no register pairs in its prologue and its
///    counter (bench/ rownorm: 40 registers became 32, 8 blocks an SM
///    instead of 6).
///  - A 64-bit loop counts its chunks, 1 + (OriginalUpper - Lower) /
///    Stride, with a saturating difference. (Counting it to its last index
///    as well gave the same PTX but for the order of a few instructions, and
///    bench/ stencil3d ran 12% slower on an H200, 2026-11-29.)
/// Threads mostly run one or two chunks (a grid as large as the loop, a
/// team over a row twice its size): those skip the division, some twenty
/// instructions a warp.
ChunkBound chunkBound(BranchInst &Enter, Value *Entered, Value *Lower,
                      Value *OriginalUpper, Value *Stride, bool Unsigned) {
  IRBuilder<> B(&Enter);
  Type *IVTy = Lower->getType();
  bool Narrow = IVTy->getIntegerBitWidth() < 64;
  Value *Span;
  if (Narrow)
    Span = B.CreateSelect(Entered, B.CreateSub(OriginalUpper, Lower),
                          ConstantInt::get(IVTy, 0), "chunks.span");
  else if (Unsigned)
    Span = B.CreateBinaryIntrinsic(Intrinsic::usub_sat, OriginalUpper, Lower);
  else
    Span = B.CreateBinaryIntrinsic(
        Intrinsic::smax,
        B.CreateBinaryIntrinsic(Intrinsic::ssub_sat, OriginalUpper, Lower),
        ConstantInt::get(IVTy, 0));
  // The count is one more than the last chunk's index.
  uint64_t Extra = Narrow ? 0 : 1;
  Value *Step = B.CreateBinaryIntrinsic(Intrinsic::umax, Stride,
                                        ConstantInt::get(IVTy, 1));
  Value *One = B.CreateICmpULT(Span, Step);
  Value *Two = B.CreateICmpULT(B.CreateSub(Span, Step), Step);
  Value *Few = B.CreateSelect(One, ConstantInt::get(IVTy, Extra),
                              ConstantInt::get(IVTy, Extra + 1), "chunks.few");
  BasicBlock *Head = Enter.getParent();
  // Weighted as rare, so that the back end keeps the division in its
  // block (setDeviceLLVMOptions, NVPTXToolChain.cpp).
  Instruction *DivideAt = SplitBlockAndInsertIfThen(
      B.CreateNot(B.CreateOr(One, Two)), &Enter, /*Unreachable=*/false,
      MDBuilder(Enter.getContext()).createBranchWeights(1, 1000000));
  DivideAt->getParent()->setName("chunks.divide");
  Enter.getParent()->setName("chunk.enter");
  IRBuilder<> D(DivideAt);
  Value *Many = D.CreateUDiv(Span, Step);
  if (Extra)
    Many = D.CreateAdd(Many, ConstantInt::get(IVTy, Extra));
  Many->setName("chunks.many");
  IRBuilder<> T(&Enter.getParent()->front());
  PHINode *Bound = T.CreatePHI(IVTy, 2, Narrow ? "chunks.last" : "chunks");
  Bound->addIncoming(Few, Head);
  Bound->addIncoming(Many, DivideAt->getParent());
  return {Bound, Narrow};
}

/// The branch that closes the chunk loop entered from \p Preheader.
BranchInst *chunkLatch(BasicBlock &Preheader) {
  BasicBlock *Header = Preheader.getSingleSuccessor();
  if (!Header)
    return nullptr;
  for (BasicBlock *Pred : predecessors(Header))
    if (auto *Br = dyn_cast<BranchInst>(Pred->getTerminator());
        Pred != &Preheader && Br && Br->isConditional() &&
        Br->getMetadata(ChunkLoopLatch))
      return Br;
  return nullptr;
}

/// Gives a chunk loop's \p Latch the condition \p Condition, deleting the
/// old one's computation.
void setLatchCondition(BranchInst &Latch, Value *Condition) {
  Value *OldCondition = Latch.getCondition();
  Latch.setCondition(Condition);
  RecursivelyDeleteTriviallyDeadInstructions(OldCondition);
}

/// The compare in the condition of a chunk loop's \p Latch, `current <=
/// upper - stride` (for unsigned loops under `select(upper >= stride, ...,
/// false)`), and the upper bound it compares with.
std::pair<ICmpInst *, Value *> withinCompare(BranchInst &Latch) {
  Value *Condition = Latch.getCondition();
  if (auto *Fits = dyn_cast<SelectInst>(Condition)) {
    auto *False = dyn_cast<ConstantInt>(Fits->getFalseValue());
    if (!False || !False->isZero())
      return {};
    Condition = Fits->getTrueValue();
  }
  auto *More = dyn_cast<ICmpInst>(Condition);
  auto *LastStart =
      More ? dyn_cast<BinaryOperator>(More->getOperand(1)) : nullptr;
  if (!LastStart || LastStart->getOpcode() != Instruction::Sub)
    return {};
  return {More, LastStart->getOperand(0)};
}

/// Moves the reads in \p Latch's block whose values only code after the
/// loop uses (Clang's reload of the thread number for static_fini: a load
/// of the pointer, then of the number) into \p Exit, so that the loop can
/// be skipped. Moves nothing unless every read it moves reads through a
/// pointer from outside the loop or from another read it moves.
void sinkReadsIntoExit(const Loop &Chunk, BranchInst &Latch, BasicBlock &Exit) {
  SmallPtrSet<Instruction *, 4> Sunk;
  for (Instruction *I = Latch.getPrevNode(); I; I = I->getPrevNode()) {
    auto *Load = dyn_cast<LoadInst>(I);
    if (!Load || !Load->isSimple() || I->use_empty())
      continue;
    if (all_of(I->users(), [&](User *U) {
          auto *UI = cast<Instruction>(U);
          return !Chunk.contains(UI) || Sunk.contains(UI);
        }))
      Sunk.insert(I);
  }
  for (Instruction *I : Sunk) {
    auto *Ptr = dyn_cast<Instruction>(cast<LoadInst>(I)->getPointerOperand());
    if (Ptr && Chunk.contains(Ptr) && !Sunk.contains(Ptr))
      return;
  }
  Instruction *Before = &*Exit.getFirstInsertionPt();
  for (Instruction &I : make_early_inc_range(*Latch.getParent()))
    if (Sunk.contains(&I))
      I.moveBefore(Before);
}

/// Whether \p Chunk's code can be skipped and counted: only Clang's loop
/// over the chunk is nested in it, with no loop of its own, and no value it
/// defines is used after it.
bool isCountable(const Loop &Chunk) {
  for (const Loop *Inner : Chunk.getSubLoops())
    if (!Inner->getSubLoops().empty())
      return false;
  for (BasicBlock *BB : Chunk.blocks())
    for (Instruction &I : *BB)
      for (User *U : I.users())
        if (!Chunk.contains(cast<Instruction>(U)))
          return false;
  return true;
}

} // namespace

bool isUnsignedInit(const CallBase &Init) {
  return Init.getCalledFunction()->getName().ends_with("u");
}

bool countIterationChunks(CallBase &Init) {
  BasicBlock *Preheader = Init.getParent();
  BranchInst *Latch = chunkLatch(*Preheader);
  ICmpInst *More = nullptr;
  Value *OriginalUpper = nullptr;
  if (Latch)
    std::tie(More, OriginalUpper) = withinCompare(*Latch);
  if (!More)
    return false;
  BasicBlock *Header = Preheader->getSingleSuccessor();
  BasicBlock *Exit = Latch->getSuccessor(1);
  Function &F = *Preheader->getParent();
  DominatorTree DT(F);
  LoopInfo LI(DT);
  Loop *Chunk = LI.getLoopFor(Header);
  if (!Chunk || Chunk->getHeader() != Header || !Exit->phis().empty())
    return false;
  sinkReadsIntoExit(*Chunk, *Latch, *Exit);
  if (!isCountable(*Chunk))
    return false;

  Value *LowerPtr = Init.getArgOperand(4);
  Value *StridePtr = Init.getArgOperand(6);
  Type *IVTy = Init.getArgOperand(7)->getType();
  bool Unsigned = More->isUnsigned();
  auto Within = [&](IRBuilder<> &B, Value *Lower) {
    return B.CreateICmp(More->getPredicate(), Lower, OriginalUpper);
  };

  Preheader->getTerminator()->eraseFromParent();
  IRBuilder<> P(Preheader);
  Value *First = P.CreateLoad(IVTy, LowerPtr);
  Value *Stride = P.CreateLoad(IVTy, StridePtr);
  Value *Entered = Within(P, First);
  BranchInst *Enter = P.CreateCondBr(Entered, Header, Exit);
  ChunkBound End =
      chunkBound(*Enter, Entered, First, OriginalUpper, Stride, Unsigned);

  IRBuilder<> H(&*Header->getFirstInsertionPt());
  PHINode *Index = H.CreatePHI(IVTy, 2, "chunk");
  Value *Lower = H.CreateLoad(IVTy, LowerPtr);
  H.CreateAssumption(Within(H, Lower));
  // Clang's loop over an unsigned chunk runs while iv < upper + 1, which
  // wraps at the type's maximum; a normalized loop's iterations are below
  // it (its trip count fits the type), so the chunk's one iteration runs.
  if (Unsigned)
    H.CreateAssumption(
        H.CreateICmpNE(Lower, Constant::getAllOnesValue(IVTy)));

  IRBuilder<> L(Latch);
  Value *Next = L.CreateAdd(Index, ConstantInt::get(IVTy, 1), "chunk.next",
                            /*HasNUW=*/true, /*HasNSW=*/!End.Inclusive);
  Index->addIncoming(ConstantInt::get(IVTy, 0), Enter->getParent());
  Index->addIncoming(Next, Latch->getParent());
  setLatchCondition(*Latch,
                    L.CreateICmpULT(End.Inclusive ? Index : Next, End.Bound));
  return true;
}

bool runChunkLoopOnce(CallBase &Init) {
  BranchInst *Latch = chunkLatch(*Init.getParent());
  if (!Latch)
    return false;
  setLatchCondition(*Latch, ConstantInt::getFalse(Init.getContext()));
  return true;
}

namespace {

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

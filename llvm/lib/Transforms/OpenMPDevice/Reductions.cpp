//===- Reductions.cpp - Reductions combined per block ---------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Pass openmp-device-reductions. Clang's host code ends a reduction with
//
//   RedList = {&private_1, ..., &private_n};
//   switch (__kmpc_reduce[_nowait](loc, gtid, n, size, RedList, reduce_fn,
//                                 lock)) {
//   case 1: <plain combine of each private into its shared copy>;
//           __kmpc_end_reduce[_nowait](...); break;
//   case 2: <atomic combine: atomicrmw, a cmpxchg loop, or a critical
//           section>; [__kmpc_end_reduce(...);] break;
//   default: ;
//   }
//
// On the GPU every thread of a block (SPMD kernels) or of a parallel region
// reaches it together, and the atomic path makes each of them update the
// shared copy: a block of 256 threads makes 256 atomics on one address, or
// 256 turns of a CAS loop or a critical section. This pass passes the
// private copies, their sizes and a scratch copy of each to the device
// runtime's __cot_gpu_reduce instead, which combines the copies of the
// threads that share the target with Clang's own reduce function (warp
// shuffles, then shared memory) and lets only the first thread run the
// atomic path (2), the others nothing (0); where the threads do not share
// the target, it answers as __kmpc_reduce does. This needs no knowledge of
// the operator or type: Clang's reduce function and atomic code stay what
// they are, for every operator, complex types and user-defined reductions
// alike. The blocking form's __kmpc_end_reduce (a barrier) moves to where
// the cases meet, which the threads that got 0 reach as well. Small lists
// get the call inlined (MaxInlinedBytes), larger ones an out-of-line call
// on copies of the privates.
//
// Clang's atomic path (case 2) of a reduction on a type without a hardware
// atomic (double _Complex, a struct) is a compare-and-swap loop through
// libatomic's generic entry points, which the device runtime runs under one
// lock: thousands of blocks queue at it (measured 58x CUDA's time for a
// double _Complex sum). Where the plain path (case 1) updates each field of
// the shared copy on its own, as `field = field op value` with op one of
// + | & ^ and the value read from a private copy (complex +: the real and
// the imaginary part), case 2 becomes that path with each field updated by
// one atomicrmw: the same result, as the fields do not depend on each
// other, and no lock.
//
// Where the calling function runs only as the teams code of SPMD kernels
// with a teams level, every thread of the block shares the target and the
// call is __cot_gpu_reduce_block, which skips the runtime's tests of the
// thread's state (a warp's twenty-odd instructions of a kernel whose
// threads run one iteration each).
//
// A reduction of one small item (MaxInlinedBytes) in team code that one
// thread runs (generic kernels) gets a call of __cot_gpu_combine_block on
// its private copy before it: where the kernel becomes a guarded one whose
// parallel regions reduce into that copy, openmp-device-spmdize lets each
// thread keep a copy of its own and keeps the call, which combines them
// once, before thread 0 runs the reduction (TeamsReductionCopies.h); it
// erases the call everywhere else.
//
// Reductions whose privates are not fixed-size locals (variable-length
// array sections) or are larger than MaxCombinedBytes keep the runtime's
// __kmpc_reduce. Where one thread alone updates each target (parallel
// regions of SPMD kernels with a teams level, team code of other kernels)
// the runtime's answer is known, and the call becomes that constant: the
// parallel level of an SPMD kernel runs it once per chunk of the
// distribute loop. Runs after
// openmp-device-kernel-modes, before openmp-device-spmdize (whose team code
// may call the new entry points: they synchronize nothing there) and
// before globalization, while the privates are allocas.
//
//===----------------------------------------------------------------------===//

#include "ForkCalls.h"
#include "ReductionLists.h"
#include "OpenMPDevice/Diagnostics.h"
#include "OpenMPDevice/Passes.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#define DEBUG_TYPE "openmp-device-reductions"

STATISTIC(NumBlockReductions, "Reductions combined per block");
STATISTIC(NumKeptReductions, "Reductions left to __kmpc_reduce");
STATISTIC(NumFixedReductions,
          "Reductions whose __kmpc_reduce answer is known statically");
STATISTIC(NumFieldwiseAtomics,
          "Atomic paths made one atomicrmw per field of the shared copy");

using namespace llvm;

namespace cot {
namespace {

/// Private copies larger than this in all keep one update per thread: each
/// thread would need a scratch copy as large, and the shuffles and barriers
/// grow with the size.
constexpr uint64_t MaxCombinedBytes = 1024;

/// Private copies up to this size in all (a few scalars) are combined by an
/// inlined __cot_gpu_reduce, whose loops then unroll and leave the copies in
/// registers. Larger lists are copied into locals that a call of the
/// runtime's one out-of-line copy combines, and back: the private copies
/// still never escape (they live in registers through the region's loop),
/// and each region does not grow by an unrolled combination of every item
/// (a generic kernel holds up to four copies of each parallel region).
constexpr uint64_t MaxInlinedBytes = 32;

/// A reduction that __cot_gpu_reduce can combine per block.
struct Reduction {
  CallInst *Call = nullptr;
  SmallVector<AllocaInst *, 4> Privates;
  /// Blocking form: the __kmpc_end_reduce calls of its cases, and the block
  /// where the cases meet.
  SmallVector<CallInst *, 2> EndCalls;
  BasicBlock *Merge = nullptr;
};

uint64_t bytesOf(const AllocaInst &Private, const DataLayout &DL) {
  return Private.getAllocationSize(DL)->getFixedValue();
}

/// For the blocking form: the __kmpc_end_reduce calls between the switch on
/// \p Call's result and the block where its cases meet (the switch's
/// default), which must be where every case goes.
bool findBlockingEnd(Reduction &R) {
  std::optional<ReductionCases> Cases = reductionCases(*R.Call);
  if (!Cases)
    return false;
  for (BasicBlock *BB : Cases->Blocks)
    for (Instruction &I : *BB)
      if (isCallTo(I, EndReduceBlocking))
        R.EndCalls.push_back(cast<CallInst>(&I));
  R.Merge = Cases->Merge;
  return true;
}

/// \p Call as a reduction this pass can lower, or why not.
Expected<Reduction> analyzeReduction(CallInst &Call, const DataLayout &DL) {
  auto *NumItems = dyn_cast<ConstantInt>(Call.getArgOperand(OpNumItems));
  auto *List =
      dyn_cast<AllocaInst>(Call.getArgOperand(OpList)->stripPointerCasts());
  if (!NumItems || !List || NumItems->isZero())
    return createStringError("its list of private copies is not a local");
  std::optional<SmallVector<AllocaInst *, 4>> Privates = privatesOf(Call, DL);
  if (!Privates)
    return createStringError(
        "a private copy is not a local of fixed size (array section?)");
  uint64_t Bytes = 0;
  for (AllocaInst *Private : *Privates)
    Bytes += bytesOf(*Private, DL);
  if (Bytes > MaxCombinedBytes)
    return createStringError("its private copies take " + Twine(Bytes) +
                             " bytes, more than " + Twine(MaxCombinedBytes));
  Reduction R;
  R.Call = &Call;
  R.Privates = std::move(*Privates);
  if (isCallTo(Call, ReduceBlocking) && !findBlockingEnd(R))
    return createStringError("its cases do not meet after the reduction");
  return R;
}

/// A new local of each private's type (in the entry block), and the list of
/// pointers to them that Clang's reduce function takes, filled before \p B.
Value *localsLike(const Reduction &R, IRBuilder<> &B, const Twine &Suffix) {
  Function &F = *R.Call->getFunction();
  IRBuilder<> Entry(&*F.getEntryBlock().getFirstInsertionPt());
  auto *ListTy = ArrayType::get(B.getPtrTy(), R.Privates.size());
  AllocaInst *List = Entry.CreateAlloca(ListTy, nullptr, ".cot.red" + Suffix);
  for (auto [I, Private] : enumerate(R.Privates)) {
    AllocaInst *Copy = Entry.CreateAlloca(Private->getAllocatedType(), nullptr,
                                          Private->getName() + Suffix);
    Copy->setAlignment(Private->getAlign());
    B.CreateStore(Copy, B.CreateConstInBoundsGEP2_64(ListTy, List, 0, I));
  }
  return List;
}

/// Copies each item between the privates and the locals of \p List, as
/// values of the private's type (which the optimizer keeps in registers on
/// the private's side).
void copyItems(const Reduction &R, IRBuilder<> &B, Value *List, bool In) {
  auto *ListTy = ArrayType::get(B.getPtrTy(), R.Privates.size());
  for (auto [I, Private] : enumerate(R.Privates)) {
    Value *Local = B.CreateLoad(
        B.getPtrTy(), B.CreateConstInBoundsGEP2_64(ListTy, List, 0, I));
    Value *Dst = In ? Local : Private, *Src = In ? Private : Local;
    Type *T = Private->getAllocatedType();
    B.CreateAlignedStore(B.CreateAlignedLoad(T, Src, Private->getAlign()), Dst,
                         Private->getAlign());
  }
}

/// A constant array of the privates' sizes in bytes.
Constant *sizesOf(const Reduction &R, const DataLayout &DL) {
  Module &M = *R.Call->getModule();
  SmallVector<uint32_t, 4> Sizes;
  for (AllocaInst *Private : R.Privates)
    Sizes.push_back(uint32_t(bytesOf(*Private, DL)));
  Constant *Init = ConstantDataArray::get(M.getContext(), Sizes);
  auto *GV =
      new GlobalVariable(M, Init->getType(), /*isConstant=*/true,
                         GlobalValue::PrivateLinkage, Init, ".cot.red.sizes");
  GV->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
  return GV;
}

/// A call of the device runtime's \p Name before \p R's call, on \p R's
/// private copies: (items, scratch copies, sizes, count, Clang's reduce
/// function). Small lists pass the privates and get the call inlined,
/// larger ones pass copies in locals (copied back after the call) to the
/// runtime's out-of-line code.
CallInst *callRuntimeCombine(Reduction &R, const DataLayout &DL,
                             StringRef Name, Type *Ret) {
  Module &M = *R.Call->getModule();
  IRBuilder<> B(R.Call);
  Type *I32 = B.getInt32Ty(), *Ptr = B.getPtrTy();
  FunctionCallee Runtime =
      convergentRuntimeFunction(M, Name, Ret, {Ptr, Ptr, Ptr, I32, Ptr});
  uint64_t Bytes = 0;
  for (AllocaInst *Private : R.Privates)
    Bytes += bytesOf(*Private, DL);
  bool Inlined = Bytes <= MaxInlinedBytes;
  Value *Items = R.Call->getArgOperand(OpList);
  if (!Inlined) {
    Items = localsLike(R, B, ".copy");
    copyItems(R, B, Items, /*In=*/true);
  }
  CallInst *New =
      B.CreateCall(Runtime, {Items, localsLike(R, B, ".scratch"),
                             sizesOf(R, DL), B.getInt32(R.Privates.size()),
                             R.Call->getArgOperand(OpCombine)});
  New->addFnAttr(Inlined ? Attribute::AlwaysInline : Attribute::NoInline);
  if (!Inlined)
    copyItems(R, B, Items, /*In=*/false);
  return New;
}

/// Replaces \p R's call by __cot_gpu_reduce, or where the whole block is
/// known to share the target (\p WholeBlock) __cot_gpu_reduce_block, which
/// it returns.
CallInst *combinePerBlock(Reduction &R, const DataLayout &DL,
                          bool WholeBlock) {
  IRBuilder<> B(R.Call);
  CallInst *New = callRuntimeCombine(
      R, DL, WholeBlock ? ReduceWholeBlock : ReduceInBlock,
      B.getInt32Ty());
  R.Call->replaceAllUsesWith(New);
  R.Call->eraseFromParent();
  if (!R.Merge)
    return New;
  for (CallInst *End : R.EndCalls)
    End->eraseFromParent();
  IRBuilder<> AtMerge(&*R.Merge->getFirstInsertionPt());
  AtMerge.CreateCall(convergentRuntimeFunction(*R.Merge->getModule(),
                                               "__cot_gpu_end_reduce",
                                               B.getVoidTy(), {}));
  return New;
}

void remark(const CallInst &Call, const Twine &Why) {
  Function &F = *const_cast<Function *>(Call.getFunction());
  OptimizationRemarkEmitter ORE(&F);
  if (Why.isTriviallyEmpty()) {
    ORE.emit([&] {
      return OptimizationRemark(RemarkPassName, "BlockReduction", &Call)
             << "reduction in '" << F.getName()
             << "' combined per block before one update of the shared copy";
    });
    return;
  }
  ORE.emit([&] {
    return OptimizationRemarkMissed(RemarkPassName, "ThreadReduction", &Call)
           << "reduction in '" << F.getName()
           << "' updates the shared copy from every thread: " << Why.str();
  });
}

/// The functions \p Root reaches outside the parallel regions it starts,
/// and (in \p InParallel) those it reaches inside them.
SetVector<Function *> reachOutsideParallel(Function *Root,
                                           SetVector<Function *> &InParallel) {
  SetVector<Function *> Outside;
  SmallVector<Function *, 16> Work = {Root};
  while (!Work.empty()) {
    Function *F = Work.pop_back_val();
    if (!Outside.insert(F))
      continue;
    for (Instruction &I : instructions(*F)) {
      if (isCallTo(I, ForkCall)) {
        if (Function *Micro = microtaskOf(cast<CallBase>(I)))
          InParallel.set_union(reachableFrom(Micro));
        continue;
      }
      for (Value *Op : I.operands())
        if (auto *Callee = dyn_cast<Function>(Op->stripPointerCasts());
            Callee && !Callee->isDeclaration())
          Work.push_back(Callee);
    }
  }
  return Outside;
}

//===-- Field-wise atomic path -------------------------------------------===//

/// One field update of the plain path: Shared = Shared op Value.
struct FieldUpdate {
  StoreInst *Store;
  AtomicRMWInst::BinOp Op;
  Value *Operand; ///< the value read from a private copy
};

std::optional<AtomicRMWInst::BinOp> atomicOpOf(const BinaryOperator &Combine) {
  switch (Combine.getOpcode()) {
  case Instruction::FAdd:
    return AtomicRMWInst::FAdd;
  case Instruction::Add:
    return AtomicRMWInst::Add;
  case Instruction::Or:
    return AtomicRMWInst::Or;
  case Instruction::And:
    return AtomicRMWInst::And;
  case Instruction::Xor:
    return AtomicRMWInst::Xor;
  default:
    return std::nullopt;
  }
}

/// Whether the GPU has an atomicrmw of \p T (no compare-and-swap loop).
bool hasHardwareAtomic(const Type &T) {
  return T.isFloatTy() || T.isDoubleTy() || T.isIntegerTy(32) ||
         T.isIntegerTy(64);
}

/// Whether \p A and \p B address the same byte: one base, one constant
/// offset.
bool samePlace(const Value *A, const Value *B, const DataLayout &DL) {
  APInt OffsetA(DL.getIndexTypeSizeInBits(A->getType()), 0);
  APInt OffsetB(DL.getIndexTypeSizeInBits(B->getType()), 0);
  const Value *BaseA = A->stripAndAccumulateConstantOffsets(
      DL, OffsetA, /*AllowNonInbounds=*/true);
  const Value *BaseB = B->stripAndAccumulateConstantOffsets(
      DL, OffsetB, /*AllowNonInbounds=*/true);
  return BaseA == BaseB && OffsetA == OffsetB;
}

bool isInPrivate(const Value *Ptr, ArrayRef<AllocaInst *> Privates) {
  return is_contained(Privates, getUnderlyingObject(Ptr));
}

/// \p Store as an update of a field of the shared copy by a value read from
/// a private copy, if it is one.
std::optional<FieldUpdate> fieldUpdate(StoreInst &Store,
                                       ArrayRef<AllocaInst *> Privates,
                                       const DataLayout &DL) {
  auto *Combine = dyn_cast<BinaryOperator>(Store.getValueOperand());
  std::optional<AtomicRMWInst::BinOp> Op =
      Combine ? atomicOpOf(*Combine) : std::nullopt;
  if (!Op || !Store.isSimple() || !hasHardwareAtomic(*Combine->getType()) ||
      isInPrivate(Store.getPointerOperand(), Privates))
    return std::nullopt;
  for (unsigned SharedSide : {0u, 1u}) {
    auto *Shared = dyn_cast<LoadInst>(Combine->getOperand(SharedSide));
    auto *Private = dyn_cast<LoadInst>(Combine->getOperand(1 - SharedSide));
    if (Shared && Private && Shared->isSimple() &&
        samePlace(Shared->getPointerOperand(), Store.getPointerOperand(),
                  DL) &&
        isInPrivate(Private->getPointerOperand(), Privates))
      return FieldUpdate{&Store, *Op, Private};
  }
  return std::nullopt;
}

/// The field updates the plain path \p Plain makes, when that is all it
/// does (besides reads, address arithmetic and the end of the reduction)
/// and no field is updated twice.
std::optional<SmallVector<FieldUpdate, 4>>
fieldUpdates(BasicBlock &Plain, ArrayRef<AllocaInst *> Privates,
             const DataLayout &DL) {
  if (Plain.getTerminator()->getNumSuccessors() != 1)
    return std::nullopt;
  SmallVector<FieldUpdate, 4> Updates;
  for (Instruction &I : Plain) {
    if (isa<GetElementPtrInst, LoadInst, BinaryOperator, CastInst,
            BranchInst>(I) ||
        I.isLifetimeStartOrEnd() || isa<DbgInfoIntrinsic>(I) ||
        isCallTo(I, EndReduceNowait) || isCallTo(I, EndReduceBlocking))
      continue;
    auto *Store = dyn_cast<StoreInst>(&I);
    std::optional<FieldUpdate> Update =
        Store ? fieldUpdate(*Store, Privates, DL) : std::nullopt;
    if (!Update || any_of(Updates, [&](const FieldUpdate &U) {
          return samePlace(U.Store->getPointerOperand(),
                           Store->getPointerOperand(), DL);
        }))
      return std::nullopt;
    Updates.push_back(*Update);
  }
  if (Updates.empty())
    return std::nullopt;
  return Updates;
}

/// Whether the atomic path starting at \p Atomic (up to \p Merge) takes a
/// lock or retries: libatomic's generic calls, a critical section, a
/// compare-and-swap loop.
bool atomicPathLocksOrRetries(BasicBlock *Atomic, BasicBlock *Merge) {
  SmallPtrSet<BasicBlock *, 8> Seen;
  SmallVector<BasicBlock *, 8> Work = {Atomic};
  while (!Work.empty()) {
    BasicBlock *BB = Work.pop_back_val();
    if (BB == Merge || !Seen.insert(BB).second)
      continue;
    for (Instruction &I : *BB) {
      Function *Callee = calledFunction(I);
      if (isa<AtomicCmpXchgInst>(I) ||
          (Callee && (Callee->getName().starts_with("__atomic_") ||
                      Callee->getName().starts_with("__kmpc_critical"))))
        return true;
    }
    append_range(Work, successors(BB));
  }
  return false;
}

/// Makes the atomic path of the reduction \p Call's switch the plain path
/// with one atomicrmw per field, where the plain path allows it and the
/// atomic path would lock or retry. The copy keeps the plain path's end of
/// the reduction, which is the atomic path's too (__kmpc_end_reduce, the
/// blocking form's barrier; __kmpc_end_reduce_nowait does nothing).
bool useFieldwiseAtomics(CallInst &Call, ArrayRef<AllocaInst *> Privates,
                         const DataLayout &DL) {
  auto *Switch =
      Call.hasOneUse() ? dyn_cast<SwitchInst>(Call.user_back()) : nullptr;
  if (!Switch)
    return false;
  auto PlainCase = Switch->findCaseValue(ConstantInt::get(
      cast<IntegerType>(Call.getType()), 1));
  auto AtomicCase = Switch->findCaseValue(ConstantInt::get(
      cast<IntegerType>(Call.getType()), 2));
  if (PlainCase == Switch->case_default() ||
      AtomicCase == Switch->case_default())
    return false;
  BasicBlock *Plain = PlainCase->getCaseSuccessor();
  std::optional<SmallVector<FieldUpdate, 4>> Updates =
      fieldUpdates(*Plain, Privates, DL);
  BasicBlock *Merge = Plain->getSingleSuccessor();
  if (!Updates || !Merge ||
      !atomicPathLocksOrRetries(AtomicCase->getCaseSuccessor(), Merge))
    return false;

  Function &F = *Plain->getParent();
  ValueToValueMapTy VMap;
  BasicBlock *Atomic = CloneBasicBlock(Plain, VMap, ".fieldwise", &F);
  for (Instruction &I : *Atomic)
    RemapInstruction(&I, VMap, RF_IgnoreMissingLocals | RF_NoModuleLevelChanges);
  for (const FieldUpdate &U : *Updates) {
    auto *Store = cast<StoreInst>(VMap[U.Store]);
    IRBuilder<> B(Store);
    B.CreateAtomicRMW(U.Op, Store->getPointerOperand(), VMap[U.Operand],
                      Store->getAlign(), AtomicOrdering::Monotonic);
    Value *PlainCombine = Store->getValueOperand();
    Store->eraseFromParent();
    // The plain combine and its read of the shared copy, which would race
    // with other blocks' atomics.
    RecursivelyDeleteTriviallyDeadInstructions(PlainCombine);
  }
  for (PHINode &Phi : Merge->phis()) {
    Value *In = Phi.getIncomingValueForBlock(Plain);
    Value *Copy = VMap.lookup(In);
    Phi.addIncoming(Copy ? Copy : In, Atomic);
  }
  AtomicCase->setSuccessor(Atomic);
  removeUnreachableBlocks(F);
  ++NumFieldwiseAtomics;
  return true;
}

/// What the reductions of a function do, where every kernel that reaches it
/// agrees.
enum class ReduceContext {
  /// Every thread combines into its own copy: __kmpc_reduce answers 1
  /// (functions reached only inside the parallel regions of SPMD kernels
  /// with a teams level: every thread runs the teams code, so a parallel
  /// reduction's shared copy is the thread's own, also in nested regions,
  /// which run serialized).
  OwnCopy,
  /// One thread alone updates the target: __kmpc_reduce answers 2
  /// (functions reached only outside the parallel regions of other
  /// kernels: team code, the main thread of a generic block, thread 0 of a
  /// guarded one).
  TeamCode,
  /// Every thread of the block shares the target and reaches the call
  /// together (functions reached only outside the parallel regions of SPMD
  /// kernels with a teams level): __cot_gpu_reduce_block, which need not
  /// ask the thread's state who shares it.
  WholeBlock
};

/// The functions whose reductions have one context in every kernel.
DenseMap<Function *, ReduceContext> reduceContexts(Module &M) {
  SetVector<Function *> OwnCopy, TeamCode, WholeBlock, Region;
  for (const KernelReach &KR : kernelReaches(M)) {
    bool TeamsPerThread = KR.K.Mode == KernelMode::SPMD && KR.K.HasTeams;
    SetVector<Function *> InParallel;
    SetVector<Function *> Outside = reachOutsideParallel(KR.K.F, InParallel);
    if (TeamsPerThread) {
      WholeBlock.set_union(Outside);
      OwnCopy.set_union(InParallel);
    } else {
      Region.set_union(InParallel);
      TeamCode.set_union(Outside);
    }
  }
  DenseMap<Function *, ReduceContext> Contexts;
  auto OnlyIn = [&](Function *F, const SetVector<Function *> &Set) {
    unsigned In = OwnCopy.contains(F) + TeamCode.contains(F) +
                  WholeBlock.contains(F) + Region.contains(F);
    return Set.contains(F) && In == 1;
  };
  for (auto [Set, Context] :
       {std::pair(&OwnCopy, ReduceContext::OwnCopy),
        std::pair(&TeamCode, ReduceContext::TeamCode),
        std::pair(&WholeBlock, ReduceContext::WholeBlock)})
    for (Function *F : *Set)
      if (OnlyIn(F, *Set))
        Contexts[F] = Context;
  return Contexts;
}

} // namespace

PreservedAnalyses ReductionsPass::run(Module &M, ModuleAnalysisManager &) {
  if (hasDeviceErrors(M))
    return PreservedAnalyses::all();
  const DataLayout &DL = M.getDataLayout();
  DenseMap<Function *, ReduceContext> Contexts = reduceContexts(M);
  bool Changed = false;
  for (CallInst *Call : reductionCalls(M)) {
    auto It = Contexts.find(Call->getFunction());
    std::optional<ReduceContext> Context;
    if (It != Contexts.end())
      Context = It->second;
    if (Context && Context != ReduceContext::WholeBlock) {
      // The runtime's answer, without its tests of the thread's state in
      // every chunk of a distribute loop.
      bool Alone = Context == ReduceContext::TeamCode;
      if (Expected<Reduction> R = analyzeReduction(*Call, DL); !R) {
        consumeError(R.takeError());
      } else if (Alone) {
        if (R->Privates.size() == 1 &&
            bytesOf(*R->Privates[0], DL) <= MaxInlinedBytes)
          callRuntimeCombine(*R, DL, CombineBlock,
                             Type::getVoidTy(M.getContext()));
        useFieldwiseAtomics(*Call, R->Privates, DL);
      }
      Call->replaceAllUsesWith(
          ConstantInt::get(Call->getType(), Alone ? 2 : 1));
      Call->eraseFromParent();
      ++NumFixedReductions;
      Changed = true;
      continue;
    }
    Expected<Reduction> R = analyzeReduction(*Call, DL);
    if (!R) {
      std::string Why = toString(R.takeError());
      LLVM_DEBUG(dbgs() << Call->getFunction()->getName() << ": kept: " << Why
                        << "\n");
      remark(*Call, Why);
      ++NumKeptReductions;
      continue;
    }
    remark(*Call, Twine());
    CallInst *Combined =
        combinePerBlock(*R, DL, Context == ReduceContext::WholeBlock);
    useFieldwiseAtomics(*Combined, R->Privates, DL);
    ++NumBlockReductions;
    Changed = true;
  }
  if (!Changed)
    return PreservedAnalyses::all();
  return PreservedAnalyses::none();
}

} // namespace cot

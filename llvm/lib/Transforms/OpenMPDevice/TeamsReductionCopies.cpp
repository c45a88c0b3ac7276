//===- TeamsReductionCopies.cpp - Teams reduction copies per thread -------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Which teams reductions of a guarded kernel's team code may keep a private
// copy per thread, and the change that makes their parallel regions combine
// into it (TeamsReductionCopies.h says why and when). Used by
// openmp-device-spmdize.
//
//===----------------------------------------------------------------------===//

#include "TeamsReductionCopies.h"
#include "ForkCalls.h"
#include "OpenMPDevice/Diagnostics.h"
#include "ReductionLists.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"
#include "llvm/Transforms/Utils/FunctionComparator.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

namespace cot {
namespace {

/// Whether \p A and \p B combine alike: Clang emits a reduce function per
/// reduction clause, the same code for the same operator and type.
bool combineAlike(Function &A, Function &B) {
  if (&A == &B)
    return true;
  GlobalNumberState Numbers;
  return FunctionComparator(&A, &B, &Numbers).compare() == 0;
}

Error failure(const Twine &Why) {
  return createStringError(inconvertibleErrorCode(), Why);
}

/// The reduction of \p Micro whose cases hold every use of its parameter
/// \p ParamNo, of one item and combining as \p TeamsCombine, or why not.
Expected<CallInst *> regionReductionInto(Function &Micro, unsigned ParamNo,
                                         Function &TeamsCombine) {
  Expected<CallInst *> Call = reductionIntoParameter(Micro, ParamNo);
  if (!Call)
    return Call.takeError();
  ReductionOperands Ops = *reductionOperands(**Call);
  Function *Combine = reduceFunction(Ops);
  if (!hasOneItem(Ops) || !Combine || !combineAlike(*Combine, TeamsCombine))
    return failure("the parallel region '" + Micro.getName() +
                   "' reduces into it with other items or another operator");
  return *Call;
}

/// Whether the bytes [Offset, Offset + Size) meet one of \p Ranges.
bool overlaps(ArrayRef<std::pair<int64_t, int64_t>> Ranges, int64_t Offset,
              int64_t Size) {
  return any_of(Ranges, [&](const std::pair<int64_t, int64_t> &R) {
    return Offset < R.first + R.second && R.first < Offset + Size;
  });
}

/// The teams reduction that \p Combine precedes, if its copy may become one
/// per thread, or why not.
Expected<ThreadCopyReduction> analyzeCombine(CallInst &Combine) {
  Function &F = *Combine.getFunction();
  const DataLayout &DL = F.getDataLayout();
  ReductionOperands Ops = *reductionOperands(Combine);
  auto *List = dyn_cast<AllocaInst>(Ops.List->stripPointerCasts());
  Function *TeamsCombine = reduceFunction(Ops);
  std::optional<SmallVector<AllocaInst *, 4>> Privates =
      List ? privatesInList(*List, 1, DL) : std::nullopt;
  if (!hasOneItem(Ops) || !TeamsCombine || !Privates ||
      (*Privates)[0]->getFunction() != &F)
    return failure("its list is not one local of the team code");
  ThreadCopyReduction R;
  R.Combine = &Combine;
  R.Copy = (*Privates)[0];
  DominatorTree DT(F);
  SmallVector<std::pair<int64_t, int64_t>, 4> Initialized;
  SmallVector<Value *, 8> Work = {R.Copy};
  while (!Work.empty()) {
    Value *V = Work.pop_back_val();
    for (Use &U : V->uses()) {
      auto *I = cast<Instruction>(U.getUser());
      if (isa<GetElementPtrInst, BitCastInst, AddrSpaceCastInst>(I)) {
        Work.push_back(I);
        continue;
      }
      if (isLifetimeOrDebug(I))
        continue;
      if (auto *L = dyn_cast<LoadInst>(I)) {
        if (!L->isSimple() || !DT.dominates(&Combine, L))
          return failure("the team code reads it before the teams reduction");
        continue;
      }
      if (auto *S = dyn_cast<StoreInst>(I)) {
        if (S->getValueOperand() == V) {
          if (getUnderlyingObject(S->getPointerOperand()) != List)
            return failure("the team code stores its address");
          continue;
        }
        APInt Offset(DL.getIndexTypeSizeInBits(S->getPointerOperandType()), 0);
        const Value *Base =
            S->getPointerOperand()->stripAndAccumulateConstantOffsets(
                DL, Offset, /*AllowNonInbounds=*/true);
        int64_t Size = DL.getTypeStoreSize(S->getValueOperand()->getType())
                           .getFixedValue();
        if (!S->isSimple() || Base != R.Copy ||
            !isa<Constant>(S->getValueOperand()) ||
            S->getParent() != &F.getEntryBlock() ||
            overlaps(Initialized, Offset.getSExtValue(), Size))
          return failure("the team code assigns it");
        Initialized.push_back({Offset.getSExtValue(), Size});
        continue;
      }
      auto *Fork = dyn_cast<CallInst>(I);
      Function *Micro =
          Fork && isCallTo(*Fork, ForkCall) ? microtaskOf(*Fork) : nullptr;
      // Fork arguments 3... are the microtask's parameters 2... (after the
      // thread-id slots).
      if (!Micro || V != R.Copy || U.getOperandNo() < 3 ||
          DT.dominates(&Combine, Fork))
        return failure("its address reaches other code");
      Expected<CallInst *> Region =
          regionReductionInto(*Micro, U.getOperandNo() - 1, *TeamsCombine);
      if (!Region)
        return Region.takeError();
      // The same region may get the copy in two of its parameters.
      if (!is_contained(R.RegionReductions, *Region))
        R.RegionReductions.push_back(*Region);
    }
  }
  if (R.RegionReductions.empty())
    return failure("no parallel region reduces into it");
  return R;
}

void remarkPerThread(const ThreadCopyReduction &R) {
  Function &F = *R.Combine->getFunction();
  OptimizationRemarkEmitter ORE(&F);
  ORE.emit([&] {
    return OptimizationRemark(RemarkPassName, "TeamsCopyPerThread", R.Combine)
           << "teams reduction in '" << F.getName()
           << "' keeps a copy per thread: its parallel regions update it "
              "without combining across the block, which combines the "
              "copies once before the teams reduction";
  });
}

/// Whether every use of \p List is a store into it (directly or through a
/// GEP) or a lifetime marker; collects those users in \p Writes.
bool isOnlyWritten(AllocaInst &List, SmallVectorImpl<Instruction *> &Writes) {
  for (User *U : List.users()) {
    auto *I = cast<Instruction>(U);
    if (auto *GEP = dyn_cast<GetElementPtrInst>(I)) {
      for (User *GU : GEP->users()) {
        auto *Store = dyn_cast<StoreInst>(GU);
        if (!Store || Store->getPointerOperand() != GEP)
          return false;
        Writes.push_back(Store);
      }
      Writes.push_back(GEP);
      continue;
    }
    auto *Store = dyn_cast<StoreInst>(I);
    auto *II = dyn_cast<IntrinsicInst>(I);
    if (!(Store && Store->getPointerOperand() == &List) &&
        !(II && II->isLifetimeStartOrEnd()))
      return false;
    Writes.push_back(I);
  }
  return true;
}

/// Erases \p Call and the lists only it read: the pointers to the private
/// and scratch copies, and the scratch copies nothing else uses. The
/// private copies' own pointers in the reduction's list would otherwise
/// count as uses that another thread may see.
void eraseBlockCombine(CallInst &Call) {
  SmallVector<Value *, 2> Lists = {Call.getArgOperand(OpRuntimeItems),
                                   Call.getArgOperand(OpRuntimeScratch)};
  Call.eraseFromParent();
  for (Value *ListPtr : Lists) {
    auto *List = dyn_cast<AllocaInst>(ListPtr->stripPointerCasts());
    SmallVector<Instruction *, 8> Writes;
    if (!List || !isOnlyWritten(*List, Writes))
      continue;
    SmallVector<AllocaInst *, 4> Entries;
    for (Instruction *W : Writes)
      if (auto *Store = dyn_cast<StoreInst>(W))
        if (auto *Entry = dyn_cast<AllocaInst>(Store->getValueOperand()))
          Entries.push_back(Entry);
    // Stores before the GEPs they store through.
    for (Instruction *W : Writes)
      if (isa<StoreInst>(W) || isa<IntrinsicInst>(W))
        W->eraseFromParent();
    for (Instruction *W : Writes)
      if (isa<GetElementPtrInst>(W))
        W->eraseFromParent();
    List->eraseFromParent();
    for (AllocaInst *Entry : Entries)
      if (Entry->use_empty())
        Entry->eraseFromParent();
  }
}

} // namespace

void classifyTeamsReductions(const SetVector<Function *> &TeamFunctions,
                             SmallVectorImpl<ThreadCopyReduction> &PerThread,
                             SmallVectorImpl<SharedCopyReduction> &Shared) {
  for (Function *F : TeamFunctions)
    for (Instruction &I : instructions(*F)) {
      if (!isCallTo(I, CombineBlock))
        continue;
      auto &Combine = cast<CallInst>(I);
      if (Expected<ThreadCopyReduction> R = analyzeCombine(Combine))
        PerThread.push_back(std::move(*R));
      else
        Shared.push_back({&Combine, toString(R.takeError())});
    }
}

void remarkCopyPerTeam(const SharedCopyReduction &R) {
  Function &F = *R.Combine->getFunction();
  OptimizationRemarkEmitter ORE(&F);
  ORE.emit([&] {
    return OptimizationRemarkMissed(RemarkPassName, "TeamsCopyPerTeam",
                                    R.Combine)
           << "teams reduction in '" << F.getName()
           << "' has its parallel regions combine their threads' copies per "
              "block: "
           << R.Why;
  });
}

bool isBlockCombineArgument(const Use &U) {
  auto *Call = dyn_cast<CallInst>(U.getUser());
  return Call && isCallTo(*Call, CombineBlock) && Call->isArgOperand(&U);
}

bool isBlockCombineListEntry(const Use &U) {
  auto *Store = dyn_cast<StoreInst>(U.getUser());
  if (!Store || U.getOperandNo() != 0)
    return false;
  auto *List =
      dyn_cast<AllocaInst>(getUnderlyingObject(Store->getPointerOperand()));
  return List && any_of(List->uses(), isBlockCombineArgument);
}

void keepCopyPerThread(const ThreadCopyReduction &R) {
  for (CallInst *Region : R.RegionReductions) {
    Function &Micro = *Region->getFunction();
    auto *Switch = cast<SwitchInst>(Region->user_back());
    Region->replaceAllUsesWith(ConstantInt::get(Region->getType(), 1));
    Region->eraseFromParent();
    ConstantFoldTerminator(Switch->getParent());
    removeUnreachableBlocks(Micro);
  }
  remarkPerThread(R);
}

bool eraseOtherBlockCombines(Module &M, ArrayRef<CallInst *> Kept) {
  Function *Combine = M.getFunction(CombineBlock);
  if (!Combine)
    return false;
  SmallPtrSet<CallInst *, 8> KeptSet(Kept.begin(), Kept.end());
  SmallVector<CallInst *, 4> Others;
  for (User *U : Combine->users())
    if (auto *Call = dyn_cast<CallInst>(U); Call && !KeptSet.contains(Call))
      Others.push_back(Call);
  for (CallInst *Call : Others)
    eraseBlockCombine(*Call);
  if (Combine->use_empty())
    Combine->eraseFromParent();
  return !Others.empty();
}

} // namespace cot

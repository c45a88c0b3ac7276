//===- RegionEffects.cpp - Regions that write only their own memory -------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Which parallel regions of guarded kernels write only memory of the thread
// that runs them (RegionEffects.h says why that matters), and the mark that
// openmp-device-spmdize leaves on their forks for
// openmp-device-parallel-regions.
//
//===----------------------------------------------------------------------===//

#include "RegionEffects.h"
#include "ForkCalls.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Metadata.h"

using namespace llvm;

namespace cot {
namespace {

/// Runtime functions a region may call that write at most through their
/// pointer arguments: the bounds of a static worksharing loop and its end,
/// the thread's number, and the end of a nowait reduction (nothing on the
/// device).
bool writesOnlyThroughArguments(StringRef Name) {
  static const StringLiteral Names[] = {
      "__kmpc_for_static_init_4", "__kmpc_for_static_init_4u",
      "__kmpc_for_static_init_8", "__kmpc_for_static_init_8u",
      "__kmpc_for_static_fini",   "__kmpc_global_thread_num",
      "__kmpc_end_reduce_nowait", "omp_get_thread_num",
      "omp_get_num_threads"};
  return is_contained(Names, Name);
}

/// The pointers of a microtask that address its thread's own memory in team
/// code: the parameters \p OwnParams and their copies (pointerCopies).
SmallPtrSet<const Value *, 8> ownPointers(ArrayRef<Argument *> OwnParams) {
  SmallPtrSet<const Value *, 8> Own;
  for (Argument *Param : OwnParams)
    if (std::optional<SmallVector<Value *, 8>> Copies = pointerCopies(*Param))
      Own.insert(Copies->begin(), Copies->end());
    else
      Own.insert(Param);
  return Own;
}

/// What a region may write: its microtask's locals and the pointers Own.
class ThreadOwnMemory {
public:
  ThreadOwnMemory(const Function &Micro, ArrayRef<Argument *> OwnParams)
      : Micro(Micro), Own(ownPointers(OwnParams)) {}

  bool contains(const Value *Ptr) const {
    const Value *Base = getUnderlyingObject(Ptr);
    if (auto *A = dyn_cast<AllocaInst>(Base))
      return A->getFunction() == &Micro;
    return Own.contains(Base);
  }

  /// Whether \p Call writes only this memory and synchronizes nothing.
  bool isQuiet(const CallBase &Call) const {
    if (isLifetimeOrDebug(&Call) || isa<AssumeInst>(Call))
      return true;
    if (auto *MI = dyn_cast<MemIntrinsic>(&Call))
      return !MI->isVolatile() && contains(MI->getDest());
    Function *Callee = Call.getCalledFunction();
    if (Callee && writesOnlyThroughArguments(Callee->getName()))
      return all_of(Call.args(), [&](const Use &Arg) {
        return !Arg->getType()->isPointerTy() || isa<Constant>(Arg) ||
               contains(Arg);
      });
    return !Call.isConvergent() && Call.onlyReadsMemory();
  }

private:
  const Function &Micro;
  SmallPtrSet<const Value *, 8> Own;
};

/// The address \p I writes to, for the writes that are not calls.
const Value *writtenAddress(const Instruction &I) {
  if (auto *S = dyn_cast<StoreInst>(&I))
    return S->getPointerOperand();
  if (auto *RMW = dyn_cast<AtomicRMWInst>(&I))
    return RMW->getPointerOperand();
  if (auto *CAS = dyn_cast<AtomicCmpXchgInst>(&I))
    return CAS->getPointerOperand();
  return nullptr;
}

} // namespace

bool writesOnlyThreadOwnMemory(CallBase &Fork,
                               function_ref<bool(Value *)> IsThreadOwn) {
  Function *Micro = microtaskOf(Fork);
  if (!Micro || Micro->isVarArg() || !Micro->hasOneUse())
    return false;
  SmallVector<Argument *, 4> OwnParams;
  // Fork arguments 3... are the microtask's parameters 2... (after the
  // thread-id slots).
  for (unsigned Op = 3; Op < Fork.arg_size(); ++Op)
    if (Op - 1 < Micro->arg_size() && IsThreadOwn(Fork.getArgOperand(Op)))
      OwnParams.push_back(Micro->getArg(Op - 1));
  ThreadOwnMemory Memory(*Micro, OwnParams);
  for (Instruction &I : instructions(*Micro)) {
    if (auto *Call = dyn_cast<CallBase>(&I)) {
      if (!Memory.isQuiet(*Call))
        return false;
      continue;
    }
    if (!I.mayWriteToMemory())
      continue;
    const Value *Address = writtenAddress(I);
    if (!Address || !Memory.contains(Address))
      return false;
  }
  return true;
}

void markNoClosingBarrier(CallBase &Fork) {
  Fork.setMetadata(NoClosingBarrier, MDNode::get(Fork.getContext(), {}));
}

bool hasNoClosingBarrier(const CallBase &Fork) {
  return Fork.getMetadata(NoClosingBarrier);
}

} // namespace cot

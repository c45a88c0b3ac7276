//===- ForkCalls.cpp - Fork calls and reach in device code ----------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Helpers of the GPU kernel passes (ForkCalls.h).
//
//===----------------------------------------------------------------------===//

#include "ForkCalls.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

namespace cot {

Function *calledFunction(const Instruction &I) {
  const auto *CB = dyn_cast<CallBase>(&I);
  return CB ? CB->getCalledFunction() : nullptr;
}

bool isCallTo(const Instruction &I, StringRef Name) {
  Function *F = calledFunction(I);
  return F && F->getName() == Name;
}

bool containsCallTo(Function &F, StringRef Name) {
  return any_of(instructions(F),
                [&](Instruction &I) { return isCallTo(I, Name); });
}

Value *pushedNumThreads(Instruction &I) {
  if (!isCallTo(I, "__kmpc_push_num_threads"))
    return nullptr;
  return cast<CallBase>(I).getArgOperand(2);
}

CallInst *numThreadsPush(CallInst &Fork) {
  for (Instruction *I = Fork.getPrevNode(); I; I = I->getPrevNode()) {
    if (isCallTo(*I, ForkCall))
      return nullptr;
    if (pushedNumThreads(*I))
      return cast<CallInst>(I);
  }
  return nullptr;
}

Value *regionNumThreads(CallInst &Fork) {
  if (CallInst *Push = numThreadsPush(Fork))
    return pushedNumThreads(*Push);
  Function &F = *Fork.getFunction();
  return ConstantInt::getSigned(Type::getInt32Ty(F.getContext()),
                                containsCallTo(F, "__kmpc_push_num_threads")
                                    ? -1
                                    : 0);
}

Function *microtaskOf(const CallBase &Fork) {
  if (Fork.arg_size() < 3)
    return nullptr;
  return dyn_cast<Function>(Fork.getArgOperand(2)->stripPointerCasts());
}

/// Defined functions \p F calls or passes around (microtasks).
static SmallVector<Function *, 8> referencedFunctions(Function &F) {
  SmallVector<Function *, 8> Out;
  for (Instruction &I : instructions(F))
    for (Value *Op : I.operands())
      if (auto *Callee = dyn_cast<Function>(Op->stripPointerCasts()))
        if (!Callee->isDeclaration())
          Out.push_back(Callee);
  return Out;
}

bool isLifetimeOrDebug(const User *U) {
  auto *II = dyn_cast<IntrinsicInst>(U);
  return II && (II->isLifetimeStartOrEnd() || isa<DbgInfoIntrinsic>(II));
}

namespace {

/// The local \p U spills \p V to, if \p U is a plain store of \p V into
/// a local.
AllocaInst *spillSlot(User *U, const Value *V) {
  auto *Spill = dyn_cast<StoreInst>(U);
  return Spill && Spill->isSimple() && Spill->getValueOperand() == V
             ? dyn_cast<AllocaInst>(Spill->getPointerOperand())
             : nullptr;
}

bool copiesPointer(User *U, const Value *V) {
  return isa<GetElementPtrInst, BitCastInst, AddrSpaceCastInst>(U) ||
         spillSlot(U, V) || isa<DbgInfoIntrinsic>(U);
}

} // namespace

std::optional<SmallVector<Value *, 8>> pointerCopies(Argument &Param) {
  SmallVector<Value *, 8> Copies;
  SmallVector<Value *, 8> Work = {&Param};
  SmallPtrSet<Value *, 8> Seen;
  while (!Work.empty()) {
    Value *V = Work.pop_back_val();
    if (!Seen.insert(V).second)
      continue;
    Copies.push_back(V);
    for (User *U : V->users()) {
      if (isa<GetElementPtrInst, BitCastInst, AddrSpaceCastInst>(U)) {
        Work.push_back(U);
        continue;
      }
      AllocaInst *Slot = spillSlot(U, V);
      if (!Slot)
        continue;
      for (User *SlotUser : Slot->users()) {
        if (auto *Reload = dyn_cast<LoadInst>(SlotUser);
            Reload && Reload->isSimple()) {
          Work.push_back(Reload);
          continue;
        }
        if (spillSlot(SlotUser, V) != Slot && !isLifetimeOrDebug(SlotUser))
          return std::nullopt;
      }
    }
  }
  return Copies;
}

std::optional<SmallVector<Instruction *, 8>> pointerUsers(Argument &Param) {
  std::optional<SmallVector<Value *, 8>> Copies = pointerCopies(Param);
  if (!Copies)
    return std::nullopt;
  SmallVector<Instruction *, 8> Users;
  for (Value *V : *Copies)
    for (User *U : V->users())
      if (!copiesPointer(U, V))
        Users.push_back(cast<Instruction>(U));
  return Users;
}

SetVector<Function *> reachableFrom(Function *Root) {
  SetVector<Function *> Seen;
  SmallVector<Function *, 16> Work = {Root};
  while (!Work.empty()) {
    Function *F = Work.pop_back_val();
    if (Seen.insert(F))
      append_range(Work, referencedFunctions(*F));
  }
  return Seen;
}

/// Whether \p F is the microtask of a parallel region.
static bool isParallelMicrotask(Function &F) {
  return any_of(F.users(), [&](User *U) {
    auto *Call = dyn_cast<CallBase>(U);
    return Call && isCallTo(*Call, ForkCall) && microtaskOf(*Call) == &F;
  });
}

SetVector<Function *> teamCodeFunctions(Function *Kernel) {
  SetVector<Function *> Team;
  SmallVector<Function *, 4> Work = {Kernel};
  while (!Work.empty()) {
    Function *F = Work.pop_back_val();
    if (!Team.insert(F))
      continue;
    for (Instruction &I : instructions(*F)) {
      auto *Call = dyn_cast<CallBase>(&I);
      if (!Call || isCallTo(I, ForkCall))
        continue;
      if (isCallTo(I, ForkTeams)) {
        if (Function *Teams = microtaskOf(*Call))
          Work.push_back(Teams);
        continue;
      }
      Function *Callee = Call->getCalledFunction();
      if (Callee && !Callee->isDeclaration() &&
          owningKernel(*Callee) == Kernel && !isParallelMicrotask(*Callee))
        Work.push_back(Callee);
    }
  }
  return Team;
}

SmallVector<KernelReach, 8> kernelReaches(Module &M) {
  SmallVector<KernelReach, 8> Result;
  for (const KernelInfo &K : kernelsOf(M))
    if (!K.F->isDeclaration())
      Result.push_back({K, reachableFrom(K.F)});
  return Result;
}

MapVector<Function *, KernelMode>
modesOfReachedFunctions(ArrayRef<KernelReach> Kernels) {
  MapVector<Function *, KernelMode> ModeOf;
  for (const KernelReach &KR : Kernels) {
    SetVector<Function *> Team;
    if (KR.K.Mode == KernelMode::Guarded)
      Team = teamCodeFunctions(KR.K.F);
    for (Function *F : KR.Reach) {
      KernelMode Mode = KR.K.Mode;
      if (Mode == KernelMode::Guarded && !Team.count(F))
        Mode = KernelMode::SPMD;
      if (!ModeOf.count(F) || Mode == KernelMode::Generic)
        ModeOf[F] = Mode;
    }
  }
  return ModeOf;
}

PreservedAnalyses preservedKeepingCFG(bool Changed) {
  if (!Changed)
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

FunctionCallee runtimeFunction(Module &M, StringRef Name, Type *Ret,
                               ArrayRef<Type *> Params) {
  return M.getOrInsertFunction(Name, FunctionType::get(Ret, Params, false));
}

FunctionCallee convergentRuntimeFunction(Module &M, StringRef Name, Type *Ret,
                                         ArrayRef<Type *> Params) {
  FunctionCallee Callee = runtimeFunction(M, Name, Ret, Params);
  if (auto *Fn = dyn_cast<Function>(Callee.getCallee()))
    Fn->addFnAttr(Attribute::Convergent);
  return Callee;
}

} // namespace cot

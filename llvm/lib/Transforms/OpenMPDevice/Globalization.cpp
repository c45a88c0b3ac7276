//===- Globalization.cpp - Team-shared storage for shared locals ----------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Pass openmp-device-globalize. In a generic kernel (openmp-device-kernel-
// modes) only each block's main thread runs the sequential code, and the
// workers of a parallel region cannot see the main thread's stack. Locals of
// main-thread code whose address reaches a parallel region (or a function
// that starts one) therefore move to team-shared storage:
// __cot_gpu_alloc_shared at the local's place and __cot_gpu_free_shared, in
// reverse order, before each return. The device runtime serves them from
// the block's shared-memory stack and from global memory (device malloc)
// when that is full. A remark (-Rpass=openmp-device) names each local and
// why it moved. Runs before the fork calls are lowered.
//
// The locals of the construct's own outlined functions (the kernel and its
// teams region), which run once per team, become static team-shared
// variables in shared memory instead (TeamShared.h), as CUDA's `__shared__`
// arrays, up to the kernel's budget: no allocation at run time, and shared
// loads, stores and atomics once the back end sees the address space.
//
//===----------------------------------------------------------------------===//

#include "ForkCalls.h"
#include "OpenMPDevice/Diagnostics.h"
#include "OpenMPDevice/Passes.h"
#include "TeamShared.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "openmp-device-globalize"

STATISTIC(NumGlobalized, "Locals moved to team-shared storage");
STATISTIC(NumStaticShared, "Locals moved to static team-shared variables");

using namespace llvm;

namespace cot {
namespace {

constexpr StringLiteral AllocShared = "__cot_gpu_alloc_shared";
constexpr StringLiteral FreeShared = "__cot_gpu_free_shared";

/// The functions the main thread of a generic kernel runs: everything the
/// kernel reaches except through the microtask of a parallel region.
SetVector<Function *> mainThreadFunctions(Function *Kernel) {
  SetVector<Function *> Seen;
  SmallVector<Function *, 16> Work = {Kernel};
  while (!Work.empty()) {
    Function *F = Work.pop_back_val();
    if (!Seen.insert(F))
      continue;
    for (Instruction &I : instructions(*F)) {
      auto *CB = dyn_cast<CallBase>(&I);
      if (!CB)
        continue;
      if (isCallTo(I, ForkTeams)) {
        if (Function *T = microtaskOf(*CB))
          Work.push_back(T);
        continue;
      }
      if (Function *Callee = CB->getCalledFunction();
          Callee && !Callee->isDeclaration())
        Work.push_back(Callee);
    }
  }
  return Seen;
}

/// Functions that start a parallel region, directly or through calls.
DenseSet<Function *> functionsReachingParallel(Module &M) {
  DenseSet<Function *> Result;
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (Function &F : M) {
      if (F.isDeclaration() || Result.count(&F))
        continue;
      for (Instruction &I : instructions(F)) {
        Function *Callee = calledFunction(I);
        if (Callee && (Callee->getName() == ForkCall || Result.count(Callee))) {
          Result.insert(&F);
          Changed = true;
          break;
        }
      }
    }
  }
  return Result;
}

/// The call through which the address of \p A reaches a parallel region or
/// a function that starts one, if any.
CallBase *escapeToParallel(AllocaInst *A,
                           const DenseSet<Function *> &Parallel) {
  SmallVector<Value *, 8> Work = {A};
  SmallPtrSet<Value *, 8> Seen;
  while (!Work.empty()) {
    Value *V = Work.pop_back_val();
    if (!Seen.insert(V).second)
      continue;
    for (User *U : V->users()) {
      if (isa<GetElementPtrInst>(U) || isa<BitCastInst>(U) ||
          isa<AddrSpaceCastInst>(U)) {
        Work.push_back(U);
        continue;
      }
      auto *CB = dyn_cast<CallBase>(U);
      if (!CB || CB->getCalledOperand() == V)
        continue;
      Function *Callee = CB->getCalledFunction();
      if (Callee && (Callee->getName() == ForkCall ||
                     Callee->getName() == ForkTeams || Parallel.count(Callee)))
        return CB;
    }
  }
  return nullptr;
}

void remarkGlobalized(AllocaInst *A, const CallBase &Escape, uint64_t Size,
                      bool Static) {
  Function &F = *A->getFunction();
  OptimizationRemarkEmitter ORE(&F);
  ORE.emit([&] {
    return OptimizationRemark(RemarkPassName, "Globalized", &Escape)
           << "local '" << localName(A) << "' of '" << F.getName() << "' ("
           << ore::NV("Bytes", Size) << " bytes) moved to "
           << (Static ? "a team-shared variable in shared memory"
                      : "team-shared storage (shared memory, or global memory "
                        "when the block's shared stack is full)")
           << ": its address reaches the parallel region started by a call "
              "of '"
           << Escape.getCalledFunction()->getName()
           << "', whose workers cannot see the main thread's stack";
  });
}

/// Frees \p Shared before each return of its function, ahead of the frees
/// of earlier allocations so that they happen in reverse order.
void freeBeforeReturns(CallInst *Shared, uint64_t Size) {
  Module &M = *Shared->getModule();
  Type *Ptr = Shared->getType();
  Type *I64 = Type::getInt64Ty(M.getContext());
  FunctionCallee Free = runtimeFunction(
      M, FreeShared, Type::getVoidTy(M.getContext()), {Ptr, I64});
  for (BasicBlock &BB : *Shared->getFunction())
    if (auto *Ret = dyn_cast<ReturnInst>(BB.getTerminator())) {
      Instruction *At = Ret;
      while (auto *Prev = dyn_cast_or_null<CallInst>(At->getPrevNode()))
        if (isCallTo(*Prev, FreeShared))
          At = Prev;
        else
          break;
      IRBuilder<>(At).CreateCall(Free, {Shared, ConstantInt::get(I64, Size)});
    }
}

void globalizeAlloca(AllocaInst *A, const CallBase &Escape) {
  Module &M = *A->getModule();
  // All of an array allocation (`alloca i64, i64 100000`, the scan buffer
  // Clang sizes by a constant trip count), not one element.
  uint64_t Size = *staticAllocaBytes(*A);
  remarkGlobalized(A, Escape, Size, /*Static=*/false);
  IRBuilder<> B(A);
  CallInst *Shared = B.CreateCall(
      runtimeFunction(M, AllocShared, B.getPtrTy(), {B.getInt64Ty()}),
      {B.getInt64(Size)}, A->getName() + ".shared");
  LLVM_DEBUG(dbgs() << "globalized " << A->getName() << " in "
                    << A->getFunction()->getName() << "\n");
  A->replaceAllUsesWith(Shared);
  A->eraseFromParent();
  freeBeforeReturns(Shared, Size);
  ++NumGlobalized;
}

/// Moves \p A to a static team-shared variable when its function runs once
/// per team (one of \p Kernel's own outlined functions) and the kernel's
/// budget, of which \p StaticBytes are used, has room.
bool moveToStaticTeamShared(AllocaInst *A, const CallBase &Escape,
                            Function *Kernel, uint64_t &StaticBytes) {
  std::optional<uint64_t> Bytes = staticAllocaBytes(*A);
  if (owningKernel(*A->getFunction()) != Kernel || !Bytes ||
      *Bytes > StaticTeamSharedBudget - StaticBytes)
    return false;
  StaticBytes += *Bytes;
  remarkGlobalized(A, Escape, *Bytes, /*Static=*/true);
  LLVM_DEBUG(dbgs() << "static team-shared " << localName(A) << " in "
                    << A->getFunction()->getName() << "\n");
  moveAllocaToTeamShared(*A);
  ++NumStaticShared;
  return true;
}

bool globalize(Function *Kernel, const DenseSet<Function *> &Parallel) {
  bool Changed = false;
  uint64_t StaticBytes = 0;
  for (Function *F : mainThreadFunctions(Kernel)) {
    SmallVector<std::pair<AllocaInst *, CallBase *>, 8> Escaping;
    for (Instruction &I : F->getEntryBlock())
      if (auto *A = dyn_cast<AllocaInst>(&I); A && A->isStaticAlloca())
        if (CallBase *Escape = escapeToParallel(A, Parallel))
          Escaping.push_back({A, Escape});
    for (auto [A, Escape] : Escaping)
      if (!moveToStaticTeamShared(A, *Escape, Kernel, StaticBytes))
        globalizeAlloca(A, *Escape);
    Changed |= !Escaping.empty();
  }
  return Changed;
}

} // namespace

PreservedAnalyses GlobalizationPass::run(Module &M, ModuleAnalysisManager &) {
  if (hasDeviceErrors(M))
    return PreservedAnalyses::all();
  DenseSet<Function *> Parallel = functionsReachingParallel(M);
  bool Changed = false;
  for (const KernelInfo &K : kernelsOf(M))
    if (K.Mode == KernelMode::Generic && !K.F->isDeclaration())
      Changed |= globalize(K.F, Parallel);
  return preservedKeepingCFG(Changed);
}

} // namespace cot

//===- ParallelRegions.cpp - Fork calls on the GPU ------------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Pass openmp-device-parallel-regions lowers the fork calls of the code each
// kernel reaches, in the kernel's mode (openmp-device-kernel-modes):
//
//   __kmpc_fork_teams   every thread of every block runs the teams region:
//                       a direct call of the microtask.
//   __kmpc_fork_call    SPMD: every thread is already running, so a direct
//                       call bracketed by __cot_gpu_spmd_parallel_begin/end
//                       (the device runtime tracks the parallel level).
//                       Generic: __cot_gpu_parallel(wrapper, args, n, 0, 1)
//                       wakes the block's workers, which call
//                       `void <microtask>.wrapper(void **Args)`; the wrapper
//                       unpacks the arguments and calls the microtask.
//                       Guarded (team code every thread runs, see
//                       openmp-device-spmdize): the threads of the region
//                       call the microtask directly between
//                       __cot_gpu_guarded_parallel_begin, which picks them
//                       (num_threads) after a block barrier, and
//                       __cot_gpu_guarded_parallel_end, the region's
//                       closing barrier.
//
// Microtasks get the thread-id slots every microtask expects as its first
// two arguments. Fork calls of unknown microtasks stay for the runtime.
//
// The body of a parallel region that only the team code of SPMD and guarded
// kernels starts runs as thread threadIdx.x of an active level-1 region (or
// alone, serialized): its own calls of omp_get_thread_num,
// omp_get_num_threads, __kmpc_barrier and the static loop inits go to the
// device runtime's __cot_gpu_region_* entry points, which need not read the
// thread's state (a shared-memory load and tests on every call, which kept
// barrier loops such as a shared-memory tree reduction from unrolling).
// When the region always has the whole block (SPMD kernels; guarded ones
// without a num_threads clause in a program that never sets the ICV) the
// team size and barrier are the block's, __cot_gpu_block_*: blockDim.x in a
// register, bar.sync 0.
//
//===----------------------------------------------------------------------===//

#include "ForkCalls.h"
#include "OpenMPDevice/Diagnostics.h"
#include "OpenMPDevice/Passes.h"
#include "RegionEffects.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "openmp-device-parallel-regions"

STATISTIC(NumTeamsForks, "League forks made direct calls");
STATISTIC(NumSPMDRegions, "Parallel regions lowered for SPMD kernels");
STATISTIC(NumGenericRegions, "Parallel regions lowered for generic kernels");
STATISTIC(NumGuardedRegions, "Parallel regions lowered for guarded kernels");
STATISTIC(NumRegionCalls, "Region-body runtime calls without state reads");

using namespace llvm;

namespace cot {
namespace {

class ForkLowering {
public:
  explicit ForkLowering(Module &M)
      : M(M), Ctx(M.getContext()), Ptr(PointerType::getUnqual(Ctx)),
        I32(Type::getInt32Ty(Ctx)), Void(Type::getVoidTy(Ctx)) {}

  /// Lowers the fork calls of \p F for a kernel in \p Mode; returns whether
  /// there were any.
  bool lowerForks(Function &F, KernelMode Mode);

private:
  Module &M;
  LLVMContext &Ctx;
  Type *Ptr, *I32, *Void;
  DenseMap<Function *, Function *> Wrappers;

  Value *threadIdCall(IRBuilder<> &B);
  std::pair<Value *, Value *> threadIdSlots(IRBuilder<> &B);
  SmallVector<Value *, 8> microtaskArgs(IRBuilder<> &B, CallInst *Fork,
                                        Function *Micro);
  void lowerForkTeams(CallInst *Fork);
  void lowerForkCallSPMD(CallInst *Fork);
  void lowerForkCallGeneric(CallInst *Fork);
  void lowerForkCallGuarded(CallInst *Fork);
  Value *takeNumThreads(CallInst *Fork);
  Function *parallelWrapper(Function *Micro);
};

Value *ForkLowering::threadIdCall(IRBuilder<> &B) {
  return B.CreateCall(
      runtimeFunction(M, "__kmpc_global_thread_num", I32, {Ptr}),
      {ConstantPointerNull::get(cast<PointerType>(Ptr))});
}

/// Slots holding the thread id and a zero, the first two arguments of
/// every microtask, at \p B.
std::pair<Value *, Value *> ForkLowering::threadIdSlots(IRBuilder<> &B) {
  Value *Gtid = B.CreateAlloca(I32, nullptr, "gtid.slot");
  Value *Zero = B.CreateAlloca(I32, nullptr, "zero.slot");
  B.CreateStore(threadIdCall(B), Gtid);
  B.CreateStore(B.getInt32(0), Zero);
  return {Gtid, Zero};
}

/// The microtask's arguments: the thread-id slots (in the entry block of
/// the fork's function) and the fork's arguments after the microtask.
SmallVector<Value *, 8>
ForkLowering::microtaskArgs(IRBuilder<> &B, CallInst *Fork, Function *Micro) {
  Function &F = *Fork->getFunction();
  IRBuilder<> EntryB(&*F.getEntryBlock().getFirstInsertionPt());
  auto [Gtid, Zero] = threadIdSlots(EntryB);
  SmallVector<Value *, 8> Args = {Gtid, Zero};
  for (unsigned I = 3; I < Fork->arg_size(); ++I)
    Args.push_back(castPointerSized(B, Fork->getArgOperand(I),
                                    Micro->getArg(Args.size())->getType()));
  return Args;
}

void ForkLowering::lowerForkTeams(CallInst *Fork) {
  Function *Micro = microtaskOf(*Fork);
  IRBuilder<> B(Fork);
  B.CreateCall(Micro, microtaskArgs(B, Fork, Micro));
  Fork->eraseFromParent();
  ++NumTeamsForks;
}

void ForkLowering::lowerForkCallSPMD(CallInst *Fork) {
  Function *Micro = microtaskOf(*Fork);
  IRBuilder<> B(Fork);
  SmallVector<Value *, 8> Args = microtaskArgs(B, Fork, Micro);
  B.CreateCall(runtimeFunction(M, "__cot_gpu_spmd_parallel_begin", Void, {}));
  B.CreateCall(Micro, Args);
  B.CreateCall(runtimeFunction(M, "__cot_gpu_spmd_parallel_end", Void, {}));
  Fork->eraseFromParent();
  ++NumSPMDRegions;
}

/// The num_threads value of \p Fork (regionNumThreads); the
/// __kmpc_push_num_threads call Clang emits just before it goes.
Value *ForkLowering::takeNumThreads(CallInst *Fork) {
  Value *N = regionNumThreads(*Fork);
  if (CallInst *Push = numThreadsPush(*Fork))
    Push->eraseFromParent();
  return N;
}

/// `if ((Ran = __cot_gpu_guarded_parallel_begin(N))) microtask(...);
/// __cot_gpu_guarded_parallel_end(Ran)`: every thread of the block reaches
/// the fork; the runtime says which take part. A region that writes only
/// its threads' own memory (RegionEffects.h) ends with
/// __cot_gpu_guarded_parallel_end_nowait, without the barrier.
void ForkLowering::lowerForkCallGuarded(CallInst *Fork) {
  Function *Micro = microtaskOf(*Fork);
  Value *NumThreads = takeNumThreads(Fork);
  BasicBlock *Head = Fork->getParent();
  BasicBlock *End = Head->splitBasicBlock(Fork, "parallel.end");
  BasicBlock *Region =
      BasicBlock::Create(Ctx, "parallel.region", Head->getParent(), End);
  IRBuilder<> B(Head->getTerminator());
  CallInst *Ran = B.CreateCall(
      convergentRuntimeFunction(M, "__cot_gpu_guarded_parallel_begin", I32,
                                {I32}),
      {NumThreads}, "parallel.ran");
  Ran->addFnAttr(Attribute::Convergent);
  B.CreateCondBr(B.CreateICmpNE(Ran, B.getInt32(0)), Region, End);
  Head->getTerminator()->eraseFromParent();
  B.SetInsertPoint(Region);
  B.CreateCall(Micro, microtaskArgs(B, Fork, Micro));
  B.CreateBr(End);
  B.SetInsertPoint(Fork);
  StringRef Close = hasNoClosingBarrier(*Fork)
                        ? "__cot_gpu_guarded_parallel_end_nowait"
                        : "__cot_gpu_guarded_parallel_end";
  B.CreateCall(convergentRuntimeFunction(M, Close, Void, {I32}), {Ran})
      ->addFnAttr(Attribute::Convergent);
  Fork->eraseFromParent();
  ++NumGuardedRegions;
}

/// `void <microtask>.wrapper(void **Args)`: what __cot_gpu_parallel calls in
/// each thread of the region.
Function *ForkLowering::parallelWrapper(Function *Micro) {
  Function *&W = Wrappers[Micro];
  if (W)
    return W;
  W = Function::Create(FunctionType::get(Void, {Ptr}, false),
                       GlobalValue::InternalLinkage,
                       Micro->getName() + ".wrapper", M);
  W->addFnAttr(Attribute::NoUnwind);
  IRBuilder<> B(BasicBlock::Create(Ctx, "entry", W));
  auto [Gtid, Zero] = threadIdSlots(B);
  SmallVector<Value *, 8> Args = {Gtid, Zero};
  for (unsigned I = 2; I < Micro->arg_size(); ++I) {
    Value *Slot = B.CreateConstInBoundsGEP1_64(Ptr, W->getArg(0), I - 2);
    Args.push_back(castPointerSized(B, B.CreateLoad(Ptr, Slot),
                                    Micro->getArg(I)->getType()));
  }
  B.CreateCall(Micro, Args);
  B.CreateRetVoid();
  return W;
}

void ForkLowering::lowerForkCallGeneric(CallInst *Fork) {
  Function *Micro = microtaskOf(*Fork);
  Function *F = Fork->getFunction();
  unsigned NumArgs = Fork->arg_size() - 3;
  IRBuilder<> EntryB(&*F->getEntryBlock().getFirstInsertionPt());
  auto *ArgsTy = ArrayType::get(Ptr, std::max(NumArgs, 1u));
  Value *Argv = EntryB.CreateAlloca(ArgsTy, nullptr, "parallel.args");
  IRBuilder<> B(Fork);
  for (unsigned I = 0; I < NumArgs; ++I)
    B.CreateStore(castPointerSized(B, Fork->getArgOperand(I + 3), Ptr),
                  B.CreateConstInBoundsGEP2_32(ArgsTy, Argv, 0, I));
  B.CreateCall(
      runtimeFunction(M, "__cot_gpu_parallel", Void, {Ptr, Ptr, I32, I32, I32}),
      {parallelWrapper(Micro), Argv, B.getInt32(NumArgs), B.getInt32(0),
       B.getInt32(1)});
  Fork->eraseFromParent();
  ++NumGenericRegions;
}

bool ForkLowering::lowerForks(Function &F, KernelMode Mode) {
  SmallVector<CallInst *, 4> Teams, Parallels;
  for (Instruction &I : instructions(F)) {
    auto *CI = dyn_cast<CallInst>(&I);
    if (!CI || !microtaskOf(*CI))
      continue;
    if (isCallTo(I, ForkTeams))
      Teams.push_back(CI);
    else if (isCallTo(I, ForkCall))
      Parallels.push_back(CI);
  }
  for (CallInst *CI : Teams)
    lowerForkTeams(CI);
  for (CallInst *CI : Parallels) {
    switch (Mode) {
    case KernelMode::SPMD:
      lowerForkCallSPMD(CI);
      break;
    case KernelMode::Guarded:
      lowerForkCallGuarded(CI);
      break;
    case KernelMode::Generic:
      lowerForkCallGeneric(CI);
      break;
    }
  }
  LLVM_DEBUG(if (!Teams.empty() || !Parallels.empty()) dbgs()
             << F.getName() << ": " << Teams.size() << " league and "
             << Parallels.size() << " parallel forks\n");
  return !Teams.empty() || !Parallels.empty();
}

/// Whether every num_threads value \p F pushes asks for the whole block: a
/// constant at least the block size its kernel runs with
/// (openmp-device-block-threads), as in CUDA ports that repeat the block
/// size in both clauses.
bool pushesWholeBlock(Function &F) {
  Function *Kernel = owningKernel(F);
  std::optional<unsigned> Block =
      Kernel ? blockThreadsOf(*Kernel) : std::nullopt;
  return all_of(instructions(F), [&](Instruction &I) {
    Value *Pushed = pushedNumThreads(I);
    if (!Pushed)
      return true;
    auto *N = dyn_cast<ConstantInt>(Pushed);
    return Block && N && N->getSExtValue() >= int64_t(*Block);
  });
}

/// Whether a region started from \p F, team code in \p Mode, has the whole
/// block: in SPMD kernels it does (a num_threads clause sizes the block);
/// in guarded ones when neither a num_threads clause (a pushed count below
/// the block size) nor the ICV (\p SetsICV: the module calls
/// omp_set_num_threads) sizes it.
bool startsWholeBlockRegions(Function &F, KernelMode Mode, bool SetsICV) {
  if (Mode == KernelMode::SPMD)
    return true;
  return !SetsICV && pushesWholeBlock(F);
}

/// The microtasks that only team code of SPMD and guarded kernels starts,
/// and whether they always have the whole block.
MapVector<Function *, bool>
levelOneRegions(Module &M, ArrayRef<KernelReach> Kernels,
                const MapVector<Function *, KernelMode> &ModeOf) {
  DenseSet<Function *> TeamCode;
  for (const KernelReach &KR : Kernels)
    if (KR.K.Mode != KernelMode::Generic)
      for (Function *F : teamCodeFunctions(KR.K.F))
        if (ModeOf.lookup(F) != KernelMode::Generic)
          TeamCode.insert(F);
  Function *SetICV = M.getFunction("omp_set_num_threads");
  bool SetsICV = SetICV && !SetICV->use_empty();
  MapVector<Function *, bool> Regions;
  for (auto &[F, Mode] : ModeOf)
    for (Instruction &I : instructions(*F)) {
      if (!isCallTo(I, ForkCall))
        continue;
      Function *Micro = microtaskOf(cast<CallBase>(I));
      if (!Micro || Regions.count(Micro))
        continue;
      bool LevelOne = true, WholeBlock = true;
      for (User *U : Micro->users()) {
        auto *Fork = dyn_cast<CallBase>(U);
        if (!Fork || !isCallTo(*Fork, ForkCall) || microtaskOf(*Fork) != Micro ||
            !TeamCode.count(Fork->getFunction())) {
          LevelOne = false;
          break;
        }
        Function *Starter = Fork->getFunction();
        WholeBlock &=
            startsWholeBlockRegions(*Starter, ModeOf.lookup(Starter), SetsICV);
      }
      if (LevelOne)
        Regions[Micro] = WholeBlock;
    }
  return Regions;
}

/// The device runtime's entry point for \p Name in the body of a level-one
/// region (which has the whole block when \p WholeBlock), if it has one.
StringRef regionEntryPoint(StringRef Name, bool WholeBlock) {
  if (WholeBlock)
    if (StringRef Entry =
            StringSwitch<StringRef>(Name)
                .Case("omp_get_num_threads", "__cot_gpu_block_num_threads")
                .Case("__kmpc_barrier", "__cot_gpu_block_barrier")
                .Case("__kmpc_for_static_init_4",
                      "__cot_gpu_block_for_static_init_4")
                .Case("__kmpc_for_static_init_4u",
                      "__cot_gpu_block_for_static_init_4u")
                .Case("__kmpc_for_static_init_8",
                      "__cot_gpu_block_for_static_init_8")
                .Case("__kmpc_for_static_init_8u",
                      "__cot_gpu_block_for_static_init_8u")
                .Default("");
        !Entry.empty())
      return Entry;
  return StringSwitch<StringRef>(Name)
      .Case("omp_get_thread_num", "__cot_gpu_region_thread_num")
      .Case("omp_get_num_threads", "__cot_gpu_region_num_threads")
      .Case("__kmpc_barrier", "__cot_gpu_region_barrier")
      .Case("__kmpc_for_static_init_4", "__cot_gpu_region_for_static_init_4")
      .Case("__kmpc_for_static_init_4u", "__cot_gpu_region_for_static_init_4u")
      .Case("__kmpc_for_static_init_8", "__cot_gpu_region_for_static_init_8")
      .Case("__kmpc_for_static_init_8u", "__cot_gpu_region_for_static_init_8u")
      .Default("");
}

/// \p Region and the functions Clang outlined from its body that only it
/// calls (with -g, the artificial body the microtask calls), but not the
/// microtasks of the nested regions it runs serialized (if(0)), which
/// Clang calls between __kmpc_serialized_parallel and its end.
SmallVector<Function *, 2> regionBody(Function &Region) {
  SmallVector<Function *, 2> Body = {&Region};
  Function *Kernel = owningKernel(Region);
  for (unsigned I = 0; I < Body.size(); ++I) {
    if (containsCallTo(*Body[I], "__kmpc_serialized_parallel"))
      continue;
    for (Instruction &Inst : instructions(*Body[I]))
      if (Function *Callee = calledFunction(Inst);
          Kernel && Callee && !Callee->isDeclaration() &&
          Callee->hasOneUse() && owningKernel(*Callee) == Kernel &&
          !is_contained(Body, Callee))
        Body.push_back(Callee);
  }
  return Body;
}

/// Sends the calls of the runtime's thread queries, barriers and static loop
/// inits in \p Region's body to the level-one entry points.
void useRegionEntryPoints(Function &Region, bool WholeBlock) {
  Module &M = *Region.getParent();
  SmallVector<CallBase *, 8> Calls;
  for (Function *F : regionBody(Region))
    for (Instruction &I : instructions(*F))
      if (Function *Callee = calledFunction(I);
          Callee && !regionEntryPoint(Callee->getName(), WholeBlock).empty())
        Calls.push_back(cast<CallBase>(&I));
  for (CallBase *Call : Calls) {
    StringRef Entry =
        regionEntryPoint(Call->getCalledFunction()->getName(), WholeBlock);
    if (isCallTo(*Call, "__kmpc_barrier")) {
      FunctionCallee Barrier = convergentRuntimeFunction(
          M, Entry, Type::getVoidTy(M.getContext()), {});
      CallInst *New = CallInst::Create(Barrier, {}, "", Call->getIterator());
      New->addFnAttr(Attribute::Convergent);
      New->setDebugLoc(Call->getDebugLoc());
      Call->eraseFromParent();
    } else {
      Call->setCalledFunction(
          M.getOrInsertFunction(Entry, Call->getFunctionType()));
    }
    ++NumRegionCalls;
  }
}

} // namespace

PreservedAnalyses ParallelRegionsPass::run(Module &M, ModuleAnalysisManager &) {
  if (hasDeviceErrors(M))
    return PreservedAnalyses::all();
  SmallVector<KernelReach, 8> Kernels = kernelReaches(M);
  MapVector<Function *, KernelMode> ModeOf = modesOfReachedFunctions(Kernels);
  for (auto &[Region, WholeBlock] : levelOneRegions(M, Kernels, ModeOf))
    useRegionEntryPoints(*Region, WholeBlock);
  ForkLowering Lowering(M);
  bool Changed = false;
  for (auto &[F, Mode] : ModeOf)
    Changed |= Lowering.lowerForks(*F, Mode);
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace cot

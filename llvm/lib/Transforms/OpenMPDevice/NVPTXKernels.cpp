//===- NVPTXKernels.cpp - SPMD and generic GPU kernels --------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Forms the CUDA kernels of a device module (ARCHITECTURE.md, section 4).
// Teams are CUDA blocks, threads of a team are CUDA threads. Each kernel
// of `cot.kernels` runs in one of two modes:
//
//   SPMD     every thread runs the region. __kmpc_fork_teams and
//            __kmpc_fork_call become direct calls of the microtasks, the
//            latter bracketed by __cot_gpu_spmd_parallel_begin/end so that
//            the device runtime knows the parallel level. Chosen for combined
//            constructs whose region is one parallel region (Sema marks them)
//            when no function with a parallel region is shared with a
//            generic kernel.
//   generic  each block's main thread runs the sequential code; the other
//            threads wait in the device runtime's control loop. A parallel
//            region is __cot_gpu_parallel(wrapper, args): the wrapper unpacks
//            the arguments and calls the microtask. Locals of main-thread
//            code that a parallel region reaches by address move to
//            team-shared storage (globalization), since the workers cannot
//            see the main thread's stack.
//
// Each kernel is a new function with the outlined function's name and all
// parameters pointer-sized (OffloadABI.h), annotated as a CUDA kernel; the
// outlined function becomes `<name>.impl`.
//
//===----------------------------------------------------------------------===//

#include "OpenMPDevice/Kernels.h"
#include "OpenMPDevice/NVPTX.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "cot-nvptx-kernels"

STATISTIC(NumSPMDKernels, "Kernels formed in SPMD mode");
STATISTIC(NumGenericKernels, "Kernels formed in generic mode");
STATISTIC(NumGlobalized, "Locals moved to team-shared storage");

using namespace llvm;

namespace cot {
namespace {

constexpr StringLiteral ForkCall = "__kmpc_fork_call";
constexpr StringLiteral ForkTeams = "__kmpc_fork_teams";

Function *calledFunction(const Instruction &I) {
  const auto *CB = dyn_cast<CallBase>(&I);
  return CB ? CB->getCalledFunction() : nullptr;
}

bool isCallTo(const Instruction &I, StringRef Name) {
  Function *F = calledFunction(I);
  return F && F->getName() == Name;
}

/// The microtask a fork call runs.
Function *microtaskOf(const CallBase &Fork) {
  if (Fork.arg_size() < 3)
    return nullptr;
  return dyn_cast<Function>(Fork.getArgOperand(2)->stripPointerCasts());
}

/// Defined functions \p F calls or passes around (microtasks).
SmallVector<Function *, 8> referencedFunctions(Function &F) {
  SmallVector<Function *, 8> Out;
  for (Instruction &I : instructions(F))
    for (Value *Op : I.operands())
      if (auto *Callee = dyn_cast<Function>(Op->stripPointerCasts()))
        if (!Callee->isDeclaration())
          Out.push_back(Callee);
  return Out;
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

bool containsCallTo(Function &F, StringRef Name) {
  return any_of(instructions(F),
                [&](Instruction &I) { return isCallTo(I, Name); });
}

class KernelFormation {
public:
  explicit KernelFormation(Module &M)
      : M(M), Ctx(M.getContext()), Ptr(PointerType::getUnqual(Ctx)),
        I32(Type::getInt32Ty(Ctx)), I64(Type::getInt64Ty(Ctx)),
        Void(Type::getVoidTy(Ctx)) {}

  void run();

private:
  Module &M;
  LLVMContext &Ctx;
  Type *Ptr, *I32, *I64, *Void;
  DenseMap<Function *, Function *> Wrappers;

  void chooseModes(SmallVectorImpl<KernelInfo> &Kernels,
                   ArrayRef<SetVector<Function *>> Reach);
  void globalize(Function *Kernel, const DenseSet<Function *> &Parallel);
  void globalizeAlloca(AllocaInst *A);
  void lowerForks(Function &F, KernelMode Mode);
  std::pair<Value *, Value *> threadIdSlots(Function &F);
  void lowerForkTeams(CallInst *Fork);
  void lowerForkCallSPMD(CallInst *Fork);
  void lowerForkCallGeneric(CallInst *Fork);
  Function *parallelWrapper(Function *Microtask);
  void combineTeamSumsPerBlock(Function &Teams);
  void formKernel(const KernelInfo &K, bool HasTeams,
                  const SetVector<Function *> &Reach);
  Function *dispatchFunction(Function *Kernel,
                             const SetVector<Function *> &Reach);
  FunctionCallee runtime(StringRef Name, Type *Ret, ArrayRef<Type *> Params) {
    return M.getOrInsertFunction(Name, FunctionType::get(Ret, Params, false));
  }
};

/// Keeps SPMD only where it is valid: the region must contain a parallel
/// region, and no function with one may be shared with a generic kernel
/// (the two modes lower it differently).
void KernelFormation::chooseModes(SmallVectorImpl<KernelInfo> &Kernels,
                                  ArrayRef<SetVector<Function *>> Reach) {
  DenseSet<Function *> GenericForkers;
  for (size_t I = 0; I < Kernels.size(); ++I)
    if (Kernels[I].Mode == KernelMode::Generic)
      for (Function *F : Reach[I])
        if (containsCallTo(*F, ForkCall))
          GenericForkers.insert(F);
  for (size_t I = 0; I < Kernels.size(); ++I) {
    KernelInfo &K = Kernels[I];
    if (K.Mode != KernelMode::SPMD)
      continue;
    bool HasParallel = any_of(
        Reach[I], [](Function *F) { return containsCallTo(*F, ForkCall); });
    bool Shared =
        any_of(Reach[I], [&](Function *F) { return GenericForkers.count(F); });
    if (!HasParallel || Shared) {
      LLVM_DEBUG(dbgs() << K.F->getName() << ": generic instead of SPMD\n");
      K.Mode = KernelMode::Generic;
    }
  }
}

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

/// Whether the address of \p A reaches, as a call argument, a parallel
/// region or a function that starts one.
bool escapesToParallel(AllocaInst *A, const DenseSet<Function *> &Parallel) {
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
        return true;
    }
  }
  return false;
}

void KernelFormation::globalizeAlloca(AllocaInst *A) {
  const DataLayout &DL = M.getDataLayout();
  uint64_t Size = DL.getTypeAllocSize(A->getAllocatedType());
  IRBuilder<> B(A);
  CallInst *Shared = B.CreateCall(
      runtime("__cot_gpu_alloc_shared", Ptr, {I64}), {B.getInt64(Size)},
      A->getName() + ".shared");
  A->replaceAllUsesWith(Shared);
  A->eraseFromParent();
  // Freed in reverse order: the frees go right before each return, ahead of
  // the frees of earlier allocations.
  for (BasicBlock &BB : *Shared->getFunction())
    if (auto *Ret = dyn_cast<ReturnInst>(BB.getTerminator())) {
      Instruction *At = Ret;
      while (auto *Prev = dyn_cast_or_null<CallInst>(At->getPrevNode()))
        if (isCallTo(*Prev, "__cot_gpu_free_shared"))
          At = Prev;
        else
          break;
      IRBuilder<>(At).CreateCall(
          runtime("__cot_gpu_free_shared", Void, {Ptr, I64}),
          {Shared, ConstantInt::get(I64, Size)});
    }
  ++NumGlobalized;
}

void KernelFormation::globalize(Function *Kernel,
                                const DenseSet<Function *> &Parallel) {
  for (Function *F : mainThreadFunctions(Kernel)) {
    SmallVector<AllocaInst *, 8> Escaping;
    for (Instruction &I : F->getEntryBlock())
      if (auto *A = dyn_cast<AllocaInst>(&I);
          A && A->isStaticAlloca() && escapesToParallel(A, Parallel))
        Escaping.push_back(A);
    for (AllocaInst *A : Escaping)
      globalizeAlloca(A);
  }
}

/// Slots holding the thread id and a zero, the first two arguments of
/// every microtask.
std::pair<Value *, Value *> KernelFormation::threadIdSlots(Function &F) {
  IRBuilder<> B(&*F.getEntryBlock().getFirstInsertionPt());
  Value *Gtid = B.CreateAlloca(I32, nullptr, "gtid.slot");
  Value *Zero = B.CreateAlloca(I32, nullptr, "zero.slot");
  Value *Id = B.CreateCall(runtime("__kmpc_global_thread_num", I32, {Ptr}),
                           {ConstantPointerNull::get(cast<PointerType>(Ptr))});
  B.CreateStore(Id, Gtid);
  B.CreateStore(B.getInt32(0), Zero);
  return {Gtid, Zero};
}

/// The microtask's arguments after the two thread-id pointers.
SmallVector<Value *, 8> microtaskArgs(IRBuilder<> &B, CallInst *Fork,
                                      Function *Micro, Value *Gtid,
                                      Value *Zero) {
  SmallVector<Value *, 8> Args = {Gtid, Zero};
  for (unsigned I = 3; I < Fork->arg_size(); ++I)
    Args.push_back(castPointerSized(B, Fork->getArgOperand(I),
                                Micro->getArg(Args.size())->getType()));
  return Args;
}

void KernelFormation::lowerForkTeams(CallInst *Fork) {
  Function *Micro = microtaskOf(*Fork);
  auto [Gtid, Zero] = threadIdSlots(*Fork->getFunction());
  IRBuilder<> B(Fork);
  B.CreateCall(Micro, microtaskArgs(B, Fork, Micro, Gtid, Zero));
  Fork->eraseFromParent();
}

void KernelFormation::lowerForkCallSPMD(CallInst *Fork) {
  Function *Micro = microtaskOf(*Fork);
  auto [Gtid, Zero] = threadIdSlots(*Fork->getFunction());
  IRBuilder<> B(Fork);
  B.CreateCall(runtime("__cot_gpu_spmd_parallel_begin", Void, {}));
  B.CreateCall(Micro, microtaskArgs(B, Fork, Micro, Gtid, Zero));
  B.CreateCall(runtime("__cot_gpu_spmd_parallel_end", Void, {}));
  Fork->eraseFromParent();
}

/// `void <microtask>.wrapper(void **Args)`: what __cot_gpu_parallel calls in
/// each thread of the region.
Function *KernelFormation::parallelWrapper(Function *Micro) {
  Function *&W = Wrappers[Micro];
  if (W)
    return W;
  W = Function::Create(FunctionType::get(Void, {Ptr}, false),
                       GlobalValue::InternalLinkage,
                       Micro->getName() + ".wrapper", M);
  W->addFnAttr(Attribute::NoUnwind);
  IRBuilder<> B(BasicBlock::Create(Ctx, "entry", W));
  Value *Gtid = B.CreateAlloca(I32, nullptr, "gtid.slot");
  Value *Zero = B.CreateAlloca(I32, nullptr, "zero.slot");
  B.CreateStore(
      B.CreateCall(runtime("__kmpc_global_thread_num", I32, {Ptr}),
                   {ConstantPointerNull::get(cast<PointerType>(Ptr))}),
      Gtid);
  B.CreateStore(B.getInt32(0), Zero);
  SmallVector<Value *, 8> Args = {Gtid, Zero};
  for (unsigned I = 2; I < Micro->arg_size(); ++I) {
    Value *Slot = B.CreateConstInBoundsGEP1_64(Ptr, W->getArg(0), I - 2);
    Args.push_back(
        castPointerSized(B, B.CreateLoad(Ptr, Slot), Micro->getArg(I)->getType()));
  }
  B.CreateCall(Micro, Args);
  B.CreateRetVoid();
  return W;
}

void KernelFormation::lowerForkCallGeneric(CallInst *Fork) {
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
  B.CreateCall(runtime("__cot_gpu_parallel", Void, {Ptr, Ptr, I32, I32, I32}),
               {parallelWrapper(Micro), Argv, B.getInt32(NumArgs),
                B.getInt32(0), B.getInt32(1)});
  Fork->eraseFromParent();
}

void KernelFormation::lowerForks(Function &F, KernelMode Mode) {
  SmallVector<CallInst *, 4> Teams, Parallels;
  for (Instruction &I : instructions(F)) {
    auto *CI = dyn_cast<CallInst>(&I);
    if (!CI || !(isCallTo(I, ForkTeams) || isCallTo(I, ForkCall)) ||
        !microtaskOf(*CI))
      continue;
    if (isCallTo(I, ForkTeams))
      Teams.push_back(CI);
    else if (isCallTo(I, ForkCall))
      Parallels.push_back(CI);
  }
  for (CallInst *CI : Teams)
    lowerForkTeams(CI);
  for (CallInst *CI : Parallels) {
    if (Mode == KernelMode::SPMD)
      lowerForkCallSPMD(CI);
    else
      lowerForkCallGeneric(CI);
  }
}

/// The runtime function that sums \p RMW's value over a block, if any.
static std::optional<std::string> teamSumFunction(const AtomicRMWInst &RMW) {
  if (!RMW.use_empty())
    return std::nullopt;
  Type *T = RMW.getValOperand()->getType();
  if (RMW.getOperation() == AtomicRMWInst::FAdd)
    return T->isDoubleTy()  ? std::optional<std::string>("__cot_gpu_team_reduce_add_f64")
           : T->isFloatTy() ? std::optional<std::string>("__cot_gpu_team_reduce_add_f32")
                            : std::nullopt;
  if (RMW.getOperation() == AtomicRMWInst::Add)
    return T->isIntegerTy(64)   ? std::optional<std::string>("__cot_gpu_team_reduce_add_i64")
           : T->isIntegerTy(32) ? std::optional<std::string>("__cot_gpu_team_reduce_add_i32")
                                : std::nullopt;
  return std::nullopt;
}

/// In an SPMD kernel every thread runs the teams microtask and combines its
/// partial reduction result into the mapped variable with an atomic (the
/// device runtime answers 2 at teams level). For sums, one atomic per block
/// after a warp-shuffle and shared-memory sum does the same with a fraction
/// of the contention. The atomics are those of the `case 2` block that
/// Clang emits after __kmpc_reduce_nowait.
void KernelFormation::combineTeamSumsPerBlock(Function &Teams) {
  SmallVector<AtomicRMWInst *, 4> Sums;
  for (Instruction &I : instructions(Teams)) {
    if (!isCallTo(I, "__kmpc_reduce_nowait"))
      continue;
    for (User *U : I.users()) {
      auto *Switch = dyn_cast<SwitchInst>(U);
      if (!Switch)
        continue;
      for (auto Case : Switch->cases())
        if (Case.getCaseValue()->equalsInt(2))
          for (Instruction &Atomic : *Case.getCaseSuccessor())
            if (auto *RMW = dyn_cast<AtomicRMWInst>(&Atomic);
                RMW && teamSumFunction(*RMW))
              Sums.push_back(RMW);
    }
  }
  for (AtomicRMWInst *RMW : Sums) {
    Type *T = RMW->getValOperand()->getType();
    IRBuilder<> B(RMW);
    B.CreateCall(runtime(*teamSumFunction(*RMW), Void, {Ptr, T}),
                 {RMW->getPointerOperand(), RMW->getValOperand()});
    RMW->eraseFromParent();
  }
}

/// Whether a parallel region the kernel can reach has a microtask that is
/// not a known function (the runtime then runs it through its pointer).
static bool reachesUnknownRegion(const SetVector<Function *> &Reach) {
  for (Function *F : Reach)
    for (Instruction &I : instructions(*F))
      if (isCallTo(I, ForkCall) && !microtaskOf(cast<CallBase>(I)))
        return true;
  return false;
}

/// `void <kernel>.dispatch(Fn, Args)`: calls the parallel regions the kernel
/// can reach directly, by comparing Fn with each, and anything else through
/// the pointer (inspector-executor); with every region known there is no
/// indirect call at all.
Function *KernelFormation::dispatchFunction(Function *Kernel,
                                            const SetVector<Function *> &Reach) {
  auto *Dispatch = Function::Create(FunctionType::get(Void, {Ptr, Ptr}, false),
                                    GlobalValue::InternalLinkage,
                                    Kernel->getName() + ".dispatch", M);
  Dispatch->addFnAttr(Attribute::NoUnwind);
  Value *Fn = Dispatch->getArg(0), *Args = Dispatch->getArg(1);
  BasicBlock *Test = BasicBlock::Create(Ctx, "entry", Dispatch);
  for (Function *Micro : Reach) {
    auto It = Wrappers.find(Micro);
    if (It == Wrappers.end())
      continue;
    Function *W = It->second;
    BasicBlock *Call = BasicBlock::Create(Ctx, W->getName(), Dispatch);
    BasicBlock *Next = BasicBlock::Create(Ctx, "next", Dispatch);
    IRBuilder<> B(Test);
    B.CreateCondBr(B.CreateICmpEQ(Fn, W), Call, Next);
    B.SetInsertPoint(Call);
    B.CreateCall(W, {Args});
    B.CreateRetVoid();
    Test = Next;
  }
  IRBuilder<> B(Test);
  if (reachesUnknownRegion(Reach)) {
    B.CreateCall(FunctionType::get(Void, {Ptr}, false), Fn, {Args});
    B.CreateRetVoid();
  } else {
    B.CreateUnreachable();
  }
  return Dispatch;
}

/// The CUDA kernel: a new function under the outlined function's name with
/// pointer-sized parameters, entering the device runtime in the kernel's
/// mode and calling the outlined function (now `<name>.impl`).
void KernelFormation::formKernel(const KernelInfo &K, bool HasTeams,
                                 const SetVector<Function *> &Reach) {
  Function *Impl = K.F;
  std::string Name = Impl->getName().str();
  Impl->setName(Name + ".impl");
  Impl->setLinkage(GlobalValue::InternalLinkage);
  SmallVector<Type *, 8> Params;
  for (Argument &A : Impl->args())
    Params.push_back(A.getType()->isPointerTy() ? Ptr : I64);
  auto *Kernel = Function::Create(FunctionType::get(Void, Params, false),
                                  GlobalValue::ExternalLinkage, Name, M);
  Kernel->addFnAttr(Attribute::NoUnwind);

  IRBuilder<> B(BasicBlock::Create(Ctx, "entry", Kernel));
  SmallVector<Value *, 8> Args;
  for (Argument &A : Impl->args())
    Args.push_back(castPointerSized(B, Kernel->getArg(A.getArgNo()), A.getType()));
  if (K.Mode == KernelMode::SPMD) {
    B.CreateCall(runtime("__cot_gpu_spmd_init", Void, {I32}),
                 {B.getInt32(HasTeams)});
    B.CreateCall(Impl, Args);
    B.CreateCall(runtime("__cot_gpu_spmd_deinit", Void, {}));
    B.CreateRetVoid();
    ++NumSPMDKernels;
  } else {
    Value *IsMain =
        B.CreateCall(runtime("__cot_gpu_generic_init", I32, {Ptr}),
                     {dispatchFunction(Kernel, Reach)}, "is.main");
    BasicBlock *Main = BasicBlock::Create(Ctx, "main.thread", Kernel);
    BasicBlock *Exit = BasicBlock::Create(Ctx, "exit", Kernel);
    B.CreateCondBr(B.CreateICmpNE(IsMain, B.getInt32(0)), Main, Exit);
    B.SetInsertPoint(Main);
    B.CreateCall(Impl, Args);
    B.CreateCall(runtime("__cot_gpu_generic_deinit", Void, {}));
    B.CreateBr(Exit);
    B.SetInsertPoint(Exit);
    B.CreateRetVoid();
    ++NumGenericKernels;
  }
  NamedMDNode *Annotations = M.getOrInsertNamedMetadata("nvvm.annotations");
  Annotations->addOperand(MDNode::get(
      Ctx, {ValueAsMetadata::get(Kernel), MDString::get(Ctx, "kernel"),
            ValueAsMetadata::get(ConstantInt::get(I32, 1))}));
}

void KernelFormation::run() {
  SmallVector<KernelInfo, 8> Kernels = kernelsOf(M);
  // Globalization only adds calls of runtime declarations: the call graph,
  // and so each kernel's reach, stays as computed here.
  SmallVector<SetVector<Function *>, 8> Reach;
  SmallVector<bool, 8> HasTeams;
  for (const KernelInfo &K : Kernels) {
    Reach.push_back(reachableFrom(K.F));
    HasTeams.push_back(any_of(Reach.back(), [](Function *F) {
      return containsCallTo(*F, ForkTeams);
    }));
  }
  chooseModes(Kernels, Reach);
  DenseSet<Function *> Parallel = functionsReachingParallel(M);
  for (const KernelInfo &K : Kernels)
    if (K.Mode == KernelMode::Generic)
      globalize(K.F, Parallel);
  DenseMap<Function *, KernelMode> ModeOf;
  for (size_t I = 0; I < Kernels.size(); ++I)
    for (Function *F : Reach[I])
      if (!ModeOf.count(F) || Kernels[I].Mode == KernelMode::Generic)
        ModeOf[F] = Kernels[I].Mode;
  for (size_t I = 0; I < Kernels.size(); ++I)
    if (Kernels[I].Mode == KernelMode::SPMD && HasTeams[I])
      for (Function *F : Reach[I])
        for (Instruction &Call : instructions(*F))
          if (isCallTo(Call, ForkTeams))
            if (Function *Teams = microtaskOf(cast<CallBase>(Call)))
              combineTeamSumsPerBlock(*Teams);
  for (auto &[F, Mode] : ModeOf)
    lowerForks(*F, Mode);
  for (size_t I = 0; I < Kernels.size(); ++I)
    formKernel(Kernels[I], HasTeams[I], Reach[I]);
  if (NamedMDNode *MD = M.getNamedMetadata("cot.kernels"))
    MD->eraseFromParent();
}

} // namespace

void formNVPTXKernels(Module &M) { KernelFormation(M).run(); }

} // namespace cot

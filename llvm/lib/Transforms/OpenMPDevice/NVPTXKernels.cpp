//===- NVPTXKernels.cpp - The CUDA kernel entries -------------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Pass openmp-device-nvptx-kernels, the last step of kernel formation
// (ARCHITECTURE.md, section 4), after openmp-device-kernel-modes and the
// lowering of the fork calls. Each kernel of `cot.kernels` becomes a new
// function with the outlined function's name and all parameters
// pointer-sized (OffloadABI.h), annotated as a CUDA kernel in
// nvvm.annotations (with `reqntidx` when openmp-device-block-threads found
// its block size); the outlined function becomes `<name>.impl`.
//
//   SPMD     __cot_gpu_spmd_init(has teams); <name>.impl(...);
//            __cot_gpu_spmd_deinit()
//   guarded  the same with __cot_gpu_spmd_init(0): every thread runs the
//            team code (openmp-device-spmdize)
//   generic  if (__cot_gpu_generic_init(<name>.dispatch)) { <name>.impl(...);
//            __cot_gpu_generic_deinit(); } -- the workers wait in the
//            device runtime's control loop and run each parallel region
//            through `<name>.dispatch(Fn, Args)`.
//
// The dispatch function is the inspector-executor switch: it compares Fn
// with the wrapper of each parallel region the kernel can reach and calls
// the matching one directly, so that the region's code can be inlined;
// only a region whose microtask is not known goes through the pointer.
// The kernel list and membership metadata go once the kernels are formed.
//
//===----------------------------------------------------------------------===//

#include "ForkCalls.h"
#include "OpenMPDevice/Diagnostics.h"
#include "OpenMPDevice/Passes.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "openmp-device-nvptx-kernels"

STATISTIC(NumSPMDKernels, "CUDA kernels formed in SPMD mode");
STATISTIC(NumGenericKernels, "CUDA kernels formed in generic mode");
STATISTIC(NumDirectRegions, "Parallel regions the dispatch calls directly");

using namespace llvm;

namespace cot {
namespace {

constexpr StringLiteral GenericParallel = "__cot_gpu_parallel";

/// The wrappers of the parallel regions a generic kernel reaches, in the
/// order the kernel's code starts them.
SetVector<Function *> parallelWrappers(const SetVector<Function *> &Reach) {
  SetVector<Function *> Wrappers;
  for (Function *F : Reach)
    for (Instruction &I : instructions(*F))
      if (isCallTo(I, GenericParallel))
        if (auto *W = dyn_cast<Function>(
                cast<CallBase>(I).getArgOperand(0)->stripPointerCasts()))
          Wrappers.insert(W);
  return Wrappers;
}

/// Whether a parallel region the kernel can reach has a microtask that is
/// not a known function (the runtime then runs it through its pointer).
bool reachesUnknownRegion(const SetVector<Function *> &Reach) {
  for (Function *F : Reach)
    for (Instruction &I : instructions(*F))
      if (isCallTo(I, ForkCall) && !microtaskOf(cast<CallBase>(I)))
        return true;
  return false;
}

/// `void <kernel>.dispatch(Fn, Args)` for the kernel named \p Name.
Function *dispatchFunction(Module &M, const Twine &Name,
                           const SetVector<Function *> &Reach) {
  LLVMContext &Ctx = M.getContext();
  Type *Ptr = PointerType::getUnqual(Ctx);
  Type *Void = Type::getVoidTy(Ctx);
  auto *Dispatch =
      Function::Create(FunctionType::get(Void, {Ptr, Ptr}, false),
                       GlobalValue::InternalLinkage, Name + ".dispatch", M);
  Dispatch->addFnAttr(Attribute::NoUnwind);
  Value *Fn = Dispatch->getArg(0), *Args = Dispatch->getArg(1);
  BasicBlock *Test = BasicBlock::Create(Ctx, "entry", Dispatch);
  for (Function *W : parallelWrappers(Reach)) {
    BasicBlock *Call = BasicBlock::Create(Ctx, W->getName(), Dispatch);
    BasicBlock *Next = BasicBlock::Create(Ctx, "next", Dispatch);
    IRBuilder<> B(Test);
    B.CreateCondBr(B.CreateICmpEQ(Fn, W), Call, Next);
    B.SetInsertPoint(Call);
    B.CreateCall(W, {Args});
    B.CreateRetVoid();
    Test = Next;
    ++NumDirectRegions;
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

/// Calls the outlined function in the kernel's mode, at the end of
/// \p Kernel's (empty) entry block.
void enterRuntime(Function *Kernel, Function *Impl, const KernelReach &KR,
                  ArrayRef<Value *> Args) {
  Module &M = *Kernel->getParent();
  LLVMContext &Ctx = M.getContext();
  Type *Void = Type::getVoidTy(Ctx), *I32 = Type::getInt32Ty(Ctx);
  IRBuilder<> B(&Kernel->getEntryBlock());
  if (KR.K.Mode != KernelMode::Generic) {
    // A guarded kernel's teams code runs in every thread too, but the locals
    // it shares with parallel regions are the team's (shared memory).
    bool TeamsPerThread =
        KR.K.Mode == KernelMode::SPMD &&
        (KR.K.HasTeams || any_of(KR.Reach, [](Function *F) {
           return containsCallTo(*F, ForkTeams);
         }));
    B.CreateCall(runtimeFunction(M, "__cot_gpu_spmd_init", Void, {I32}),
                 {B.getInt32(TeamsPerThread)});
    B.CreateCall(Impl, Args);
    B.CreateCall(runtimeFunction(M, "__cot_gpu_spmd_deinit", Void, {}));
    B.CreateRetVoid();
    ++NumSPMDKernels;
    return;
  }
  Type *Ptr = PointerType::getUnqual(Ctx);
  Value *IsMain = B.CreateCall(
      runtimeFunction(M, "__cot_gpu_generic_init", I32, {Ptr}),
      {dispatchFunction(M, Kernel->getName(), KR.Reach)}, "is.main");
  BasicBlock *Main = BasicBlock::Create(Ctx, "main.thread", Kernel);
  BasicBlock *Exit = BasicBlock::Create(Ctx, "exit", Kernel);
  B.CreateCondBr(B.CreateICmpNE(IsMain, B.getInt32(0)), Main, Exit);
  B.SetInsertPoint(Main);
  B.CreateCall(Impl, Args);
  B.CreateCall(runtimeFunction(M, "__cot_gpu_generic_deinit", Void, {}));
  B.CreateBr(Exit);
  B.SetInsertPoint(Exit);
  B.CreateRetVoid();
  ++NumGenericKernels;
}

/// The CUDA kernel: a new function under the outlined function's name with
/// pointer-sized parameters that enters the device runtime in the kernel's
/// mode and calls the outlined function (now `<name>.impl`).
void formKernel(const KernelReach &KR) {
  Function *Impl = KR.K.F;
  Module &M = *Impl->getParent();
  LLVMContext &Ctx = M.getContext();
  std::string Name = Impl->getName().str();
  Impl->setName(Name + ".impl");
  Impl->setLinkage(GlobalValue::InternalLinkage);
  Type *Ptr = PointerType::getUnqual(Ctx), *I64 = Type::getInt64Ty(Ctx);
  SmallVector<Type *, 8> Params;
  for (Argument &A : Impl->args())
    Params.push_back(A.getType()->isPointerTy() ? Ptr : I64);
  auto *Kernel =
      Function::Create(FunctionType::get(Type::getVoidTy(Ctx), Params, false),
                       GlobalValue::ExternalLinkage, Name, M);
  Kernel->addFnAttr(Attribute::NoUnwind);
  IRBuilder<> B(BasicBlock::Create(Ctx, "entry", Kernel));
  SmallVector<Value *, 8> Args;
  for (Argument &A : Impl->args())
    Args.push_back(
        castPointerSized(B, Kernel->getArg(A.getArgNo()), A.getType()));
  enterRuntime(Kernel, Impl, KR, Args);
  NamedMDNode *Annotations = M.getOrInsertNamedMetadata("nvvm.annotations");
  auto Annotate = [&](StringRef Key, unsigned Value) {
    Annotations->addOperand(MDNode::get(
        Ctx, {ValueAsMetadata::get(Kernel), MDString::get(Ctx, Key),
              ValueAsMetadata::get(
                  ConstantInt::get(Type::getInt32Ty(Ctx), Value))}));
  };
  Annotate("kernel", 1);
  if (std::optional<unsigned> Threads = blockThreadsOf(*Impl)) {
    setBlockThreads(*Kernel, *Threads);
    Annotate("reqntidx", *Threads);
  }
  if (hasExplicitTeams(*Impl))
    setExplicitTeams(*Kernel);
  LLVM_DEBUG(dbgs() << "formed kernel " << Name << "\n");
}

} // namespace

PreservedAnalyses NVPTXKernelsPass::run(Module &M, ModuleAnalysisManager &) {
  if (hasDeviceErrors(M))
    return PreservedAnalyses::all();
  SmallVector<KernelReach, 8> Kernels = kernelReaches(M);
  for (const KernelReach &KR : Kernels)
    formKernel(KR);
  eraseKernelMetadata(M);
  return Kernels.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
}

} // namespace cot

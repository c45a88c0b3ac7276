//===- HostDeviceKernels.cpp - Kernel entries of host-device images -------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Pass openmp-device-host-kernels, the lowering of x86_64 (host device)
// images: the host plugin calls every kernel as `void <name>(void **Args)`,
// with each argument as a pointer-sized value (OffloadABI.h), so each kernel
// of `cot.kernels` gets that entry, which unpacks the arguments and calls the
// outlined function, now the internal `<name>.impl`.
//
//===----------------------------------------------------------------------===//

#include "OpenMPDevice/Diagnostics.h"
#include "OpenMPDevice/Kernels.h"
#include "OpenMPDevice/Passes.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "openmp-device-host-kernels"

STATISTIC(NumHostKernels, "Host-device kernel entries formed");

using namespace llvm;

namespace cot {

/// Loads argument \p Param of the outlined function from its slot.
static Value *unpackArgument(IRBuilder<> &B, Value *Args, Argument &Param) {
  Type *Ptr = B.getPtrTy();
  Value *Slot = B.CreateConstInBoundsGEP1_64(Ptr, Args, Param.getArgNo());
  return castPointerSized(B, B.CreateLoad(Ptr, Slot), Param.getType());
}

static void formHostDeviceKernel(Function *Impl) {
  Module &M = *Impl->getParent();
  LLVMContext &Ctx = M.getContext();
  std::string Name = Impl->getName().str();
  Impl->setName(Name + ".impl");
  Impl->setLinkage(GlobalValue::InternalLinkage);
  auto *Entry =
      Function::Create(FunctionType::get(Type::getVoidTy(Ctx),
                                         {PointerType::getUnqual(Ctx)}, false),
                       GlobalValue::ExternalLinkage, Name, M);
  Entry->addFnAttr(Attribute::NoUnwind);
  IRBuilder<> B(BasicBlock::Create(Ctx, "entry", Entry));
  SmallVector<Value *, 8> Args;
  for (Argument &Param : Impl->args())
    Args.push_back(unpackArgument(B, Entry->getArg(0), Param));
  B.CreateCall(Impl, Args);
  B.CreateRetVoid();
  ++NumHostKernels;
  LLVM_DEBUG(dbgs() << "formed host-device kernel " << Name << "\n");
}

PreservedAnalyses HostDeviceKernelsPass::run(Module &M,
                                             ModuleAnalysisManager &) {
  if (hasDeviceErrors(M))
    return PreservedAnalyses::all();
  SmallVector<KernelInfo, 8> Kernels = kernelsOf(M);
  for (const KernelInfo &K : Kernels)
    formHostDeviceKernel(K.F);
  eraseKernelMetadata(M);
  return Kernels.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
}

} // namespace cot

//===- Kernels.cpp - The kernels of a device module -----------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The `cot.kernels` metadata, and the kernel entries of host-device images:
// the host plugin calls every kernel as `void <name>(void **Args)`, with each
// argument as a pointer-sized value (OffloadABI.h), so each outlined target
// function gets a wrapper that unpacks the arguments and calls it.
//
//===----------------------------------------------------------------------===//

#include "OpenMPDevice/Kernels.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Metadata.h"

using namespace llvm;

namespace cot {

static constexpr StringLiteral KernelsMetadata = "cot.kernels";

void recordKernel(Module &M, const KernelInfo &K) {
  LLVMContext &Ctx = M.getContext();
  NamedMDNode *MD = M.getOrInsertNamedMetadata(KernelsMetadata);
  SmallVector<Metadata *, 3> Ops = {
      ValueAsMetadata::get(K.F),
      MDString::get(Ctx, K.Mode == KernelMode::SPMD ? "spmd" : "generic")};
  if (K.DefaultSchedule)
    Ops.push_back(MDString::get(Ctx, "default-schedule"));
  MD->addOperand(MDNode::get(Ctx, Ops));
}

SmallVector<KernelInfo, 8> kernelsOf(Module &M) {
  SmallVector<KernelInfo, 8> Kernels;
  NamedMDNode *MD = M.getNamedMetadata(KernelsMetadata);
  if (!MD)
    return Kernels;
  SmallPtrSet<Function *, 32> Seen;
  for (MDNode *Node : MD->operands()) {
    if (Node->getNumOperands() < 2)
      continue;
    auto *F = mdconst::dyn_extract_or_null<Function>(Node->getOperand(0));
    auto *Mode = dyn_cast<MDString>(Node->getOperand(1));
    // Kernels of inline functions come from every translation unit that
    // uses them: the linked module lists them more than once.
    if (!F || !Mode || !Seen.insert(F).second)
      continue;
    KernelInfo K{F, Mode->getString() == "spmd" ? KernelMode::SPMD
                                               : KernelMode::Generic};
    K.DefaultSchedule = Node->getNumOperands() > 2;
    Kernels.push_back(K);
  }
  return Kernels;
}

Value *castPointerSized(IRBuilder<> &B, Value *V, Type *To) {
  Type *From = V->getType();
  if (From == To)
    return V;
  if (To->isPointerTy())
    return From->isPointerTy()
               ? B.CreatePointerCast(V, To)
               : B.CreateIntToPtr(B.CreateZExtOrTrunc(V, B.getInt64Ty()), To);
  if (From->isPointerTy())
    V = B.CreatePtrToInt(V, B.getInt64Ty());
  else if (!From->isIntegerTy())
    V = B.CreateBitCast(V, B.getIntNTy(From->getPrimitiveSizeInBits()));
  if (To->isIntegerTy())
    return B.CreateZExtOrTrunc(V, To);
  V = B.CreateZExtOrTrunc(V, B.getIntNTy(To->getPrimitiveSizeInBits()));
  return B.CreateBitCast(V, To);
}

/// Loads argument \p Param of the outlined function from its slot.
static Value *unpackArgument(IRBuilder<> &B, Value *Args, Argument &Param) {
  Type *Ptr = B.getPtrTy();
  Value *Slot = B.CreateConstInBoundsGEP1_64(Ptr, Args, Param.getArgNo());
  return castPointerSized(B, B.CreateLoad(Ptr, Slot), Param.getType());
}

void formHostDeviceKernels(Module &M) {
  LLVMContext &Ctx = M.getContext();
  for (const KernelInfo &K : kernelsOf(M)) {
    Function *Impl = K.F;
    std::string Name = Impl->getName().str();
    Impl->setName(Name + ".impl");
    Impl->setLinkage(GlobalValue::InternalLinkage);
    auto *Entry = Function::Create(
        FunctionType::get(Type::getVoidTy(Ctx), {PointerType::getUnqual(Ctx)},
                          false),
        GlobalValue::ExternalLinkage, Name, M);
    Entry->addFnAttr(Attribute::NoUnwind);
    IRBuilder<> B(BasicBlock::Create(Ctx, "entry", Entry));
    SmallVector<Value *, 8> Args;
    for (Argument &Param : Impl->args())
      Args.push_back(unpackArgument(B, Entry->getArg(0), Param));
    B.CreateCall(Impl, Args);
    B.CreateRetVoid();
  }
  if (NamedMDNode *MD = M.getNamedMetadata(KernelsMetadata))
    MD->eraseFromParent();
}

} // namespace cot

//===- Kernels.cpp - The kernels of a device module -----------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The `cot.kernels` list and the `!cot.kernel` membership attachments
// (Kernels.h), and the conversion of pointer-sized kernel arguments.
//
//===----------------------------------------------------------------------===//

#include "OpenMPDevice/Kernels.h"
#include "OpenMPDevice/Diagnostics.h"
#include "ForkCalls.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Metadata.h"

using namespace llvm;

namespace cot {

static constexpr StringLiteral KernelsMetadata = "cot.kernels";
static constexpr StringLiteral KernelAttachment = "cot.kernel";
static constexpr StringLiteral DefaultScheduleFlag = "default-schedule";
static constexpr StringLiteral TeamsFlag = "teams";

StringRef modeName(KernelMode Mode) {
  switch (Mode) {
  case KernelMode::Generic:
    return "generic";
  case KernelMode::SPMD:
    return "spmd";
  case KernelMode::Guarded:
    return "guarded";
  }
  llvm_unreachable("unknown kernel mode");
}

static std::optional<KernelMode> modeNamed(StringRef Name) {
  for (KernelMode Mode :
       {KernelMode::Generic, KernelMode::SPMD, KernelMode::Guarded})
    if (modeName(Mode) == Name)
      return Mode;
  return std::nullopt;
}

static MDNode *kernelNode(LLVMContext &Ctx, const KernelInfo &K) {
  SmallVector<Metadata *, 4> Ops = {ValueAsMetadata::get(K.F),
                                    MDString::get(Ctx, modeName(K.Mode))};
  if (K.DefaultSchedule)
    Ops.push_back(MDString::get(Ctx, DefaultScheduleFlag));
  if (K.HasTeams)
    Ops.push_back(MDString::get(Ctx, TeamsFlag));
  return MDNode::get(Ctx, Ops);
}

void recordKernel(Module &M, const KernelInfo &K) {
  M.getOrInsertNamedMetadata(KernelsMetadata)
      ->addOperand(kernelNode(M.getContext(), K));
}

void setKernels(Module &M, ArrayRef<KernelInfo> Kernels) {
  NamedMDNode *MD = M.getOrInsertNamedMetadata(KernelsMetadata);
  MD->clearOperands();
  for (const KernelInfo &K : Kernels)
    MD->addOperand(kernelNode(M.getContext(), K));
}

static bool hasFlag(const MDNode &Node, StringRef Flag) {
  for (unsigned I = 2; I < Node.getNumOperands(); ++I)
    if (auto *S = dyn_cast<MDString>(Node.getOperand(I));
        S && S->getString() == Flag)
      return true;
  return false;
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
    auto *ModeString = dyn_cast<MDString>(Node->getOperand(1));
    std::optional<KernelMode> Mode =
        ModeString ? modeNamed(ModeString->getString()) : std::nullopt;
    // Kernels of inline functions come from every translation unit that
    // uses them: the linked module lists them more than once.
    if (!F || !Mode || !Seen.insert(F).second)
      continue;
    KernelInfo K{F, *Mode};
    K.DefaultSchedule = hasFlag(*Node, DefaultScheduleFlag);
    K.HasTeams = hasFlag(*Node, TeamsFlag);
    Kernels.push_back(K);
  }
  return Kernels;
}

void eraseKernelMetadata(Module &M) {
  if (NamedMDNode *MD = M.getNamedMetadata(KernelsMetadata))
    M.eraseNamedMetadata(MD);
  unsigned KindID = M.getContext().getMDKindID(KernelAttachment);
  for (Function &F : M)
    F.setMetadata(KindID, nullptr);
}

/// Whether Clang generated \p F (with -g, the bodies of outlined functions
/// are artificial subprograms called by a wrapper of the same signature).
static bool isCompilerGenerated(const Function &F) {
  const DISubprogram *SP = F.getSubprogram();
  return F.hasLocalLinkage() && SP && SP->isArtificial();
}

/// The functions outlined from \p F's part of a construct.
static SmallVector<Function *, 4> outlinedFrom(Function &F) {
  SmallVector<Function *, 4> Out;
  for (Instruction &I : instructions(F)) {
    auto *Call = dyn_cast<CallBase>(&I);
    if (!Call)
      continue;
    if (isCallTo(I, ForkCall) || isCallTo(I, ForkTeams)) {
      if (Function *Micro = microtaskOf(*Call))
        Out.push_back(Micro);
      continue;
    }
    Function *Callee = Call->getCalledFunction();
    if (Callee && !Callee->isDeclaration() && isCompilerGenerated(*Callee))
      Out.push_back(Callee);
  }
  return Out;
}

void recordKernelMembers(Function &Kernel) {
  LLVMContext &Ctx = Kernel.getContext();
  MDNode *Owner = MDNode::get(Ctx, ValueAsMetadata::get(&Kernel));
  unsigned KindID = Ctx.getMDKindID(KernelAttachment);
  SmallPtrSet<Function *, 16> Seen;
  SmallVector<Function *, 16> Work = {&Kernel};
  while (!Work.empty()) {
    Function *F = Work.pop_back_val();
    if (!Seen.insert(F).second)
      continue;
    F->setMetadata(KindID, Owner);
    copySourceLocation(Kernel, *F);
    append_range(Work, outlinedFrom(*F));
  }
}

SmallVector<Function *, 8> annotatedKernels(Module &M) {
  SmallVector<Function *, 8> Kernels;
  if (NamedMDNode *MD = M.getNamedMetadata("nvvm.annotations"))
    for (MDNode *Node : MD->operands()) {
      if (Node->getNumOperands() < 2)
        continue;
      auto *F = mdconst::dyn_extract_or_null<Function>(Node->getOperand(0));
      auto *Kind = dyn_cast<MDString>(Node->getOperand(1));
      if (F && !F->isDeclaration() && Kind && Kind->getString() == "kernel")
        Kernels.push_back(F);
    }
  return Kernels;
}

Function *owningKernel(const Function &F) {
  MDNode *Owner = F.getMetadata(KernelAttachment);
  if (!Owner || Owner->getNumOperands() != 1)
    return nullptr;
  return mdconst::dyn_extract_or_null<Function>(Owner->getOperand(0));
}

static constexpr StringLiteral BlockThreadsAttr = "cot-block-threads";

void setBlockThreads(Function &Kernel, unsigned Threads) {
  Kernel.addFnAttr(BlockThreadsAttr, std::to_string(Threads));
}

std::optional<unsigned> blockThreadsOf(const Function &Kernel) {
  Attribute A = Kernel.getFnAttribute(BlockThreadsAttr);
  unsigned Threads;
  if (!A.isStringAttribute() || A.getValueAsString().getAsInteger(10, Threads))
    return std::nullopt;
  return Threads;
}

static constexpr StringLiteral ExplicitTeamsAttr = "cot-explicit-teams";

void setExplicitTeams(Function &Kernel) {
  Kernel.addFnAttr(ExplicitTeamsAttr);
}

bool hasExplicitTeams(const Function &Kernel) {
  return Kernel.hasFnAttribute(ExplicitTeamsAttr);
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

} // namespace cot

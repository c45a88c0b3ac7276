//===- RetargetNVPTX.cpp - Host IR to nvptx64
//------------------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Device code comes from the host parse, so its IR is x86_64 IR. Both are
// 64-bit little-endian with the same alignment of the C types a target
// region can use, except long double; struct layouts therefore agree between
// host and device by construction. This step changes the triple and data
// layout, drops the host's target attributes (-O0's optnone and noinline
// stay: code compiled without optimization is linked without it, as with
// upstream Clang, and calls the device runtime instead of inlining it) and
// the exception paths of C++ code compiled with exceptions (nothing on the
// device throws), and rejects what no GPU can run, naming the function that
// uses it: long double, x86 intrinsics, inline assembly, throwing,
// thread_local variables, variadic definitions; first it binds calls to
// the functions GPUs select by `declare variant` (`cot.gpu_variants`) and
// erases what only the replaced functions used, so that an x86 variant
// GPU code does not call is no error. Atomic loads and stores
// stronger than monotonic and fences, which LLVM 19's NVPTX back end cannot
// select, become monotonic accesses and memory barriers.
//
// Pass openmp-device-retarget-nvptx; its errors reach the diagnostic handler.
//
//===----------------------------------------------------------------------===//

#include "OpenMPDevice/DeviceModuleExtraction.h"
#include "OpenMPDevice/Diagnostics.h"
#include "OpenMPDevice/NVPTX.h"
#include "OpenMPDevice/Passes.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"

#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

#define DEBUG_TYPE "openmp-device-retarget-nvptx"

STATISTIC(NumOrderedAccesses, "Ordered atomic accesses and fences lowered");
STATISTIC(NumGPUVariants, "Calls bound to GPU-only declare variants");

using namespace llvm;

namespace cot {

/// Reports that \p F uses \p What, which no GPU can run; returns true.
static bool hostOnly(const Function &F, const Twine &What) {
  reportDeviceError(F, What +
                           " cannot run on an NVIDIA GPU; used in "
                           "function '" +
                           demangle(F.getName()) +
                           "', which a target region reaches");
  return true;
}

static bool usesLongDouble(const Instruction &I) {
  if (I.getType()->isX86_FP80Ty())
    return true;
  return any_of(I.operands(),
                [](const Use &U) { return U->getType()->isX86_FP80Ty(); });
}

/// Reports the first host-only feature \p F uses; returns whether it uses
/// one.
static bool usesHostOnlyFeature(const Function &F) {
  if (F.isVarArg() && !F.isDeclaration())
    return hostOnly(F, "a variadic function definition");
  for (const Instruction &I : instructions(F)) {
    if (usesLongDouble(I))
      return hostOnly(F, "long double");
    const auto *CB = dyn_cast<CallBase>(&I);
    if (!CB)
      continue;
    if (CB->isInlineAsm())
      return hostOnly(F, "inline assembly");
    if (const Function *Callee = CB->getCalledFunction()) {
      StringRef Name = Callee->getName();
      if (Name.starts_with("llvm.x86."))
        return hostOnly(F, "the x86 intrinsic '" + Name + "'");
      if (Name == "__cxa_throw" || Name == "__cxa_allocate_exception")
        return hostOnly(F, "throwing a C++ exception");
      if (Name == "llvm.threadlocal.address")
        return hostOnly(F, "a thread_local variable");
    }
  }
  return false;
}

/// C++ compiled with exceptions wraps calls in invokes with cleanup and
/// catch paths. Device code never sees an exception (throwing one is an
/// error above), so the calls become plain calls and the paths go.
static void dropExceptionPaths(Function &F) {
  if (!F.hasPersonalityFn())
    return;
  SmallVector<InvokeInst *, 8> Invokes;
  for (BasicBlock &BB : F)
    if (auto *II = dyn_cast<InvokeInst>(BB.getTerminator()))
      Invokes.push_back(II);
  for (InvokeInst *II : Invokes)
    changeToCall(II);
  removeUnreachableBlocks(F);
  F.setPersonalityFn(nullptr);
}

/// Attributes that describe the host CPU.
static void dropHostAttributes(Function &F) {
  for (StringRef A : {"target-cpu", "target-features", "tune-cpu",
                      "stack-protector-buffer-size", "frame-pointer",
                      "min-legal-vector-width"})
    F.removeFnAttr(A);
  F.removeFnAttr(Attribute::UWTable);
  F.removeFnAttr(Attribute::StackProtect);
  F.removeFnAttr(Attribute::StackProtectStrong);
  F.removeFnAttr(Attribute::StackProtectReq);
}

/// `omp atomic read/write` with seq_cst, acquire or release, and fences:
/// the NVPTX back end of LLVM 19 selects atomic loads and stores only up to
/// monotonic, and no fence instruction. Ordered accesses become monotonic
/// ones with a device-wide memory barrier (membar.gl) before seq_cst and
/// release accesses and after seq_cst and acquire loads, and fences become
/// that barrier: stronger than asked, never weaker.
static void lowerOrderingToBarriers(Function &F) {
  SmallVector<Instruction *, 4> Work;
  for (Instruction &I : instructions(F)) {
    auto *Load = dyn_cast<LoadInst>(&I);
    auto *Store = dyn_cast<StoreInst>(&I);
    if ((Load && isStrongerThanMonotonic(Load->getOrdering())) ||
        (Store && isStrongerThanMonotonic(Store->getOrdering())) ||
        isa<FenceInst>(I))
      Work.push_back(&I);
  }
  if (Work.empty())
    return;
  Function *Barrier =
      Intrinsic::getDeclaration(F.getParent(), Intrinsic::nvvm_membar_gl);
  NumOrderedAccesses += Work.size();
  for (Instruction *I : Work) {
    if (isa<FenceInst>(I)) {
      CallInst::Create(Barrier, "", I);
      I->eraseFromParent();
      continue;
    }
    auto *Load = dyn_cast<LoadInst>(I);
    auto *Store = dyn_cast<StoreInst>(I);
    AtomicOrdering Order = Load ? Load->getOrdering() : Store->getOrdering();
    bool SeqCst = Order == AtomicOrdering::SequentiallyConsistent;
    if (SeqCst || Store)
      CallInst::Create(Barrier, "", I);
    if (Load) {
      Load->setOrdering(AtomicOrdering::Monotonic);
      CallInst::Create(Barrier)->insertAfter(Load);
    } else {
      Store->setOrdering(AtomicOrdering::Monotonic);
    }
  }
}

/// Erases \p F, which nothing uses any more, then each function that only
/// the erased ones used: GPU code does not reach them, and what a GPU
/// cannot run in them is no error (an x86 variant, a base whose GPU variant
/// replaced it).
static void eraseWithOnlyCallees(Function &F) {
  SmallVector<Function *, 8> Work{&F};
  while (!Work.empty()) {
    Function *Dead = Work.pop_back_val();
    if (Dead->isDeclaration() || !Dead->use_empty())
      continue;
    SmallSetVector<Function *, 8> Used;
    for (Instruction &I : instructions(*Dead))
      for (Value *Op : I.operands())
        if (auto *Callee = dyn_cast<Function>(Op->stripPointerCasts()))
          Used.insert(Callee);
    Used.remove(Dead);
    Dead->eraseFromParent();
    append_range(Work, Used);
  }
}

/// Calls listed in `cot.gpu_variants` go to the function a GPU calls
/// instead: the GPU-only `declare variant` of a base, or the base of a
/// variant marker that only the host device's variant selects (device
/// extraction listed the pairs, and kept the second ones in
/// llvm.compiler.used until now). What only the replaced function used is
/// erased.
static void bindGPUVariants(Module &M) {
  NamedMDNode *List = M.getNamedMetadata(GPUVariantsMetadata);
  if (!List)
    return;
  SmallPtrSet<Constant *, 4> Variants;
  SmallVector<Function *, 4> Replaced;
  for (MDNode *Pair : List->operands()) {
    auto *Base = mdconst::dyn_extract_or_null<Function>(Pair->getOperand(0));
    auto *Variant = mdconst::dyn_extract_or_null<Function>(Pair->getOperand(1));
    if (Base && Variant) {
      Base->replaceAllUsesWith(Variant);
      Variants.insert(Variant);
      Replaced.push_back(Base);
      ++NumGPUVariants;
    }
  }
  M.eraseNamedMetadata(List);
  removeFromUsedLists(M, [&](Constant *C) { return Variants.contains(C); });
  for (Function *F : Replaced)
    eraseWithOnlyCallees(*F);
}

/// Reports the first thread_local variable that device code uses; returns
/// whether there is one.
static bool usesThreadLocal(Module &M) {
  for (GlobalVariable &GV : M.globals())
    if (GV.isThreadLocal() && !GV.use_empty()) {
      reportDeviceError(M, "the thread_local variable '" + GV.getName() +
                               "' cannot be used on an NVIDIA GPU");
      return true;
    }
  return false;
}

PreservedAnalyses RetargetNVPTXPass::run(Module &M, ModuleAnalysisManager &) {
  if (hasDeviceErrors(M))
    return PreservedAnalyses::all();
  bindGPUVariants(M);
  if (usesThreadLocal(M) ||
      any_of(M, [](const Function &F) { return usesHostOnlyFeature(F); }))
    return PreservedAnalyses::none();
  for (Function &F : M) {
    dropExceptionPaths(F);
    dropHostAttributes(F);
    lowerOrderingToBarriers(F);
  }
  M.setTargetTriple(NVPTXTriple);
  M.setDataLayout(NVPTXDataLayout);
  M.setModuleInlineAsm("");
  LLVM_DEBUG(dbgs() << "retargeted " << M.getModuleIdentifier() << " to "
                    << NVPTXTriple << "\n");
  return PreservedAnalyses::none();
}

} // namespace cot

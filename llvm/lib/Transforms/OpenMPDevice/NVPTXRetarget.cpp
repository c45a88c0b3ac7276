//===- NVPTXRetarget.cpp - Host IR to nvptx64 ------------------------------===//
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
// thread_local variables, variadic definitions. Atomic loads and stores
// stronger than monotonic and fences, which LLVM 19's NVPTX back end cannot
// select, become monotonic accesses and memory barriers.
//
//===----------------------------------------------------------------------===//

#include "OpenMPDevice/NVPTX.h"
#include "OpenMPDevice/DeviceModuleExtraction.h"

#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

namespace cot {

/// "file:line: " of a function when the program was compiled with -g.
static std::string sourceLocation(const Function &F) {
  const DISubprogram *SP = F.getSubprogram();
  if (!SP)
    return "";
  return (SP->getFilename() + ":" + Twine(SP->getLine()) + ": ").str();
}

static Error hostOnly(const Function &F, const Twine &What) {
  return createStringError(
      inconvertibleErrorCode(),
      "%s%s cannot run on an NVIDIA GPU; used in function '%s', which a "
      "target region reaches",
      sourceLocation(F).c_str(), What.str().c_str(),
      demangle(F.getName()).c_str());
}

static bool usesLongDouble(const Instruction &I) {
  if (I.getType()->isX86_FP80Ty())
    return true;
  return any_of(I.operands(),
                [](const Use &U) { return U->getType()->isX86_FP80Ty(); });
}

/// The first host-only feature \p F uses, as an error.
static Error checkHostOnlyFeatures(const Function &F) {
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
  return Error::success();
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
  Function *Barrier = Intrinsic::getDeclaration(F.getParent(),
                                                Intrinsic::nvvm_membar_gl);
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

/// Calls of functions with a GPU-only `declare variant` go to the variant
/// (device extraction listed the pairs).
static void bindGPUVariants(Module &M) {
  NamedMDNode *List = M.getNamedMetadata(GPUVariantsMetadata);
  if (!List)
    return;
  for (MDNode *Pair : List->operands()) {
    auto *Base = mdconst::dyn_extract_or_null<Function>(Pair->getOperand(0));
    auto *Variant = mdconst::dyn_extract_or_null<Function>(Pair->getOperand(1));
    if (Base && Variant)
      Base->replaceAllUsesWith(Variant);
  }
  M.eraseNamedMetadata(List);
}

Error retargetToNVPTX(Module &M) {
  for (GlobalVariable &GV : M.globals())
    if (GV.isThreadLocal() && !GV.use_empty())
      return createStringError(inconvertibleErrorCode(),
                               "the thread_local variable '%s' cannot be "
                               "used on an NVIDIA GPU",
                               GV.getName().str().c_str());
  bindGPUVariants(M);
  for (Function &F : M) {
    if (Error E = checkHostOnlyFeatures(F))
      return E;
    dropExceptionPaths(F);
    dropHostAttributes(F);
    lowerOrderingToBarriers(F);
  }
  M.setTargetTriple(NVPTXTriple);
  M.setDataLayout(NVPTXDataLayout);
  M.setModuleInlineAsm("");
  return Error::success();
}

} // namespace cot

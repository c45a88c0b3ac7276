//===- HostOffloadLowering.cpp - Offload constructs to runtime calls ------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Runs first in the LLVM pipeline of a compile with offload targets, on the
// module Clang CodeGen produced after our Sema step inserted its markers.
//
// For each construct (site) the markers give, in program order: the site
// (clause values, source location), its map entries, and its end. The pass
//   1. extracts the device code (DeviceModuleExtraction.h) while the module
//      is still as CodeGen made it, embeds it as bitcode in the section
//      __CLANG_OFFLOAD_BUNDLE__openmp-<triple> and frees it;
//   2. builds the site's map arrays in the host function's frame: bases,
//      begins and sizes are stored where the markers were, map types and
//      names are constants;
//   3. emits the runtime call: for `target`, the direct call of the outlined
//      function becomes
//          if (__cot_target_launch(dev, @outlined, &maps, &params, &loc))
//            outlined(args...);             // host fallback
//      with each kernel argument stored as the base of its TARGET_PARAM
//      entry; a deferred (nowait/depend) region stays Clang's task, and the
//      launch is recorded for it (__cot_target_defer) and made by its entry
//      function when libomp runs it; for data constructs,
//      __cot_target_data_begin/end and __cot_target_update; use_device_ptr/addr
//      markers read the device address the begin call wrote back;
//   4. emits one offload entry per kernel and per device global in section
//      cot_offload_entries (and one for the unit's `requires` clauses).
// Every step is linear in the size of the module: docs/Design.md,
// "Compile-time scaling", says what was not and how it was measured.
//
// The steps live in the files HostLowering.h lists.
//
//===----------------------------------------------------------------------===//

#include "clang-offload/CodeGen/HostOffloadLowering.h"
#include "HostLowering.h"

#include "OffloadABI.h"
#include "OpenMPDevice/Diagnostics.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

namespace cot {

namespace hostlowering {

/// The source file a site's marker names.
static StringRef siteFile(const Site &S) {
  if (auto *GV = dyn_cast<GlobalVariable>(
          S.Open->getArgOperand(SiteOpFile)->stripPointerCasts()))
    if (auto *Data = dyn_cast_or_null<ConstantDataArray>(GV->getInitializer());
        Data && Data->isCString())
      return Data->getAsCString();
  return "<unknown>";
}

static unsigned siteLine(const Site &S) {
  return cast<ConstantInt>(S.Open->getArgOperand(SiteOpLine))->getZExtValue();
}

std::string siteLocation(const Site &S) {
  return (siteFile(S) + ":" + Twine(siteLine(S))).str();
}

/// The construct's file:line on its outlined function, for the errors the
/// device link reports about the kernel without -g.
static void recordConstructLocation(const Site &S) {
  if (S.Kernel)
    setSourceLocation(*S.Kernel, siteFile(S), siteLine(S));
}

int siteId(const CallInst *CI) {
  return cast<ConstantInt>(CI->getArgOperand(0))->getSExtValue();
}

void Lowering::error(const Instruction *At, const Twine &Msg) {
  if (At)
    Ctx.emitError(At, Msg);
  else
    Ctx.emitError(Msg);
}

FunctionCallee Lowering::runtime(StringRef Name, Type *Ret,
                                 ArrayRef<Type *> Params) {
  return M.getOrInsertFunction(Name, FunctionType::get(Ret, Params, false));
}

bool Lowering::collectSites() {
  auto ForEachCall = [&](StringRef Name, auto Fn) {
    Function *Marker = M.getFunction(Name);
    if (!Marker)
      return;
    for (User *U : Marker->users())
      if (auto *CI = dyn_cast<CallInst>(U))
        Fn(CI);
  };
  ForEachCall(SiteMarker, [&](CallInst *CI) { Sites[siteId(CI)].Open = CI; });
  ForEachCall(SiteEndMarker, [&](CallInst *CI) { Sites[siteId(CI)].End = CI; });
  ForEachCall(DeviceAddrMarker, [&](CallInst *CI) {
    Sites[siteId(CI)].DeviceAddrs.push_back(CI);
  });
  // Map markers must stay in program order: collect them by walking code.
  for (auto &[Id, S] : Sites) {
    if (!S.Open || !S.End) {
      error(nullptr, "clang-offload: internal error: incomplete offload site");
      return false;
    }
  }
  Function *MapFn = M.getFunction(MapMarker);
  if (!MapFn)
    return true;
  SmallPtrSet<Function *, 8> Visited;
  for (User *U : MapFn->users()) {
    auto *CI = dyn_cast<CallInst>(U);
    if (!CI || !Visited.insert(CI->getFunction()).second)
      continue;
    for (Instruction &I : instructions(CI->getFunction()))
      if (auto *Call = dyn_cast<CallInst>(&I);
          Call && Call->getCalledFunction() == MapFn)
        Sites[siteId(Call)].Maps.push_back(Call);
  }
  return true;
}

static Function *calledFunction(const Instruction &I) {
  auto *CI = dyn_cast<CallInst>(&I);
  return CI ? CI->getCalledFunction() : nullptr;
}

static bool isOutlinedTarget(const Function *F) {
  return F && F->getName().starts_with("__omp_offloading_");
}

/// The calls from a site's start marker up to its end marker, in code
/// order. The walk starts at the marker, so that a function with many sites
/// is not walked from its entry for each.
static SmallVector<CallInst *, 16> callsInSite(const Site &S) {
  SmallVector<CallInst *, 16> Calls;
  BasicBlock *First = S.Open->getParent();
  Function *F = First->getParent();
  for (auto BB = First->getIterator(); BB != F->end(); ++BB) {
    auto I = &*BB == First ? S.Open->getIterator() : BB->begin();
    for (; I != BB->end(); ++I) {
      if (&*I == S.End)
        return Calls;
      if (auto *CI = dyn_cast<CallInst>(&*I))
        Calls.push_back(CI);
    }
  }
  return Calls;
}

/// The outlined target function that \p F calls, directly or through the
/// helper functions of a task entry.
static Function *findCalledKernel(Function &F, unsigned Depth) {
  for (Instruction &I : instructions(F)) {
    Function *Callee = calledFunction(I);
    if (isOutlinedTarget(Callee))
      return Callee;
    if (Callee && Depth > 1 && !Callee->isDeclaration())
      if (Function *K = findCalledKernel(*Callee, Depth - 1))
        return K;
  }
  return nullptr;
}

/// A deferred target region with in_reduction becomes an ordinary task of
/// the encountering team instead of a target task, which libomp runs on
/// its hidden helper threads. Such a region adds to the original reduction
/// variable (through its mapping), and so do the team's own tasks of the
/// reduction when the team has one thread (libomp gives them no copies of
/// their own then): only one thread may run those tasks, the team's.
static CallInst *allocateInTeam(CallInst &TargetTaskAlloc) {
  Module &M = *TargetTaskAlloc.getModule();
  LLVMContext &Ctx = M.getContext();
  Type *Ptr = PointerType::getUnqual(Ctx);
  Type *I32 = Type::getInt32Ty(Ctx), *I64 = Type::getInt64Ty(Ctx);
  FunctionCallee TaskAlloc = M.getOrInsertFunction(
      "__kmpc_omp_task_alloc", Ptr, Ptr, I32, I32, I64, I64, Ptr);
  SmallVector<Value *, 6> Args(TargetTaskAlloc.args().begin(),
                               TargetTaskAlloc.args().begin() + 6);
  CallInst *Alloc = CallInst::Create(TaskAlloc, Args, "", &TargetTaskAlloc);
  Alloc->takeName(&TargetTaskAlloc);
  TargetTaskAlloc.replaceAllUsesWith(Alloc);
  TargetTaskAlloc.eraseFromParent();
  return Alloc;
}

/// For a deferred target region Clang emits a target task whose entry
/// function calls the outlined function: finds the task and the kernel.
static bool findTargetTask(Site &S, ArrayRef<CallInst *> Calls) {
  CallInst *Alloc = nullptr;
  for (CallInst *CI : Calls) {
    Function *Callee = CI->getCalledFunction();
    if (!Callee)
      continue;
    StringRef Name = Callee->getName();
    if (!Alloc && (Name == "__kmpc_omp_target_task_alloc" ||
                   Name == "__kmpc_omp_task_alloc")) {
      Alloc = CI;
      continue;
    }
    if (Alloc &&
        (Name == "__kmpc_omp_task" || Name == "__kmpc_omp_task_with_deps") &&
        CI->getArgOperand(2) == Alloc) {
      S.TaskCall = CI;
      break;
    }
    // depend without nowait: an undeferred task whose entry Clang calls
    // itself once the dependences are met.
    if (Alloc && CI->arg_size() == 2 && CI->getArgOperand(1) == Alloc &&
        Callee == Alloc->getArgOperand(5)->stripPointerCasts()) {
      S.TaskCall = CI;
      break;
    }
  }
  if (!Alloc || !S.TaskCall)
    return false;
  auto *Flags = cast<ConstantInt>(S.Open->getArgOperand(SiteOpFlags));
  if ((Flags->getZExtValue() & SiteInReduction) &&
      Alloc->getCalledFunction()->getName() == "__kmpc_omp_target_task_alloc" &&
      Alloc->arg_size() == 7)
    Alloc = allocateInTeam(*Alloc);
  S.TaskAlloc = Alloc;
  auto *Entry =
      dyn_cast<Function>(Alloc->getArgOperand(5)->stripPointerCasts());
  if (!Entry)
    return false;
  S.Kernel = findCalledKernel(*Entry, /*Depth=*/3);
  return S.Kernel != nullptr;
}

/// Finds, for each target site, the call of its outlined function between
/// the site's start and end markers, or the task that makes that call.
bool Lowering::findOutlinedCalls() {
  for (auto &[Id, S] : Sites) {
    if (S.kind() != SiteKind::Target)
      continue;
    SmallVector<CallInst *, 16> Calls = callsInSite(S);
    for (CallInst *CI : Calls)
      if (isOutlinedTarget(CI->getCalledFunction())) {
        S.Outlined = CI;
        S.Kernel = CI->getCalledFunction();
        break;
      }
    if (!S.Kernel && !findTargetTask(S, Calls)) {
      error(S.Open,
            "clang-offload: internal error: no outlined function "
            "for the target construct at line " +
                Twine(cast<ConstantInt>(S.Open->getArgOperand(SiteOpLine))
                          ->getZExtValue()));
      return false;
    }
    recordConstructLocation(S);
    auto *Flags = cast<ConstantInt>(S.Open->getArgOperand(SiteOpFlags));
    KernelMode Mode = (Flags->getZExtValue() & SiteSPMD) ? KernelMode::SPMD
                                                         : KernelMode::Generic;
    if (KernelSet.insert(S.Kernel).second)
      Kernels.push_back(
          {S.Kernel, Mode, (Flags->getZExtValue() & SiteDefaultSchedule) != 0});
  }
  return true;
}

bool Lowering::run() {
  dropOpenMPModuleFlag(M);
  if (!collectSites() || !findOutlinedCalls())
    return false;
  makeKernelNamesPortable(Kernels);
  Expected<DeviceModule> Device =
      extractDeviceModule(M, Kernels, Opts.OptLevel);
  if (!Device) {
    error(nullptr, "clang-offload: " + toString(Device.takeError()));
    return false;
  }
  // The device module is kept as bitcode and freed before the lowering adds
  // to the host module, whose new IR then reuses the memory instead of
  // growing the heap past it.
  bool Stored = storeDeviceModule(*Device->M);
  Device->M.reset();
  if (!Stored || Opts.ExtractOnly)
    return Stored;
  sizeSharedMaps();
  makeFallbackTeamsReductionsAtomic();
  for (auto &[Id, S] : Sites)
    lowerSite(S);
  for (const KernelInfo &K : Kernels)
    emitEntry(K.F, K.F->getName(), 0, COT_ENTRY_KERNEL);
  for (const DeviceGlobal &G : Device->Globals)
    emitEntry(G.Host, G.DeviceName, G.Size, entryFlags(G.Kind));
  uint32_t Requires =
      (Opts.Requires ? Opts.Requires->Flags : 0) |
      (Opts.OffloadMandatory ? COT_REQUIRES_OFFLOAD_MANDATORY : 0);
  if (Requires)
    emitEntry(ConstantPointerNull::get(PointerType::getUnqual(Ctx)), "requires",
              Requires, COT_ENTRY_REQUIRES);
  appendToCompilerUsed(M, Entries);
  eraseMarkers();
  bindVariantMarkersOnHost(M);
  return true;
}

} // namespace hostlowering

PreservedAnalyses HostOffloadLoweringPass::run(Module &M,
                                               ModuleAnalysisManager &) {
  hostlowering::Lowering(M, Opts).run();
  return PreservedAnalyses::none();
}

} // namespace cot

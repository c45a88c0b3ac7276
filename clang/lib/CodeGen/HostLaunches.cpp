//===- HostLaunches.cpp - The runtime calls of a site ---------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Replaces each site's markers by its runtime call: for a target construct
// the launch, with the outlined function called as the host fallback when
// the launch does not run (a deferred region's launch is recorded for its
// task instead); for data constructs the begin/end/update calls.
//
// The host fallback of a deferred region runs inside its task, and libomp's
// reduction over the teams of a `teams` construct there never returns (its
// barrier across the teams waits for threads that do not come; clang-19
// -fopenmp hangs the same way on `target teams distribute reduction(...)
// nowait`). The fallback's teams reductions therefore take Clang's atomic
// path (the answer 2 of __kmpc_reduce_nowait), which each team's main thread
// runs on its own.
//
//===----------------------------------------------------------------------===//

#include "HostLowering.h"

#include "OffloadABI.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

#define DEBUG_TYPE "cot-host-lowering"

STATISTIC(NumTargetSites, "Target constructs lowered to launches");
STATISTIC(NumFallbackTeamsReductions,
          "Teams reductions of host fallbacks made atomic");
STATISTIC(NumDataSites, "Data constructs lowered to runtime calls");

namespace cot {
namespace hostlowering {

/// Fills a cot_launch_params for the site before \p At.
Value *Lowering::emitLaunchParams(Site &S, Instruction *At, unsigned NumArgs) {
  IRBuilder<> B(At);
  Value *IfCond = S.Open->getArgOperand(SiteOpIfCond);
  auto *Flags = cast<ConstantInt>(S.Open->getArgOperand(SiteOpFlags));
  uint64_t SiteFlags = Flags->getZExtValue();
  int32_t StaticFlags =
      ((SiteFlags & SiteNowait) ? COT_LAUNCH_NOWAIT : 0) |
      ((SiteFlags & SiteThreadsShareIterations)
           ? COT_LAUNCH_THREADS_SHARE_ITERATIONS
           : 0) |
      ((SiteFlags & SiteNowait) && !(SiteFlags & SiteDepend)
           ? COT_LAUNCH_NO_DEPEND
           : 0) |
      ((SiteFlags & SiteInReduction) ? COT_LAUNCH_IN_REDUCTION : 0);
  Value *LaunchFlags = B.CreateOr(
      B.getInt32(StaticFlags),
      B.CreateSelect(B.CreateICmpEQ(IfCond, B.getInt32(0)),
                     B.getInt32(COT_LAUNCH_IF_FALSE), B.getInt32(0)));
  const ParamsFrame &Frame = paramsFrameFor(*At->getFunction());
  Value *ParamFields[] = {
      B.CreateSExtOrTrunc(S.Open->getArgOperand(SiteOpNumTeams),
                          B.getInt32Ty()),
      B.CreateSExtOrTrunc(S.Open->getArgOperand(SiteOpThreadLimit),
                          B.getInt32Ty()),
      B.getInt32(NumArgs),
      LaunchFlags,
      B.CreateSExtOrTrunc(S.Open->getArgOperand(SiteOpTripCount),
                          B.getInt64Ty()),
      B.CreateSExtOrTrunc(S.Open->getArgOperand(SiteOpNumThreads),
                          B.getInt32Ty())};
  for (unsigned I = 0; I < std::size(ParamFields); ++I)
    B.CreateStore(ParamFields[I], Frame.Fields[I]);
  return Frame.Params;
}

/// The launch parameters the target sites of \p F share.
const ParamsFrame &Lowering::paramsFrameFor(Function &F) {
  auto [It, New] = SharedParams.try_emplace(&F);
  ParamsFrame &Frame = It->second;
  if (!New)
    return Frame;
  IRBuilder<> B(&*F.getEntryBlock().getFirstInsertionPt());
  Frame.Params = B.CreateAlloca(Types.LaunchParams, nullptr, ".cot.params");
  for (unsigned I = 0; I < Types.LaunchParams->getNumElements(); ++I)
    Frame.Fields.push_back(
        B.CreateStructGEP(Types.LaunchParams, Frame.Params, I));
  return Frame;
}

/// Emits `if (__cot_target_launch(...)) <fallback>` before \p At; returns
/// the block that runs when the launch succeeded.
BasicBlock *Lowering::emitLaunch(Site &S, Instruction *At, Value *List,
                                 Constant *Loc, unsigned NumArgs,
                                 Instruction *Fallback) {
  Value *Params = emitLaunchParams(S, At, NumArgs);
  IRBuilder<> B(At);
  Type *Ptr = B.getPtrTy();
  FunctionCallee Launch = runtime("__cot_target_launch", B.getInt32Ty(),
                                  {B.getInt64Ty(), Ptr, Ptr, Ptr, Ptr});
  Value *Device =
      B.CreateSExtOrTrunc(S.Open->getArgOperand(SiteOpDevice), B.getInt64Ty());
  Value *Rc = B.CreateCall(Launch, {Device, S.Kernel, List, Params, Loc});
  Value *Failed = B.CreateICmpNE(Rc, B.getInt32(0), "offload.failed");
  Instruction *ThenTerm, *ElseTerm;
  SplitBlockAndInsertIfThenElse(Failed, At, &ThenTerm, &ElseTerm);
  ThenTerm->getParent()->setName("omp_offload.fallback");
  Fallback->moveBefore(ThenTerm);
  return ElseTerm->getParent();
}

/// The task entry of a deferred region, wrapped: it runs the launch that
/// __cot_target_defer recorded for the task and calls Clang's entry (whose
/// body calls the host fallback) only when the launch asks for it.
///   i32 wrapper(i32 gtid, ptr task) {
///     if (__cot_target_run_deferred(task) == 0) return 0;
///     return entry(gtid, task);
///   }
Function *Lowering::wrapTaskEntry(Function *Entry) {
  auto *W =
      Function::Create(Entry->getFunctionType(), GlobalValue::InternalLinkage,
                       Entry->getName() + ".cot_deferred", M);
  Argument *Gtid = W->getArg(0), *Task = W->getArg(1);
  BasicBlock *Body = BasicBlock::Create(Ctx, "entry", W);
  BasicBlock *Fallback = BasicBlock::Create(Ctx, "omp_offload.fallback", W);
  BasicBlock *Done = BasicBlock::Create(Ctx, "omp_offload.done", W);
  IRBuilder<> B(Body);
  FunctionCallee Run =
      runtime("__cot_target_run_deferred", B.getInt32Ty(), {B.getPtrTy()});
  Value *Rc = B.CreateCall(Run, {Task});
  B.CreateCondBr(B.CreateICmpNE(Rc, B.getInt32(0), "offload.failed"), Fallback,
                 Done);
  B.SetInsertPoint(Fallback);
  B.CreateRet(B.CreateCall(Entry, {Gtid, Task}));
  B.SetInsertPoint(Done);
  B.CreateRet(ConstantInt::get(Entry->getReturnType(), 0));
  return W;
}

void Lowering::lowerTarget(Site &S, const MapFrame &Frame, Constant *Loc) {
  unsigned NumArgs;
  Value *List = Frame.List;
  if (S.Outlined) {
    if (storeArgsFromCall(S, Frame, NumArgs))
      emitLaunch(S, S.Outlined, List, Loc, NumArgs, S.Outlined);
    ++NumTargetSites;
    return;
  }
  if (!storeArgsFromMarkers(S, Frame, NumArgs))
    return;
  // A deferred region stays the task Clang made, scheduled by libomp with
  // its dependences; the launch is recorded now, with the map list as it is
  // here, and made by the task's entry wherever libomp runs it.
  Value *Params = emitLaunchParams(S, S.TaskCall, NumArgs);
  IRBuilder<> B(S.TaskCall);
  Type *Ptr = B.getPtrTy(), *I64 = B.getInt64Ty();
  Value *Device = B.CreateSExtOrTrunc(S.Open->getArgOperand(SiteOpDevice), I64);
  B.CreateCall(runtime("__cot_target_defer", B.getVoidTy(),
                       {Ptr, I64, Ptr, Ptr, Ptr, Ptr}),
               {S.TaskAlloc, Device, S.Kernel, List, Params, Loc});
  auto *Entry =
      cast<Function>(S.TaskAlloc->getArgOperand(5)->stripPointerCasts());
  Function *Wrapper = wrapTaskEntry(Entry);
  S.TaskAlloc->setArgOperand(5, Wrapper);
  if (S.TaskCall->getCalledFunction() == Entry)
    S.TaskCall->setCalledFunction(Wrapper);
  ++NumTargetSites;
}

void Lowering::lowerSite(Site &S) {
  MapFrame Own;
  const MapFrame &Frame = mapFrameFor(S, Own);
  buildMapList(S, Frame);
  Constant *Loc = sourceLoc(S);
  if (S.kind() == SiteKind::Target) {
    lowerTarget(S, Frame, Loc);
    return;
  }
  Value *List = Frame.List;

  Type *Ptr = PointerType::getUnqual(Ctx);
  Type *I64 = Type::getInt64Ty(Ctx);
  Type *Void = Type::getVoidTy(Ctx);
  Instruction *Last = S.Maps.empty() ? S.Open : S.Maps.back();
  IRBuilder<> B(Last);
  Value *Device = B.CreateSExtOrTrunc(S.Open->getArgOperand(SiteOpDevice), I64);
  auto Call = [&](IRBuilder<> &At, StringRef Name) {
    At.CreateCall(runtime(Name, Void, {I64, Ptr, Ptr}), {Device, List, Loc});
  };
  auto *Flags = cast<ConstantInt>(S.Open->getArgOperand(SiteOpFlags));
  if (Flags->getZExtValue() & SiteDepend)
    emitTaskwait(B);
  switch (S.kind()) {
  case SiteKind::TargetData: {
    Call(B, "__cot_target_data_begin");
    for (CallInst *DA : S.DeviceAddrs) {
      IRBuilder<> DB(DA);
      auto *Index = cast<ConstantInt>(DA->getArgOperand(1));
      DA->replaceAllUsesWith(
          DB.CreateLoad(Ptr, Frame.BeginSlots[Index->getZExtValue()]));
    }
    IRBuilder<> EB(S.End);
    Call(EB, "__cot_target_data_end");
    break;
  }
  case SiteKind::EnterData:
    Call(B, "__cot_target_data_begin");
    break;
  case SiteKind::ExitData:
    Call(B, "__cot_target_data_end");
    break;
  case SiteKind::Update:
    Call(B, "__cot_target_update");
    break;
  case SiteKind::Target:
    break;
  }
  ++NumDataSites;
}

/// A standalone data construct runs where it is met, so its dependences
/// must be met by then. They can only be on sibling tasks, which a taskwait
/// completes: a superset of them, which keeps the order they ask for.
void Lowering::emitTaskwait(IRBuilder<> &B) {
  Type *Ptr = B.getPtrTy(), *I32 = B.getInt32Ty();
  if (!Ident) {
    Constant *Where =
        ConstantDataArray::getString(Ctx, ";unknown;unknown;0;0;;");
    auto *Str = new GlobalVariable(M, Where->getType(), true,
                                   GlobalValue::PrivateLinkage, Where,
                                   ".cot.ident_str");
    // ident_t: reserved, flags (KMP_IDENT_KMPC), reserved, reserved, psource.
    auto *IdentTy = StructType::get(Ctx, {I32, I32, I32, I32, Ptr});
    Ident = new GlobalVariable(
        M, IdentTy, true, GlobalValue::PrivateLinkage,
        ConstantStruct::get(IdentTy, {B.getInt32(0), B.getInt32(2),
                                      B.getInt32(0), B.getInt32(0), Str}),
        ".cot.ident");
  }
  Value *Gtid =
      B.CreateCall(runtime("__kmpc_global_thread_num", I32, {Ptr}), {Ident});
  B.CreateCall(runtime("__kmpc_omp_taskwait", I32, {Ptr, I32}), {Ident, Gtid});
}

/// The teams function (the microtask of __kmpc_fork_teams) that the host
/// fallback \p Outlined forks, if any.
static Function *forkedTeams(Function &Outlined) {
  for (Instruction &I : instructions(Outlined))
    if (auto *CI = dyn_cast<CallInst>(&I))
      if (Function *Callee = CI->getCalledFunction();
          Callee && Callee->getName() == "__kmpc_fork_teams" &&
          CI->arg_size() > 2)
        return dyn_cast<Function>(CI->getArgOperand(2)->stripPointerCasts());
  return nullptr;
}

void Lowering::makeFallbackTeamsReductionsAtomic() {
  for (const KernelInfo &K : Kernels) {
    Function *Teams = forkedTeams(*K.F);
    if (!Teams)
      continue;
    for (Instruction &I : make_early_inc_range(instructions(*Teams))) {
      auto *CI = dyn_cast<CallInst>(&I);
      Function *Callee = CI ? CI->getCalledFunction() : nullptr;
      if (!Callee || Callee->getName() != "__kmpc_reduce_nowait")
        continue;
      CI->replaceAllUsesWith(ConstantInt::get(CI->getType(), 2));
      CI->eraseFromParent();
      ++NumFallbackTeamsReductions;
    }
  }
}

} // namespace hostlowering
} // namespace cot

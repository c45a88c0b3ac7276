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
//      is still as CodeGen made it;
//   2. builds the site's map arrays in the host function's frame: bases,
//      begins and sizes are stored where the markers were, map types and
//      names are constants;
//   3. emits the runtime call: for `target`, the direct call of the outlined
//      function becomes
//          if (__cot_target_launch(dev, @outlined, &maps, &params, &loc))
//            outlined(args...);             // host fallback
//      with each kernel argument stored as the base of its TARGET_PARAM
//      entry; for data constructs, __cot_target_data_begin/end and
//      __cot_target_update; use_device_ptr/addr markers read the device
//      address the begin call wrote back;
//   4. emits one offload entry per kernel and per device global in section
//      cot_offload_entries, and embeds the device module as bitcode in the
//      section __CLANG_OFFLOAD_BUNDLE__openmp-<triple>.
//
//===----------------------------------------------------------------------===//

#include "clang-offload/CodeGen/HostOffloadLowering.h"
#include "clang-offload/CodeGen/OffloadMarkers.h"
#include "OpenMPDevice/DeviceModuleExtraction.h"

#include "OffloadABI.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

#define DEBUG_TYPE "cot-host-lowering"

STATISTIC(NumTargetSites, "Target constructs lowered to launches");
STATISTIC(NumDataSites, "Data constructs lowered to runtime calls");

using namespace llvm;

namespace cot {

std::string deviceSectionName(StringRef Triple) {
  return ("__CLANG_OFFLOAD_BUNDLE__openmp-" + Triple).str();
}

namespace {

/// The marker calls of one construct.
struct Site {
  CallInst *Open = nullptr;
  SmallVector<CallInst *, 8> Maps;
  SmallVector<CallInst *, 2> DeviceAddrs;
  CallInst *End = nullptr;
  CallInst *Outlined = nullptr; ///< Target sites: the outlined call.

  SiteKind kind() const {
    return SiteKind(cast<ConstantInt>(Open->getArgOperand(SiteOpKind))
                        ->getZExtValue());
  }
  uint64_t mapType(unsigned I) const {
    return cast<ConstantInt>(Maps[I]->getArgOperand(MapOpType))->getZExtValue();
  }
};

int siteId(const CallInst *CI) {
  return cast<ConstantInt>(CI->getArgOperand(0))->getSExtValue();
}

/// The IR types of OffloadABI.h.
struct AbiTypes {
  StructType *MapList, *SourceLoc, *LaunchParams, *Entry;
  explicit AbiTypes(LLVMContext &C) {
    Type *Ptr = PointerType::getUnqual(C);
    Type *I32 = Type::getInt32Ty(C), *I64 = Type::getInt64Ty(C);
    MapList = StructType::get(C, {I32, I32, Ptr, Ptr, Ptr, Ptr, Ptr});
    SourceLoc = StructType::get(C, {Ptr, Ptr, I32, I32});
    LaunchParams = StructType::get(C, {I32, I32, I32, I32});
    Entry = StructType::get(C, {Ptr, Ptr, I64, I32, I32});
  }
};

class Lowering {
public:
  Lowering(Module &M, ArrayRef<OffloadTarget> Targets)
      : M(M), Ctx(M.getContext()), Types(Ctx), Targets(Targets) {}

  bool run();

private:
  Module &M;
  LLVMContext &Ctx;
  AbiTypes Types;
  ArrayRef<OffloadTarget> Targets;
  MapVector<int, Site> Sites;
  SmallVector<Function *, 8> Kernels;

  bool collectSites();
  bool findOutlinedCalls();
  void lowerSite(Site &S);
  Value *buildMapList(Site &S, IRBuilder<> &EntryB, AllocaInst *&Bases,
                      AllocaInst *&Begins);
  Constant *sourceLoc(const Site &S);
  void lowerTarget(Site &S, Value *List, AllocaInst *Bases, AllocaInst *Begins,
                   Constant *Loc);
  void emitEntry(Constant *HostAddr, StringRef Name, uint64_t Size,
                 uint32_t Flags);
  void embedDeviceModule(Module &Device);
  void eraseMarkers();
  void error(const Instruction *At, const Twine &Msg);
  FunctionCallee runtime(StringRef Name, Type *Ret, ArrayRef<Type *> Params);
};

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
  ForEachCall(DeviceAddrMarker,
              [&](CallInst *CI) { Sites[siteId(CI)].DeviceAddrs.push_back(CI); });
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

/// Finds, for each target site, the call of its outlined function between
/// the site's start and end markers.
bool Lowering::findOutlinedCalls() {
  for (auto &[Id, S] : Sites) {
    if (S.kind() != SiteKind::Target)
      continue;
    bool InSite = false;
    for (Instruction &I : instructions(S.Open->getFunction())) {
      if (&I == S.Open)
        InSite = true;
      if (&I == S.End)
        break;
      auto *CI = dyn_cast<CallInst>(&I);
      Function *Callee = CI ? CI->getCalledFunction() : nullptr;
      if (InSite && Callee &&
          Callee->getName().starts_with("__omp_offloading_")) {
        S.Outlined = CI;
        break;
      }
    }
    if (!S.Outlined) {
      auto *Line = cast<ConstantInt>(S.Open->getArgOperand(SiteOpLine));
      error(S.Open, "clang-offload: the target construct at line " +
                        Twine(Line->getZExtValue()) +
                        " uses a form (nowait or depend) that is not "
                        "supported yet");
      return false;
    }
    Function *Kernel = S.Outlined->getCalledFunction();
    if (!is_contained(Kernels, Kernel))
      Kernels.push_back(Kernel);
  }
  return true;
}

Constant *Lowering::sourceLoc(const Site &S) {
  auto *Init = ConstantStruct::get(
      Types.SourceLoc,
      {cast<Constant>(S.Open->getArgOperand(SiteOpFile)),
       cast<Constant>(S.Open->getArgOperand(SiteOpFunction)),
       cast<Constant>(S.Open->getArgOperand(SiteOpLine)),
       cast<Constant>(S.Open->getArgOperand(SiteOpColumn))});
  return new GlobalVariable(M, Types.SourceLoc, /*isConstant=*/true,
                            GlobalValue::PrivateLinkage, Init, ".cot.loc");
}

/// Builds the site's cot_map_list in the function's frame. Bases, begins and
/// sizes are stored where their markers were.
Value *Lowering::buildMapList(Site &S, IRBuilder<> &EntryB, AllocaInst *&Bases,
                              AllocaInst *&Begins) {
  Type *Ptr = PointerType::getUnqual(Ctx);
  Type *I64 = Type::getInt64Ty(Ctx);
  unsigned N = S.Maps.size();
  auto *PtrArray = ArrayType::get(Ptr, std::max(N, 1u));
  auto *I64Array = ArrayType::get(I64, std::max(N, 1u));
  Bases = EntryB.CreateAlloca(PtrArray, nullptr, ".cot.bases");
  Begins = EntryB.CreateAlloca(PtrArray, nullptr, ".cot.begins");
  AllocaInst *Sizes = EntryB.CreateAlloca(I64Array, nullptr, ".cot.sizes");
  AllocaInst *List = EntryB.CreateAlloca(Types.MapList, nullptr, ".cot.maps");

  SmallVector<Constant *, 8> TypeInits, NameInits;
  for (unsigned I = 0; I < N; ++I) {
    CallInst *Map = S.Maps[I];
    IRBuilder<> B(Map);
    Value *Base = Map->getArgOperand(MapOpBase);
    Value *Begin = Map->getArgOperand(MapOpBegin);
    if (isa<ConstantPointerNull>(Begin))
      Begin = Base;
    B.CreateStore(Base, B.CreateConstInBoundsGEP2_32(PtrArray, Bases, 0, I));
    B.CreateStore(Begin, B.CreateConstInBoundsGEP2_32(PtrArray, Begins, 0, I));
    B.CreateStore(B.CreateSExtOrTrunc(Map->getArgOperand(MapOpSize), I64),
                  B.CreateConstInBoundsGEP2_32(I64Array, Sizes, 0, I));
    TypeInits.push_back(cast<Constant>(Map->getArgOperand(MapOpType)));
    NameInits.push_back(cast<Constant>(Map->getArgOperand(MapOpName)));
  }
  if (N == 0) {
    TypeInits.push_back(ConstantInt::get(I64, 0));
    NameInits.push_back(ConstantPointerNull::get(cast<PointerType>(Ptr)));
  }
  auto *MapTypes = new GlobalVariable(
      M, I64Array, true, GlobalValue::PrivateLinkage,
      ConstantArray::get(I64Array, TypeInits), ".cot.maptypes");
  auto *MapNames = new GlobalVariable(
      M, PtrArray, true, GlobalValue::PrivateLinkage,
      ConstantArray::get(PtrArray, NameInits), ".cot.mapnames");

  // The list itself is filled at the last marker, where every store above
  // has happened. if(false) makes it empty: the construct does nothing.
  Instruction *Last = N ? S.Maps.back() : S.Open;
  IRBuilder<> B(Last);
  Value *IfCond = S.Open->getArgOperand(SiteOpIfCond);
  Value *Count = B.getInt32(N);
  if (S.kind() != SiteKind::Target)
    Count = B.CreateSelect(B.CreateICmpNE(IfCond, B.getInt32(0)), Count,
                           B.getInt32(0));
  Value *Fields[] = {Count, B.getInt32(0), Bases, Begins, Sizes, MapTypes,
                     MapNames};
  for (unsigned I = 0; I < 7; ++I)
    B.CreateStore(Fields[I], B.CreateStructGEP(Types.MapList, List, I));
  return List;
}

void Lowering::lowerTarget(Site &S, Value *List, AllocaInst *Bases,
                           AllocaInst *Begins, Constant *Loc) {
  CallInst *Call = S.Outlined;
  Type *Ptr = PointerType::getUnqual(Ctx);
  auto *PtrArray = cast<ArrayType>(Bases->getAllocatedType());
  IRBuilder<> B(Call);

  // Kernel arguments, in capture order, become the bases of the
  // TARGET_PARAM entries (and their begins where Sema left them open).
  unsigned Arg = 0;
  for (unsigned I = 0; I < S.Maps.size(); ++I) {
    if (!(S.mapType(I) & COT_MAP_TARGET_PARAM))
      continue;
    if (Arg >= Call->arg_size())
      break;
    Value *V = Call->getArgOperand(Arg++);
    if (!V->getType()->isPointerTy())
      V = B.CreateIntToPtr(B.CreateZExtOrBitCast(V, B.getInt64Ty()), Ptr);
    B.CreateStore(V, B.CreateConstInBoundsGEP2_32(PtrArray, Bases, 0, I));
    if (isa<ConstantPointerNull>(S.Maps[I]->getArgOperand(MapOpBegin)))
      B.CreateStore(V, B.CreateConstInBoundsGEP2_32(PtrArray, Begins, 0, I));
  }
  if (Arg != Call->arg_size()) {
    error(Call, "clang-offload: internal error: " +
                    Call->getCalledFunction()->getName() + " takes " +
                    Twine(Call->arg_size()) + " arguments but its construct "
                    "has " + Twine(Arg) + " kernel parameters");
    return;
  }

  Value *IfCond = S.Open->getArgOperand(SiteOpIfCond);
  auto *Flags = cast<ConstantInt>(S.Open->getArgOperand(SiteOpFlags));
  Value *LaunchFlags = B.CreateOr(
      B.getInt32((Flags->getZExtValue() & SiteNowait) ? COT_LAUNCH_NOWAIT : 0),
      B.CreateSelect(B.CreateICmpEQ(IfCond, B.getInt32(0)),
                     B.getInt32(COT_LAUNCH_IF_FALSE), B.getInt32(0)));
  Function *F = Call->getFunction();
  IRBuilder<> EntryB(&*F->getEntryBlock().getFirstInsertionPt());
  AllocaInst *Params =
      EntryB.CreateAlloca(Types.LaunchParams, nullptr, ".cot.params");
  Value *ParamFields[] = {
      B.CreateSExtOrTrunc(S.Open->getArgOperand(SiteOpNumTeams), B.getInt32Ty()),
      B.CreateSExtOrTrunc(S.Open->getArgOperand(SiteOpThreadLimit),
                          B.getInt32Ty()),
      B.getInt32(Arg), LaunchFlags};
  for (unsigned I = 0; I < 4; ++I)
    B.CreateStore(ParamFields[I], B.CreateStructGEP(Types.LaunchParams, Params, I));

  FunctionCallee Launch =
      runtime("__cot_target_launch", B.getInt32Ty(),
              {B.getInt64Ty(), Ptr, Ptr, Ptr, Ptr});
  Value *Device = B.CreateSExtOrTrunc(S.Open->getArgOperand(SiteOpDevice),
                                      B.getInt64Ty());
  Value *Rc = B.CreateCall(
      Launch, {Device, Call->getCalledFunction(), List, Params, Loc});
  Value *Failed = B.CreateICmpNE(Rc, B.getInt32(0), "offload.failed");
  Instruction *Then = SplitBlockAndInsertIfThen(Failed, Call, false);
  Then->getParent()->setName("omp_offload.fallback");
  Call->moveBefore(Then);
  ++NumTargetSites;
}

void Lowering::lowerSite(Site &S) {
  Function *F = S.Open->getFunction();
  IRBuilder<> EntryB(&*F->getEntryBlock().getFirstInsertionPt());
  AllocaInst *Bases, *Begins;
  Value *List = buildMapList(S, EntryB, Bases, Begins);
  Constant *Loc = sourceLoc(S);
  if (S.kind() == SiteKind::Target) {
    lowerTarget(S, List, Bases, Begins, Loc);
    return;
  }

  Type *Ptr = PointerType::getUnqual(Ctx);
  Type *I64 = Type::getInt64Ty(Ctx);
  Type *Void = Type::getVoidTy(Ctx);
  Instruction *Last = S.Maps.empty() ? S.Open : S.Maps.back();
  IRBuilder<> B(Last);
  Value *Device = B.CreateSExtOrTrunc(S.Open->getArgOperand(SiteOpDevice), I64);
  auto Call = [&](IRBuilder<> &At, StringRef Name) {
    At.CreateCall(runtime(Name, Void, {I64, Ptr, Ptr}), {Device, List, Loc});
  };
  switch (S.kind()) {
  case SiteKind::TargetData: {
    Call(B, "__cot_target_data_begin");
    auto *PtrArray = cast<ArrayType>(Begins->getAllocatedType());
    for (CallInst *DA : S.DeviceAddrs) {
      IRBuilder<> DB(DA);
      auto *Index = cast<ConstantInt>(DA->getArgOperand(1));
      Value *Addr = DB.CreateLoad(
          Ptr, DB.CreateConstInBoundsGEP2_32(PtrArray, Begins, 0,
                                             Index->getZExtValue()));
      DA->replaceAllUsesWith(Addr);
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

void Lowering::emitEntry(Constant *HostAddr, StringRef Name, uint64_t Size,
                         uint32_t Flags) {
  Constant *NameStr = ConstantDataArray::getString(Ctx, Name);
  auto *NameVar = new GlobalVariable(M, NameStr->getType(), true,
                                     GlobalValue::PrivateLinkage, NameStr,
                                     ".cot.entry_name");
  NameVar->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
  Type *I32 = Type::getInt32Ty(Ctx);
  auto *Init = ConstantStruct::get(
      Types.Entry, {HostAddr, NameVar,
                    ConstantInt::get(Type::getInt64Ty(Ctx), Size),
                    ConstantInt::get(I32, Flags), ConstantInt::get(I32, 0)});
  auto *Entry = new GlobalVariable(M, Types.Entry, true,
                                   GlobalValue::InternalLinkage, Init,
                                   ".cot.entry." + Name);
  Entry->setSection(COT_ENTRIES_SECTION);
  Entry->setAlignment(Align(8));
  appendToUsed(M, {Entry});
}

void Lowering::embedDeviceModule(Module &Device) {
  SmallVector<char, 0> Bitcode;
  raw_svector_ostream OS(Bitcode);
  WriteBitcodeToFile(Device, OS);
  Constant *Data = ConstantDataArray::get(
      Ctx, ArrayRef<uint8_t>(reinterpret_cast<uint8_t *>(Bitcode.data()),
                             Bitcode.size()));
  for (const OffloadTarget &T : Targets) {
    auto *GV = new GlobalVariable(M, Data->getType(), true,
                                  GlobalValue::PrivateLinkage, Data,
                                  ".cot.device_module");
    GV->setSection(deviceSectionName(T.Triple));
    GV->setAlignment(Align(1));
    // Not loaded at run time: the device link reads it from the objects.
    GV->setMetadata(LLVMContext::MD_exclude, MDNode::get(Ctx, {}));
    appendToCompilerUsed(M, {GV});
  }
}

void Lowering::eraseMarkers() {
  for (auto &[Id, S] : Sites) {
    for (CallInst *CI : S.Maps)
      CI->eraseFromParent();
    for (CallInst *CI : S.DeviceAddrs)
      CI->eraseFromParent();
    S.Open->eraseFromParent();
    S.End->eraseFromParent();
  }
  for (StringRef Name : {SiteMarker, MapMarker, DeviceAddrMarker, SiteEndMarker})
    if (Function *F = M.getFunction(Name); F && F->use_empty())
      F->eraseFromParent();
}

bool Lowering::run() {
  if (!collectSites() || !findOutlinedCalls())
    return false;
  Expected<DeviceModule> Device = extractDeviceModule(M, Kernels);
  if (!Device) {
    error(nullptr, "clang-offload: " + toString(Device.takeError()));
    return false;
  }
  for (auto &[Id, S] : Sites)
    lowerSite(S);
  for (Function *Kernel : Kernels)
    emitEntry(Kernel, Kernel->getName(), 0, COT_ENTRY_KERNEL);
  for (const DeviceGlobal &G : Device->Globals)
    emitEntry(G.Host, G.DeviceName, G.Size, COT_ENTRY_GLOBAL);
  embedDeviceModule(*Device->M);
  eraseMarkers();
  return true;
}

} // namespace

PreservedAnalyses HostOffloadLoweringPass::run(Module &M,
                                               ModuleAnalysisManager &) {
  Lowering(M, Targets).run();
  return PreservedAnalyses::none();
}

} // namespace cot

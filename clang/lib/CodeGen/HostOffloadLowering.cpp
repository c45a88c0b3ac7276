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
//      __cot_target_data_begin/end and __cot_target_update; use_device_ptr/addr markers read the device
//      address the begin call wrote back;
//   4. emits one offload entry per kernel and per device global in section
//      cot_offload_entries (and one for the unit's `requires` clauses).
// Every step is linear in the size of the module: docs/Design.md,
// "Compile-time scaling", says what was not and how it was measured.
//
//===----------------------------------------------------------------------===//

#include "clang-offload/CodeGen/HostOffloadLowering.h"
#include "OpenMPDevice/OffloadMarkers.h"
#include "OpenMPDevice/DeviceModuleExtraction.h"

#include "OffloadABI.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Bitcode/BitcodeReader.h"
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
  /// Target sites: the kernel, and either the direct call of it or, for
  /// deferred (nowait/depend) regions, the task Clang wraps the call in.
  Function *Kernel = nullptr;
  CallInst *Outlined = nullptr;
  CallInst *TaskAlloc = nullptr;
  CallInst *TaskCall = nullptr;

  SiteKind kind() const {
    return SiteKind(cast<ConstantInt>(Open->getArgOperand(SiteOpKind))
                        ->getZExtValue());
  }
  uint64_t mapType(unsigned I) const {
    return cast<ConstantInt>(Maps[I]->getArgOperand(MapOpType))->getZExtValue();
  }
};

/// "file:line" of a site, for diagnostics.
std::string siteLocation(const Site &S) {
  std::string File = "<unknown>";
  if (auto *GV = dyn_cast<GlobalVariable>(
          S.Open->getArgOperand(SiteOpFile)->stripPointerCasts()))
    if (auto *Data = dyn_cast_or_null<ConstantDataArray>(GV->getInitializer());
        Data && Data->isCString())
      File = Data->getAsCString().str();
  auto *Line = cast<ConstantInt>(S.Open->getArgOperand(SiteOpLine));
  return File + ":" + std::to_string(Line->getZExtValue());
}

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
    LaunchParams = StructType::get(C, {I32, I32, I32, I32, I64});
    Entry = StructType::get(C, {Ptr, Ptr, I64, I32, I32});
  }
};

/// A cot_map_list and its arrays in a function's frame, with the address of
/// every element and of the fields a site sets computed once.
struct MapFrame {
  AllocaInst *List = nullptr;
  SmallVector<Value *, 8> BaseSlots, BeginSlots, SizeSlots;
  Value *CountField = nullptr, *TypesField = nullptr, *NamesField = nullptr;
  ArrayType *PtrArray = nullptr, *I64Array = nullptr;
};

/// A cot_launch_params in a function's frame and the addresses of its
/// fields.
struct ParamsFrame {
  AllocaInst *Params = nullptr;
  SmallVector<Value *, 5> Fields;
};

class Lowering {
public:
  Lowering(Module &M, const HostLoweringOptions &Opts)
      : M(M), Ctx(M.getContext()), Types(Ctx), Opts(Opts) {}

  bool run();

private:
  Module &M;
  LLVMContext &Ctx;
  AbiTypes Types;
  const HostLoweringOptions &Opts;
  MapVector<int, Site> Sites;
  SmallVector<KernelInfo, 8> Kernels;
  SmallPtrSet<Function *, 32> KernelSet;
  /// The offload entries, added to llvm.compiler.used at once: each append
  /// rebuilds the whole array, and the old arrays stay in the context, so
  /// appending one by one was quadratic in time and memory. Not llvm.used:
  /// on ELF that retains each entry in a section of its own (SHF_GNU_RETAIN),
  /// thousands of sections for as many regions; the linker keeps the
  /// section anyway, as the registration refers to its __start_/__stop_.
  SmallVector<GlobalValue *, 32> Entries;
  GlobalVariable *Ident = nullptr; // libomp's ident_t for our calls
  /// The map list and launch parameters that the sites of a function share:
  /// every site but a target data region (whose list must last until the
  /// region ends) uses them only from its markers to its runtime call, and
  /// the runtime copies what a deferred launch needs. One set per function,
  /// not per site, keeps the lowering's IR from growing with the sites of a
  /// function (docs/Design.md, "Compile-time scaling").
  DenseMap<Function *, unsigned> SharedMapSize;
  DenseMap<Function *, MapFrame> SharedMaps;
  DenseMap<Function *, ParamsFrame> SharedParams;

  bool collectSites();
  bool findOutlinedCalls();
  void sizeSharedMaps();
  MapFrame createMapFrame(Function &F, unsigned N);
  const MapFrame &mapFrameFor(Site &S, MapFrame &Own);
  const ParamsFrame &paramsFrameFor(Function &F);
  void lowerSite(Site &S);
  void buildMapList(Site &S, const MapFrame &Frame);
  Constant *sourceLoc(const Site &S);
  void lowerTarget(Site &S, const MapFrame &Frame, Constant *Loc);
  bool storeArgsFromCall(Site &S, const MapFrame &Frame, unsigned &NumArgs);
  bool storeArgsFromMarkers(Site &S, const MapFrame &Frame,
                            unsigned &NumArgs);
  Function *wrapTaskEntry(Function *Entry);
  Value *emitLaunchParams(Site &S, Instruction *At, unsigned NumArgs);
  BasicBlock *emitLaunch(Site &S, Instruction *At, Value *List, Constant *Loc,
                         unsigned NumArgs, Instruction *Fallback);
  void emitTaskwait(IRBuilder<> &B);
  void emitEntry(Constant *HostAddr, StringRef Name, uint64_t Size,
                 uint32_t Flags);
  bool embedDeviceModule(Module &Device);
  bool checkDeviceParseKernels(StringRef Triple, StringRef Bitcode);
  void eraseMarkers();
  void bindHostVariantCalls();
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
    if (Alloc && (Name == "__kmpc_omp_task" ||
                  Name == "__kmpc_omp_task_with_deps") &&
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
  S.TaskAlloc = Alloc;
  auto *Entry = dyn_cast<Function>(Alloc->getArgOperand(5)->stripPointerCasts());
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
      error(S.Open, "clang-offload: internal error: no outlined function "
                    "for the target construct at line " +
                        Twine(cast<ConstantInt>(S.Open->getArgOperand(SiteOpLine))
                                  ->getZExtValue()));
      return false;
    }
    auto *Flags = cast<ConstantInt>(S.Open->getArgOperand(SiteOpFlags));
    KernelMode Mode = (Flags->getZExtValue() & SiteSPMD) ? KernelMode::SPMD
                                                          : KernelMode::Generic;
    if (KernelSet.insert(S.Kernel).second)
      Kernels.push_back({S.Kernel, Mode,
                         (Flags->getZExtValue() & SiteDefaultSchedule) != 0});
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

/// Map lists of target data regions are their own; the others of a
/// function share one as long as its largest.
void Lowering::sizeSharedMaps() {
  for (auto &[Id, S] : Sites) {
    if (S.kind() == SiteKind::TargetData)
      continue;
    unsigned &N = SharedMapSize[S.Open->getFunction()];
    N = std::max<unsigned>(N, S.Maps.size());
  }
}

/// A map list of \p N entries at the start of \p F: the allocas, the
/// addresses of their elements and of the list's fields, and the fields
/// that stay the same (the arrays).
MapFrame Lowering::createMapFrame(Function &F, unsigned N) {
  IRBuilder<> B(&*F.getEntryBlock().getFirstInsertionPt());
  MapFrame Frame;
  Frame.PtrArray = ArrayType::get(B.getPtrTy(), std::max(N, 1u));
  Frame.I64Array = ArrayType::get(B.getInt64Ty(), std::max(N, 1u));
  AllocaInst *Bases = B.CreateAlloca(Frame.PtrArray, nullptr, ".cot.bases");
  AllocaInst *Begins = B.CreateAlloca(Frame.PtrArray, nullptr, ".cot.begins");
  AllocaInst *Sizes = B.CreateAlloca(Frame.I64Array, nullptr, ".cot.sizes");
  Frame.List = B.CreateAlloca(Types.MapList, nullptr, ".cot.maps");
  for (unsigned I = 0; I < N; ++I) {
    Frame.BaseSlots.push_back(
        B.CreateConstInBoundsGEP2_32(Frame.PtrArray, Bases, 0, I));
    Frame.BeginSlots.push_back(
        B.CreateConstInBoundsGEP2_32(Frame.PtrArray, Begins, 0, I));
    Frame.SizeSlots.push_back(
        B.CreateConstInBoundsGEP2_32(Frame.I64Array, Sizes, 0, I));
  }
  auto Field = [&](unsigned I) {
    return B.CreateStructGEP(Types.MapList, Frame.List, I);
  };
  Frame.CountField = Field(0);
  B.CreateStore(B.getInt32(0), Field(1));
  B.CreateStore(Bases, Field(2));
  B.CreateStore(Begins, Field(3));
  B.CreateStore(Sizes, Field(4));
  Frame.TypesField = Field(5);
  Frame.NamesField = Field(6);
  return Frame;
}

/// The map list the site fills: its function's shared one, or for a
/// target data region its own, created in \p Own.
const MapFrame &Lowering::mapFrameFor(Site &S, MapFrame &Own) {
  Function &F = *S.Open->getFunction();
  if (S.kind() == SiteKind::TargetData) {
    Own = createMapFrame(F, S.Maps.size());
    return Own;
  }
  auto [It, New] = SharedMaps.try_emplace(&F);
  if (New)
    It->second = createMapFrame(F, SharedMapSize.lookup(&F));
  return It->second;
}

/// Fills the site's map list. Bases, begins and sizes are stored where their
/// markers were; map types and names are constants.
void Lowering::buildMapList(Site &S, const MapFrame &Frame) {
  Type *Ptr = PointerType::getUnqual(Ctx);
  Type *I64 = Type::getInt64Ty(Ctx);
  unsigned N = S.Maps.size();
  auto *TypesArray = ArrayType::get(I64, std::max(N, 1u));
  auto *NamesArray = ArrayType::get(Ptr, std::max(N, 1u));
  SmallVector<Constant *, 8> TypeInits, NameInits;
  for (unsigned I = 0; I < N; ++I) {
    CallInst *Map = S.Maps[I];
    IRBuilder<> B(Map);
    Value *Base = Map->getArgOperand(MapOpBase);
    Value *Begin = Map->getArgOperand(MapOpBegin);
    // The kernel argument of a directly called kernel is stored as the base
    // (and as the begin where the marker has none) by storeArgsFromCall.
    bool BaseFromCall = S.Outlined && (S.mapType(I) & COT_MAP_TARGET_PARAM);
    if (!BaseFromCall)
      B.CreateStore(Base, Frame.BaseSlots[I]);
    if (isa<ConstantPointerNull>(Begin))
      Begin = BaseFromCall ? nullptr : Base;
    if (Begin)
      B.CreateStore(Begin, Frame.BeginSlots[I]);
    B.CreateStore(B.CreateSExtOrTrunc(Map->getArgOperand(MapOpSize), I64),
                  Frame.SizeSlots[I]);
    TypeInits.push_back(cast<Constant>(Map->getArgOperand(MapOpType)));
    NameInits.push_back(cast<Constant>(Map->getArgOperand(MapOpName)));
  }
  if (N == 0) {
    TypeInits.push_back(ConstantInt::get(I64, 0));
    NameInits.push_back(ConstantPointerNull::get(cast<PointerType>(Ptr)));
  }
  auto *MapTypes = new GlobalVariable(
      M, TypesArray, true, GlobalValue::PrivateLinkage,
      ConstantArray::get(TypesArray, TypeInits), ".cot.maptypes");
  auto *MapNames = new GlobalVariable(
      M, NamesArray, true, GlobalValue::PrivateLinkage,
      ConstantArray::get(NamesArray, NameInits), ".cot.mapnames");

  // The list's own fields are set at the last marker, where every store
  // above has happened. if(false) makes it empty: the construct does
  // nothing.
  Instruction *Last = N ? S.Maps.back() : S.Open;
  IRBuilder<> B(Last);
  Value *IfCond = S.Open->getArgOperand(SiteOpIfCond);
  Value *Count = B.getInt32(N);
  if (S.kind() != SiteKind::Target)
    Count = B.CreateSelect(B.CreateICmpNE(IfCond, B.getInt32(0)), Count,
                           B.getInt32(0));
  B.CreateStore(Count, Frame.CountField);
  B.CreateStore(MapTypes, Frame.TypesField);
  B.CreateStore(MapNames, Frame.NamesField);
}

/// Stores the kernel arguments, in capture order, as the bases of the
/// TARGET_PARAM entries (and their begins where Sema left them open), taken
/// from the direct call of the outlined function.
bool Lowering::storeArgsFromCall(Site &S, const MapFrame &Frame,
                                 unsigned &NumArgs) {
  CallInst *Call = S.Outlined;
  IRBuilder<> B(Call);
  NumArgs = 0;
  for (unsigned I = 0; I < S.Maps.size(); ++I) {
    if (!(S.mapType(I) & COT_MAP_TARGET_PARAM))
      continue;
    if (NumArgs >= Call->arg_size())
      break;
    Value *V = Call->getArgOperand(NumArgs++);
    if (!V->getType()->isPointerTy())
      V = B.CreateIntToPtr(B.CreateZExtOrBitCast(V, B.getInt64Ty()),
                           B.getPtrTy());
    B.CreateStore(V, Frame.BaseSlots[I]);
    if (isa<ConstantPointerNull>(S.Maps[I]->getArgOperand(MapOpBegin)))
      B.CreateStore(V, Frame.BeginSlots[I]);
  }
  if (NumArgs == Call->arg_size())
    return true;
  error(Call, "clang-offload: internal error: " + S.Kernel->getName() +
                  " takes " + Twine(Call->arg_size()) +
                  " arguments but its construct has " + Twine(NumArgs) +
                  " kernel parameters");
  return false;
}

/// For deferred regions the bases come from the markers (Sema built them
/// from the captures); literals are loaded from the variable they copy.
bool Lowering::storeArgsFromMarkers(Site &S, const MapFrame &Frame,
                                    unsigned &NumArgs) {
  IRBuilder<> B(S.TaskCall);
  NumArgs = 0;
  for (unsigned I = 0; I < S.Maps.size(); ++I) {
    uint64_t Type = S.mapType(I);
    if (!(Type & COT_MAP_TARGET_PARAM))
      continue;
    ++NumArgs;
    CallInst *Map = S.Maps[I];
    Value *Begin = Map->getArgOperand(MapOpBegin);
    auto *Size = dyn_cast<ConstantInt>(Map->getArgOperand(MapOpSize));
    if ((Type & COT_MAP_LITERAL) && !isa<ConstantPointerNull>(Begin) && Size &&
        Size->getZExtValue() <= 8 && Size->getZExtValue() > 0) {
      Value *Bits = B.CreateLoad(B.getIntNTy(Size->getZExtValue() * 8), Begin);
      Value *V = B.CreateIntToPtr(B.CreateZExt(Bits, B.getInt64Ty()),
                                  B.getPtrTy());
      B.CreateStore(V, Frame.BaseSlots[I]);
      continue;
    }
    if (isa<ConstantPointerNull>(Map->getArgOperand(MapOpBase))) {
      error(S.TaskCall, "clang-offload: a kernel argument of the deferred "
                        "target region '" + S.Kernel->getName() +
                            "' cannot be passed (variable-length array?)");
      return false;
    }
  }
  return true;
}

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
           : 0);
  Value *LaunchFlags = B.CreateOr(
      B.getInt32(StaticFlags),
      B.CreateSelect(B.CreateICmpEQ(IfCond, B.getInt32(0)),
                     B.getInt32(COT_LAUNCH_IF_FALSE), B.getInt32(0)));
  const ParamsFrame &Frame = paramsFrameFor(*At->getFunction());
  Value *ParamFields[] = {
      B.CreateSExtOrTrunc(S.Open->getArgOperand(SiteOpNumTeams), B.getInt32Ty()),
      B.CreateSExtOrTrunc(S.Open->getArgOperand(SiteOpThreadLimit),
                          B.getInt32Ty()),
      B.getInt32(NumArgs), LaunchFlags,
      B.CreateSExtOrTrunc(S.Open->getArgOperand(SiteOpTripCount),
                          B.getInt64Ty())};
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
  FunctionCallee Launch =
      runtime("__cot_target_launch", B.getInt32Ty(),
              {B.getInt64Ty(), Ptr, Ptr, Ptr, Ptr});
  Value *Device = B.CreateSExtOrTrunc(S.Open->getArgOperand(SiteOpDevice),
                                      B.getInt64Ty());
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
  auto *W = Function::Create(Entry->getFunctionType(),
                             GlobalValue::InternalLinkage,
                             Entry->getName() + ".cot_deferred", M);
  Argument *Gtid = W->getArg(0), *Task = W->getArg(1);
  BasicBlock *Body = BasicBlock::Create(Ctx, "entry", W);
  BasicBlock *Fallback = BasicBlock::Create(Ctx, "omp_offload.fallback", W);
  BasicBlock *Done = BasicBlock::Create(Ctx, "omp_offload.done", W);
  IRBuilder<> B(Body);
  FunctionCallee Run = runtime("__cot_target_run_deferred", B.getInt32Ty(),
                               {B.getPtrTy()});
  Value *Rc = B.CreateCall(Run, {Task});
  B.CreateCondBr(B.CreateICmpNE(Rc, B.getInt32(0), "offload.failed"),
                 Fallback, Done);
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
  Value *Device =
      B.CreateSExtOrTrunc(S.Open->getArgOperand(SiteOpDevice), I64);
  B.CreateCall(runtime("__cot_target_defer", B.getVoidTy(),
                       {Ptr, I64, Ptr, Ptr, Ptr, Ptr}),
               {S.TaskAlloc, Device, S.Kernel, List, Params, Loc});
  auto *Entry = cast<Function>(S.TaskAlloc->getArgOperand(5)->stripPointerCasts());
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
  Entries.push_back(Entry);
}

static std::string bitcodeOf(const Module &M) {
  std::string Bitcode;
  raw_string_ostream OS(Bitcode);
  WriteBitcodeToFile(M, OS);
  return Bitcode;
}

/// A device parse (DeviceParse.h) sees other code under device-macro tests,
/// so a target region may capture other variables there than here. The
/// launch passes this parse's captures: the kernels must take the same.
bool Lowering::checkDeviceParseKernels(StringRef Triple, StringRef Bitcode) {
  LLVMContext DevCtx;
  Expected<std::unique_ptr<Module>> Dev = parseBitcodeFile(
      MemoryBufferRef(Bitcode, "device-parse"), DevCtx);
  if (!Dev) {
    error(nullptr, "clang-offload: " + toString(Dev.takeError()));
    return false;
  }
  for (auto &[Id, S] : Sites) {
    if (S.kind() != SiteKind::Target)
      continue;
    Function *DevKernel = (*Dev)->getFunction(S.Kernel->getName());
    if (DevKernel && DevKernel->arg_size() == S.Kernel->arg_size())
      continue;
    error(S.Open, "clang-offload: the target region at " + siteLocation(S) +
                      " uses other variables under the " + Triple +
                      " device macros than without them; reference every "
                      "variable the region uses outside #ifdef __NVPTX__ as "
                      "well");
    return false;
  }
  return true;
}

bool Lowering::embedDeviceModule(Module &Device) {
  std::string Own = bitcodeOf(Device);
  for (const OffloadTarget &T : Opts.Targets) {
    StringRef Bitcode = Own;
    if (Opts.DeviceParses)
      if (auto It = Opts.DeviceParses->find(T.Triple);
          It != Opts.DeviceParses->end()) {
        if (!checkDeviceParseKernels(T.Triple, It->second))
          return false;
        Bitcode = It->second;
      }
    Constant *Data = ConstantDataArray::get(
        Ctx, ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(Bitcode.data()),
                               Bitcode.size()));
    auto *GV = new GlobalVariable(M, Data->getType(), true,
                                  GlobalValue::PrivateLinkage, Data,
                                  ".cot.device_module");
    GV->setSection(deviceSectionName(T.Triple));
    GV->setAlignment(Align(1));
    // Not loaded at run time: the device link reads it from the objects.
    GV->setMetadata(LLVMContext::MD_exclude, MDNode::get(Ctx, {}));
    appendToCompilerUsed(M, {GV});
  }
  return true;
}

/// Host code calls the host-only variants that Clang bound calls to
/// (OffloadMarkers.h, HostVariantPrefix); device extraction has made device
/// code call the base functions.
void Lowering::bindHostVariantCalls() {
  for (Function &Callee : make_early_inc_range(M.functions())) {
    auto Names = parseHostVariantName(Callee.getName());
    if (!Names)
      continue;
    FunctionCallee Variant =
        M.getOrInsertFunction(Names->second, Callee.getFunctionType());
    Callee.replaceAllUsesWith(Variant.getCallee());
    Callee.eraseFromParent();
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

static uint32_t entryFlags(DeviceGlobal::KindTy Kind) {
  switch (Kind) {
  case DeviceGlobal::Variable:
    return COT_ENTRY_GLOBAL;
  case DeviceGlobal::Link:
    return COT_ENTRY_LINK;
  case DeviceGlobal::IndirectFunction:
    return COT_ENTRY_INDIRECT;
  }
  llvm_unreachable("device global kind");
}

/// Kernel names become symbols of every device image: PTX accepts letters,
/// digits, '_' and '$' only. LLVM uniquifies clashing names of outlined
/// functions with a '.N' suffix (a target region in a lambda whose
/// enclosing function has another at the same line), which PTX rejects.
static void makeKernelNamesPortable(ArrayRef<KernelInfo> Kernels) {
  for (const KernelInfo &K : Kernels) {
    std::string Name = portableSymbolName(K.F->getName());
    if (Name != K.F->getName())
      K.F->setName(Name); // LLVM keeps it unique
  }
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
  if (Opts.ExtractInto) {
    for (const OffloadTarget &T : Opts.Targets)
      (*Opts.ExtractInto)[T.Triple] = bitcodeOf(*Device->M);
    return true;
  }
  // The device module goes into the host module as bitcode and is freed
  // before the lowering adds to the host module, whose new IR then reuses
  // the memory instead of growing the heap past it.
  bool Embedded = embedDeviceModule(*Device->M);
  Device->M.reset();
  if (!Embedded)
    return false;
  sizeSharedMaps();
  for (auto &[Id, S] : Sites)
    lowerSite(S);
  for (const KernelInfo &K : Kernels)
    emitEntry(K.F, K.F->getName(), 0, COT_ENTRY_KERNEL);
  for (const DeviceGlobal &G : Device->Globals)
    emitEntry(G.Host, G.DeviceName, G.Size, entryFlags(G.Kind));
  if (Opts.Requires && Opts.Requires->Flags)
    emitEntry(ConstantPointerNull::get(PointerType::getUnqual(Ctx)),
              "requires", Opts.Requires->Flags, COT_ENTRY_REQUIRES);
  appendToCompilerUsed(M, Entries);
  eraseMarkers();
  bindHostVariantCalls();
  return true;
}

} // namespace

PreservedAnalyses HostOffloadLoweringPass::run(Module &M,
                                               ModuleAnalysisManager &) {
  Lowering(M, Opts).run();
  return PreservedAnalyses::none();
}

} // namespace cot

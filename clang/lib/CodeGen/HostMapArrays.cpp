//===- HostMapArrays.cpp - A site's map arrays ----------------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Builds the cot_map_list of a site in the frame of its function: bases,
// begins and sizes are stored where the map markers were, map types and
// names are constants. The sites of a function share one list (all but
// target data regions, whose list lasts until the region ends), sized for
// the largest; kernel arguments are stored as the bases of their
// TARGET_PARAM entries, from the outlined call or from the markers.
//
//===----------------------------------------------------------------------===//

#include "HostLowering.h"

#include "OffloadABI.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace cot {
namespace hostlowering {

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

} // namespace hostlowering
} // namespace cot

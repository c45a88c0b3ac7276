//===- HostEntries.cpp - Offload entries and device code ------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Emits the offload entries (one per kernel, per device global and for the
// unit's requires clauses) in section cot_offload_entries, hands the
// extracted device module as bitcode per target to the compile job
// (checking a device parse's kernels against the host's), and removes the
// markers.
//
//===----------------------------------------------------------------------===//

#include "HostLowering.h"

#include "OffloadABI.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

namespace cot {
namespace hostlowering {

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

std::string bitcodeOf(const Module &M) {
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

bool Lowering::storeDeviceModule(const Module &Device) {
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
    if (Opts.DeviceCode)
      (*Opts.DeviceCode)[T.Triple] = Bitcode.str();
  }
  return true;
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

uint32_t entryFlags(DeviceGlobal::KindTy Kind) {
  switch (Kind) {
  case DeviceGlobal::Variable:
    return COT_ENTRY_GLOBAL;
  case DeviceGlobal::Link:
    return COT_ENTRY_LINK;
  case DeviceGlobal::IndirectFunction:
    return COT_ENTRY_INDIRECT;
  case DeviceGlobal::Initializer:
    return COT_ENTRY_INITIALIZER;
  }
  llvm_unreachable("device global kind");
}

/// Kernel names become symbols of every device image: PTX accepts letters,
/// digits, '_' and '$' only. LLVM uniquifies clashing names of outlined
/// functions with a '.N' suffix (a target region in a lambda whose
/// enclosing function has another at the same line), which PTX rejects.
void makeKernelNamesPortable(ArrayRef<KernelInfo> Kernels) {
  for (const KernelInfo &K : Kernels) {
    std::string Name = portableSymbolName(K.F->getName());
    if (Name != K.F->getName())
      K.F->setName(Name); // LLVM keeps it unique
  }
}

} // namespace hostlowering
} // namespace cot

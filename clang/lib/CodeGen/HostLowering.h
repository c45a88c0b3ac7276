//===- HostLowering.h - The host lowering, inside ---------------*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The state of one run of the host lowering pass (HostOffloadLowering.h),
// shared by its implementation files, one per step:
//   HostOffloadLowering.cpp  the pass: finds the sites (marker calls) and
//                            their outlined calls, runs the steps in order
//   HostMapArrays.cpp        a site's map arrays in the function's frame
//   HostLaunches.cpp         the runtime calls of each site (launches with
//                            host fallback, data begin/end/update)
//   HostEntries.cpp          offload entries, the device module handed to
//                            the compile job, marker cleanup
// Private to clang/lib/CodeGen.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_LIB_CODEGEN_HOSTLOWERING_H
#define CLANG_OFFLOAD_LIB_CODEGEN_HOSTLOWERING_H

#include "OpenMPDevice/DeviceModuleExtraction.h"
#include "clang-offload/CodeGen/HostOffloadLowering.h"
#include "OpenMPDevice/OffloadMarkers.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <string>

namespace cot {
namespace hostlowering {

/// The marker calls of one construct.
struct Site {
  llvm::CallInst *Open = nullptr;
  llvm::SmallVector<llvm::CallInst *, 8> Maps;
  llvm::SmallVector<llvm::CallInst *, 2> DeviceAddrs;
  llvm::CallInst *End = nullptr;
  /// Target sites: the kernel, and either the direct call of it or, for
  /// deferred (nowait/depend) regions, the task Clang wraps the call in.
  llvm::Function *Kernel = nullptr;
  llvm::CallInst *Outlined = nullptr;
  llvm::CallInst *TaskAlloc = nullptr;
  llvm::CallInst *TaskCall = nullptr;

  SiteKind kind() const {
    return SiteKind(
        llvm::cast<llvm::ConstantInt>(Open->getArgOperand(SiteOpKind))
            ->getZExtValue());
  }
  uint64_t mapType(unsigned I) const {
    return llvm::cast<llvm::ConstantInt>(Maps[I]->getArgOperand(MapOpType))
        ->getZExtValue();
  }
};

/// The IR types of OffloadABI.h.
struct AbiTypes {
  llvm::StructType *MapList, *SourceLoc, *LaunchParams, *Entry;
  explicit AbiTypes(llvm::LLVMContext &C) {
    llvm::Type *Ptr = llvm::PointerType::getUnqual(C);
    llvm::Type *I32 = llvm::Type::getInt32Ty(C),
               *I64 = llvm::Type::getInt64Ty(C);
    MapList = llvm::StructType::get(C, {I32, I32, Ptr, Ptr, Ptr, Ptr, Ptr});
    SourceLoc = llvm::StructType::get(C, {Ptr, Ptr, I32, I32});
    LaunchParams = llvm::StructType::get(C, {I32, I32, I32, I32, I64, I32});
    Entry = llvm::StructType::get(C, {Ptr, Ptr, I64, I32, I32});
  }
};

/// A cot_map_list and its arrays in a function's frame, with the address of
/// every element and of the fields a site sets computed once.
struct MapFrame {
  llvm::AllocaInst *List = nullptr;
  llvm::SmallVector<llvm::Value *, 8> BaseSlots, BeginSlots, SizeSlots;
  llvm::Value *CountField = nullptr, *TypesField = nullptr,
              *NamesField = nullptr;
  llvm::ArrayType *PtrArray = nullptr, *I64Array = nullptr;
};

/// A cot_launch_params in a function's frame and the addresses of its
/// fields.
struct ParamsFrame {
  llvm::AllocaInst *Params = nullptr;
  llvm::SmallVector<llvm::Value *, 5> Fields;
};

class Lowering {
public:
  Lowering(llvm::Module &M, const HostLoweringOptions &Opts)
      : M(M), Ctx(M.getContext()), Types(Ctx), Opts(Opts) {}

  bool run();

private:
  llvm::Module &M;
  llvm::LLVMContext &Ctx;
  AbiTypes Types;
  const HostLoweringOptions &Opts;
  llvm::MapVector<int, Site> Sites;
  llvm::SmallVector<KernelInfo, 8> Kernels;
  llvm::SmallPtrSet<llvm::Function *, 32> KernelSet;
  /// The offload entries, added to llvm.compiler.used at once: each append
  /// rebuilds the whole array, and the old arrays stay in the context, so
  /// appending one by one was quadratic in time and memory. Not llvm.used:
  /// on ELF that retains each entry in a section of its own (SHF_GNU_RETAIN),
  /// thousands of sections for as many regions; the linker keeps the
  /// section anyway, as the registration refers to its __start_/__stop_.
  llvm::SmallVector<llvm::GlobalValue *, 32> Entries;
  llvm::GlobalVariable *Ident = nullptr; // libomp's ident_t for our calls
  /// The map list and launch parameters that the sites of a function share:
  /// every site but a target data region (whose list must last until the
  /// region ends) uses them only from its markers to its runtime call, and
  /// the runtime copies what a deferred launch needs. One set per function,
  /// not per site, keeps the lowering's IR from growing with the sites of a
  /// function (docs/Design.md, "Compile-time scaling").
  llvm::DenseMap<llvm::Function *, unsigned> SharedMapSize;
  llvm::DenseMap<llvm::Function *, MapFrame> SharedMaps;
  llvm::DenseMap<llvm::Function *, ParamsFrame> SharedParams;

  bool collectSites();
  bool findOutlinedCalls();
  void sizeSharedMaps();
  MapFrame createMapFrame(llvm::Function &F, unsigned N);
  const MapFrame &mapFrameFor(Site &S, MapFrame &Own);
  const ParamsFrame &paramsFrameFor(llvm::Function &F);
  void lowerSite(Site &S);
  void buildMapList(Site &S, const MapFrame &Frame);
  llvm::Constant *sourceLoc(const Site &S);
  void lowerTarget(Site &S, const MapFrame &Frame, llvm::Constant *Loc);
  bool storeArgsFromCall(Site &S, const MapFrame &Frame, unsigned &NumArgs);
  bool storeArgsFromMarkers(Site &S, const MapFrame &Frame, unsigned &NumArgs);
  llvm::Function *wrapTaskEntry(llvm::Function *Entry);
  void makeFallbackTeamsReductionsAtomic();
  llvm::Value *emitLaunchParams(Site &S, llvm::Instruction *At,
                                unsigned NumArgs);
  llvm::BasicBlock *emitLaunch(Site &S, llvm::Instruction *At,
                               llvm::Value *List, llvm::Constant *Loc,
                               unsigned NumArgs, llvm::Instruction *Fallback);
  void emitTaskwait(llvm::IRBuilder<> &B);
  void emitEntry(llvm::Constant *HostAddr, llvm::StringRef Name, uint64_t Size,
                 uint32_t Flags);
  bool storeDeviceModule(const llvm::Module &Device);
  bool checkDeviceParseKernels(llvm::StringRef Triple, llvm::StringRef Bitcode);
  void eraseMarkers();
  void error(const llvm::Instruction *At, const llvm::Twine &Msg);
  llvm::FunctionCallee runtime(llvm::StringRef Name, llvm::Type *Ret,
                               llvm::ArrayRef<llvm::Type *> Params);
};

/// "file:line" of a site, for diagnostics.
std::string siteLocation(const Site &S);

/// The site number of a marker call (its first argument).
int siteId(const llvm::CallInst *CI);

/// \p M as bitcode.
std::string bitcodeOf(const llvm::Module &M);

/// The offload entry flags of a device global of kind \p Kind.
uint32_t entryFlags(DeviceGlobal::KindTy Kind);

/// Gives the kernels names that every device's tools accept.
void makeKernelNamesPortable(llvm::ArrayRef<KernelInfo> Kernels);

} // namespace hostlowering
} // namespace cot

#endif // CLANG_OFFLOAD_LIB_CODEGEN_HOSTLOWERING_H

//===- DeviceModuleExtraction.cpp - Device code out of a host module ------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Device extraction (ARCHITECTURE.md, section 3, step 3). The host module
// that Clang CodeGen produced holds each target region as an outlined
// function. The device module is a clone of the host module restricted to
// what device code needs:
//   - roots: the kernels and the declare-target functions and variables
//     (annotated by our Sema step with "cot.declare_target");
//   - the closure of everything a root refers to, through instructions and
//     constant initialisers (called functions, microtasks passed to
//     __kmpc_fork_*, globals, string constants).
// Everything else becomes a declaration or disappears. Host and device share
// struct layouts by construction, since both come from the same IR. Each
// kernel's outlined functions carry `!cot.kernel` (Kernels.h).
//
// The compile step calls extractDeviceModule; pass openmp-device-extract
// replaces a host module whose `cot.kernels` lists its outlined target
// functions by its device module, so that extraction runs alone under opt.
//
//===----------------------------------------------------------------------===//

#include "OpenMPDevice/DeviceModuleExtraction.h"
#include "OpenMPDevice/Diagnostics.h"
#include "OpenMPDevice/OffloadMarkers.h"
#include "OpenMPDevice/Passes.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ReplaceConstant.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/MD5.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

#define DEBUG_TYPE "openmp-device-extract"

STATISTIC(NumDeviceKernels, "Kernels extracted");
STATISTIC(NumDeviceGlobals, "Globals the runtime pairs with a device copy");

using namespace llvm;

namespace cot {

/// An annotation (llvm.global.annotations entry): the annotated function or
/// variable, its text and where the source annotates it.
struct Annotation {
  GlobalValue *GV;
  StringRef Text;
  StringRef File;
  unsigned Line;
};

/// The C string \p V points to, if a constant one.
static std::optional<StringRef> constantCString(Value *V) {
  auto *Str = dyn_cast<GlobalVariable>(V->stripPointerCasts());
  auto *Data = Str && Str->hasInitializer()
                   ? dyn_cast<ConstantDataArray>(Str->getInitializer())
                   : nullptr;
  if (!Data || !Data->isCString())
    return std::nullopt;
  return Data->getAsCString();
}

/// The annotations of \p M.
static SmallVector<Annotation, 8> annotations(Module &M) {
  SmallVector<Annotation, 8> Result;
  GlobalVariable *Annotations = M.getNamedGlobal("llvm.global.annotations");
  if (!Annotations || !Annotations->hasInitializer())
    return Result;
  auto *Array = dyn_cast<ConstantArray>(Annotations->getInitializer());
  if (!Array)
    return Result;
  for (Value *Op : Array->operands()) {
    auto *Entry = dyn_cast<ConstantStruct>(Op);
    if (!Entry || Entry->getNumOperands() < 4)
      continue;
    auto *GV = dyn_cast<GlobalValue>(Entry->getOperand(0)->stripPointerCasts());
    std::optional<StringRef> Text = constantCString(Entry->getOperand(1));
    std::optional<StringRef> File = constantCString(Entry->getOperand(2));
    auto *Line = dyn_cast<ConstantInt>(Entry->getOperand(3));
    if (GV && Text)
      Result.push_back({GV, *Text, File ? *File : StringRef(),
                        Line ? unsigned(Line->getZExtValue()) : 0});
  }
  return Result;
}

/// Functions and variables with the annotation \p Which.
static SmallVector<GlobalValue *, 8> annotated(ArrayRef<Annotation> Notes,
                                               StringRef Which) {
  SmallVector<GlobalValue *, 8> Found;
  for (const Annotation &A : Notes)
    if (A.Text == Which)
      Found.push_back(A.GV);
  return Found;
}

/// A function whose calls device code makes to a variant instead.
struct DeviceVariant {
  Function *Base, *Variant;
  bool GPUOnly;
};

/// The `declare variant`s of \p M (with its annotations \p Notes) that only
/// offload devices select (OffloadMarkers.h).
static SmallVector<DeviceVariant, 4>
deviceVariants(Module &M, ArrayRef<Annotation> Notes) {
  SmallVector<DeviceVariant, 4> Found;
  for (const Annotation &A : Notes) {
    GlobalValue *GV = A.GV;
    StringRef Symbol = A.Text;
    bool GPUOnly = Symbol.consume_front(GPUVariantAnnotation);
    if (!GPUOnly && !Symbol.consume_front(DeviceVariantAnnotation))
      continue;
    auto *Base = dyn_cast<Function>(GV);
    Function *Variant = M.getFunction(Symbol);
    if (Base && Variant &&
        Base->getFunctionType() == Variant->getFunctionType())
      Found.push_back({Base, Variant, GPUOnly});
  }
  return Found;
}

/// Device code calls the variants: those of every offload device now, the
/// GPU's through the `cot.gpu_variants` list that the NVPTX retargeting
/// applies (the x86_64 device link has no use for it). A GPU variant that
/// nothing calls yet is kept in llvm.compiler.used: the device link would
/// not link in a static one that the list alone refers to.
static void bindDeviceVariants(Module &Dev, ArrayRef<DeviceVariant> Variants,
                               ValueToValueMapTy &VMap,
                               SmallPtrSetImpl<GlobalValue *> &Keep) {
  NamedMDNode *GPUList = nullptr;
  for (const DeviceVariant &V : Variants) {
    auto *Base = dyn_cast_or_null<Function>(VMap.lookup(V.Base));
    auto *Variant = dyn_cast_or_null<Function>(VMap.lookup(V.Variant));
    if (!Base || !Variant)
      continue;
    if (!V.GPUOnly) {
      Base->replaceAllUsesWith(Variant);
      continue;
    }
    if (!GPUList)
      GPUList = Dev.getOrInsertNamedMetadata(GPUVariantsMetadata);
    LLVMContext &Ctx = Dev.getContext();
    GPUList->addOperand(MDNode::get(
        Ctx, {ValueAsMetadata::get(Base), ValueAsMetadata::get(Variant)}));
    appendToCompilerUsed(Dev, {Variant});
    Keep.insert(Variant);
  }
  if (GlobalVariable *Used = Dev.getNamedGlobal("llvm.compiler.used"))
    Keep.insert(Used);
}

/// Device code reaches a `declare target link` variable through a pointer
/// that the runtime sets when the program maps the variable: replaces every
/// use of \p Var by a load of that pointer, then deletes \p Var.
static GlobalVariable *indirectLinkVariable(Module &M, GlobalVariable *Var,
                                            StringRef PointerName) {
  Type *Ptr = PointerType::getUnqual(M.getContext());
  auto *Ref = new GlobalVariable(
      M, Ptr, false, GlobalValue::ExternalLinkage,
      ConstantPointerNull::get(PointerType::getUnqual(M.getContext())),
      PointerName);
  convertUsersOfConstantsToInstructions({Var});
  for (Use &U : make_early_inc_range(Var->uses())) {
    auto *I = dyn_cast<Instruction>(U.getUser());
    if (!I)
      continue;
    Instruction *At = I;
    if (auto *Phi = dyn_cast<PHINode>(I))
      At = Phi->getIncomingBlock(U)->getTerminator();
    U.set(new LoadInst(Ptr, Ref, Var->getName() + ".link", At));
  }
  return Ref;
}

/// Adds the globals that \p C refers to.
static void collectReferencedGlobals(const Constant *C,
                                     SmallVectorImpl<GlobalValue *> &Out,
                                     SmallPtrSetImpl<const Constant *> &Seen) {
  if (!Seen.insert(C).second)
    return;
  if (auto *GV = dyn_cast<GlobalValue>(C)) {
    Out.push_back(const_cast<GlobalValue *>(GV));
    return;
  }
  for (const Value *Op : C->operands())
    if (auto *OpC = dyn_cast<Constant>(Op))
      collectReferencedGlobals(OpC, Out, Seen);
}

/// The functions that device code may call for a call of \p Callee when it
/// is a variant marker (OffloadMarkers.h): the base, and for CPUOnly the
/// variant too.
static void variantMarkerTargets(const Function &Callee,
                                 SmallVectorImpl<GlobalValue *> &Out) {
  std::optional<VariantMarker> Marker = parseVariantMarker(Callee.getName());
  if (!Marker)
    return;
  const Module &M = *Callee.getParent();
  if (Function *Base = M.getFunction(Marker->Base))
    Out.push_back(Base);
  if (Marker->Kind == VariantMarkerKind::CPUOnly)
    if (Function *Variant = M.getFunction(Marker->Variant))
      Out.push_back(Variant);
}

/// The closure of globals reachable from the roots.
static SetVector<GlobalValue *> reachableFrom(ArrayRef<GlobalValue *> Roots) {
  SetVector<GlobalValue *> Needed;
  SmallVector<GlobalValue *, 32> Work(Roots.begin(), Roots.end());
  while (!Work.empty()) {
    GlobalValue *GV = Work.pop_back_val();
    if (GV->getName().starts_with("llvm.") || !Needed.insert(GV))
      continue;
    SmallPtrSet<const Constant *, 32> Seen;
    if (auto *F = dyn_cast<Function>(GV)) {
      variantMarkerTargets(*F, Work);
      for (Instruction &I : instructions(F))
        for (Value *Op : I.operands())
          if (auto *C = dyn_cast<Constant>(Op))
            collectReferencedGlobals(C, Work, Seen);
    } else if (auto *Var = dyn_cast<GlobalVariable>(GV)) {
      if (Var->hasInitializer())
        collectReferencedGlobals(Var->getInitializer(), Work, Seen);
    } else if (auto *Alias = dyn_cast<GlobalAlias>(GV)) {
      collectReferencedGlobals(Alias->getAliasee(), Work, Seen);
    }
  }
  return Needed;
}

/// Clones the body of \p F into its declaration in the device module, then
/// forgets the mappings of the body's own values.
static void cloneFunctionBody(const Function &F, Module &Dev,
                              ValueToValueMapTy &VMap) {
  auto *DevF = cast<Function>(VMap[&F]);
  // CloneModule made it an external one. An available_externally body (an
  // inline member of an extern template, such as std::string's operator[])
  // is the device's only one: the definition the host links against is in
  // a host library, which the device image does not see (its symbols are
  // hidden), so the device keeps the body wherever a call is not inlined.
  DevF->setLinkage(F.hasAvailableExternallyLinkage()
                       ? GlobalValue::LinkOnceODRLinkage
                       : F.getLinkage());
  for (auto [From, To] : zip(F.args(), DevF->args())) {
    To.setName(From.getName());
    VMap[&From] = &To;
  }
  SmallVector<ReturnInst *, 8> Returns;
  CloneFunctionInto(DevF, &F, VMap, CloneFunctionChangeType::ClonedModule,
                    Returns);
  if (F.hasPersonalityFn())
    DevF->setPersonalityFn(MapValue(F.getPersonalityFn(), VMap));
  if (const Comdat *C = F.getComdat()) {
    Comdat *DevC = Dev.getOrInsertComdat(C->getName());
    DevC->setSelectionKind(C->getSelectionKind());
    DevF->setComdat(DevC);
  }
  for (const Argument &A : F.args())
    VMap.erase(&A);
  for (const BasicBlock &BB : F) {
    VMap.erase(&BB);
    for (const Instruction &I : BB)
      VMap.erase(&I);
  }
}

/// CloneModule restricted to \p Needed, with the function bodies cloned one
/// at a time. Every entry of a ValueMap is a value handle, which the
/// LLVMContext tracks in a table that never shrinks: with all bodies cloned
/// under one map, that table stayed as large as the whole device code for
/// the rest of the compile (about 5 KB per target region).
static std::unique_ptr<Module>
cloneDeviceCode(const Module &Host, const SetVector<GlobalValue *> &Needed,
                ValueToValueMapTy &VMap) {
  std::unique_ptr<Module> Dev =
      CloneModule(Host, VMap, [&](const GlobalValue *GV) {
        return !isa<Function>(GV) &&
               Needed.count(const_cast<GlobalValue *>(GV));
      });
  for (GlobalValue *GV : Needed)
    if (auto *F = dyn_cast<Function>(GV); F && !F->isDeclaration())
      cloneFunctionBody(*F, *Dev, VMap);
  return Dev;
}

static void eraseHostOnlyArrays(Module &M) {
  for (StringRef Name : {"llvm.global_ctors", "llvm.global_dtors", "llvm.used",
                         "llvm.compiler.used", "llvm.global.annotations"})
    if (GlobalVariable *GV = M.getNamedGlobal(Name))
      GV->eraseFromParent();
}

/// Deletes declarations and definitions nothing refers to any more.
static void eraseUnused(Module &M, const SmallPtrSetImpl<GlobalValue *> &Keep) {
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (GlobalValue &GV : make_early_inc_range(M.global_values())) {
      GV.removeDeadConstantUsers();
      if (!GV.use_empty() || Keep.count(&GV))
        continue;
      GV.eraseFromParent();
      Changed = true;
    }
  }
}

std::string portableSymbolName(StringRef Symbol) {
  std::string Name = Symbol.str();
  for (char &C : Name)
    if (!isAlnum(C) && C != '_' && C != '$')
      C = '_';
  return Name;
}

/// A name that is unique across translation units for a device copy of a
/// global with internal linkage. Device images export it, so it keeps to the
/// characters PTX allows (a function's static local is `fn.var` in IR).
static std::string uniqueDeviceName(const Module &M, const GlobalValue &GV) {
  MD5 Hash;
  Hash.update(M.getSourceFileName());
  Hash.update(M.getModuleIdentifier());
  MD5::MD5Result Result;
  Hash.final(Result);
  return portableSymbolName(
      (GV.getName() + "_cot_" + utohexstr(Result.low())).str());
}

/// One parse sees the host's OpenMP context, so calls of functions with
/// `declare variant match(device={kind(host)})` variants (omp.h has them
/// for omp_is_initial_device and friends) are bound to the host variant.
/// An offload device is never the host device: call the base function.
static void rebindHostVariants(Module &M) {
  for (Function &F : make_early_inc_range(M.functions())) {
    StringRef Name = F.getName();
    size_t Pos = Name.find("$ompvariant$");
    if (Pos == StringRef::npos || !Name.substr(Pos).contains("$Phost"))
      continue;
    // C++ mangles the variant of an extern "C" base as a static function,
    // _ZL<length><base>$ompvariant$...: the base is the C name.
    StringRef BaseName = Name.take_front(Pos);
    if (BaseName.consume_front("_ZL"))
      BaseName = BaseName.ltrim("0123456789");
    FunctionCallee Base = M.getOrInsertFunction(BaseName, F.getFunctionType());
    F.replaceAllUsesWith(Base.getCallee());
  }
}

/// `declare target indirect`: an exported device global that holds the
/// device address of \p DevF, which the runtime reads to translate the host
/// address of \p F in calls through pointers.
static GlobalVariable *indirectFunctionSlot(const Module &Host, Module &Dev,
                                            const Function &F, Function &DevF) {
  std::string Name = portableSymbolName(
      "__cot_indirect_" +
      (F.hasLocalLinkage() ? uniqueDeviceName(Host, F) : F.getName().str()));
  auto *Slot = new GlobalVariable(Dev, DevF.getType(), /*isConstant=*/true,
                                  GlobalValue::ExternalLinkage, &DevF, Name);
  Slot->setVisibility(GlobalValue::DefaultVisibility);
  return Slot;
}

static bool needsDeviceCopy(const GlobalVariable &GV) {
  return !GV.isConstant() && !GV.hasPrivateLinkage() &&
         !GV.getName().starts_with(".") && !GV.getName().starts_with("llvm.") &&
         !GV.isThreadLocal();
}

void dropOpenMPModuleFlag(Module &M) {
  NamedMDNode *Flags = M.getModuleFlagsMetadata();
  if (!Flags || !M.getModuleFlag("openmp"))
    return;
  SmallVector<MDNode *, 8> Kept;
  for (MDNode *Flag : Flags->operands()) {
    auto *Name = Flag->getNumOperands() > 1
                     ? dyn_cast<MDString>(Flag->getOperand(1))
                     : nullptr;
    if (!Name || Name->getString() != "openmp")
      Kept.push_back(Flag);
  }
  Flags->clearOperands();
  for (MDNode *Flag : Kept)
    Flags->addOperand(Flag);
}

void bindVariantMarkersOnHost(Module &M) {
  for (Function &Marker : make_early_inc_range(M.functions())) {
    std::optional<VariantMarker> Names = parseVariantMarker(Marker.getName());
    if (!Names)
      continue;
    FunctionCallee Variant =
        M.getOrInsertFunction(Names->Variant, Marker.getFunctionType());
    Marker.replaceAllUsesWith(Variant.getCallee());
    Marker.eraseFromParent();
  }
}

/// Device code of a call bound to a variant marker calls the base function
/// where the device does not select the variant: every device for a
/// HostOnly marker. A CPUOnly marker becomes a function that calls the
/// variant (the host device's choice), and the `cot.gpu_variants` list
/// makes GPUs call the base instead (bindDeviceVariants says why the base
/// is kept in llvm.compiler.used until then).
static void bindVariantMarkersOnDevices(Module &Dev,
                                        SmallPtrSetImpl<GlobalValue *> &Keep) {
  for (Function &Marker : make_early_inc_range(Dev.functions())) {
    std::optional<VariantMarker> Names = parseVariantMarker(Marker.getName());
    if (!Names || !Marker.isDeclaration())
      continue;
    FunctionType *Type = Marker.getFunctionType();
    FunctionCallee Base = Dev.getOrInsertFunction(Names->Base, Type);
    if (Names->Kind == VariantMarkerKind::HostOnly) {
      Marker.replaceAllUsesWith(Base.getCallee());
      Marker.eraseFromParent();
      continue;
    }
    FunctionCallee Variant = Dev.getOrInsertFunction(Names->Variant, Type);
    Marker.setLinkage(GlobalValue::InternalLinkage);
    IRBuilder<> B(BasicBlock::Create(Dev.getContext(), "", &Marker));
    SmallVector<Value *, 4> Args(llvm::make_pointer_range(Marker.args()));
    CallInst *Call = B.CreateCall(Variant, Args);
    Type->getReturnType()->isVoidTy() ? B.CreateRetVoid() : B.CreateRet(Call);
    NamedMDNode *GPUList = Dev.getOrInsertNamedMetadata(GPUVariantsMetadata);
    GPUList->addOperand(MDNode::get(Dev.getContext(),
                                    {ValueAsMetadata::get(&Marker),
                                     ValueAsMetadata::get(Base.getCallee())}));
    auto *BaseF = cast<GlobalValue>(Base.getCallee());
    appendToCompilerUsed(Dev, {BaseF});
    Keep.insert(BaseF);
  }
}

std::optional<unsigned> recordedOptLevel(const Module &M) {
  if (auto *Level =
          mdconst::extract_or_null<ConstantInt>(M.getModuleFlag(OptLevelFlag)))
    return Level->getZExtValue();
  return std::nullopt;
}

/// Where the source declares each declare target function, on its device
/// copy (Diagnostics.h): errors in it name that file:line without -g.
static void recordDeclareTargetLocations(ArrayRef<Annotation> Notes,
                                         const ValueToValueMapTy &VMap) {
  for (const Annotation &A : Notes)
    if (A.Text == DeclareTargetAnnotation && !A.File.empty())
      if (auto *DevF = dyn_cast_or_null<Function>(VMap.lookup(A.GV)))
        setSourceLocation(*DevF, A.File, A.Line);
}

/// The instruction of a function in \p Needed that uses \p F, if any.
static const Instruction *useIn(const Function &F,
                                const SetVector<GlobalValue *> &Needed) {
  for (const User *U : F.users())
    if (auto *I = dyn_cast<Instruction>(U);
        I && Needed.contains(const_cast<Function *>(I->getFunction())))
      return I;
  return nullptr;
}

/// Whether an instruction of a function in \p Needed other than \p Except
/// uses \p GV (also through constant expressions).
static bool usedByDeviceCode(const GlobalVariable &GV, const Function &Except,
                             const SetVector<GlobalValue *> &Needed) {
  SmallVector<const User *, 8> Work(GV.users());
  while (!Work.empty()) {
    const User *U = Work.pop_back_val();
    if (auto *I = dyn_cast<Instruction>(U)) {
      Function *F = const_cast<Function *>(I->getFunction());
      if (F != &Except && Needed.contains(F))
        return true;
    } else if (isa<ConstantExpr>(U)) {
      append_range(Work, U->users());
    }
  }
  return false;
}

/// Whether \p F itself initializes a `declare target` variable (one of
/// \p DeclareTarget) that device code (\p Needed) uses.
static bool
initializesDeviceVariable(const Function &F,
                          const SmallPtrSetImpl<GlobalValue *> &DeclareTarget,
                          const SetVector<GlobalValue *> &Needed) {
  for (const Instruction &I : instructions(F))
    for (const Value *Op : I.operands()) {
      auto *GV = dyn_cast<GlobalVariable>(Op->stripPointerCasts());
      if (GV && DeclareTarget.contains(GV) && usedByDeviceCode(*GV, F, Needed))
        return true;
    }
  return false;
}

/// The dynamic initializers of `declare target` variables that device code
/// uses (a constructor, or a value computed when the program starts): the
/// functions of llvm.global_ctors, and the functions they call, that
/// initialize one, in the order the host runs them. Device code runs them
/// from a kernel when the runtime loads its image, as upstream Clang's
/// device compile does. An initializer of a variable that no device code of
/// this file uses stays on the host: a `declare target` region around a
/// header spans the header's host-only objects too (iostream's
/// ios_base::Init), whose initializers a GPU cannot run.
static SmallVector<Function *, 4>
deviceInitializers(Module &Host, ArrayRef<GlobalValue *> DeclareTarget,
                   const SetVector<GlobalValue *> &Needed) {
  SmallVector<Function *, 4> Found;
  auto *Ctors = Host.getNamedGlobal("llvm.global_ctors");
  auto *List = Ctors && Ctors->hasInitializer()
                   ? dyn_cast<ConstantArray>(Ctors->getInitializer())
                   : nullptr;
  if (!List)
    return Found;
  SmallVector<std::pair<uint64_t, Function *>, 8> ByPriority;
  for (Value *Op : List->operands()) {
    auto *Entry = dyn_cast<ConstantStruct>(Op);
    auto *Priority =
        Entry ? dyn_cast<ConstantInt>(Entry->getOperand(0)) : nullptr;
    auto *F = Entry ? dyn_cast<Function>(Entry->getOperand(1)) : nullptr;
    if (Priority && F)
      ByPriority.push_back({Priority->getZExtValue(), F});
  }
  llvm::stable_sort(ByPriority, llvm::less_first());
  SmallPtrSet<GlobalValue *, 8> Variables(DeclareTarget.begin(),
                                          DeclareTarget.end());
  SetVector<Function *> Candidates;
  for (auto &[Priority, F] : ByPriority) {
    Candidates.insert(F);
    for (Instruction &I : instructions(*F))
      if (auto *Call = dyn_cast<CallBase>(&I))
        if (Function *Callee = Call->getCalledFunction();
            Callee && !Callee->isDeclaration())
          Candidates.insert(Callee);
  }
  for (Function *F : Candidates)
    if (initializesDeviceVariable(*F, Variables, Needed))
      Found.push_back(F);
  return Found;
}

/// Device code does not register destructors (device copies of static
/// objects are not destroyed): the initializers' __cxa_atexit calls go.
static void dropExitRegistrations(Module &Dev) {
  Function *AtExit = Dev.getFunction("__cxa_atexit");
  if (!AtExit)
    return;
  for (User *U : make_early_inc_range(AtExit->users()))
    if (auto *Call = dyn_cast<CallInst>(U)) {
      Call->replaceAllUsesWith(Constant::getNullValue(Call->getType()));
      Call->eraseFromParent();
    }
}

/// A kernel of \p Dev that runs the device copies of \p Inits in order; the
/// runtime launches it with one team when it loads the image.
static Function *initializerKernel(Module &Dev, ArrayRef<Function *> Inits,
                                   const ValueToValueMapTy &VMap,
                                   const std::string &Name) {
  LLVMContext &Ctx = Dev.getContext();
  auto *Kernel =
      Function::Create(FunctionType::get(Type::getVoidTy(Ctx), false),
                       GlobalValue::WeakODRLinkage, Name, Dev);
  IRBuilder<> B(BasicBlock::Create(Ctx, "", Kernel));
  for (Function *Init : Inits)
    B.CreateCall(cast<Function>(VMap.lookup(Init)));
  B.CreateRetVoid();
  return Kernel;
}

/// A variable of \p Needed whose initializer holds \p F's address (also
/// inside a constant aggregate or expression), if any.
static const GlobalVariable *
initializerHolding(const Function &F, const SetVector<GlobalValue *> &Needed) {
  SmallVector<const User *, 8> Work(F.users());
  SmallPtrSet<const User *, 8> Seen;
  while (!Work.empty()) {
    const User *U = Work.pop_back_val();
    if (!Seen.insert(U).second)
      continue;
    if (auto *GV = dyn_cast<GlobalVariable>(U)) {
      if (Needed.contains(const_cast<GlobalVariable *>(GV)))
        return GV;
    } else if (isa<Constant>(U)) {
      append_range(Work, U->users());
    }
  }
  return nullptr;
}

/// An error when device code (\p Needed) calls a `declare target
/// device_type(host)` function, as upstream Clang gives, or a device
/// variable holds its address: the function has no device version.
static Error checkHostOnlyCalls(ArrayRef<Annotation> Notes,
                                const SetVector<GlobalValue *> &Needed) {
  for (const Annotation &A : Notes) {
    auto *F = dyn_cast<Function>(A.GV);
    if (!F || A.Text != HostOnlyAnnotation)
      continue;
    std::string Where;
    if (const Instruction *Use = useIn(*F, Needed))
      Where = describeDeviceCall(*F, Use);
    else if (const GlobalVariable *Holder = initializerHolding(*F, Needed))
      Where = "device variable '" + demangle(Holder->getName().str()) +
              "' holds the address of '" + demangle(F->getName().str()) + "'";
    else
      continue;
    return createStringError(
        inconvertibleErrorCode(),
        Where + ", which is 'declare target device_type(host)'" +
            (A.File.empty()
                 ? std::string()
                 : " at " + A.File.str() + ":" + std::to_string(A.Line)) +
            ": it is not available on offload devices");
  }
  return Error::success();
}

Expected<DeviceModule> extractDeviceModule(Module &Host,
                                           ArrayRef<KernelInfo> Kernels,
                                           unsigned OptLevel) {
  SmallVector<Annotation, 8> Notes = annotations(Host);
  SmallVector<GlobalValue *, 16> Roots;
  for (const KernelInfo &K : Kernels)
    Roots.push_back(K.F);
  append_range(Roots, annotated(Notes, DeclareTargetAnnotation));
  SmallVector<DeviceVariant, 4> Variants = deviceVariants(Host, Notes);
  for (const DeviceVariant &V : Variants)
    Roots.push_back(V.Variant);
  SmallVector<GlobalValue *, 4> LinkVars =
      annotated(Notes, DeclareTargetLinkAnnotation);
  SmallPtrSet<GlobalValue *, 4> Links(LinkVars.begin(), LinkVars.end());
  SetVector<GlobalValue *> Needed = reachableFrom(Roots);
  SmallVector<Function *, 4> Inits = deviceInitializers(
      Host, annotated(Notes, DeclareTargetAnnotation), Needed);
  if (!Inits.empty()) {
    append_range(Roots, Inits);
    Needed = reachableFrom(Roots);
  }
  if (Error E = checkHostOnlyCalls(Notes, Needed))
    return std::move(E);
  SmallPtrSet<GlobalValue *, 32> RootSet(Roots.begin(), Roots.end());

  ValueToValueMapTy VMap;
  std::unique_ptr<Module> Dev = cloneDeviceCode(Host, Needed, VMap);
  eraseHostOnlyArrays(*Dev);
  rebindHostVariants(*Dev);
  dropExitRegistrations(*Dev);

  recordDeclareTargetLocations(Notes, VMap);

  DeviceModule Result;
  SmallPtrSet<GlobalValue *, 32> Keep;
  bindVariantMarkersOnDevices(*Dev, Keep);
  bindDeviceVariants(*Dev, Variants, VMap, Keep);
  for (GlobalValue *GV : Needed) {
    auto *DevGV = cast<GlobalValue>(VMap[GV]);
    if (DevGV->isDeclaration())
      continue;
    auto *HostVar = dyn_cast<GlobalVariable>(GV);
    if (HostVar && Links.count(GV)) {
      std::string Name =
          (HostVar->hasLocalLinkage() ? uniqueDeviceName(Host, *HostVar)
                                      : HostVar->getName().str()) +
          "_cot_link";
      auto *DevVar = cast<GlobalVariable>(DevGV);
      GlobalVariable *Ref = indirectLinkVariable(*Dev, DevVar, Name);
      DevVar->eraseFromParent();
      uint64_t Size =
          Host.getDataLayout().getTypeAllocSize(HostVar->getValueType());
      Result.Globals.push_back(
          {HostVar, Ref->getName().str(), Size, DeviceGlobal::Link});
      Keep.insert(Ref);
      continue;
    }
    if (HostVar && needsDeviceCopy(*HostVar)) {
      // Clang names some globals of its own with dots (lastprivate
      // conditional's `pl_cond.x_N`), which PTX does not accept.
      std::string Name = HostVar->hasLocalLinkage()
                             ? uniqueDeviceName(Host, *HostVar)
                             : portableSymbolName(HostVar->getName().str());
      DevGV->setName(Name);
      DevGV->setLinkage(GlobalValue::ExternalLinkage);
      DevGV->setVisibility(GlobalValue::DefaultVisibility);
      DevGV->setDSOLocal(false);
      uint64_t Size =
          Host.getDataLayout().getTypeAllocSize(HostVar->getValueType());
      Result.Globals.push_back(
          {HostVar, DevGV->getName().str(), Size, DeviceGlobal::Variable});
      Keep.insert(DevGV);
      continue;
    }
    if (!DevGV->hasLocalLinkage())
      DevGV->setVisibility(GlobalValue::HiddenVisibility);
    if (isa<Function>(GV) && RootSet.count(GV))
      Keep.insert(DevGV);
  }

  for (GlobalValue *GV : annotated(Notes, DeclareTargetIndirectAnnotation)) {
    auto *F = dyn_cast<Function>(GV);
    auto *DevF = F ? dyn_cast_or_null<Function>(VMap.lookup(F)) : nullptr;
    if (!DevF || DevF->isDeclaration())
      continue;
    GlobalVariable *Slot = indirectFunctionSlot(Host, *Dev, *F, *DevF);
    Result.Globals.push_back({F, Slot->getName().str(), sizeof(void *),
                              DeviceGlobal::IndirectFunction});
    Keep.insert(Slot);
  }

  // Kernels keep their names (the offload entries' names) and are exported;
  // the device link forms the target's kernel from each.
  for (const KernelInfo &K : Kernels) {
    auto *DevKernel = cast<Function>(VMap[K.F]);
    // Target regions in inline functions and templates are outlined in
    // every translation unit that uses them, under the same name (file,
    // function, line): the device link keeps one.
    DevKernel->setLinkage(GlobalValue::WeakODRLinkage);
    DevKernel->setVisibility(GlobalValue::DefaultVisibility);
    recordKernel(*Dev, {DevKernel, K.Mode, K.DefaultSchedule});
    recordKernelMembers(*DevKernel);
    Keep.insert(DevKernel);
  }
  if (!Inits.empty()) {
    Function *Kernel = initializerKernel(
        *Dev, Inits, VMap,
        portableSymbolName("__cot_init_" + uniqueDeviceName(Host, *Inits[0])));
    recordKernel(*Dev, {Kernel, KernelMode::Generic});
    Keep.insert(Kernel);
    Result.Globals.push_back(
        {Inits[0], Kernel->getName().str(), 0, DeviceGlobal::Initializer});
  }
  NumDeviceKernels += Kernels.size();
  NumDeviceGlobals += Result.Globals.size();
  LLVM_DEBUG(dbgs() << "extracted " << Kernels.size() << " kernels and "
                    << Result.Globals.size() << " device globals\n");
  eraseUnused(*Dev, Keep);
  Dev->addModuleFlag(Module::Max, OptLevelFlag, OptLevel);
  Result.M = std::move(Dev);
  return std::move(Result);
}

/// Empties \p M: functions, globals, aliases, ifuncs and named metadata.
static void eraseContents(Module &M) {
  for (GlobalValue &GV : M.global_values())
    GV.dropAllReferences();
  for (GlobalValue &GV : make_early_inc_range(M.global_values())) {
    GV.removeDeadConstantUsers();
    GV.replaceAllUsesWith(PoisonValue::get(GV.getType()));
    GV.eraseFromParent();
  }
  for (NamedMDNode &MD : make_early_inc_range(M.named_metadata()))
    M.eraseNamedMetadata(&MD);
}

PreservedAnalyses ExtractDeviceModulePass::run(Module &M,
                                               ModuleAnalysisManager &) {
  SmallVector<KernelInfo, 8> Kernels = kernelsOf(M);
  eraseKernelMetadata(M); // the device module lists them anew
  Expected<DeviceModule> Dev =
      extractDeviceModule(M, Kernels, recordedOptLevel(M).value_or(0));
  if (!Dev) {
    reportDeviceError(M, toString(Dev.takeError()));
    return PreservedAnalyses::all();
  }
  eraseContents(M);
  if (Linker::linkModules(M, std::move(Dev->M)))
    reportDeviceError(M, "cannot move the device code of '" +
                             M.getModuleIdentifier() + "' into its module");
  return PreservedAnalyses::none();
}

} // namespace cot

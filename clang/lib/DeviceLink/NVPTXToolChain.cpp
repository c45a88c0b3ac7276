//===- NVPTXToolChain.cpp - Device images for NVIDIA GPUs -----------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The nvptx64 device tool chain (DeviceToolChain.h), one pass pipeline
// (printed with -v):
// the device lowering (OpenMPDevice/Passes.h, nvptxLoweringPipeline)
// retargets the linked device module (host IR) and forms the kernels; the
// passes of this file link the device runtime (lib/libomptarget-nvptx.bc)
// and, for math, libdevice from the CUDA toolkit, define the globals every
// image has, and internalize everything but the kernels and the globals the
// runtime looks up, so that O3 sees the whole device program and inlines the
// runtime into the kernels. At -O0 (DeviceLink.cpp) only what correctness
// needs runs: the lowering, LLVM's O0 pipeline, GlobalDCE and
// openmp-device-private-atomics; the kernels call the (optimized) device
// runtime. openmp-device-check-externs ends the pipeline. The NVPTX back end
// emits PTX for the oldest of the target's architectures; ptxas, when a
// CUDA toolkit is there, adds a cubin for each (the architectures and the
// toolkit come from the driver's OffloadToolChain, so that the image has
// the steps the action graph shows), again with a register limit on the
// kernels that accumulate loads where ptxas packed them into 32 registers
// (RegisterBudget.h); the kernel table (OffloadABI.h)
// carries what openmp-device-kernel-traffic found about each kernel to the
// CUDA plugin's launch model. -S writes the PTX alone.
//
//===----------------------------------------------------------------------===//

#include "DeviceToolChain.h"
#include "OpenMPDevice/Diagnostics.h"
#include "OpenMPDevice/KernelTraffic.h"
#include "OpenMPDevice/Kernels.h"
#include "OpenMPDevice/NVPTX.h"
#include "OpenMPDevice/Passes.h"
#include "RegisterBudget.h"

#include "OffloadABI.h"

#include "llvm/Analysis/InstructionSimplify.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/IPO/Internalize.h"
#include "llvm/Transforms/Scalar/LICM.h"
#include "llvm/Transforms/Scalar/LoopPassManager.h"
#include "llvm/Transforms/Scalar/LoopVersioningLICM.h"
#include "llvm/Transforms/Utils/Local.h"

#include <cstring>
#include <mutex>

using namespace llvm;

namespace cot {
namespace {

/// What the NVPTX image builder needs to know.
struct NVPTXImageOptions {
  std::string PTXArch;                 ///< the PTX's (and O3's) GPU
  std::vector<std::string> CubinArchs; ///< none without ptxas
  std::string CudaPath;                ///< --cuda-path, or empty to search
  std::string RuntimeLibDir;
  bool Verbose;
  /// O3 and whole-program ptxas, or (at -O0) only the passes correctness
  /// needs and relocatable ptxas output linked by nvlink.
  bool Optimize;
  /// The device runtime's debug output level (-fopenmp-target-debug).
  unsigned DeviceDebug;
  /// The PTX has line directives (host -g): ptxas -lineinfo keeps them.
  bool LineInfo = false;
};

/// Links the bitcode library \p Path (\p What, for messages) into \p M,
/// only what \p M needs of it; reports failures.
void linkBitcodeFile(Module &M, StringRef Path, StringRef What) {
  auto Buf = MemoryBuffer::getFile(Path);
  if (!Buf) {
    reportDeviceError(M, "cannot read " + What + " '" + Path + "'");
    return;
  }
  Expected<std::unique_ptr<Module>> Lib =
      parseBitcodeFile((*Buf)->getMemBufferRef(), M.getContext());
  if (!Lib) {
    reportDeviceError(M, Path + ": " + toString(Lib.takeError()));
    return;
  }
  (*Lib)->setTargetTriple(M.getTargetTriple());
  (*Lib)->setDataLayout(M.getDataLayout());
  if (Linker::linkModules(M, std::move(*Lib), Linker::LinkOnlyNeeded))
    reportDeviceError(M, "cannot link " + What + " '" + Path + "'");
}

/// The first libdevice function \p M calls, if any.
std::optional<StringRef> firstLibdeviceCall(const Module &M) {
  for (const Function &F : M.functions())
    if (F.isDeclaration() && F.getName().starts_with("__nv_"))
      return F.getName();
  return std::nullopt;
}

/// nvptx-link-device-runtime: the device runtime after the lowering, which
/// adds calls to it.
struct LinkDeviceRuntimePass : DevicePassInfoMixin<LinkDeviceRuntimePass> {
  std::string Path;
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    if (!hasDeviceErrors(M))
      linkBitcodeFile(M, Path, "the device runtime");
    return PreservedAnalyses::none();
  }
};

/// Whether a function of \p M allows approximate math functions
/// (-ffast-math, -fapprox-func).
bool allowsApproximateMath(const Module &M) {
  return any_of(M.functions(), [](const Function &F) {
    return !F.isDeclaration() &&
           F.getFnAttribute("approx-func-fp-math").getValueAsBool();
  });
}

/// The name a call of __nvvm_reflect asks for, if it is a constant string.
std::optional<StringRef> reflectedName(const CallBase &Call) {
  const auto *Var =
      dyn_cast<GlobalVariable>(Call.getArgOperand(0)->stripPointerCasts());
  if (!Var || !Var->hasDefinitiveInitializer())
    return std::nullopt;
  const auto *Text = dyn_cast<ConstantDataSequential>(Var->getInitializer());
  if (!Text || !Text->isCString())
    return std::nullopt;
  return Text->getAsCString();
}

/// Answers libdevice's question whether sqrtf (and hypotf, normf, jnf) must
/// be correctly rounded with \p Value: LLVM 19's NVVMReflect answers 0 to
/// it, which made sqrtf sqrt.approx.f32 and 1.0f / sqrtf(x)
/// rsqrt.approx.f32, results that differ from the host's. nvcc answers 1
/// unless --use_fast_math.
void answerPrecSqrt(Module &M, int Value) {
  Function *Reflect = M.getFunction("__nvvm_reflect");
  if (!Reflect)
    return;
  for (User *U : make_early_inc_range(Reflect->users())) {
    auto *Call = dyn_cast<CallInst>(U);
    if (!Call || Call->getCalledFunction() != Reflect ||
        reflectedName(*Call) != "__CUDA_PREC_SQRT")
      continue;
    Call->replaceAllUsesWith(ConstantInt::get(Call->getType(), Value));
    Call->eraseFromParent();
  }
}

/// nvptx-link-libdevice: libdevice for the math functions device code
/// calls, with square roots correctly rounded unless the program allows
/// approximate math functions. Without libdevice (no CUDA toolkit) the
/// pipeline runs openmp-device-math-intrinsics first, and any math function
/// the back end does not implement is an error.
struct LinkLibdevicePass : DevicePassInfoMixin<LinkLibdevicePass> {
  std::optional<std::string> Path;
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    std::optional<StringRef> First = firstLibdeviceCall(M);
    if (hasDeviceErrors(M) || !First)
      return PreservedAnalyses::all();
    if (!Path) {
      reportDeviceError(M, "device code calls the math function '" +
                               First->drop_front(5) +
                               "', which needs libdevice from a CUDA toolkit; "
                               "none found (use --cuda-path=<dir>)");
      return PreservedAnalyses::all();
    }
    bool Approximate = allowsApproximateMath(M);
    linkBitcodeFile(M, *Path, "libdevice");
    answerPrecSqrt(M, Approximate ? 0 : 1);
    return PreservedAnalyses::none();
  }
};

/// Every image defines the globals the plugin writes after loading it
/// (OffloadABI.h), also when the program does not read them and linking
/// the device runtime left them out: looking up a missing symbol is an
/// error in the CUDA driver's eyes.
void defineRuntimeGlobals(Module &M) {
  Type *I32 = Type::getInt32Ty(M.getContext());
  for (auto [Name, Init] :
       {std::pair<StringRef, int>{COT_DEVICE_NUM_SYMBOL, 0},
        std::pair<StringRef, int>{"__cot_num_devices", 1}}) {
    if (GlobalVariable *GV = M.getNamedGlobal(Name); GV && !GV->isDeclaration())
      continue;
    auto *GV = new GlobalVariable(M, I32, false, GlobalValue::ExternalLinkage,
                                  ConstantInt::get(I32, Init), Name);
    GV->setExternallyInitialized(true);
  }
}

/// The device runtime's debug output level (-fopenmp-target-debug): its
/// loads become the constant and the branches on it are folded here, so
/// that a program built without the flag holds no debug output even when
/// nothing optimizes it (-O0).
void defineDeviceDebugLevel(Module &M, unsigned Level) {
  GlobalVariable *GV = M.getNamedGlobal(COT_DEVICE_DEBUG_SYMBOL);
  if (!GV)
    return;
  Constant *Value = ConstantInt::get(GV->getValueType(), Level);
  SmallPtrSet<Function *, 8> Readers;
  for (User *U : make_early_inc_range(GV->users())) {
    auto *Load = dyn_cast<LoadInst>(U);
    if (!Load || Load->getType() != Value->getType())
      continue;
    Readers.insert(Load->getFunction());
    replaceAndRecursivelySimplify(Load, Value);
  }
  for (Function *F : Readers) {
    for (BasicBlock &BB : *F)
      ConstantFoldTerminator(&BB, /*DeleteDeadConditions=*/true);
    removeUnreachableBlocks(*F);
  }
  GV->setInitializer(Value);
  GV->setConstant(true);
  GV->setLinkage(GlobalValue::InternalLinkage);
  GV->removeDeadConstantUsers();
  if (GV->use_empty())
    GV->eraseFromParent();
}

/// The vtable of a class with a pure virtual function holds
/// __cxa_pure_virtual, which the C++ runtime defines to abort (calling it
/// is undefined behaviour). Device code that keeps such a vtable (code
/// built without -O always does) gets a definition that traps.
void definePureVirtualTrap(Module &M) {
  Function *F = M.getFunction("__cxa_pure_virtual");
  if (!F || !F->isDeclaration())
    return;
  F->setLinkage(GlobalValue::InternalLinkage);
  IRBuilder<> B(BasicBlock::Create(M.getContext(), "entry", F));
  B.CreateIntrinsic(Intrinsic::trap, {}, {});
  B.CreateUnreachable();
}

/// Rebuilds the subprograms flagged DIFlagAllCallsDescribed (host -O -g at
/// DWARF 5) without the flag, with the scopes and locations that name them.
/// The flag makes the AsmPrinter put a label after each call, for the call
/// site's return address; NVPTX prints a call as several instructions, so
/// the label lands inside it (`call.uni (retval0), $L__tmp1: fib, ...`),
/// which ptxas cannot parse. Line directives describe no call sites.
class CallSiteFlagRemoval {
public:
  explicit CallSiteFlagRemoval(LLVMContext &Ctx) : Ctx(Ctx) {}

  DILocalScope *scope(DILocalScope *Scope);
  DILocation *location(DILocation *Loc);

private:
  LLVMContext &Ctx;
  DenseMap<DILocalScope *, DILocalScope *> Scopes;
  DenseMap<DILocation *, DILocation *> Locations;
};

DILocalScope *CallSiteFlagRemoval::scope(DILocalScope *Scope) {
  if (DILocalScope *Known = Scopes.lookup(Scope))
    return Known;
  DILocalScope *Rebuilt = Scope;
  if (auto *SP = dyn_cast<DISubprogram>(Scope)) {
    if (SP->areAllCallsDescribed()) {
      TempDISubprogram Clone =
          SP->cloneWithFlags(SP->getFlags() & ~DINode::FlagAllCallsDescribed);
      Rebuilt = SP->isDistinct() ? MDNode::replaceWithDistinct(std::move(Clone))
                                 : MDNode::replaceWithUniqued(std::move(Clone));
    }
  } else if (auto *Block = dyn_cast<DILexicalBlock>(Scope)) {
    DILocalScope *Parent = scope(Block->getScope());
    if (Parent != Block->getScope())
      Rebuilt = DILexicalBlock::getDistinct(
          Ctx, Parent, Block->getFile(), Block->getLine(), Block->getColumn());
  } else if (auto *BlockFile = dyn_cast<DILexicalBlockFile>(Scope)) {
    DILocalScope *Parent = scope(BlockFile->getScope());
    if (Parent != BlockFile->getScope())
      Rebuilt = DILexicalBlockFile::get(Ctx, Parent, BlockFile->getFile(),
                                        BlockFile->getDiscriminator());
  }
  Scopes[Scope] = Rebuilt;
  return Rebuilt;
}

DILocation *CallSiteFlagRemoval::location(DILocation *Loc) {
  if (!Loc)
    return nullptr;
  if (DILocation *Known = Locations.lookup(Loc))
    return Known;
  DILocalScope *Scope = scope(Loc->getScope());
  DILocation *InlinedAt = location(Loc->getInlinedAt());
  DILocation *Rebuilt = Loc;
  if (Scope != Loc->getScope() || InlinedAt != Loc->getInlinedAt())
    Rebuilt = DILocation::get(Ctx, Loc->getLine(), Loc->getColumn(), Scope,
                              InlinedAt, Loc->isImplicitCode());
  Locations[Loc] = Rebuilt;
  return Rebuilt;
}

/// Drops DIFlagAllCallsDescribed from \p M's functions (CallSiteFlagRemoval).
void describeNoCallSites(Module &M) {
  CallSiteFlagRemoval Removal(M.getContext());
  auto RemapLoopLocation = [&](Metadata *MD) -> Metadata * {
    if (auto *Loc = dyn_cast<DILocation>(MD))
      return Removal.location(Loc);
    return MD;
  };
  for (Function &F : M) {
    if (DISubprogram *SP = F.getSubprogram())
      F.setSubprogram(cast<DISubprogram>(Removal.scope(SP)));
    for (Instruction &I : instructions(F)) {
      if (DILocation *Loc = I.getDebugLoc())
        I.setDebugLoc(Removal.location(Loc));
      updateLoopMetadataDebugLocations(I, RemapLoopLocation);
    }
  }
}

/// Host `-g` gives device code line directives only (`.loc`, what
/// profilers and compute-sanitizer read), as nvcc's -lineinfo: PTX with
/// line tables or full debug information is `.target sm_XX, debug`, which
/// ptxas assembles only unoptimized ("Optimized debugging not supported")
/// and the driver's JIT likewise. Every compile unit becomes a
/// directives-only one, and what only full debug information needs
/// (variables, types, call sites) goes.
void keepLineDirectivesOnly(Module &M) {
  if (M.debug_compile_units().empty())
    return;
  stripNonLineTableDebugInfo(M);
  NamedMDNode *Units = M.getNamedMetadata("llvm.dbg.cu");
  DebugInfoFinder Finder;
  Finder.processModule(M);
  for (unsigned I = 0, E = Units->getNumOperands(); I != E; ++I) {
    auto *CU = cast<DICompileUnit>(Units->getOperand(I));
    auto *Directives = DICompileUnit::getDistinct(
        M.getContext(), CU->getSourceLanguage(), CU->getFile(),
        CU->getProducer(), CU->isOptimized(), CU->getFlags(),
        CU->getRuntimeVersion(), CU->getSplitDebugFilename(),
        DICompileUnit::DebugDirectivesOnly, CU->getEnumTypes(),
        CU->getRetainedTypes(), CU->getGlobalVariables(),
        CU->getImportedEntities(), CU->getMacros(), CU->getDWOId(),
        CU->getSplitDebugInlining(), CU->getDebugInfoForProfiling(),
        CU->getNameTableKind(), CU->getRangesBaseAddress(), CU->getSysRoot(),
        CU->getSDK());
    for (DISubprogram *SP : Finder.subprograms())
      if (SP->getUnit() == CU)
        SP->replaceUnit(Directives);
    Units->setOperand(I, Directives);
  }
  describeNoCallSites(M);
}

/// Keeps the kernels and the globals the runtime looks up by name.
void internalizeDeviceProgram(Module &M) {
  StringSet<> Keep;
  for (Function *Kernel : annotatedKernels(M))
    Keep.insert(Kernel->getName());
  internalizeModule(M, [&](const GlobalValue &GV) {
    if (Keep.contains(GV.getName()))
      return true;
    auto *Var = dyn_cast<GlobalVariable>(&GV);
    return Var && !Var->isDeclaration() &&
           GV.getVisibility() == GlobalValue::DefaultVisibility;
  });
}

/// nvptx-image-globals: the globals every image defines (with the device
/// runtime's debug level), line directives as the only debug information,
/// the trap for pure virtual calls, and the internalization of the device
/// program.
struct ImageGlobalsPass : DevicePassInfoMixin<ImageGlobalsPass> {
  unsigned DeviceDebug = 0;
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    if (hasDeviceErrors(M))
      return PreservedAnalyses::all();
    defineRuntimeGlobals(M);
    keepLineDirectivesOnly(M);
    defineDeviceDebugLevel(M, DeviceDebug);
    definePureVirtualTrap(M);
    internalizeDeviceProgram(M);
    return PreservedAnalyses::none();
  }
};

/// save-lowered-bitcode (with -save-temps): keeps the lowered program,
/// before optimization, as <prefix>-device-nvptx-lowered.bc.
struct SaveBitcodePass : DevicePassInfoMixin<SaveBitcodePass> {
  TempFiles *Temps;
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    if (Error E = saveBitcode(M, Temps->create("device-nvptx-lowered", "bc")))
      reportDeviceError(M, toString(std::move(E)));
    return PreservedAnalyses::all();
  }
};

Expected<std::unique_ptr<TargetMachine>> nvptxTargetMachine(StringRef Arch,
                                                            bool Optimize) {
  return targetMachineFor(NVPTXTriple, Arch, std::nullopt,
                          Optimize ? CodeGenOptLevel::Aggressive
                                   : CodeGenOptLevel::None);
}

/// The whole NVPTX pipeline: the device lowering, the device runtime,
/// (optimizing) SROA and early CSE so that repeated pure math calls merge
/// before libdevice's bodies come in, libdevice, then O3 with
/// openmp-device-private-atomics where it pays
/// (after inlining, before the last SROA: a peephole extension point), or
/// at -O0 LLVM's O0 pipeline followed by
///   - GlobalDCE: functions nothing calls any more once the retargeting
///     dropped the exception paths (C++'s __clang_call_terminate, which
///     calls __cxa_begin_catch) must not reach the extern check;
///   - openmp-device-private-atomics: PTX defines atomics on global and
///     shared memory only, and at -O0 nothing else turns an atomic on a
///     local variable (an alloca) into plain accesses.
std::string nvptxPipeline(const NVPTXImageOptions &Opts, bool HasLibdevice,
                          bool SaveLowered) {
  std::string Pipeline = nvptxLoweringPipeline() + ",nvptx-link-device-runtime";
  if (!HasLibdevice)
    Pipeline += ",openmp-device-math-intrinsics";
  // Repeated math calls (sin(x) * sin(x)) are merged before libdevice's
  // bodies, which O3 inlines before it looks for common subexpressions.
  // Collapsed loop nests pick the index their lanes step once SROA has
  // promoted their counters and before InstCombine folds the split.
  if (Opts.Optimize)
    Pipeline += ",function(sroa,early-cse,openmp-device-collapsed-order)";
  Pipeline += ",nvptx-link-libdevice,nvptx-image-globals";
  if (SaveLowered)
    Pipeline += ",save-lowered-bitcode";
  Pipeline += Opts.Optimize ? ",default<O3>"
                            : ",default<O0>,globaldce,"
                              "function(openmp-device-private-atomics)";
  return Pipeline + ",openmp-device-check-externs";
}

/// LLVM's options for device code, set as -mllvm would, once per process:
/// - LoopVersioningLICM leaves loops nested deeper than two alone, but a
///   kernel's loop sits in the grid-stride loop and Clang's loop over the
///   thread's chunk: the innermost loop of a user's nest of two is at
///   depth four. The limit goes to four.
/// - MachineLICM hoists a loop-invariant instruction out of a conditional
///   block whenever register pressure looks low, which on NVPTX it always
///   does: the division of a thread's chunk count, which the compiler
///   skips for one or two chunks (a branch weighted as rare), went before
///   the distribute level's loop and every thread divided (HeCBench heat's
///   kernel 2% slower). Hoisting into a block a hundred times hotter than
///   the instruction's own is turned off, as it is for code with a profile.
static void setDeviceLLVMOptions() {
  static std::once_flag Once;
  std::call_once(Once, [] {
    const char *Args[] = {"clang (device link)",
                          "-licm-versioning-max-depth-threshold=4",
                          "-disable-hoisting-to-hotter-blocks=all"};
    cl::ParseCommandLineOptions(3, Args);
  });
}

/// Registers the passes of this file, and the extensions of O3: the
/// peephole passes, openmp-device-popcount-loops among the late loop
/// optimizations (before loop deletion), where the vectorizer starts
/// (before the optimizer's unroller) openmp-device-exact-trip-counts,
/// openmp-device-wide-address-indices, openmp-device-tile-fill-loops and
/// then LLVM's LoopVersioningLICM followed by LICM, and
/// openmp-device-kernel-traffic where the optimization pipeline starts
/// (after inlining, before loops are vectorized and unrolled), and
/// openmp-device-recombined-indices, openmp-device-copysign-bits,
/// openmp-device-unchanged-cas, openmp-device-sink-shared-stores,
/// openmp-device-init-barriers, openmp-device-dead-shared-stores and
/// openmp-device-fpext-vector-loads at its end.
///
/// LoopVersioningLICM: OpenMP ports of CUDA kernels drop CUDA's
/// __restrict__, so a loop that updates p[j], m[j] and v[j] in place loads
/// and stores each of them on every iteration (each store may change what
/// the next load reads), a chain of memory round trips per iteration where
/// nvcc keeps registers (HeCBench adam: 200 steps of 5 loads and 3 stores).
/// The pass runs such a loop under a run-time test that the accessed
/// ranges are disjoint, in a copy where LICM keeps them in registers; the
/// original loop runs otherwise.
void registerNVPTXPasses(PassBuilder &PB, const NVPTXImageOptions &Opts,
                         const std::optional<std::string> &Libdevice,
                         TempFiles &Temps) {
  setDeviceLLVMOptions();
  PB.registerPeepholeEPCallback(
      [](FunctionPassManager &FPM, OptimizationLevel) {
        FPM.addPass(PrivateAtomicsPass());
        FPM.addPass(FoldBlockThreadsPass());
        FPM.addPass(NonNegativeExtendsPass());
      });
  PB.registerVectorizerStartEPCallback(
      [](FunctionPassManager &FPM, OptimizationLevel) {
        FPM.addPass(ExactTripCountsPass());
        FPM.addPass(WideAddressIndicesPass());
        FPM.addPass(TileFillLoopsPass());
        FPM.addPass(createFunctionToLoopPassAdaptor(LoopVersioningLICMPass()));
        FPM.addPass(createFunctionToLoopPassAdaptor(LICMPass(LICMOptions()),
                                                    /*UseMemorySSA=*/true));
      });
  PB.registerLateLoopOptimizationsEPCallback(
      [](LoopPassManager &LPM, OptimizationLevel) {
        LPM.addPass(PopcountLoopsPass());
      });
  PB.registerOptimizerEarlyEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel Level) {
        // Unoptimized kernels call the region and the runtime instead of
        // holding them: nothing to see.
        if (Level != OptimizationLevel::O0)
          MPM.addPass(KernelTrafficPass());
      });
  PB.registerOptimizerLastEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel) {
        MPM.addPass(createModuleToFunctionPassAdaptor(RecombinedIndicesPass()));
        MPM.addPass(createModuleToFunctionPassAdaptor(CopysignBitsPass()));
        MPM.addPass(
            createModuleToFunctionPassAdaptor(UnchangedCompareExchangePass()));
        MPM.addPass(SharedStoreSinkingPass());
        MPM.addPass(InitBarriersPass());
        MPM.addPass(DeadSharedStoresPass());
        MPM.addPass(createModuleToFunctionPassAdaptor(FPExtVectorLoadsPass()));
      });
  PB.registerPipelineParsingCallback(
      [&](StringRef Name, ModulePassManager &MPM,
          ArrayRef<PassBuilder::PipelineElement>) {
        if (Name == "nvptx-link-device-runtime")
          MPM.addPass(LinkDeviceRuntimePass{
              {}, Opts.RuntimeLibDir + "/libomptarget-nvptx.bc"});
        else if (Name == "nvptx-link-libdevice")
          MPM.addPass(LinkLibdevicePass{{}, Libdevice});
        else if (Name == "nvptx-image-globals")
          MPM.addPass(ImageGlobalsPass{{}, Opts.DeviceDebug});
        else if (Name == "save-lowered-bitcode")
          MPM.addPass(SaveBitcodePass{{}, &Temps});
        else
          return false;
        return true;
      });
}

Expected<std::string> emitPTX(Module &M, TargetMachine &TM) {
  SmallString<0> PTX;
  raw_svector_ostream OS(PTX);
  legacy::PassManager PM;
  if (TM.addPassesToEmitFile(PM, OS, nullptr, CodeGenFileType::AssemblyFile))
    return createStringError(inconvertibleErrorCode(),
                             "the NVPTX back end cannot emit PTX");
  PM.run(M);
  return std::string(PTX);
}

struct Part {
  uint32_t Kind;
  uint32_t Sm;
  std::string Bytes;
};

/// Runs ptxas -v (\p Args) with its report in a file: the registers of
/// each kernel go to \p Registers, the report's other lines (warnings,
/// errors) to the user.
Error assembleCountingRegisters(ArrayRef<StringRef> Args,
                                const NVPTXImageOptions &Opts, TempFiles &Temps,
                                StringMap<unsigned> &Registers) {
  Expected<std::string> ReportFile = Temps.create("device-ptxas-report", "txt");
  if (!ReportFile)
    return ReportFile.takeError();
  Error Failed = runCommand(Args, Opts.Verbose, *ReportFile);
  auto Report = MemoryBuffer::getFile(*ReportFile);
  if (!Report) {
    consumeError(std::move(Failed));
    return createFileError(*ReportFile, Report.getError());
  }
  errs() << ptxasMessages((*Report)->getBuffer());
  Registers = ptxasRegisters((*Report)->getBuffer());
  return Failed;
}

/// Runs ptxas on \p PTXFile for \p Arch into \p Cubin. Optimized PTX is
/// assembled as a whole program. Unoptimized PTX calls the device runtime
/// and the region's functions instead of inlining them, and ptxas's
/// whole-program analysis of so many calls grows with the square of the
/// number of kernels (1000 target regions: 290 s and 2.3 GB); it is
/// assembled as relocatable code (ptxas -c, 12 s) and linked with nvlink
/// where the toolkit has it.
/// With \p Registers (optimized PTX only), ptxas -v's count of each
/// kernel's registers goes there, and its other messages to the user.
Error assembleCubin(StringRef Ptxas, StringRef PTXFile, StringRef Arch,
                    StringRef Cubin, const NVPTXImageOptions &Opts,
                    TempFiles &Temps, StringMap<unsigned> *Registers) {
  std::string ArchFlag = ("-arch=" + Arch).str();
  // ptxas optimizes at every level, as nvcc has it unless asked for device
  // debugging: upstream Clang's ptxas -O0 without -O made unoptimized
  // kernels ten times slower still (the V&V suite's gemv_target: 66 s
  // against 6.7 s on an H200), for 43% less ptxas time.
  SmallVector<StringRef, 8> Args = {Ptxas, ArchFlag, "-O3"};
  if (Opts.LineInfo)
    Args.push_back("-lineinfo");
  std::optional<std::string> Nvlink =
      Opts.Optimize ? std::nullopt : findCudaFile(Opts.CudaPath, "bin/nvlink");
  if (!Nvlink && Registers) {
    append_range(Args, ArrayRef<StringRef>{"-v", PTXFile, "-o", Cubin});
    return assembleCountingRegisters(Args, Opts, Temps, *Registers);
  }
  if (!Nvlink) {
    append_range(Args, ArrayRef<StringRef>{PTXFile, "-o", Cubin});
    return runCommand(Args, Opts.Verbose);
  }
  Expected<std::string> Relocatable =
      Temps.create(("device-" + Arch + "-relocatable").str(), "cubin");
  if (!Relocatable)
    return Relocatable.takeError();
  append_range(Args, ArrayRef<StringRef>{"-c", PTXFile, "-o", *Relocatable});
  if (Error E = runCommand(Args, Opts.Verbose))
    return E;
  return runCommand({*Nvlink, ArchFlag, *Relocatable, "-o", Cubin},
                    Opts.Verbose);
}

/// Assembles the PTX file with ptxas for each cubin arch (none without a
/// toolkit). With \p Registers, the first arch's registers of each kernel
/// go there.
Expected<std::vector<Part>> assembleCubins(StringRef PTXFile,
                                           const NVPTXImageOptions &Opts,
                                           TempFiles &Temps,
                                           StringMap<unsigned> *Registers) {
  std::vector<Part> Cubins;
  std::optional<std::string> Ptxas = findCudaFile(Opts.CudaPath, "bin/ptxas");
  if (!Ptxas)
    return Cubins;
  for (const std::string &Arch : Opts.CubinArchs) {
    Expected<std::string> Cubin = Temps.create("device-" + Arch, "cubin");
    if (!Cubin)
      return Cubin.takeError();
    if (Error E = assembleCubin(*Ptxas, PTXFile, Arch, *Cubin, Opts, Temps,
                                Cubins.empty() ? Registers : nullptr))
      return std::move(E);
    auto Bytes = MemoryBuffer::getFile(*Cubin);
    if (!Bytes)
      return createFileError(*Cubin, Bytes.getError());
    Cubins.push_back(
        {COT_NV_PART_CUBIN, smNumber(Arch), (*Bytes)->getBuffer().str()});
  }
  return Cubins;
}

/// The kernel table part (OffloadABI.h) from what
/// openmp-device-kernel-traffic recorded; none when it did not run (-O0).
std::optional<Part> kernelTablePart(const Module &M) {
  std::vector<std::pair<std::string, KernelTraffic>> Kernels;
  for (const Function &F : M.functions())
    if (std::optional<KernelTraffic> T = kernelTrafficOf(F))
      Kernels.push_back({F.getName().str(), *T});
  if (Kernels.empty())
    return std::nullopt;
  cot_kernel_table_header Header{COT_KERNEL_TABLE_VERSION,
                                 sizeof(cot_kernel_record),
                                 uint32_t(Kernels.size()), 0};
  std::string Records, Names;
  size_t NamesStart =
      sizeof(Header) + Kernels.size() * sizeof(cot_kernel_record);
  for (const auto &[Name, T] : Kernels) {
    cot_kernel_record R{uint32_t(NamesStart + Names.size()),
                        T.Class,
                        T.Flags,
                        T.CoalescedBytes,
                        T.UncoalescedBytes,
                        T.IndirectBytes,
                        T.UniformBytes,
                        T.ArithOps,
                        T.ThreadStreams,
                        T.StreamL1Bytes};
    Records.append(reinterpret_cast<const char *>(&R), sizeof(R));
    Names += Name;
    Names.push_back('\0');
  }
  std::string Bytes(reinterpret_cast<const char *>(&Header), sizeof(Header));
  return Part{COT_NV_PART_KERNEL_TABLE, 0, Bytes + Records + Names};
}

/// The container of OffloadABI.h.
std::string packImage(ArrayRef<Part> Parts) {
  std::string Out(sizeof(cot_nv_image_header) +
                      Parts.size() * sizeof(cot_nv_image_part),
                  '\0');
  cot_nv_image_header Header;
  std::memcpy(Header.Magic, COT_NV_IMAGE_MAGIC, sizeof(Header.Magic));
  Header.Version = 1;
  Header.Count = Parts.size();
  std::memcpy(&Out[0], &Header, sizeof(Header));
  for (size_t I = 0; I < Parts.size(); ++I) {
    while (Out.size() % 16)
      Out.push_back('\0');
    cot_nv_image_part Rec{Parts[I].Kind, Parts[I].Sm, Out.size(),
                          Parts[I].Bytes.size()};
    std::memcpy(&Out[sizeof(Header) + I * sizeof(Rec)], &Rec, sizeof(Rec));
    Out += Parts[I].Bytes;
  }
  return Out;
}

/// Lowers and optimizes a linked device module and emits its PTX.
Expected<std::string> lowerToPTX(Module &M, const NVPTXImageOptions &Opts,
                                 TempFiles &Temps) {
  Expected<std::unique_ptr<TargetMachine>> TM =
      nvptxTargetMachine(Opts.PTXArch, Opts.Optimize);
  if (!TM)
    return TM.takeError();
  std::optional<std::string> Libdevice =
      findCudaFile(Opts.CudaPath, "nvvm/libdevice/libdevice.10.bc");
  std::string Pipeline =
      nvptxPipeline(Opts, Libdevice.has_value(), Temps.keeping());
  if (Error E = runDevicePipeline(M, NVPTXTriple, Pipeline, TM->get(),
                                  Opts.Verbose, [&](PassBuilder &PB) {
                                    registerNVPTXPasses(PB, Opts, Libdevice,
                                                        Temps);
                                  }))
    return std::move(E);
  if (Temps.keeping())
    if (Error E = saveBitcode(M, Temps.create("device-nvptx", "bc")))
      return std::move(E);
  return emitPTX(M, **TM);
}

/// Writes \p PTX to the temporary file \p Name and assembles it.
Expected<std::vector<Part>> assemblePTX(StringRef PTX, StringRef Name,
                                        const NVPTXImageOptions &Opts,
                                        TempFiles &Temps,
                                        StringMap<unsigned> *Registers) {
  Expected<std::string> PTXFile = Temps.create(Name, "ptx");
  if (!PTXFile)
    return PTXFile.takeError();
  if (Error E = writeFile(*PTXFile, PTX))
    return std::move(E);
  return assembleCubins(*PTXFile, Opts, Temps, Registers);
}

/// Assembles \p PTX, and again with a register limit on the kernels of \p M
/// that accumulate loads where ptxas packed them into few registers
/// (RegisterBudget.h); \p PTX is then the limited PTX, which the image
/// carries for the JIT as well.
Expected<std::vector<Part>>
assembleWithRegisterBudget(const Module &M, std::string &PTX,
                           const NVPTXImageOptions &Opts, TempFiles &Temps) {
  StringSet<> Accumulating = loadAccumulatingKernels(M);
  StringMap<unsigned> Registers;
  Expected<std::vector<Part>> Cubins =
      assemblePTX(PTX, "device-nvptx-ptx", Opts, Temps,
                  Accumulating.empty() ? nullptr : &Registers);
  if (!Cubins)
    return Cubins.takeError();
  StringSet<> Packed = packedKernels(Accumulating, Registers);
  if (Packed.empty())
    return Cubins;
  PTX = limitRegisters(PTX, Packed, AccumulatingRegisters);
  return assemblePTX(PTX, "device-nvptx-ptx-limited", Opts, Temps, nullptr);
}

/// Builds an nvptx64 image (OffloadABI.h's container of PTX and cubins) from
/// a linked device module.
Expected<std::string> buildNVPTXImage(Module &M, const NVPTXImageOptions &Opts,
                                      TempFiles &Temps) {
  Expected<std::string> PTX = lowerToPTX(M, Opts, Temps);
  if (!PTX)
    return PTX.takeError();
  // ptxas reads the PTX from a file, which -save-temps keeps.
  std::vector<Part> Cubins;
  if (Temps.keeping() || !Opts.CubinArchs.empty()) {
    NVPTXImageOptions AssembleOpts = Opts;
    AssembleOpts.LineInfo = !M.debug_compile_units().empty();
    Expected<std::vector<Part>> Assembled =
        assembleWithRegisterBudget(M, *PTX, AssembleOpts, Temps);
    if (!Assembled)
      return Assembled.takeError();
    Cubins = std::move(*Assembled);
  }
  // The runtime hands the PTX to the CUDA JIT as a C string.
  PTX->push_back('\0');
  std::vector<Part> Parts = {{COT_NV_PART_PTX, smNumber(Opts.PTXArch), *PTX}};
  append_range(Parts, Cubins);
  if (std::optional<Part> Table = kernelTablePart(M)) {
    if (Temps.keeping()) {
      Expected<std::string> Kept = Temps.create("device-kernel-table", "bin");
      if (!Kept)
        return Kept.takeError();
      if (Error E = writeFile(*Kept, Table->Bytes))
        return std::move(E);
    }
    Parts.push_back(std::move(*Table));
  }
  return packImage(Parts);
}

class NVPTXToolChain : public DeviceToolChain {
public:
  NVPTXToolChain(const OffloadToolChain &Target, const ToolChainContext &Ctx)
      : DeviceToolChain(Ctx), Target(Target) {}

  Expected<std::string> buildImage(Module &M,
                                   OptimizationLevel Level) override {
    return buildNVPTXImage(M, options(Level), Ctx.Temps);
  }

  Expected<std::string> buildAssembly(Module &M,
                                      OptimizationLevel Level) override {
    return lowerToPTX(M, options(Level), Ctx.Temps);
  }

private:
  const OffloadToolChain &Target;

  NVPTXImageOptions options(OptimizationLevel Level) const {
    return {Target.ptxArch().str(),
            Target.cubinArchs().vec(),
            Ctx.CudaPath,
            Ctx.RuntimeLibDir,
            Ctx.Verbose,
            Level != OptimizationLevel::O0,
            Ctx.DeviceDebug};
  }
};

} // namespace

std::unique_ptr<DeviceToolChain>
createNVPTXToolChain(const OffloadToolChain &Target,
                     const ToolChainContext &Ctx) {
  return std::make_unique<NVPTXToolChain>(Target, Ctx);
}

} // namespace cot

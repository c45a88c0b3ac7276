//===- NVPTXImage.cpp - Device images for NVIDIA GPUs ---------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The nvptx64 part of the device link: the linked device module (host IR)
// is retargeted, linked with the device runtime (lib/libomptarget-nvptx.bc)
// and, for math, libdevice from the CUDA toolkit; our device lowering forms
// the kernels; everything but the kernels and the globals the runtime looks
// up is internalized, so O3 sees the whole device program and inlines the
// runtime into the kernels. At -O0 (DeviceLink.cpp) only what correctness
// needs runs: the lowering, LLVM's O0 pipeline, GlobalDCE and
// PrivateAtomicsPass; the kernels call the (optimized) device runtime. The NVPTX back end emits
// PTX; ptxas, when a CUDA toolkit is there, adds cubins. Without
// --offload-arch the PTX targets the oldest GPU CUDA 13 supports and cubins are built for a few common GPUs;
// newer GPUs JIT the PTX.
//
//===----------------------------------------------------------------------===//

#include "DeviceLinkSupport.h"
#include "OpenMPDevice/NVPTX.h"

#include "OffloadABI.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/IPO/GlobalDCE.h"
#include "llvm/Transforms/IPO/Internalize.h"

#include <cstring>

using namespace llvm;

namespace cot {
namespace {

/// PTX is generated for this GPU unless --offload-arch says otherwise.
constexpr StringLiteral DefaultArch = "sm_75";
/// Cubins built without --offload-arch.
constexpr StringLiteral DefaultCubinArchs[] = {"sm_75", "sm_80", "sm_90"};

/// CUDA toolkit directories to search, most specific first; --cuda-path
/// alone when given.
std::vector<std::string> cudaRoots(StringRef CudaPath) {
  std::vector<std::string> Roots;
  if (!CudaPath.empty())
    return {CudaPath.str()};
  for (const char *Var : {"CUDA_PATH", "CUDA_HOME"})
    if (std::optional<std::string> V = sys::Process::GetEnv(Var))
      Roots.push_back(*V);
  if (ErrorOr<std::string> Ptxas = sys::findProgramByName("ptxas"))
    Roots.push_back(
        sys::path::parent_path(sys::path::parent_path(*Ptxas)).str());
  Roots.push_back("/usr/local/cuda");
  Roots.push_back("/usr/lib/cuda");
  return Roots;
}

std::optional<std::string> findInCuda(StringRef CudaPath, StringRef Rel) {
  for (const std::string &Root : cudaRoots(CudaPath)) {
    SmallString<256> P(Root);
    sys::path::append(P, Rel);
    if (sys::fs::exists(P))
      return std::string(P);
  }
  return std::nullopt;
}

Error linkBitcodeFile(Module &M, StringRef Path, StringRef What) {
  auto Buf = MemoryBuffer::getFile(Path);
  if (!Buf)
    return createStringError(inconvertibleErrorCode(), "cannot read %s '%s'",
                             What.str().c_str(), Path.str().c_str());
  Expected<std::unique_ptr<Module>> Lib =
      parseBitcodeFile((*Buf)->getMemBufferRef(), M.getContext());
  if (!Lib)
    return Lib.takeError();
  (*Lib)->setTargetTriple(M.getTargetTriple());
  (*Lib)->setDataLayout(M.getDataLayout());
  if (Linker::linkModules(M, std::move(*Lib), Linker::LinkOnlyNeeded))
    return createStringError(inconvertibleErrorCode(), "cannot link %s '%s'",
                             What.str().c_str(), Path.str().c_str());
  return Error::success();
}

bool usesLibdevice(const Module &M) {
  return any_of(M.functions(), [](const Function &F) {
    return F.isDeclaration() && F.getName().starts_with("__nv_");
  });
}

Error linkLibdevice(Module &M, StringRef CudaPath) {
  if (!usesLibdevice(M))
    return Error::success();
  std::optional<std::string> Libdevice =
      findInCuda(CudaPath, "nvvm/libdevice/libdevice.10.bc");
  if (!Libdevice) {
    bindMathToIntrinsics(M);
    if (!usesLibdevice(M))
      return Error::success();
    StringRef First;
    for (const Function &F : M.functions())
      if (F.isDeclaration() && F.getName().starts_with("__nv_")) {
        First = F.getName().drop_front(5);
        break;
      }
    return createStringError(
        inconvertibleErrorCode(),
        "device code calls the math function '%s', which needs libdevice "
        "from a CUDA toolkit; none found (use --cuda-path=<dir>)",
        First.str().c_str());
  }
  return linkBitcodeFile(M, *Libdevice, "libdevice");
}

/// Every image defines the globals the plugin writes after loading it
/// (OffloadABI.h), also when the program does not read them and linking
/// the device runtime left them out: looking up a missing symbol is an
/// error in the CUDA driver's eyes.
void defineRuntimeGlobals(Module &M) {
  Type *I32 = Type::getInt32Ty(M.getContext());
  for (auto [Name, Init] : {std::pair<StringRef, int>{COT_DEVICE_NUM_SYMBOL, 0},
                            std::pair<StringRef, int>{"__cot_num_devices", 1}}) {
    if (GlobalVariable *GV = M.getNamedGlobal(Name); GV && !GV->isDeclaration())
      continue;
    auto *GV = new GlobalVariable(M, I32, false, GlobalValue::ExternalLinkage,
                                  ConstantInt::get(I32, Init), Name);
    GV->setExternallyInitialized(true);
  }
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

/// Keeps the kernels and the globals the runtime looks up by name.
void internalizeDeviceProgram(Module &M) {
  StringSet<> Keep;
  if (NamedMDNode *MD = M.getNamedMetadata("nvvm.annotations"))
    for (MDNode *Node : MD->operands())
      if (auto *F = mdconst::dyn_extract_or_null<Function>(Node->getOperand(0)))
        Keep.insert(F->getName());
  internalizeModule(M, [&](const GlobalValue &GV) {
    if (Keep.contains(GV.getName()))
      return true;
    auto *Var = dyn_cast<GlobalVariable>(&GV);
    return Var && !Var->isDeclaration() &&
           GV.getVisibility() == GlobalValue::DefaultVisibility;
  });
}

Expected<std::unique_ptr<TargetMachine>>
nvptxTargetMachine(StringRef Arch, bool Optimize) {
  std::string Err;
  const Target *T = TargetRegistry::lookupTarget(NVPTXTriple.str(), Err);
  if (!T)
    return createStringError(inconvertibleErrorCode(), Err);
  TargetOptions Options;
  return std::unique_ptr<TargetMachine>(T->createTargetMachine(
      NVPTXTriple.str(), Arch, "", Options, std::nullopt, std::nullopt,
      Optimize ? CodeGenOptLevel::Aggressive : CodeGenOptLevel::None));
}

/// O3 with PrivateAtomicsPass where it pays (after inlining, before the
/// last SROA), or at -O0 LLVM's O0 pipeline followed by
///   - GlobalDCE: functions nothing calls any more once the retargeting
///     dropped the exception paths (C++'s __clang_call_terminate, which
///     calls __cxa_begin_catch) must not reach checkDeviceExterns;
///   - PrivateAtomicsPass: PTX defines atomics on global and shared memory
///     only, and at -O0 nothing else turns an atomic on a local variable
///     (an alloca) into plain accesses.
void optimizeDeviceProgram(Module &M, TargetMachine &TM, bool Optimize) {
  if (Optimize) {
    optimize(M, OptimizationLevel::O3, &TM, [](PassBuilder &PB) {
      PB.registerPeepholeEPCallback(
          [](FunctionPassManager &FPM, OptimizationLevel) {
            FPM.addPass(PrivateAtomicsPass());
          });
    });
    return;
  }
  optimize(M, OptimizationLevel::O0, &TM, [](PassBuilder &PB) {
    PB.registerOptimizerLastEPCallback(
        [](ModulePassManager &MPM, OptimizationLevel) {
          MPM.addPass(GlobalDCEPass());
          MPM.addPass(createModuleToFunctionPassAdaptor(PrivateAtomicsPass()));
        });
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

Error writeFile(StringRef Path, StringRef Data) {
  std::error_code EC;
  raw_fd_ostream OS(Path, EC);
  if (EC)
    return createFileError(Path, EC);
  OS << Data;
  return Error::success();
}

unsigned smNumber(StringRef Arch) {
  unsigned N = 0;
  Arch.drop_front(3).rtrim("a").getAsInteger(10, N);
  return N;
}

struct Part {
  uint32_t Kind;
  uint32_t Sm;
  std::string Bytes;
};

/// Runs ptxas on \p PTXFile for \p Arch into \p Cubin. Optimized PTX is
/// assembled as a whole program. Unoptimized PTX calls the device runtime
/// and the region's functions instead of inlining them, and ptxas's
/// whole-program analysis of so many calls grows with the square of the
/// number of kernels (1000 target regions: 290 s and 2.3 GB); it is
/// assembled as relocatable code (ptxas -c, 12 s) and linked with nvlink
/// where the toolkit has it.
Error assembleCubin(StringRef Ptxas, StringRef PTXFile, StringRef Arch,
                    StringRef Cubin, const NVPTXImageOptions &Opts,
                    TempFiles &Temps) {
  std::string ArchFlag = ("-arch=" + Arch).str();
  // Without optimization, ptxas -O0 as upstream Clang passes it.
  StringRef Level = Opts.Optimize ? "-O3" : "-O0";
  std::optional<std::string> Nvlink =
      Opts.Optimize ? std::nullopt : findInCuda(Opts.CudaPath, "bin/nvlink");
  if (!Nvlink)
    return runCommand({Ptxas, ArchFlag, Level, PTXFile, "-o", Cubin},
                      Opts.Verbose);
  Expected<std::string> Relocatable =
      Temps.create(("device-" + Arch + "-relocatable").str(), "cubin");
  if (!Relocatable)
    return Relocatable.takeError();
  if (Error E = runCommand(
          {Ptxas, ArchFlag, Level, "-c", PTXFile, "-o", *Relocatable},
          Opts.Verbose))
    return E;
  return runCommand({*Nvlink, ArchFlag, *Relocatable, "-o", Cubin},
                    Opts.Verbose);
}

/// Assembles the PTX for each arch with ptxas; none without a toolkit.
Expected<std::vector<Part>> assembleCubins(StringRef PTX,
                                           ArrayRef<std::string> Archs,
                                           const NVPTXImageOptions &Opts,
                                           TempFiles &Temps) {
  std::vector<Part> Cubins;
  std::optional<std::string> Ptxas = findInCuda(Opts.CudaPath, "bin/ptxas");
  if (!Ptxas)
    return Cubins;
  Expected<std::string> PTXFile = Temps.create("device-nvptx", "ptx");
  if (!PTXFile)
    return PTXFile.takeError();
  if (Error E = writeFile(*PTXFile, PTX))
    return std::move(E);
  for (const std::string &Arch : Archs) {
    Expected<std::string> Cubin = Temps.create("device-" + Arch, "cubin");
    if (!Cubin)
      return Cubin.takeError();
    if (Error E = assembleCubin(*Ptxas, *PTXFile, Arch, *Cubin, Opts, Temps))
      return std::move(E);
    auto Bytes = MemoryBuffer::getFile(*Cubin);
    if (!Bytes)
      return createFileError(*Cubin, Bytes.getError());
    Cubins.push_back({COT_NV_PART_CUBIN, smNumber(Arch),
                      (*Bytes)->getBuffer().str()});
  }
  return Cubins;
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

} // namespace

Expected<std::string> buildNVPTXImage(Module &M, const NVPTXImageOptions &Opts,
                                      TempFiles &Temps) {
  std::string Arch = Opts.Arch.empty() ? DefaultArch.str() : Opts.Arch;
  std::vector<std::string> CubinArchs;
  if (Opts.Arch.empty())
    CubinArchs.assign(std::begin(DefaultCubinArchs), std::end(DefaultCubinArchs));
  else
    CubinArchs.push_back(Opts.Arch);

  if (Error E = retargetToNVPTX(M))
    return std::move(E);
  FunctionAnalysisManager NoAnalyses;
  for (Function &F : M)
    if (!F.isDeclaration())
      AllocateToStackPass().run(F, NoAnalyses);
  bindLibdeviceMath(M);
  makeDefaultSchedulesCyclic(M);
  formNVPTXKernels(M);
  lowerGPUPrintf(M);
  translateIndirectCalls(M);
  // The runtime after the lowering, which adds calls to it.
  if (Error E = linkBitcodeFile(M, Opts.RuntimeLibDir + "/libomptarget-nvptx.bc",
                                "the device runtime"))
    return std::move(E);
  if (Error E = linkLibdevice(M, Opts.CudaPath))
    return std::move(E);
  defineRuntimeGlobals(M);
  definePureVirtualTrap(M);
  internalizeDeviceProgram(M);
  if (Temps.keeping())
    if (Error E = saveBitcode(M, Temps.create("device-nvptx-lowered", "bc")))
      return std::move(E);

  Expected<std::unique_ptr<TargetMachine>> TM =
      nvptxTargetMachine(Arch, Opts.Optimize);
  if (!TM)
    return TM.takeError();
  optimizeDeviceProgram(M, **TM, Opts.Optimize);
  if (Error E = checkDeviceExterns(M))
    return std::move(E);
  if (Temps.keeping())
    if (Error E = saveBitcode(M, Temps.create("device-nvptx", "bc")))
      return std::move(E);
  Expected<std::string> PTX = emitPTX(M, **TM);
  if (!PTX)
    return PTX.takeError();
  PTX->push_back('\0');

  if (Temps.keeping())
    if (Expected<std::string> Kept = Temps.create("device-nvptx-ptx", "ptx"))
      if (Error E = writeFile(*Kept, StringRef(*PTX).drop_back()))
        return std::move(E);

  std::vector<Part> Parts = {{COT_NV_PART_PTX, smNumber(Arch), *PTX}};
  Expected<std::vector<Part>> Cubins =
      assembleCubins(StringRef(*PTX).drop_back(), CubinArchs, Opts, Temps);
  if (!Cubins)
    return Cubins.takeError();
  append_range(Parts, *Cubins);
  return packImage(Parts);
}

} // namespace cot

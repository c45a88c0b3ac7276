//===- DeviceLinkSupport.cpp - Helpers of the device link step ------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "DeviceLinkSupport.h"
#include "OpenMPDevice/DeviceModuleExtraction.h"
#include "OpenMPDevice/Diagnostics.h"
#include "OpenMPDevice/Passes.h"

#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/StandardInstrumentations.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"

using namespace llvm;

namespace cot {

TempFiles::~TempFiles() {
  if (!keeping())
    for (const std::string &F : Files)
      sys::fs::remove(F);
}

Expected<std::string> TempFiles::create(StringRef Name, StringRef Suffix) {
  if (keeping()) {
    Files.push_back((KeepPrefix + "-" + Name + "." + Suffix).str());
    return Files.back();
  }
  SmallString<128> Path;
  if (std::error_code EC = sys::fs::createTemporaryFile(Name, Suffix, Path))
    return createFileError(Name, EC);
  Files.push_back(std::string(Path));
  return Files.back();
}

Error writeFile(StringRef Path, StringRef Data) {
  std::error_code EC;
  raw_fd_ostream OS(Path, EC);
  if (EC)
    return createFileError(Path, EC);
  OS << Data;
  return Error::success();
}

Error runCommand(ArrayRef<StringRef> Args, bool Verbose, StringRef ErrorsFile) {
  if (Verbose) {
    for (StringRef A : Args)
      errs() << " \"" << A << "\"";
    errs() << "\n";
  }
  std::string ErrMsg;
  SmallVector<std::optional<StringRef>, 3> Redirects;
  if (!ErrorsFile.empty())
    Redirects = {std::nullopt, std::nullopt, ErrorsFile};
  int Rc = sys::ExecuteAndWait(Args[0], Args, std::nullopt, Redirects, 0, 0,
                               &ErrMsg);
  if (Rc != 0)
    return createStringError(
        inconvertibleErrorCode(), "device link command failed: %s%s",
        Args[0].str().c_str(), ErrMsg.empty() ? "" : (": " + ErrMsg).c_str());
  return Error::success();
}

std::string defaultPipeline(OptimizationLevel Level) {
  static const std::pair<OptimizationLevel, StringLiteral> Names[] = {
      {OptimizationLevel::O0, "default<O0>"},
      {OptimizationLevel::O1, "default<O1>"},
      {OptimizationLevel::O2, "default<O2>"},
      {OptimizationLevel::O3, "default<O3>"},
      {OptimizationLevel::Os, "default<Os>"},
      {OptimizationLevel::Oz, "default<Oz>"}};
  for (const auto &[Known, Name] : Names)
    if (Level == Known)
      return Name.str();
  return "default<O2>";
}

Error runDevicePipeline(Module &M, StringRef Target, StringRef Pipeline,
                        TargetMachine *TM, bool Verbose,
                        function_ref<void(PassBuilder &)> Register,
                        PipelineTuningOptions Tuning) {
  dropOpenMPModuleFlag(M);
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  // As in Clang's back end: among others, function passes skip optnone
  // functions (code compiled at -O0); the device passes are required.
  PassInstrumentationCallbacks PIC;
  StandardInstrumentations SI(M.getContext(), /*DebugLogging=*/false);
  SI.registerCallbacks(PIC, &MAM);
  PIC.registerShouldRunOptionalPassCallback(
      [&M](StringRef, Any) { return !hasDeviceErrors(M); });
  PassBuilder PB(TM, Tuning, std::nullopt, &PIC);
  registerOpenMPDevicePasses(PB);
  if (Register)
    Register(PB);
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  if (Verbose)
    errs() << "device pipeline for " << Target << ": " << Pipeline << "\n";
  ModulePassManager MPM;
  if (Error E = PB.parsePassPipeline(MPM, Pipeline))
    return E;
  MPM.run(M, MAM);
  if (hasDeviceErrors(M))
    return createStringError(inconvertibleErrorCode(),
                             "the device code for %s has errors",
                             Target.str().c_str());
  return Error::success();
}

Error saveBitcode(const Module &M, Expected<std::string> Path) {
  if (!Path)
    return Path.takeError();
  std::error_code EC;
  raw_fd_ostream OS(*Path, EC);
  if (EC)
    return createFileError(*Path, EC);
  WriteBitcodeToFile(M, OS);
  return Error::success();
}

Expected<std::unique_ptr<TargetMachine>>
targetMachineFor(StringRef Triple, StringRef CPU,
                 std::optional<Reloc::Model> Reloc, CodeGenOptLevel Level) {
  std::string Err;
  const Target *T = TargetRegistry::lookupTarget(Triple.str(), Err);
  if (!T)
    return createStringError(inconvertibleErrorCode(), Err);
  return std::unique_ptr<TargetMachine>(T->createTargetMachine(
      Triple, CPU, "", TargetOptions(), Reloc, std::nullopt, Level));
}

} // namespace cot

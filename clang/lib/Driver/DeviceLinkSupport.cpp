//===- DeviceLinkSupport.cpp - Helpers of the device link step ------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "DeviceLinkSupport.h"
#include "OpenMPDevice/DeviceModuleExtraction.h"

#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/StandardInstrumentations.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"

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

Error runCommand(ArrayRef<StringRef> Args, bool Verbose) {
  if (Verbose) {
    for (StringRef A : Args)
      errs() << " \"" << A << "\"";
    errs() << "\n";
  }
  std::string ErrMsg;
  int Rc = sys::ExecuteAndWait(Args[0], Args, std::nullopt, {}, 0, 0, &ErrMsg);
  if (Rc != 0)
    return createStringError(inconvertibleErrorCode(),
                             "device link command failed: %s%s",
                             Args[0].str().c_str(),
                             ErrMsg.empty() ? "" : (": " + ErrMsg).c_str());
  return Error::success();
}

void optimize(Module &M, OptimizationLevel Level, TargetMachine *TM,
              function_ref<void(PassBuilder &)> AddPasses) {
  dropOpenMPModuleFlag(M);
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  // As in Clang's back end: among others, function passes skip optnone
  // functions (code compiled at -O0).
  PassInstrumentationCallbacks PIC;
  StandardInstrumentations SI(M.getContext(), /*DebugLogging=*/false);
  SI.registerCallbacks(PIC, &MAM);
  PassBuilder PB(TM, PipelineTuningOptions(), std::nullopt, &PIC);
  if (AddPasses)
    AddPasses(PB);
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  ModulePassManager MPM = Level == OptimizationLevel::O0
                              ? PB.buildO0DefaultPipeline(Level)
                              : PB.buildPerModuleDefaultPipeline(Level);
  MPM.run(M, MAM);
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

} // namespace cot

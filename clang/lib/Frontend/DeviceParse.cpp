//===- DeviceParse.cpp - A second parse for device-specific source --------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The scan runs the preprocessor alone over the input, once for all
// targets, with a callback on #ifdef/#ifndef/#elifdef/#elifndef and
// defined() of the device macros and a handler of `#pragma omp` that reads
// the pragmas whose context selectors Clang resolves as it parses
// (DeviceContextSelectors.h). The device parse is a second CompilerInstance
// on a copy of the invocation with the device's macros predefined and the
// files whose pragmas the device decides otherwise remapped (or on the
// input as the device preprocessed it), running the offload action in
// extraction mode (HostLoweringOptions::ExtractOnly) and emitting nothing.
//
//===----------------------------------------------------------------------===//

#include "clang-offload/Frontend/DeviceParse.h"
#include "clang-offload/Frontend/DeviceContextSelectors.h"
#include "clang-offload/Frontend/OffloadFrontendAction.h"
#include "clang-offload/Frontend/RequiresReverseOffload.h"

#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/FrontendTool/Utils.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Pragma.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;
using namespace llvm;

namespace cot {
namespace {

class MacroTestWatcher : public PPCallbacks {
public:
  MacroTestWatcher(const StringSet<> &Watched, StringSet<> &Tested)
      : Watched(Watched), Tested(Tested) {}

  void Ifdef(SourceLocation, const Token &Name, const MacroDefinition &) override {
    check(Name);
  }
  void Ifndef(SourceLocation, const Token &Name,
              const MacroDefinition &) override {
    check(Name);
  }
  void Elifdef(SourceLocation, const Token &Name,
               const MacroDefinition &) override {
    check(Name);
  }
  void Elifndef(SourceLocation, const Token &Name,
                const MacroDefinition &) override {
    check(Name);
  }
  void Defined(const Token &Name, const MacroDefinition &,
               SourceRange) override {
    check(Name);
  }

private:
  const StringSet<> &Watched;
  StringSet<> &Tested;

  void check(const Token &Name) {
    if (const IdentifierInfo *II = Name.getIdentifierInfo();
        II && Watched.contains(II->getName()))
      Tested.insert(II->getName());
  }
};

/// What the scan found: the device macros the input tests, and its
/// metadirectives and `begin declare variant` pragmas.
struct SourceScan {
  StringSet<> TestedMacros;
  SelectorScan Selectors;
};

class ScanAction : public PreprocessOnlyAction {
public:
  ScanAction(const StringSet<> &Watched, SourceScan &Out)
      : Watched(Watched), Out(Out) {}

protected:
  void ExecuteAction() override {
    Preprocessor &PP = getCompilerInstance().getPreprocessor();
    PP.addPPCallbacks(
        std::make_unique<MacroTestWatcher>(Watched, Out.TestedMacros));
    PP.AddPragmaHandler(createSelectorCollector(Out.Selectors).release());
    PreprocessOnlyAction::ExecuteAction();
  }

private:
  const StringSet<> &Watched;
  SourceScan &Out;
};

SourceScan scanSource(CompilerInstance &Host, ArrayRef<OffloadTarget> Targets) {
  StringSet<> Watched;
  for (const OffloadTarget &T : Targets)
    for (const std::string &M : deviceMacros(T.Triple))
      Watched.insert(M);
  CompilerInstance Scan;
  Scan.setInvocation(std::make_shared<CompilerInvocation>(Host.getInvocation()));
  Scan.getFrontendOpts().ProgramAction = frontend::RunPreprocessorOnly;
  Scan.getFrontendOpts().OutputFile.clear();
  Scan.createDiagnostics(new IgnoringDiagConsumer());
  SourceScan Found;
  ScanAction Act(Watched, Found);
  Scan.ExecuteAction(Act);
  return Found;
}

void remapFiles(CompilerInstance &CI, const StringMap<std::string> &Files) {
  for (const auto &[Path, Text] : Files)
    CI.getPreprocessorOpts().addRemappedFile(
        Path, MemoryBuffer::getMemBufferCopy(Text, Path).release());
}

bool testsMacrosOf(const SourceScan &Scan, const OffloadTarget &T) {
  return llvm::any_of(deviceMacros(T.Triple), [&](const std::string &M) {
    return Scan.TestedMacros.contains(M);
  });
}

bool parsesSource(const CompilerInstance &Host) {
  for (const FrontendInputFile &In : Host.getFrontendOpts().Inputs)
    if (In.getKind().getFormat() != InputKind::Source ||
        In.getKind().getLanguage() == Language::LLVM_IR ||
        In.getKind().isPreprocessed())
      return false;
  return true;
}

} // namespace

std::vector<DeviceParsePlan> planDeviceParses(CompilerInstance &Host,
                                              ArrayRef<OffloadTarget> Targets) {
  std::vector<DeviceParsePlan> Plans;
  if (Targets.empty() || !parsesSource(Host))
    return Plans;
  SourceScan Scan = scanSource(Host, Targets);
  StringRef HostTriple = Host.getTargetOpts().Triple;
  for (const OffloadTarget &T : Targets) {
    StringMap<std::string> Rewrites =
        rewriteForDevice(Scan.Selectors, HostTriple, T.Triple);
    if (testsMacrosOf(Scan, T) || !Rewrites.empty())
      Plans.push_back({T, std::move(Rewrites)});
  }
  return Plans;
}

void useDeviceSelectors(CompilerInstance &CI, StringRef DeviceTriple) {
  if (!parsesSource(CI))
    return;
  SourceScan Scan = scanSource(CI, /*Targets=*/{});
  remapFiles(CI, rewriteForDevice(Scan.Selectors, CI.getTargetOpts().Triple,
                                  DeviceTriple));
}

bool runDeviceParse(CompilerInstance &Host, const OffloadTarget &T,
                    StringRef DeviceSource,
                    const StringMap<std::string> &Rewrites,
                    DeviceBitcodeMap &Out) {
  CompilerInstance Dev;
  Dev.setInvocation(std::make_shared<CompilerInvocation>(Host.getInvocation()));
  FrontendOptions &FEOpts = Dev.getFrontendOpts();
  if (DeviceSource.empty()) {
    for (const std::string &M : deviceMacros(T.Triple))
      Dev.getPreprocessorOpts().addMacroDef(M);
  } else {
    InputKind Kind = FEOpts.Inputs.front().getKind();
    FEOpts.Inputs = {FrontendInputFile(DeviceSource, Kind)};
  }
  remapFiles(Dev, Rewrites);
  FEOpts.ProgramAction = frontend::EmitLLVMOnly;
  // The extraction runs at the start of the LLVM pipeline, also in a job
  // that stops before it (-save-temps' compile).
  Dev.getCodeGenOpts().DisableLLVMPasses = false;
  Dev.getFrontendOpts().OutputFile.clear();
  Dev.createDiagnostics(&Host.getDiagnosticClient(), /*ShouldOwnClient=*/false);
  std::unique_ptr<FrontendAction> CodeGen = CreateFrontendAction(Dev);
  if (!CodeGen)
    return false;
  HostLoweringOptions Opts;
  Opts.Targets = {T};
  Opts.DeviceCode = &Out;
  Opts.ExtractOnly = true;
  std::unique_ptr<FrontendAction> Act = acceptRequiresReverseOffload(
      createOffloadFrontendAction(std::move(CodeGen), Dev, Opts));
  return Dev.ExecuteAction(*Act) && Out.count(T.Triple);
}

} // namespace cot

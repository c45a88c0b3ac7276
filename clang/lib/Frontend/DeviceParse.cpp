//===- DeviceParse.cpp - A second parse for device-specific source --------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The scan runs the preprocessor alone over the input with a callback on
// #ifdef/#ifndef/#elifdef/#elifndef and defined() of the device macros. The
// device parse is a second CompilerInstance on a copy of the invocation
// with those macros predefined (or on the input as the device preprocessed
// it), running the offload action in extraction mode
// (HostLoweringOptions::ExtractOnly) and emitting nothing.
//
//===----------------------------------------------------------------------===//

#include "clang-offload/Frontend/DeviceParse.h"
#include "clang-offload/Frontend/OffloadFrontendAction.h"
#include "clang-offload/Frontend/RequiresReverseOffload.h"

#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/FrontendTool/Utils.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;
using namespace llvm;

namespace cot {
namespace {

class MacroTestWatcher : public PPCallbacks {
public:
  MacroTestWatcher(const StringSet<> &Watched, bool &Found)
      : Watched(Watched), Found(Found) {}

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
  bool &Found;

  void check(const Token &Name) {
    if (const IdentifierInfo *II = Name.getIdentifierInfo())
      Found |= Watched.contains(II->getName());
  }
};

class ScanAction : public PreprocessOnlyAction {
public:
  ScanAction(const StringSet<> &Watched, bool &Found)
      : Watched(Watched), Found(Found) {}

protected:
  void ExecuteAction() override {
    getCompilerInstance().getPreprocessor().addPPCallbacks(
        std::make_unique<MacroTestWatcher>(Watched, Found));
    PreprocessOnlyAction::ExecuteAction();
  }

private:
  const StringSet<> &Watched;
  bool &Found;
};

bool scanForMacroTests(CompilerInstance &Host, const StringSet<> &Watched) {
  CompilerInstance Scan;
  Scan.setInvocation(std::make_shared<CompilerInvocation>(Host.getInvocation()));
  Scan.getFrontendOpts().ProgramAction = frontend::RunPreprocessorOnly;
  Scan.getFrontendOpts().OutputFile.clear();
  Scan.createDiagnostics(new IgnoringDiagConsumer());
  bool Found = false;
  ScanAction Act(Watched, Found);
  Scan.ExecuteAction(Act);
  return Found;
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

std::vector<OffloadTarget>
targetsWithMacroTests(CompilerInstance &Host, ArrayRef<OffloadTarget> Targets) {
  std::vector<OffloadTarget> Found;
  if (!parsesSource(Host))
    return Found;
  for (const OffloadTarget &T : Targets) {
    std::vector<std::string> Macros = deviceMacros(T.Triple);
    if (Macros.empty())
      continue;
    StringSet<> Watched;
    for (const std::string &M : Macros)
      Watched.insert(M);
    if (scanForMacroTests(Host, Watched))
      Found.push_back(T);
  }
  return Found;
}

bool runDeviceParse(CompilerInstance &Host, const OffloadTarget &T,
                    StringRef DeviceSource, DeviceBitcodeMap &Out) {
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

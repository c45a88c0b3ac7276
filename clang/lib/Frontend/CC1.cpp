//===- CC1.cpp - The in-process compiler job ------------------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// `clang -cc1`: builds a CompilerInstance from the cc1 arguments and runs the
// frontend action they ask for. When the driver passed offload targets
// (-cot-offload-targets=) and the action generates code, the action is
// wrapped by OffloadFrontendAction, which puts our Sema step in front of Clang
// CodeGen and our host lowering at the start of the LLVM pipeline. The file is
// parsed once either way.
//
//===----------------------------------------------------------------------===//

#include "clang-offload/Frontend/CC1.h"
#include "clang-offload/Basic/OffloadTarget.h"
#include "clang-offload/Frontend/DeviceParse.h"
#include "clang-offload/Frontend/OffloadFrontendAction.h"
#include "clang-offload/Frontend/RequiresReverseOffload.h"

#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/FrontendOptions.h"
#include "clang/Frontend/TextDiagnosticBuffer.h"
#include "clang/FrontendTool/Utils.h"
#include "llvm/Support/BuryPointer.h"
#include "llvm/Support/CommandLine.h"

using namespace llvm;
using namespace clang;

namespace cot {

static bool generatesCode(frontend::ActionKind Kind) {
  switch (Kind) {
  case frontend::EmitAssembly:
  case frontend::EmitBC:
  case frontend::EmitLLVM:
  case frontend::EmitLLVMOnly:
  case frontend::EmitCodeGenOnly:
  case frontend::EmitObj:
    return true;
  default:
    return false;
  }
}

/// Passes -mllvm options to LLVM, as Clang's cc1 does.
static void parseLLVMArgs(const FrontendOptions &Opts) {
  if (Opts.LLVMArgs.empty())
    return;
  std::vector<const char *> Args = {"clang (LLVM option parsing)"};
  for (const std::string &A : Opts.LLVMArgs)
    Args.push_back(A.c_str());
  cl::ParseCommandLineOptions(Args.size(), Args.data());
}

/// Splits our own flag off the cc1 arguments.
static std::vector<OffloadTarget>
takeOffloadTargets(SmallVectorImpl<const char *> &Args) {
  std::vector<OffloadTarget> Targets;
  auto *It = llvm::remove_if(Args, [&](StringRef A) {
    if (!A.consume_front(CC1OffloadTargetsFlag))
      return false;
    Targets = decodeOffloadTargets(A);
    return true;
  });
  Args.erase(It, Args.end());
  return Targets;
}

static bool execute(CompilerInstance &Clang,
                    const std::vector<OffloadTarget> &Targets) {
  parseLLVMArgs(Clang.getFrontendOpts());
  bool Offload =
      !Targets.empty() && generatesCode(Clang.getFrontendOpts().ProgramAction);
  // Device code of files that test device macros comes from a second parse
  // with those macros, run first.
  DeviceBitcodeMap DeviceParses;
  if (Offload)
    for (const OffloadTarget &T : targetsWithMacroTests(Clang, Targets))
      if (!runDeviceParse(Clang, T, DeviceParses))
        return false;
  std::unique_ptr<FrontendAction> Act = CreateFrontendAction(Clang);
  if (!Act)
    return false;
  if (Offload) {
    HostLoweringOptions Opts;
    Opts.Targets = Targets;
    Opts.DeviceParses = &DeviceParses;
    Act = createOffloadFrontendAction(std::move(Act), Clang, Opts);
  }
  Act = acceptRequiresReverseOffload(std::move(Act));
  return Clang.ExecuteAction(*Act);
}

int cc1Main(SmallVectorImpl<const char *> &Argv) {
  const char *Argv0 = Argv[0];
  SmallVector<const char *, 256> Args(Argv.begin() + 2, Argv.end());
  std::vector<OffloadTarget> Targets = takeOffloadTargets(Args);

  auto Clang = std::make_unique<CompilerInstance>();
  IntrusiveRefCntPtr<DiagnosticOptions> DiagOpts = new DiagnosticOptions();
  auto *DiagsBuffer = new TextDiagnosticBuffer;
  DiagnosticsEngine Diags(new DiagnosticIDs(), &*DiagOpts, DiagsBuffer);
  bool Parsed = CompilerInvocation::CreateFromArgs(Clang->getInvocation(),
                                                   Args, Diags, Argv0);
  HeaderSearchOptions &HSOpts = Clang->getHeaderSearchOpts();
  if (HSOpts.UseBuiltinIncludes && HSOpts.ResourceDir.empty())
    HSOpts.ResourceDir =
        CompilerInvocation::GetResourcesPath(Argv0, (void *)&cc1Main);

  Clang->createDiagnostics();
  if (!Clang->hasDiagnostics())
    return 1;
  DiagsBuffer->FlushDiagnostics(Clang->getDiagnostics());
  if (!Parsed) {
    Clang->getDiagnosticClient().finish();
    return 1;
  }

  bool Success = execute(*Clang, Targets);
  // -disable-free: the process ends soon; skip freeing the AST, as cc1 does.
  if (Clang->getFrontendOpts().DisableFree)
    llvm::BuryPointer(std::move(Clang));
  return !Success;
}

} // namespace cot

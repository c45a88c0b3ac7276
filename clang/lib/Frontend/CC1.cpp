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
// parsed once either way (but for device-specific source, DeviceParse.h).
// The device code of each target goes to the file the driver named with
// -cot-device-output= (the driver bundles it with the host output).
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
#include "llvm/BinaryFormat/Magic.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/BuryPointer.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <map>

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

namespace {
/// Our flags of a cc1 command line (OffloadTarget.h).
struct OffloadArgs {
  std::vector<OffloadTarget> Targets;
  /// Per triple, where its device code goes / its device-preprocessed input.
  std::map<std::string, std::string> DeviceOutputs, DeviceSources;
  /// The device outputs are textual IR, not bitcode.
  bool TextOutputs = false;
  /// -fopenmp-offload-mandatory.
  bool OffloadMandatory = false;
  /// The device whose choices of context selectors a device's -E writes.
  std::string DeviceContext;
};
} // namespace

/// Splits our own flags off the cc1 arguments.
static Expected<OffloadArgs> takeOffloadArgs(SmallVectorImpl<const char *> &Args) {
  OffloadArgs Offload;
  Error Err = Error::success();
  auto TakeTargetFile = [&](StringRef Value, StringRef Flag,
                            std::map<std::string, std::string> &Into) {
    auto [Triple, File] = splitTargetFile(Value);
    if (Triple.empty() && !Err)
      Err = createStringError(inconvertibleErrorCode(),
                              "'%s' needs <triple>=<file>", Flag.data());
    Into[Triple.str()] = File.str();
  };
  auto *It = llvm::remove_if(Args, [&](StringRef A) {
    if (A.consume_front(CC1OffloadTargetsFlag))
      Offload.Targets = decodeOffloadTargets(A);
    else if (A.consume_front(CC1DeviceOutputFlag))
      TakeTargetFile(A, CC1DeviceOutputFlag, Offload.DeviceOutputs);
    else if (A.consume_front(CC1DeviceSourceFlag))
      TakeTargetFile(A, CC1DeviceSourceFlag, Offload.DeviceSources);
    else if (A.consume_front(CC1DeviceContextFlag))
      Offload.DeviceContext = A.str();
    else if (A == CC1DeviceOutputTextFlag)
      Offload.TextOutputs = true;
    else if (A == CC1OffloadMandatoryFlag)
      Offload.OffloadMandatory = true;
    else
      return false;
    return true;
  });
  Args.erase(It, Args.end());
  if (Err)
    return std::move(Err);
  return Offload;
}

/// Whether \p DeviceSource holds other text than the input of \p Clang:
/// only then does its device code need a parse of its own.
static bool differsFromInput(const CompilerInstance &Clang,
                             const MemoryBuffer &DeviceSource) {
  auto Host = MemoryBuffer::getFile(
      Clang.getFrontendOpts().Inputs.front().getFile());
  return !Host || (*Host)->getBuffer() != DeviceSource.getBuffer();
}

/// A target's device-preprocessed input: parsed where it differs from the
/// host's; empty when it has none. Bitcode is the device code of such a
/// parse that the compile job of -save-temps made.
static bool takeDeviceSource(CompilerInstance &Clang, const OffloadTarget &T,
                             StringRef Path, DeviceBitcodeMap &DeviceParses) {
  auto Source = MemoryBuffer::getFile(Path);
  if (!Source) {
    DiagnosticsEngine &Diags = Clang.getDiagnostics();
    Diags.Report(Diags.getCustomDiagID(DiagnosticsEngine::Error,
                                       "cannot read the %0 device source "
                                       "'%1': %2"))
        << T.Triple << Path << Source.getError().message();
    return false;
  }
  StringRef Text = (*Source)->getBuffer();
  if (Text.empty())
    return true;
  if (identify_magic(Text) == file_magic::bitcode) {
    DeviceParses[T.Triple] = Text.str();
    return true;
  }
  return !differsFromInput(Clang, **Source) ||
         runDeviceParse(Clang, T, Path, /*Rewrites=*/{}, DeviceParses);
}

/// Parses device-specific source a second time for the targets that need
/// it: a device-preprocessed input that differs from the host's, or source
/// that tests the device macros or has context selectors the device
/// decides otherwise.
static bool runDeviceParses(CompilerInstance &Clang, const OffloadArgs &Offload,
                            DeviceBitcodeMap &DeviceParses) {
  std::vector<OffloadTarget> Scanned;
  for (const OffloadTarget &T : Offload.Targets) {
    auto Source = Offload.DeviceSources.find(T.Triple);
    if (Source == Offload.DeviceSources.end())
      Scanned.push_back(T);
    else if (!takeDeviceSource(Clang, T, Source->second, DeviceParses))
      return false;
  }
  for (const DeviceParsePlan &Plan : planDeviceParses(Clang, Scanned))
    if (!runDeviceParse(Clang, Plan.Target, "", Plan.Rewrites, DeviceParses))
      return false;
  return true;
}

/// \p Bitcode as the file \p Path: bitcode, or textual IR.
static Error writeDeviceCode(StringRef Path, StringRef Bitcode, bool Text) {
  std::error_code EC;
  raw_fd_ostream OS(Path, EC, Text ? sys::fs::OF_Text : sys::fs::OF_None);
  if (EC)
    return createFileError(Path, EC);
  if (!Text || Bitcode.empty()) {
    OS << Bitcode;
    return Error::success();
  }
  LLVMContext Ctx;
  Expected<std::unique_ptr<llvm::Module>> M =
      parseBitcodeFile(MemoryBufferRef(Bitcode, Path), Ctx);
  if (!M)
    return M.takeError();
  (*M)->print(OS, nullptr);
  return Error::success();
}

/// Writes every device output the driver asked for. Where the LLVM
/// pipeline did not run (-save-temps' compile job), that is the device code
/// of the device parses, which the backend job takes, and else nothing.
static bool writeDeviceOutputs(CompilerInstance &Clang,
                               const OffloadArgs &Offload,
                               const DeviceBitcodeMap &DeviceCode,
                               const DeviceBitcodeMap &DeviceParses) {
  for (const auto &[Triple, Path] : Offload.DeviceOutputs) {
    StringRef Bitcode;
    if (auto Code = DeviceCode.find(Triple); Code != DeviceCode.end())
      Bitcode = Code->second;
    else if (auto Parse = DeviceParses.find(Triple);
             Parse != DeviceParses.end())
      Bitcode = Parse->second;
    if (Error E = writeDeviceCode(Path, Bitcode, Offload.TextOutputs)) {
      DiagnosticsEngine &Diags = Clang.getDiagnostics();
      Diags.Report(Diags.getCustomDiagID(DiagnosticsEngine::Error,
                                         "cannot write the %0 device code: %1"))
          << Triple << toString(std::move(E));
      return false;
    }
  }
  return true;
}

static bool execute(CompilerInstance &Clang, const OffloadArgs &Offload) {
  parseLLVMArgs(Clang.getFrontendOpts());
  bool Lowers = !Offload.Targets.empty() &&
                generatesCode(Clang.getFrontendOpts().ProgramAction);
  // Device code of device-specific source comes from a second parse, run
  // first.
  DeviceBitcodeMap DeviceParses, DeviceCode;
  if (Lowers && !runDeviceParses(Clang, Offload, DeviceParses))
    return false;
  if (!Offload.DeviceContext.empty())
    useDeviceSelectors(Clang, Offload.DeviceContext);
  std::unique_ptr<FrontendAction> Act = CreateFrontendAction(Clang);
  if (!Act)
    return false;
  if (Lowers) {
    HostLoweringOptions Opts;
    Opts.Targets = Offload.Targets;
    Opts.DeviceParses = &DeviceParses;
    Opts.DeviceCode = &DeviceCode;
    Opts.OffloadMandatory = Offload.OffloadMandatory;
    Act = createOffloadFrontendAction(std::move(Act), Clang, Opts);
  }
  Act = acceptRequiresReverseOffload(std::move(Act));
  return Clang.ExecuteAction(*Act) &&
         writeDeviceOutputs(Clang, Offload, DeviceCode, DeviceParses);
}

int cc1Main(SmallVectorImpl<const char *> &Argv) {
  const char *Argv0 = Argv[0];
  SmallVector<const char *, 256> Args(Argv.begin() + 2, Argv.end());
  Expected<OffloadArgs> Offload = takeOffloadArgs(Args);
  if (!Offload) {
    errs() << "error: " << toString(Offload.takeError()) << "\n";
    return 1;
  }

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

  bool Success = execute(*Clang, *Offload);
  // -disable-free: the process ends soon; skip freeing the AST, as cc1 does.
  if (Clang->getFrontendOpts().DisableFree)
    llvm::BuryPointer(std::move(Clang));
  return !Success;
}

} // namespace cot

//===- OffloadDriver.cpp - bin/clang's driver ------------------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Runs Clang 19's driver in process on the command line without its
// offload options, which builds the host actions. With offload targets the
// offload action graph (OffloadActions.h) adds the offload steps to them,
// and the jobs are built from that graph (OffloadJobs.h) instead of Clang's:
// -ccc-print-phases prints the graph, -ccc-print-bindings the tool each job
// runs, -### and -v the jobs, and -save-temps keeps each step's file. The
// compile jobs run in process through the cc1 entry the program hands in
// (Frontend/CC1.h; the Driver library does not link it). Without offload
// targets it is Clang's driver unchanged.
//
//===----------------------------------------------------------------------===//

#include "clang-offload/Driver/OffloadDriver.h"
#include "clang-offload/Driver/OffloadActions.h"
#include "clang-offload/Driver/OffloadJobs.h"
#include "clang-offload/Driver/OffloadOptions.h"
#include "clang-offload/Driver/OffloadToolChain.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticDriver.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Driver/Compilation.h"
#include "clang/Driver/Driver.h"
#include "clang/Driver/InputInfo.h"
#include "clang/Driver/Job.h"
#include "clang/Driver/Options.h"
#include "clang/Driver/Tool.h"
#include "clang/Driver/ToolChain.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"

using namespace llvm;
using namespace clang;
using namespace clang::driver;

namespace cot {

static std::string mainExecutable(const char *Argv0) {
  return sys::fs::getMainExecutable(Argv0, (void *)&driverMain);
}

std::string runtimeLibDir(StringRef Executable) {
  SmallString<256> Dir = sys::path::parent_path(sys::path::parent_path(Executable));
  sys::path::append(Dir, "lib");
  return std::string(Dir);
}

/// clang++ is a link to clang; the real executable's name does not tell the
/// mode, so pass it explicitly as Clang's own driver does.
static void insertDriverMode(StringRef ProgName,
                             std::vector<const char *> &Args) {
  ParsedClangName Name = ToolChain::getTargetAndModeFromProgramName(ProgName);
  if (Name.DriverMode)
    Args.insert(Args.begin() + 1, Name.DriverMode);
}

/// Clang's driver assembles .s files (its own from -save-temps, or the
/// user's) with `clang -cc1as`, Clang's assembler tool, which is not part of
/// the Clang libraries. Those compilations use the system assembler instead,
/// and -S writes assembly that it accepts (no `.addrsig`), so that the
/// output of -S assembles when given back to the driver.
static void useSystemAssemblerIfNeeded(std::vector<const char *> &Args) {
  bool NeedsAssembler = false;
  for (size_t I = 1; I < Args.size(); ++I) {
    StringRef A = Args[I];
    if (A == "-o") {
      ++I;
      continue;
    }
    if (A.starts_with("-save-temps") || A == "-S" || A.ends_with(".s") ||
        A.ends_with(".S"))
      NeedsAssembler = true;
  }
  if (NeedsAssembler)
    Args.push_back("-fno-integrated-as");
}

/// Names clang-offload before Clang's own banner, which --version prints to
/// standard output and -v and -### to standard error.
static void printOffloadVersion(ArrayRef<const char *> Args) {
  bool ToStdout = false, ToStderr = false;
  for (StringRef A : Args.drop_front()) {
    ToStdout |= A == "--version";
    ToStderr |= A == "-v" || A == "-###";
  }
  if (!ToStdout && !ToStderr)
    return;
  raw_ostream &OS = ToStdout ? outs() : errs();
  OS << "clang-offload version " COT_VERSION
        " (OpenMP offloading compiler built on Clang " COT_LLVM_VERSION ")\n";
}

/// Removes \p Flag from \p Args; returns whether it was there.
static bool takeFlag(std::vector<const char *> &Args, StringRef Flag) {
  auto It = remove_if(Args, [&](StringRef A) { return A == Flag; });
  bool Found = It != Args.end();
  Args.erase(It, Args.end());
  return Found;
}

/// What -ccc-print-bindings prints, per job: its target, tool, inputs and
/// outputs.
static void printBindings(const Compilation &C, const OffloadGraph &G) {
  for (const Command &Job : C.getJobs()) {
    const OffloadToolChain *Target = G.deviceTarget(&Job.getSource());
    outs() << "# \""
           << (Target ? Target->triple().str()
                      : C.getDefaultToolChain().getTripleString())
           << "\" - \"" << Job.getCreator().getName() << "\", inputs: [";
    ListSeparator Sep;
    for (const InputInfo &In : Job.getInputInfos())
      outs() << Sep << In.getAsString();
    outs() << "], output";
    if (Job.getOutputFilenames().size() > 1)
      outs() << "s";
    outs() << ": ";
    ListSeparator OutSep;
    for (const std::string &Out : Job.getOutputFilenames())
      outs() << OutSep << '"' << Out << '"';
    outs() << "\n";
  }
}

/// Options that look at the action graph rather than run it, which Clang's
/// driver must not act on for an offloading compilation.
struct GraphQueries {
  bool PrintPhases = false;
  bool PrintBindings = false;
};

/// Builds the offload graph over Clang's host actions of \p C and the jobs
/// from it, or prints what -ccc-print-phases and -ccc-print-bindings ask
/// for. Returns false when the compilation must not run.
static bool buildOffloadCompilation(Compilation &C, const OffloadOptions &Opts,
                                    ArrayRef<OffloadToolChain> Targets,
                                    StringRef Executable, GraphQueries Queries,
                                    std::unique_ptr<OffloadGraph> &Graph,
                                    std::unique_ptr<OffloadJobs> &Jobs,
                                    int &Result) {
  const Driver &D = C.getDriver();
  Expected<std::unique_ptr<OffloadGraph>> Built =
      OffloadGraph::build(C, Targets, Opts.DeviceOnly);
  if (!Built) {
    D.Diag(D.getDiags().getCustomDiagID(DiagnosticsEngine::Error, "%0"))
        << toString(Built.takeError());
    Result = 1;
    return false;
  }
  Graph = std::move(*Built);
  if (Queries.PrintPhases) {
    Graph->print(errs());
    Result = 0;
    return false;
  }
  if (Opts.DeviceOnly && C.getActions().size() > 1 &&
      C.getArgs().hasArg(options::OPT_o))
    D.Diag(clang::diag::err_drv_output_argument_with_multiple_files);
  C.getJobs().clear();
  Jobs = std::make_unique<OffloadJobs>(
      C, *Graph,
      OffloadJobOptions{Opts, Executable.str(), runtimeLibDir(Executable)});
  Jobs->build();
  Result = D.getDiags().hasErrorOccurred();
  if (Result)
    return false;
  if (Queries.PrintBindings) {
    printBindings(C, *Graph);
    return false;
  }
  return true;
}

int driverMain(ArrayRef<const char *> Argv, CC1Function CC1) {
  BumpPtrAllocator Alloc;
  StringSaver Saver(Alloc);
  SmallVector<const char *, 256> Expanded(Argv.begin(), Argv.end());
  cl::ExpandResponseFiles(Saver, cl::TokenizeGNUCommandLine, Expanded);
  std::vector<const char *> Args(Expanded.begin(), Expanded.end());

  std::string ProgName = sys::path::stem(Args[0]).str();
  std::string Executable = mainExecutable(Args[0]);
  insertDriverMode(ProgName, Args);
  useSystemAssemblerIfNeeded(Args);

  printOffloadVersion(Args);
  Expected<OffloadOptions> Opts = extractOffloadOptions(Args);
  if (!Opts) {
    WithColor::error(errs(), ProgName) << toString(Opts.takeError()) << "\n";
    return 1;
  }

  for (const std::string &Warning : Opts->IgnoredFlagWarnings)
    WithColor::warning(errs(), ProgName) << Warning << "\n";

  // The offload graph answers these; Clang's driver would answer them for
  // the host alone.
  GraphQueries Queries;
  if (Opts->isOffloading()) {
    Queries.PrintPhases = takeFlag(Args, "-ccc-print-phases");
    Queries.PrintBindings = takeFlag(Args, "-ccc-print-bindings");
  }

  std::unique_ptr<DiagnosticOptions> DiagOpts = CreateAndPopulateDiagOpts(Args);
  auto *DiagClient = new TextDiagnosticPrinter(errs(), DiagOpts.get());
  DiagClient->setPrefix(ProgName);
  DiagnosticsEngine Diags(new DiagnosticIDs(), DiagOpts.release(), DiagClient);

  Driver TheDriver(Executable, sys::getDefaultTargetTriple(), Diags);
  TheDriver.setTargetAndMode(ToolChain::getTargetAndModeFromProgramName(ProgName));
  // A function_ref to the parameter, which outlives TheDriver.
  TheDriver.CC1Main = CC1;

  std::unique_ptr<Compilation> C(TheDriver.BuildCompilation(Args));
  if (!C || C->containsError() || Diags.hasErrorOccurred())
    return 1;

  // The graph and the jobs' tools and arguments live until the jobs ran.
  std::vector<OffloadToolChain> Targets;
  for (const OffloadTarget &T : Opts->Targets)
    Targets.emplace_back(T, Opts->CudaPath, !Opts->PTXOnly);
  std::unique_ptr<OffloadGraph> Graph;
  std::unique_ptr<OffloadJobs> Jobs;
  int Res = 0;
  if (Opts->isOffloading() &&
      !buildOffloadCompilation(*C, *Opts, Targets, Executable, Queries, Graph,
                               Jobs, Res)) {
    Diags.getClient()->finish();
    return Res;
  }

  SmallVector<std::pair<int, const Command *>, 4> FailingCommands;
  Res = TheDriver.ExecuteCompilation(*C, FailingCommands);
  for (const auto &[Code, Failing] : FailingCommands) {
    if (!Res)
      Res = Code;
    // A crashed job already printed its own report; match Clang's exit codes.
    if (Code < 0 || Code == 70)
      Res = 1;
  }
  Diags.getClient()->finish();
  return Res;
}

} // namespace cot

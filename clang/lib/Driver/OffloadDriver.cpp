//===- OffloadDriver.cpp - bin/clang's driver ------------------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Runs Clang 19's driver in process and adds the offload steps to the job
// list it builds:
//   - each compile job gets `-cot-offload-targets=...`, so that our cc1 adds
//     the Sema step, host lowering and device extraction (Frontend/CC1.cpp,
//     which the program hands in: the Driver library does not link it);
//   - each link job is preceded by a device-link job (`clang
//     -cot-device-link`) that builds the device images from the device code
//     embedded in the objects and wraps them into an object that registers
//     them with libomptarget; the link job gets that object and libomptarget.
// Everything else is Clang's driver unchanged, so `-###` and
// `-ccc-print-phases` show the real jobs.
//
//===----------------------------------------------------------------------===//

#include "clang-offload/Driver/OffloadDriver.h"
#include "clang-offload/Driver/OffloadOptions.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Driver/Compilation.h"
#include "clang/Driver/Driver.h"
#include "clang/Driver/Job.h"
#include "clang/Driver/Tool.h"
#include "clang/Driver/ToolChain.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "llvm/ADT/STLExtras.h"
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

static bool isCodeGenCC1Job(const Command &Job) {
  const opt::ArgStringList &Args = Job.getArguments();
  if (Args.empty() || StringRef(Args[0]) != "-cc1")
    return false;
  return any_of(Args, [](StringRef A) {
    return A == "-emit-obj" || A == "-emit-llvm" || A == "-emit-llvm-bc" ||
           A == "-S" || A == "-emit-llvm-only" || A == "-emit-codegen-only";
  });
}

static void addOffloadTargetsToCompileJob(Compilation &C, Command &Job,
                                          const OffloadOptions &Opts) {
  opt::ArgStringList Args = Job.getArguments();
  Args.push_back(C.getArgs().MakeArgString(Twine(CC1OffloadTargetsFlag) +
                                           encodeOffloadTargets(Opts.Targets)));
  Job.replaceArguments(Args);
}

/// -save-temps keeps the device link's files as <output>-device-*. For an
/// output that is not a regular file (-o /dev/null, a FIFO) they go to the
/// current directory under the output's name instead, as with
/// -save-temps=cwd, rather than next to the device node.
static std::string saveTempsPrefix(const opt::ArgList &Args) {
  StringRef Output = Args.getLastArgValue(options::OPT_o, "a.out");
  sys::fs::file_status Status;
  if (!sys::fs::status(Output, Status) && !sys::fs::is_regular_file(Status) &&
      !sys::fs::is_directory(Status))
    return sys::path::filename(Output).str();
  return Output.str();
}

/// Builds `clang -cot-device-link -targets=... -o <wrapper.o> <inputs>`.
static std::unique_ptr<Command>
makeDeviceLinkJob(Compilation &C, const Command &LinkJob,
                  const OffloadOptions &Opts, StringRef Executable,
                  const char *WrapperObject) {
  opt::DerivedArgList &DAL = C.getArgs();
  opt::ArgStringList Args;
  Args.push_back(DeviceLinkFlag);
  Args.push_back(DAL.MakeArgString("-targets=" +
                                   encodeOffloadTargets(Opts.Targets)));
  if (!Opts.CudaPath.empty())
    Args.push_back(DAL.MakeArgString("-cuda-path=" + Opts.CudaPath));
  for (const auto &[Triple, Value] : Opts.TargetArgs)
    Args.push_back(DAL.MakeArgString("-Xtarget=" + Triple + "=" + Value));
  if (const opt::Arg *O = DAL.getLastArg(options::OPT_O_Group))
    Args.push_back(DAL.MakeArgString(O->getAsString(DAL)));
  if (DAL.hasArg(options::OPT_v))
    Args.push_back("-v");
  // The device passes' remarks (-Rpass=openmp-device) come from the link.
  for (const opt::Arg *A : DAL.filtered(options::OPT_Rpass_EQ,
                                        options::OPT_Rpass_missed_EQ,
                                        options::OPT_Rpass_analysis_EQ))
    Args.push_back(DAL.MakeArgString(A->getAsString(DAL)));
  // -save-temps keeps the device link's files as <output>-device-*.
  if (DAL.hasArg(options::OPT_save_temps_EQ, options::OPT_save_temps))
    Args.push_back(DAL.MakeArgString("-save-temps=" + saveTempsPrefix(DAL)));
  Args.push_back("-o");
  Args.push_back(WrapperObject);
  for (const InputInfo &II : LinkJob.getInputInfos())
    if (II.isFilename())
      Args.push_back(II.getFilename());
  // Static libraries named with -l carry device code too.
  for (StringRef A : LinkJob.getArguments())
    if ((A.starts_with("-L") && A.size() > 2) ||
        (A.starts_with("-l") && A.size() > 2))
      Args.push_back(DAL.MakeArgString(A));
  return std::make_unique<Command>(
      LinkJob.getSource(), LinkJob.getCreator(), ResponseFileSupport::None(),
      DAL.MakeArgString(Executable), Args, LinkJob.getInputInfos());
}

/// Adds the device images' wrapper object and libomptarget to a link job.
/// libomptarget goes before libomp so that its omp_* device API wins.
static void addOffloadRuntimeToLinkJob(Compilation &C, Command &LinkJob,
                                       const char *WrapperObject,
                                       StringRef LibDir) {
  opt::DerivedArgList &DAL = C.getArgs();
  opt::ArgStringList Args = LinkJob.getArguments();
  opt::ArgStringList Runtime = {WrapperObject,
                                DAL.MakeArgString("-L" + LibDir),
                                "-lomptarget", "-rpath",
                                DAL.MakeArgString(LibDir)};
  auto LibOmp = find_if(Args, [](StringRef A) {
    return A == "-lomp" || A == "-liomp5" || A == "-lgomp";
  });
  Args.insert(LibOmp, Runtime.begin(), Runtime.end());
  LinkJob.replaceArguments(Args);
}

static void addOffloadJobs(Compilation &C, const OffloadOptions &Opts,
                           StringRef Executable) {
  // JobList only appends; the device link must run right before the link,
  // so insert into the list it owns.
  auto &Jobs = const_cast<JobList::list_type &>(C.getJobs().getJobs());
  std::string LibDir = runtimeLibDir(Executable);
  for (size_t I = 0; I < Jobs.size(); ++I) {
    Command &Job = *Jobs[I];
    if (isCodeGenCC1Job(Job)) {
      addOffloadTargetsToCompileJob(C, Job, Opts);
      continue;
    }
    if (!Job.getCreator().isLinkJob())
      continue;
    std::string Temp = C.getDriver().GetTemporaryPath("offload-images", "o");
    const char *Wrapper =
        C.addTempFile(C.getArgs().MakeArgString(Temp));
    auto DeviceLink = makeDeviceLinkJob(C, Job, Opts, Executable, Wrapper);
    addOffloadRuntimeToLinkJob(C, Job, Wrapper, LibDir);
    Jobs.insert(Jobs.begin() + I, std::move(DeviceLink));
    ++I;
  }
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
  if (Opts->isOffloading())
    addOffloadJobs(*C, *Opts, Executable);

  SmallVector<std::pair<int, const Command *>, 4> FailingCommands;
  int Res = TheDriver.ExecuteCompilation(*C, FailingCommands);
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

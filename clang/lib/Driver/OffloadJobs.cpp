//===- OffloadJobs.cpp - Jobs from the offload action graph ---------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Walks the offload graph from its outputs and builds each action's job
// once, inputs first. A source compile's host steps are grouped as Clang
// groups them (OffloadJobs.h); the group with the host backend writes the
// device code of its extraction steps to the files its command names.
// Intermediate files are temporary, or with -save-temps kept as
// <input>-host-<triple>.<ext> and <input>-openmp-<triple>[-<arch>].<ext>.
//
//===----------------------------------------------------------------------===//

#include "clang-offload/Driver/OffloadJobs.h"
#include "OffloadTools.h"

#include "clang/Driver/Compilation.h"
#include "clang/Driver/Driver.h"
#include "clang/Driver/InputInfo.h"
#include "clang/Driver/Options.h"
#include "clang/Driver/Tool.h"
#include "clang/Driver/ToolChain.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Support/Path.h"

#include <map>

using namespace clang::driver;
using namespace llvm;

namespace cot {

class OffloadJobs::Impl {
public:
  Impl(Compilation &C, const OffloadGraph &G, OffloadJobOptions Options)
      : C(C), D(C.getDriver()), HostTC(C.getDefaultToolChain()), G(G),
        Opts(std::move(Options)), Bundler(HostTC, G.targets()),
        DeviceLinker(HostTC, G, Opts) {}

  void build() {
    for (const Action *Out : C.getActions())
      build(Out, /*AtTopLevel=*/true);
  }

private:
  Compilation &C;
  const Driver &D;
  const ToolChain &HostTC;
  const OffloadGraph &G;
  const OffloadJobOptions Opts;
  BundlerTool Bundler;
  DeviceLinkTool DeviceLinker;
  /// Argument lists with the additions of one job; commands keep pointers
  /// into them.
  std::vector<std::unique_ptr<opt::DerivedArgList>> ArgLists;
  std::map<std::pair<const Action *, std::string>, InputInfoList> ClangCache;
  DenseMap<const Action *, InputInfoList> Results;
  /// With -save-temps, per compile, the files its device parses write for
  /// its backend, in target order.
  DenseMap<const Action *, SmallVector<const char *, 2>> DeviceParses;

  InputInfoList build(const Action *A, bool AtTopLevel);
  InputInfoList buildUncached(const Action *A, bool AtTopLevel);
  InputInfo deviceOutputOf(const Action *A, const OffloadToolChain &Target);

  bool collapses(const Action &Into, const Action &Below) const;
  InputInfoList buildHostChain(const Action *Top, bool AtTopLevel);
  InputInfo buildHostGroup(ArrayRef<const JobAction *> Group,
                           const InputInfoList &Inputs, const char *Base,
                           bool AtTopLevel);
  std::vector<std::string> offloadFlags(ArrayRef<const JobAction *> Group,
                                        const char *Base);
  InputInfoList buildUnbundle(const OffloadUnbundlingJobAction &U);
  InputInfoList buildBundle(const OffloadBundlingJobAction &B, bool AtTopLevel);
  InputInfoList buildDevice(const JobAction &A, const OffloadToolChain &Target,
                            bool AtTopLevel);
  InputInfoList buildDeviceWithClang(const JobAction &A,
                                     const OffloadToolChain &Target,
                                     bool AtTopLevel);
  InputInfoList buildDeviceLink(const JobAction &A, bool AtTopLevel);
  InputInfoList buildHostLink(const JobAction &Link, bool AtTopLevel);
  void runClangTool(const JobAction &A, const JobAction &ToolAction,
                    const InputInfo &Output, const InputInfoList &Inputs,
                    const opt::ArgList &Args);

  const opt::DerivedArgList &hostArgs() {
    return C.getArgsForToolChain(&HostTC, "", Action::OFK_None);
  }
  opt::DerivedArgList &argsWith(function_ref<void(opt::DerivedArgList &)> Add);
  opt::DerivedArgList &argsWithCC1Flags(ArrayRef<std::string> Flags);
  const opt::Option option(opt::OptSpecifier Id) const {
    return D.getOpts().getOption(Id);
  }

  std::string hostFileNamePart() const {
    return "host-" + HostTC.getTriple().normalize();
  }
  const char *intermediateFile(const char *Base, StringRef Part,
                               types::ID Type);
  const char *deviceOutputFile(const JobAction &A,
                               const OffloadToolChain &Target,
                               const char *Base);
  const char *outputFile(const JobAction &A, const OffloadToolChain &Target,
                         const char *Base, bool AtTopLevel);
  void toolMissing(const Action &A);
};

InputInfoList OffloadJobs::Impl::build(const Action *A, bool AtTopLevel) {
  if (auto It = Results.find(A); It != Results.end())
    return It->second;
  InputInfoList Built = buildUncached(A, AtTopLevel);
  Results[A] = Built;
  return Built;
}

InputInfoList OffloadJobs::Impl::buildUncached(const Action *A,
                                               bool AtTopLevel) {
  if (const OffloadToolChain *Target = G.deviceTarget(A))
    return buildDevice(cast<JobAction>(*A), *Target, AtTopLevel);
  if (const auto *U = dyn_cast<OffloadUnbundlingJobAction>(A))
    return buildUnbundle(*U);
  if (const auto *B = dyn_cast<OffloadBundlingJobAction>(A))
    return buildBundle(*B, AtTopLevel);
  if (G.endsDeviceLink(A))
    return buildDeviceLink(cast<JobAction>(*A), AtTopLevel);
  if (G.isOffloadLink(A))
    return buildHostLink(cast<JobAction>(*A), AtTopLevel);
  if (G.isOffloadHostStep(A))
    return buildHostChain(A, AtTopLevel);
  // Steps that carry no device code: Clang's, built as Clang builds them.
  return D.BuildJobsForAction(C, A, &HostTC, "", AtTopLevel,
                              /*MultipleArchs=*/false,
                              /*LinkingOutput=*/nullptr, ClangCache,
                              Action::OFK_None);
}

/// The file that holds \p Target's part of \p A's result: an unbundling's
/// output for it, or the device step's own.
InputInfo OffloadJobs::Impl::deviceOutputOf(const Action *A,
                                            const OffloadToolChain &Target) {
  InputInfoList Built = build(A, /*AtTopLevel=*/false);
  if (!isa<OffloadUnbundlingJobAction>(A))
    return Built.front();
  return Built[1 + (&Target - G.targets().data())];
}

//===----------------------------------------------------------------------===//
// Host steps
//===----------------------------------------------------------------------===//

/// The host steps of one input, bottom up; the input (an input action or
/// an unbundling) is the first step's input.
static SmallVector<const JobAction *, 4> hostChainSteps(const Action *Top) {
  SmallVector<const JobAction *, 4> Steps;
  const Action *A = Top;
  while (isa<PreprocessJobAction, CompileJobAction, BackendJobAction,
             AssembleJobAction>(A)) {
    Steps.push_back(cast<JobAction>(A));
    A = A->getInputs().front();
  }
  std::reverse(Steps.begin(), Steps.end());
  return Steps;
}

/// Whether Clang's driver runs \p Below in the same job as \p Into, its
/// consumer: one cc1 job from the source to the object, unless -save-temps
/// keeps every step's output (or another assembler or preprocessor is
/// asked for).
bool OffloadJobs::Impl::collapses(const Action &Into,
                                  const Action &Below) const {
  if (D.isSaveTempsEnabled())
    return false;
  if (isa<CompileJobAction>(Into) && isa<PreprocessJobAction>(Below))
    return !C.getArgs().hasArg(options::OPT_no_integrated_cpp,
                               options::OPT_traditional_cpp);
  if (isa<BackendJobAction>(Into) && isa<CompileJobAction>(Below))
    return true;
  return isa<AssembleJobAction>(Into) && isa<BackendJobAction>(Below) &&
         HostTC.useIntegratedAs();
}

InputInfoList OffloadJobs::Impl::buildHostChain(const Action *Top,
                                                bool AtTopLevel) {
  SmallVector<const JobAction *, 4> Steps = hostChainSteps(Top);
  const Action *Input = Steps.front()->getInputs().front();
  InputInfoList Inputs = build(Input, /*AtTopLevel=*/false);
  // An unbundling's first output is the host part.
  Inputs.resize(1);
  const char *Base = Inputs.front().getBaseInput();
  for (size_t First = 0; First < Steps.size();) {
    size_t Last = First;
    while (Last + 1 < Steps.size() && collapses(*Steps[Last + 1], *Steps[Last]))
      ++Last;
    ArrayRef<const JobAction *> Group(&Steps[First], Last - First + 1);
    bool GroupAtTop = AtTopLevel && Last + 1 == Steps.size();
    Inputs = {buildHostGroup(Group, Inputs, Base, GroupAtTop)};
    Results[Group.back()] = Inputs;
    First = Last + 1;
  }
  return Inputs;
}

/// One job of host steps, by Clang's tool for the first of them; a group
/// that lowers offload constructs also gets our cc1 flags.
InputInfo OffloadJobs::Impl::buildHostGroup(ArrayRef<const JobAction *> Group,
                                            const InputInfoList &Inputs,
                                            const char *Base,
                                            bool AtTopLevel) {
  const JobAction &Last = *Group.back();
  InputInfo Output(&Last, Base);
  if (Last.getType() != types::TY_Nothing)
    Output = InputInfo(
        &Last,
        AtTopLevel ? D.GetNamedOutputPath(C, Last, Base, "", true, false, "")
                   : intermediateFile(Base, hostFileNamePart(), Last.getType()),
        Base);
  const opt::ArgList &Args = argsWithCC1Flags(offloadFlags(Group, Base));
  runClangTool(Last, *Group.front(), Output, Inputs, Args);
  return Output;
}

/// What a host job that lowers offload constructs is told: the targets;
/// with the compile, each target's preprocessed input where the compile
/// reads one (it parses those that differ from the host's); with the
/// backend, where each target's device code goes. With -save-temps the
/// compile and the backend are two jobs: the compile writes the device code
/// of its device parses to a file that the backend reads.
std::vector<std::string>
OffloadJobs::Impl::offloadFlags(ArrayRef<const JobAction *> Group,
                                const char *Base) {
  std::vector<std::string> Flags;
  if (none_of(Group, [&](const JobAction *S) { return G.lowersOffload(S); }))
    return Flags;
  std::vector<OffloadTarget> Targets;
  for (const OffloadToolChain &Target : G.targets())
    Targets.push_back(Target.target());
  Flags.push_back(
      (Twine(CC1OffloadTargetsFlag) + encodeOffloadTargets(Targets)).str());
  if (Opts.Options.OffloadMandatory)
    Flags.push_back(CC1OffloadMandatoryFlag.str());
  auto Step = [&](auto IsA) { return find_if(Group, IsA); };
  auto Compile = Step([](const JobAction *S) {
    return isa<CompileJobAction>(S);
  });
  auto Backend = Step([](const JobAction *S) {
    return isa<BackendJobAction>(S);
  });
  auto AddTargetFiles = [&](StringRef Flag, auto FileOf) {
    for (const OffloadToolChain &Target : G.targets())
      Flags.push_back(
          (Flag + Target.triple() + "=" + FileOf(Target)).str());
  };
  if (Compile != Group.end()) {
    ArrayRef<Action *> Sources = G.deviceSourcesOf(*Compile);
    if (!Sources.empty())
      AddTargetFiles(CC1DeviceSourceFlag, [&](const OffloadToolChain &T) {
        return deviceOutputOf(Sources[&T - G.targets().data()], T)
            .getFilename();
      });
    if (!Sources.empty() && Backend == Group.end())
      AddTargetFiles(CC1DeviceOutputFlag, [&](const OffloadToolChain &T) {
        const char *File = intermediateFile(
            Base, T.fileNamePart() + "-parse", types::TY_LLVM_BC);
        DeviceParses[*Compile].push_back(File);
        return File;
      });
  }
  if (Backend == Group.end())
    return Flags;
  if (Compile == Group.end())
    if (auto Parsed = DeviceParses.find((*Backend)->getInputs().front());
        Parsed != DeviceParses.end())
      AddTargetFiles(CC1DeviceSourceFlag, [&](const OffloadToolChain &T) {
        return Parsed->second[&T - G.targets().data()];
      });
  ArrayRef<Action *> Extracted = G.extractedBy(*Backend);
  for (Action *Device : Extracted) {
    const OffloadToolChain &Target = *G.deviceTarget(Device);
    bool Top = is_contained(C.getActions(), Device);
    const char *File =
        outputFile(cast<JobAction>(*Device), Target, Base, Top);
    Results[Device] = {InputInfo(Device, File, Base)};
    Flags.push_back(
        (Twine(CC1DeviceOutputFlag) + Target.triple() + "=" + File).str());
  }
  if (!Extracted.empty() &&
      Extracted.front()->getType() == types::TY_LLVM_IR)
    Flags.push_back(CC1DeviceOutputTextFlag.str());
  return Flags;
}

/// The type of the device parts of a bundle of type \p Type: the device
/// code of assembly is LLVM IR text.
static types::ID devicePartType(types::ID Type) {
  return Type == types::TY_PP_Asm ? types::TY_LLVM_IR : Type;
}

InputInfoList
OffloadJobs::Impl::buildUnbundle(const OffloadUnbundlingJobAction &U) {
  InputInfoList Inputs = build(U.getInputs().front(), /*AtTopLevel=*/false);
  const char *Base = Inputs.front().getBaseInput();
  InputInfoList Outputs = {InputInfo(
      &U, intermediateFile(Base, hostFileNamePart(), U.getType()), Base)};
  types::ID DeviceType = devicePartType(U.getType());
  for (const OffloadToolChain &Target : G.targets())
    Outputs.push_back(InputInfo(
        DeviceType, intermediateFile(Base, Target.fileNamePart(), DeviceType),
        Base));
  Bundler.ConstructJobMultipleOutputs(C, U, Outputs, Inputs, hostArgs(),
                                      /*LinkingOutput=*/nullptr);
  return Outputs;
}

/// An output a user asked for: the device parts in target order, then the
/// host part.
InputInfoList
OffloadJobs::Impl::buildBundle(const OffloadBundlingJobAction &B,
                               bool AtTopLevel) {
  InputInfoList Inputs;
  for (auto [Part, Target] : zip(ArrayRef(B.getInputs()).drop_back(),
                                 G.targets()))
    Inputs.push_back(deviceOutputOf(Part, Target));
  Inputs.push_back(build(B.getInputs().back(), /*AtTopLevel=*/false).front());
  const char *Base = Inputs.back().getBaseInput();
  InputInfo Output(&B,
                   D.GetNamedOutputPath(C, B, Base, "", AtTopLevel,
                                        /*MultipleArchs=*/false, ""),
                   Base);
  Bundler.ConstructJob(C, B, Output, Inputs, hostArgs(),
                       /*LinkingOutput=*/nullptr);
  return {Output};
}

//===----------------------------------------------------------------------===//
// Device steps
//===----------------------------------------------------------------------===//

InputInfoList OffloadJobs::Impl::buildDevice(const JobAction &A,
                                             const OffloadToolChain &Target,
                                             bool AtTopLevel) {
  // Device code extracted by a host backend: its job writes it.
  if (const Action *HostOutput = G.hostOutputFor(&A)) {
    build(HostOutput, /*AtTopLevel=*/false);
    return Results.lookup(&A);
  }
  if (G.endsDeviceLink(&A))
    return buildDeviceLink(A, AtTopLevel);
  return buildDeviceWithClang(A, Target, AtTopLevel);
}

/// Device steps that Clang's cc1 tool runs as it runs the host's: the
/// preprocessing of -E with the device's macros and metadirective variants
/// (CC1DeviceContextFlag), and the conversion of
/// unbundled device bitcode to text. The tool sees a host action of the
/// same kind; what makes the step the device's is in its arguments.
InputInfoList
OffloadJobs::Impl::buildDeviceWithClang(const JobAction &A,
                                        const OffloadToolChain &Target,
                                        bool AtTopLevel) {
  Action *In = A.getInputs().front();
  InputInfoList Inputs;
  JobAction *HostKind;
  const opt::ArgList *Args;
  if (isa<PreprocessJobAction>(A)) {
    Inputs = build(In, /*AtTopLevel=*/false);
    HostKind = C.MakeAction<PreprocessJobAction>(In, A.getType());
    Args = &argsWith([&](opt::DerivedArgList &DAL) {
      for (const std::string &Macro : deviceMacros(Target.triple()))
        DAL.AddJoinedArg(nullptr, option(options::OPT_D), Macro);
      DAL.AddSeparateArg(nullptr, option(options::OPT_Xclang),
                         (Twine(CC1DeviceContextFlag) + Target.triple()).str());
    });
  } else {
    Inputs = {deviceOutputOf(In, Target)};
    HostKind = C.MakeAction<BackendJobAction>(In, A.getType());
    Args = &argsWithCC1Flags({"-disable-llvm-passes"});
  }
  const char *Base = Inputs.front().getBaseInput();
  InputInfo Output(&A, outputFile(A, Target, Base, AtTopLevel), Base);
  runClangTool(*HostKind, *HostKind, Output, Inputs, *Args);
  return {Output};
}

/// The device link job: a link's device steps for every target, ending in
/// the packaged images, or the device link and backend of one device-only
/// assembly output.
InputInfoList OffloadJobs::Impl::buildDeviceLink(const JobAction &A,
                                                 bool AtTopLevel) {
  InputInfoList Inputs;
  for (const DeviceLinkInput &In : G.deviceLinkInputs(&A))
    Inputs.push_back(In.Target ? deviceOutputOf(In.Action, *In.Target)
                               : build(In.Action, false).front());
  const char *File;
  const char *Base = Inputs.empty() ? "" : Inputs.front().getBaseInput();
  if (const OffloadToolChain *Target = G.deviceTarget(&A)) {
    File = outputFile(A, *Target, Base, AtTopLevel);
  } else if (D.isSaveTempsEnabled()) {
    StringRef Program = C.getArgs().getLastArgValue(options::OPT_o, "a.out");
    File = C.getArgs().MakeArgString(deviceLinkSaveTempsPrefix(Program) +
                                     "-device-images.o");
  } else {
    File = D.CreateTempFile(C, "offload-images", "o");
  }
  InputInfo Output(&A, File, Base);
  DeviceLinker.ConstructJob(C, A, Output, Inputs, hostArgs(),
                            /*LinkingOutput=*/nullptr);
  return {Output};
}

/// Clang's link, given the packaged images and libomptarget (before libomp,
/// so that its omp_* device API wins), with an rpath to it, and libm: Clang's
/// host code of a `reduction(inscan)` loop calls log2 and ceil (a C program
/// that uses no math failed to link at -O0, or with a run-time trip count,
/// with "undefined reference to log2"; upstream Clang's too).
InputInfoList OffloadJobs::Impl::buildHostLink(const JobAction &Link,
                                               bool AtTopLevel) {
  InputInfoList Inputs;
  for (const Action *In : Link.getInputs())
    append_range(Inputs, build(In, /*AtTopLevel=*/false));
  const char *Base = Inputs.empty() ? "" : Inputs.front().getBaseInput();
  const opt::Arg *Runtime = nullptr, *RPath = nullptr, *LibM = nullptr;
  opt::DerivedArgList &Args = argsWith([&](opt::DerivedArgList &DAL) {
    DAL.AddJoinedArg(nullptr, option(options::OPT_L), Opts.RuntimeLibDir);
    Runtime = DAL.MakeJoinedArg(nullptr, option(options::OPT_l), "omptarget");
    RPath = DAL.MakeSeparateArg(nullptr, option(options::OPT_rpath),
                                Opts.RuntimeLibDir);
    LibM = DAL.MakeJoinedArg(nullptr, option(options::OPT_l), "m");
  });
  Inputs.push_back(InputInfo(types::TY_Object, Runtime, Base));
  Inputs.push_back(InputInfo(types::TY_Object, RPath, Base));
  Inputs.push_back(InputInfo(types::TY_Object, LibM, Base));
  InputInfo Output(&Link,
                   D.GetNamedOutputPath(C, Link, Base, "", AtTopLevel,
                                        /*MultipleArchs=*/false, ""),
                   Base);
  runClangTool(Link, Link, Output, Inputs, Args);
  return {Output};
}

/// Has the host tool chain's tool for \p ToolAction build the job of \p A
/// (the last of the steps it runs), with the tool chain's effective triple
/// set for the job as Clang's driver sets it.
void OffloadJobs::Impl::runClangTool(const JobAction &A,
                                     const JobAction &ToolAction,
                                     const InputInfo &Output,
                                     const InputInfoList &Inputs,
                                     const opt::ArgList &Args) {
  Tool *T = HostTC.SelectTool(ToolAction);
  if (!T) {
    toolMissing(A);
    return;
  }
  const ToolChain &TC = T->getToolChain();
  types::ID InputType =
      Inputs.size() == 1 ? Inputs.front().getType() : types::TY_INVALID;
  RegisterEffectiveTriple Triple(
      TC, llvm::Triple(TC.ComputeEffectiveClangTriple(Args, InputType)));
  T->ConstructJob(C, A, Output, Inputs, Args, /*LinkingOutput=*/nullptr);
}

//===----------------------------------------------------------------------===//
// Arguments and files
//===----------------------------------------------------------------------===//

opt::DerivedArgList &
OffloadJobs::Impl::argsWith(function_ref<void(opt::DerivedArgList &)> Add) {
  const opt::DerivedArgList &Host = hostArgs();
  auto DAL = std::make_unique<opt::DerivedArgList>(Host.getBaseArgs());
  for (opt::Arg *A : Host)
    DAL->append(A);
  Add(*DAL);
  ArgLists.push_back(std::move(DAL));
  return *ArgLists.back();
}

/// The host arguments, with \p Flags for cc1 (-Xclang).
opt::DerivedArgList &
OffloadJobs::Impl::argsWithCC1Flags(ArrayRef<std::string> Flags) {
  return argsWith([&](opt::DerivedArgList &DAL) {
    for (const std::string &Flag : Flags)
      DAL.AddSeparateArg(nullptr, option(options::OPT_Xclang), Flag);
  });
}

/// A file between two steps: temporary, or with -save-temps
/// <input stem>-<part>.<ext> in the directory -save-temps names.
/// The stem of the files made from the input \p Base ("stdin" for "-").
static StringRef inputStem(StringRef Base) {
  return Base == "-" ? "stdin" : sys::path::stem(Base);
}

const char *OffloadJobs::Impl::intermediateFile(const char *Base,
                                                StringRef Part,
                                                types::ID Type) {
  std::string Stem = (inputStem(Base) + "-" + Part).str();
  const char *Suffix = types::getTypeTempSuffix(Type);
  if (!D.isSaveTempsEnabled())
    return D.CreateTempFile(C, Stem, Suffix);
  SmallString<256> Path;
  if (D.isSaveTempsObj())
    if (const opt::Arg *O = C.getArgs().getLastArg(options::OPT_o))
      Path = sys::path::parent_path(O->getValue());
  sys::path::append(Path, Stem + "." + Suffix);
  return C.getArgs().MakeArgString(Path);
}

/// A device output of --offload-device-only: -o when there is one output,
/// else <input stem>-openmp-<triple>[-<arch>].<ext>; standard output for
/// -E without -o, as for the host.
const char *OffloadJobs::Impl::deviceOutputFile(const JobAction &A,
                                                const OffloadToolChain &Target,
                                                const char *Base) {
  if (const opt::Arg *O = C.getArgs().getLastArg(options::OPT_o))
    return C.addResultFile(O->getValue(), &A);
  if (isa<PreprocessJobAction>(A))
    return "-";
  const char *Arch = A.getOffloadingArch();
  std::string Name = (inputStem(Base) + "-" +
                      Target.fileNamePart(Arch ? Arch : "") + "." +
                      types::getTypeTempSuffix(A.getType()))
                         .str();
  return C.addResultFile(C.getArgs().MakeArgString(Name), &A);
}

const char *OffloadJobs::Impl::outputFile(const JobAction &A,
                                          const OffloadToolChain &Target,
                                          const char *Base, bool AtTopLevel) {
  if (AtTopLevel)
    return deviceOutputFile(A, Target, Base);
  const char *Arch = A.getOffloadingArch();
  return intermediateFile(Base, Target.fileNamePart(Arch ? Arch : ""),
                          A.getType());
}

void OffloadJobs::Impl::toolMissing(const Action &A) {
  clang::DiagnosticsEngine &Diags = D.getDiags();
  D.Diag(Diags.getCustomDiagID(clang::DiagnosticsEngine::Error,
                               "no tool for the '%0' step of %1"))
      << A.getClassName() << HostTC.getTripleString();
}

OffloadJobs::OffloadJobs(Compilation &C, const OffloadGraph &G,
                         const OffloadJobOptions &Opts)
    : P(std::make_unique<Impl>(C, G, Opts)) {}

OffloadJobs::~OffloadJobs() = default;

void OffloadJobs::build() { P->build(); }

} // namespace cot

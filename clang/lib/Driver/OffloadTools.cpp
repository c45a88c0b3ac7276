//===- OffloadTools.cpp - The offload steps' tools ------------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The command lines of clang-offload-bundler (docs/Bundler.md) and of the
// device link (DeviceLink.h) for the actions bound to them.
//
//===----------------------------------------------------------------------===//

#include "OffloadTools.h"

#include "clang-offload/Driver/OffloadDriver.h"

#include "clang/Driver/Compilation.h"
#include "clang/Driver/Driver.h"
#include "clang/Driver/InputInfo.h"
#include "clang/Driver/Job.h"
#include "clang/Driver/Options.h"
#include "clang/Driver/ToolChain.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

using namespace clang::driver;
using namespace llvm;

namespace cot {

/// The bundler's -type for files of type \p Type.
static StringRef bundleType(types::ID Type) {
  switch (Type) {
  case types::TY_PP_C:
    return "i";
  case types::TY_PP_CXX:
    return "ii";
  case types::TY_LLVM_IR:
    return "ll";
  case types::TY_LLVM_BC:
    return "bc";
  case types::TY_PP_Asm:
    return "s";
  case types::TY_Object:
    return "o";
  default:
    llvm_unreachable("the offload graph bundles no other type");
  }
}

BundlerTool::BundlerTool(const ToolChain &HostTC,
                         ArrayRef<OffloadToolChain> Targets)
    : Tool("clang-offload-bundler", "clang-offload-bundler", HostTC) {
  IDs.push_back("host-" + HostTC.getTriple().normalize());
  for (const OffloadToolChain &Target : Targets)
    IDs.push_back(Target.bundleID());
}

const char *BundlerTool::targetsArg(const opt::ArgList &Args) const {
  return Args.MakeArgString("-targets=" + join(IDs, ","));
}

/// bin/clang-offload-bundler, beside bin/clang.
const char *BundlerTool::executable(const Compilation &C) const {
  SmallString<256> Path(C.getDriver().Dir);
  sys::path::append(Path, "clang-offload-bundler");
  return C.getArgs().MakeArgString(Path);
}

void BundlerTool::ConstructJob(Compilation &C, const JobAction &JA,
                               const InputInfo &Output,
                               const InputInfoList &Inputs,
                               const opt::ArgList &Args, const char *) const {
  opt::ArgStringList CmdArgs = {
      Args.MakeArgString("-type=" + bundleType(Output.getType())),
      targetsArg(Args)};
  // The host part first, as the bundle lists it.
  CmdArgs.push_back(
      Args.MakeArgString(Twine("-input=") + Inputs.back().getFilename()));
  for (const InputInfo &Device : ArrayRef(Inputs).drop_back())
    CmdArgs.push_back(
        Args.MakeArgString(Twine("-input=") + Device.getFilename()));
  CmdArgs.push_back(
      Args.MakeArgString(Twine("-output=") + Output.getFilename()));
  C.addCommand(std::make_unique<Command>(JA, *this, ResponseFileSupport::None(),
                                         executable(C), CmdArgs, Inputs,
                                         Output));
}

void BundlerTool::ConstructJobMultipleOutputs(Compilation &C,
                                              const JobAction &JA,
                                              const InputInfoList &Outputs,
                                              const InputInfoList &Inputs,
                                              const opt::ArgList &Args,
                                              const char *) const {
  // A file that is not a bundle is the host part; its device parts are
  // empty files, which carry no device code.
  opt::ArgStringList CmdArgs = {
      "-unbundle", "-allow-missing-bundles",
      Args.MakeArgString("-type=" + bundleType(Inputs.front().getType())),
      targetsArg(Args),
      Args.MakeArgString(Twine("-input=") + Inputs.front().getFilename())};
  for (const InputInfo &Out : Outputs)
    CmdArgs.push_back(Args.MakeArgString(Twine("-output=") + Out.getFilename()));
  C.addCommand(std::make_unique<Command>(JA, *this, ResponseFileSupport::None(),
                                         executable(C), CmdArgs, Inputs,
                                         Outputs));
}

DeviceLinkTool::DeviceLinkTool(const ToolChain &HostTC, const OffloadGraph &G,
                               const OffloadJobOptions &Opts)
    : Tool("clang-offload-device-link", "device link", HostTC), G(G),
      Opts(Opts) {}

/// The targets a device link job builds: every target for a link's package
/// step; the one target and arch of a device-only assembly output.
std::vector<OffloadTarget>
DeviceLinkTool::targetsOf(const JobAction &JA) const {
  std::vector<OffloadTarget> Targets;
  if (const OffloadToolChain *Target = G.deviceTarget(&JA)) {
    const char *Arch = JA.getOffloadingArch();
    Targets.push_back({Target->triple().str(), Arch ? Arch : ""});
    return Targets;
  }
  for (const OffloadToolChain &Target : G.targets())
    Targets.push_back(Target.target());
  return Targets;
}

/// For an output that is not a regular file the files go to the current
/// directory, as with -save-temps=cwd, rather than next to the device node.
std::string deviceLinkSaveTempsPrefix(StringRef Output) {
  sys::fs::file_status Status;
  if (!sys::fs::status(Output, Status) && !sys::fs::is_regular_file(Status) &&
      !sys::fs::is_directory(Status))
    return sys::path::filename(Output).str();
  return Output.str();
}

void DeviceLinkTool::addOptions(const Compilation &C, const JobAction &JA,
                                StringRef Output, const opt::ArgList &Args,
                                opt::ArgStringList &CmdArgs) const {
  const OffloadOptions &Offload = Opts.Options;
  if (!Offload.CudaPath.empty())
    CmdArgs.push_back(Args.MakeArgString("-cuda-path=" + Offload.CudaPath));
  for (const auto &[Triple, Value] : Offload.TargetArgs)
    CmdArgs.push_back(Args.MakeArgString("-Xtarget=" + Triple + "=" + Value));
  if (Offload.PTXOnly)
    CmdArgs.push_back(DeviceLinkPTXOnlyFlag.data());
  if (Offload.DeviceDebug)
    CmdArgs.push_back(Args.MakeArgString(Twine(DeviceLinkDebugFlag) +
                                         Twine(Offload.DeviceDebug)));
  if (const opt::Arg *O = Args.getLastArg(options::OPT_O_Group))
    CmdArgs.push_back(Args.MakeArgString(O->getAsString(Args)));
  if (Args.hasArg(options::OPT_v))
    CmdArgs.push_back("-v");
  // The device passes' remarks (-Rpass=openmp-device) come from the link.
  for (const opt::Arg *A : Args.filtered(options::OPT_Rpass_EQ,
                                         options::OPT_Rpass_missed_EQ,
                                         options::OPT_Rpass_analysis_EQ))
    CmdArgs.push_back(Args.MakeArgString(A->getAsString(Args)));
  // A link's device files are named after the program, a device-only
  // output's after itself.
  if (C.getDriver().isSaveTempsEnabled()) {
    StringRef Named = G.deviceTarget(&JA)
                          ? Output
                          : Args.getLastArgValue(options::OPT_o, "a.out");
    CmdArgs.push_back(
        Args.MakeArgString("-save-temps=" + deviceLinkSaveTempsPrefix(Named)));
  }
  if (G.deviceTarget(&JA))
    CmdArgs.push_back("-S");
}

void DeviceLinkTool::ConstructJob(Compilation &C, const JobAction &JA,
                                  const InputInfo &Output,
                                  const InputInfoList &Inputs,
                                  const opt::ArgList &Args,
                                  const char *) const {
  opt::ArgStringList CmdArgs = {
      DeviceLinkFlag, Args.MakeArgString("-targets=" +
                                         encodeOffloadTargets(targetsOf(JA)))};
  addOptions(C, JA, Output.getFilename(), Args, CmdArgs);
  CmdArgs.push_back("-o");
  CmdArgs.push_back(Output.getFilename());
  // Static libraries named with -l carry device code too; they are searched
  // for where the host link searches them (-L, the tool chain's directories,
  // LIBRARY_PATH).
  for (StringRef Dir : Args.getAllArgValues(options::OPT_L))
    CmdArgs.push_back(Args.MakeArgString("-L" + Dir));
  for (const std::string &Dir : getToolChain().getFilePaths())
    CmdArgs.push_back(Args.MakeArgString("-L" + Dir));
  if (std::optional<std::string> LibraryPath =
          sys::Process::GetEnv("LIBRARY_PATH")) {
    SmallVector<StringRef, 4> Dirs;
    StringRef(*LibraryPath).split(Dirs, sys::EnvPathSeparator, -1, false);
    for (StringRef Dir : Dirs)
      CmdArgs.push_back(Args.MakeArgString("-L" + Dir));
  }
  for (auto [In, Info] : zip(G.deviceLinkInputs(&JA), Inputs)) {
    if (In.Target)
      CmdArgs.push_back(Args.MakeArgString("-device=" + In.Target->triple() +
                                           "=" + Info.getFilename()));
    else if (Info.isFilename())
      CmdArgs.push_back(Info.getFilename());
    else
      Info.getInputArg().renderAsInput(Args, CmdArgs);
  }
  C.addCommand(std::make_unique<Command>(
      JA, *this, ResponseFileSupport::None(),
      Args.MakeArgString(Opts.Executable), CmdArgs, Inputs, Output));
}

} // namespace cot

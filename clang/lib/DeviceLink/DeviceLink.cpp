//===- DeviceLink.cpp - Device images at link time ------------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// `clang -cot-device-link -targets=<t>,... [-O<n>] [-v] [-save-temps=<prefix>]
//        [-Rpass=<regex>] [-Rpass-missed=<regex>] [-Rpass-analysis=<regex>]
//        [-S] -o <wrapper.o> <inputs>`
//
// The job the driver builds from the device link, backend, assemble and
// packager actions of the offload action graph (Driver/OffloadActions.h).
// Inputs are objects and archives (device code in their bundle sections
// __CLANG_OFFLOAD_BUNDLE__openmp-<triple>, read with the bundler library),
// -L/-l, and `-device=<triple>=<file>`: a compile's device code, LLVM
// bitcode or text. For each offload target: link its device modules into
// one, and have the target's device tool chain (DeviceToolChain.h:
// HostDeviceToolChain.cpp, NVPTXToolChain.cpp) lower and optimize it with
// the whole device program in view and build the image. The optimization level is the command line's
// -O, else the highest the compiles of the objects used (no -O: -O0, as with
// upstream Clang); functions compiled at -O0 keep optnone and stay
// unoptimized at any level. Each tool chain runs one pass pipeline (printed
// with -v); the device passes' errors and the remarks that -Rpass... asks
// for reach the user through the LLVMContext's diagnostic handler
// (DeviceLinkDiagnostics.h). Then write the wrapper object
// (ImageWrapper.cpp) for the host link. With -S (one target and arch,
// `-S --offload-device-only`) the output is the device code's assembly
// instead.
//
//===----------------------------------------------------------------------===//

#include "clang-offload/DeviceLink/DeviceLink.h"
#include "DeviceLinkDiagnostics.h"
#include "DeviceToolChain.h"
#include "ImageWrapper.h"
#include "OpenMPDevice/DeviceModuleExtraction.h"
#include "OpenMPDevice/NVPTX.h"
#include "clang-offload/Driver/OffloadDriver.h"
#include "clang-offload/Driver/OffloadOptions.h"
#include "clang-offload/OffloadBundler/OffloadBundler.h"

#include "llvm/BinaryFormat/Magic.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"

using namespace llvm;

namespace cot {
namespace {

/// An input of the device link: an object or archive (no triple), or one
/// target's device code.
struct LinkInput {
  std::string Triple;
  std::string Path;
};

struct DeviceLinkOptions {
  std::string Executable; ///< This compiler, which links host-device images
  std::vector<OffloadTarget> Targets;
  std::string CudaPath;
  std::vector<LinkInput> Inputs; ///< in command-line order
  std::vector<std::string> LibraryDirs; ///< -L
  std::string Output;
  /// The -O of the command line; without one, the level the objects'
  /// compiles recorded (OptLevelFlag).
  std::optional<OptimizationLevel> Level;
  bool Verbose = false;
  /// With -save-temps=<prefix>, device files are kept as <prefix>-device-*.
  std::string SaveTempsPrefix;
  /// -Rpass=, -Rpass-missed=, -Rpass-analysis=: the passes whose remarks
  /// are shown (the device passes' are under "openmp-device").
  std::string PassedRemarks, MissedRemarks, AnalysisRemarks;
  /// -S: the assembly of one target's device code, no image.
  bool EmitAssembly = false;
  /// -ptx-only (-fopenmp-target-jit): GPU images without cubins.
  bool PTXOnly = false;
  /// -device-debug=<level> (-fopenmp-target-debug): the GPU device
  /// runtime's debug output.
  unsigned DeviceDebug = 0;
};

/// The static library -l<Name> stands for, searched like the linker does in
/// the -L directories seen so far (shared libraries carry no device code).
std::optional<std::string> findStaticLibrary(const DeviceLinkOptions &Opts,
                                             StringRef Name) {
  // The C, C++ and OpenMP runtimes the driver links carry none.
  static constexpr StringLiteral RuntimeLibraries[] = {
      "c", "m", "gcc", "gcc_s", "gcc_eh", "pthread", "dl", "rt", "stdc++",
      "omp", "omptarget"};
  if (is_contained(RuntimeLibraries, Name))
    return std::nullopt;
  std::string File =
      Name.consume_front(":") ? Name.str() : ("lib" + Name + ".a").str();
  for (const std::string &Dir : Opts.LibraryDirs) {
    SmallString<256> Path(Dir);
    sys::path::append(Path, File);
    if (sys::fs::exists(Path))
      return std::string(Path);
  }
  return std::nullopt;
}

Expected<DeviceLinkOptions> parseArgs(ArrayRef<const char *> Argv) {
  DeviceLinkOptions Opts;
  Opts.Executable =
      sys::fs::getMainExecutable(Argv[0], (void *)&deviceLinkMain);
  for (size_t I = 2; I < Argv.size(); ++I) {
    StringRef A = Argv[I];
    if (A.consume_front("-targets="))
      Opts.Targets = decodeOffloadTargets(A);
    else if (A == "-o" && I + 1 < Argv.size())
      Opts.Output = Argv[++I];
    else if (A == "-v")
      Opts.Verbose = true;
    else if (A == "-S")
      Opts.EmitAssembly = true;
    else if (A == DeviceLinkPTXOnlyFlag)
      Opts.PTXOnly = true;
    else if (A.consume_front(DeviceLinkDebugFlag)) {
      if (A.getAsInteger(10, Opts.DeviceDebug))
        return createStringError(inconvertibleErrorCode(),
                                 "invalid device debug level in '%s'",
                                 Argv[I]);
    }
    else if (A.consume_front("-save-temps="))
      Opts.SaveTempsPrefix = A.str();
    else if (A.consume_front("-Rpass="))
      Opts.PassedRemarks = A.str();
    else if (A.consume_front("-Rpass-missed="))
      Opts.MissedRemarks = A.str();
    else if (A.consume_front("-Rpass-analysis="))
      Opts.AnalysisRemarks = A.str();
    else if (A == "-O0")
      Opts.Level = OptimizationLevel::O0;
    else if (A == "-O1")
      Opts.Level = OptimizationLevel::O1;
    else if (A == "-O3" || A == "-Ofast")
      Opts.Level = OptimizationLevel::O3;
    else if (A == "-Os")
      Opts.Level = OptimizationLevel::Os;
    else if (A == "-Oz")
      Opts.Level = OptimizationLevel::Oz;
    else if (A.starts_with("-O"))
      Opts.Level = OptimizationLevel::O2;
    else if (A.consume_front("-cuda-path="))
      Opts.CudaPath = A.str();
    else if (A.starts_with("-Xtarget="))
      continue;
    else if (A.consume_front("-L"))
      Opts.LibraryDirs.push_back(A.str());
    else if (A.consume_front("-l")) {
      if (std::optional<std::string> Archive = findStaticLibrary(Opts, A))
        Opts.Inputs.push_back({"", *Archive});
    } else if (A.consume_front("-device=")) {
      auto [Triple, File] = splitTargetFile(A);
      if (Triple.empty())
        return createStringError(inconvertibleErrorCode(),
                                 "'%s' needs <triple>=<file>", Argv[I]);
      Opts.Inputs.push_back({Triple.str(), File.str()});
    } else if (A.starts_with("-"))
      return createStringError(inconvertibleErrorCode(),
                               "unknown device-link option '%s'", Argv[I]);
    else
      Opts.Inputs.push_back({"", A.str()});
  }
  for (const std::string *Pattern :
       {&Opts.PassedRemarks, &Opts.MissedRemarks, &Opts.AnalysisRemarks}) {
    std::string Problem;
    if (!Pattern->empty() && !Regex(*Pattern).isValid(Problem))
      return createStringError(inconvertibleErrorCode(),
                               "invalid regular expression '%s' in -Rpass: %s",
                               Pattern->c_str(), Problem.c_str());
  }
  if (Opts.Output.empty())
    return createStringError(inconvertibleErrorCode(),
                             "device link: no output file (-o)");
  if (Opts.EmitAssembly && Opts.Targets.size() != 1)
    return createStringError(inconvertibleErrorCode(),
                             "device link: -S takes one target");
  return Opts;
}

/// The device code of \p Target in every input, in command-line order.
/// Archives contribute every member that carries device code; a compile's
/// device file without any (an empty file) contributes nothing.
Expected<std::vector<std::unique_ptr<MemoryBuffer>>>
collectDeviceCode(ArrayRef<LinkInput> Inputs, const OffloadToolChain &Target) {
  std::string TargetID = Target.bundleID();
  std::vector<std::unique_ptr<MemoryBuffer>> Modules;
  auto Take = [&](ArrayRef<BundleEntry> Entries, StringRef Name) {
    for (const BundleEntry &E : Entries)
      if (E.ID == TargetID && !E.Payload.empty())
        Modules.push_back(MemoryBuffer::getMemBufferCopy(E.Payload, Name));
  };
  for (const LinkInput &In : Inputs) {
    const std::string &Input = In.Path;
    if (!In.Triple.empty() && In.Triple != Target.triple())
      continue;
    auto Buf = MemoryBuffer::getFile(Input);
    if (!Buf)
      return createFileError(Input, Buf.getError());
    if (!In.Triple.empty()) {
      if ((*Buf)->getBufferSize())
        Modules.push_back(std::move(*Buf));
      continue;
    }
    MemoryBufferRef Ref = (*Buf)->getMemBufferRef();
    file_magic Magic = identify_magic(Ref.getBuffer());
    if (Magic == file_magic::archive) {
      if (Error E = forEachArchiveBundle(
              Ref, [&](StringRef Member, ArrayRef<BundleEntry> Entries) {
                Take(Entries, (Input + "(" + Member + ")").str());
                return Error::success();
              }))
        return createFileError(Input, std::move(E));
      continue;
    }
    if (Magic != file_magic::elf_relocatable)
      continue;
    Expected<std::vector<BundleEntry>> Entries = readObjectOffloadSections(Ref);
    if (!Entries)
      return createFileError(Input, Entries.takeError());
    Take(*Entries, Input);
  }
  return std::move(Modules);
}

Expected<std::unique_ptr<Module>>
linkDeviceModules(ArrayRef<std::unique_ptr<MemoryBuffer>> Buffers,
                  LLVMContext &Ctx, StringRef Triple) {
  auto Linked = std::make_unique<Module>("device-" + Triple.str(), Ctx);
  Linker L(*Linked);
  for (const auto &Buf : Buffers) {
    SMDiagnostic Err;
    std::unique_ptr<Module> M = parseIR(Buf->getMemBufferRef(), Err, Ctx);
    if (!M) {
      std::string Problem;
      raw_string_ostream OS(Problem);
      Err.print(nullptr, OS, /*ShowColors=*/false, /*ShowKindLabel=*/false);
      return createStringError(inconvertibleErrorCode(),
                               "%s: corrupt device code: %s",
                               Buf->getBufferIdentifier().str().c_str(),
                               StringRef(Problem).trim().str().c_str());
    }
    if (L.linkInModule(std::move(M)))
      return createStringError(inconvertibleErrorCode(),
                               "%s: cannot link its device code",
                               Buf->getBufferIdentifier().str().c_str());
  }
  if (verifyModule(*Linked, &errs()))
    return createStringError(inconvertibleErrorCode(),
                             "the linked device module for %s is invalid",
                             Triple.str().c_str());
  return std::move(Linked);
}

/// The level to optimize the linked device module \p M at.
OptimizationLevel deviceOptLevel(const DeviceLinkOptions &Opts,
                                 const Module &M) {
  if (Opts.Level)
    return *Opts.Level;
  // Objects without the record come from a compiler that optimized at O2.
  switch (recordedOptLevel(M).value_or(2)) {
  case 0:
    return OptimizationLevel::O0;
  case 1:
    return OptimizationLevel::O1;
  case 2:
    return OptimizationLevel::O2;
  default:
    return OptimizationLevel::O3;
  }
}

/// Links the device code of \p Target and has its device tool chain build
/// the image, or with -S the assembly; std::nullopt when the inputs have no
/// device code for it.
Expected<std::optional<std::string>>
buildTarget(const OffloadToolChain &Target, const DeviceLinkOptions &Opts,
            TempFiles &Temps) {
  auto Buffers = collectDeviceCode(Opts.Inputs, Target);
  if (!Buffers)
    return Buffers.takeError();
  if (Buffers->empty())
    return std::nullopt;
  LLVMContext Ctx;
  Ctx.setDiagnosticHandler(std::make_unique<DeviceLinkDiagnostics>(
      Opts.PassedRemarks, Opts.MissedRemarks, Opts.AnalysisRemarks));
  auto M = linkDeviceModules(*Buffers, Ctx, Target.triple());
  if (!M)
    return M.takeError();
  ToolChainContext TCCtx{Opts.Executable, runtimeLibDir(Opts.Executable),
                         Opts.CudaPath,   Opts.Verbose,
                         Opts.DeviceDebug, Temps};
  std::unique_ptr<DeviceToolChain> TC = createDeviceToolChain(Target, TCCtx);
  OptimizationLevel Level = deviceOptLevel(Opts, **M);
  Expected<std::string> Built = Opts.EmitAssembly
                                    ? TC->buildAssembly(**M, Level)
                                    : TC->buildImage(**M, Level);
  if (!Built)
    return Built.takeError();
  return std::move(*Built);
}

Error deviceLink(const DeviceLinkOptions &Opts) {
  TempFiles Temps(Opts.SaveTempsPrefix);
  std::vector<WrappedImage> Images;
  for (const OffloadTarget &T : Opts.Targets) {
    OffloadToolChain Target(T, Opts.CudaPath, !Opts.PTXOnly);
    Expected<std::optional<std::string>> Built =
        buildTarget(Target, Opts, Temps);
    if (!Built)
      return Built.takeError();
    if (Opts.EmitAssembly)
      return writeFile(Opts.Output, Built->value_or(""));
    if (*Built)
      Images.push_back({T.Triple, T.Arch, std::move(**Built)});
  }
  return writeImageWrapper(Opts.Output, sys::getDefaultTargetTriple(), Images);
}

} // namespace

int deviceLinkMain(ArrayRef<const char *> Argv) {
  Expected<DeviceLinkOptions> Opts = parseArgs(Argv);
  Error E = Opts ? deviceLink(*Opts) : Opts.takeError();
  if (E) {
    WithColor::error(errs(), "clang") << toString(std::move(E)) << "\n";
    return 1;
  }
  return 0;
}

std::unique_ptr<DeviceToolChain>
createDeviceToolChain(const OffloadToolChain &Target,
                      const ToolChainContext &Ctx) {
  if (Target.isNVPTX())
    return createNVPTXToolChain(Target, Ctx);
  return createHostDeviceToolChain(Target.triple(), Ctx);
}

} // namespace cot

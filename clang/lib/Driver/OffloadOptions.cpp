//===- OffloadOptions.cpp - The offloading command-line options -----------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Parses and validates -fopenmp-targets=, --offload-arch=, -Xopenmp-target
// and --cuda-path=, and removes them from the arguments that Clang's driver
// sees. The spellings follow upstream Clang so build systems written for it
// work unchanged.
//
//===----------------------------------------------------------------------===//

#include "clang-offload/Driver/OffloadOptions.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

namespace cot {

static constexpr StringRef SupportedTriples[] = {"x86_64-pc-linux-gnu",
                                                 "nvptx64-nvidia-cuda"};

ArrayRef<StringRef> supportedOffloadTriples() { return SupportedTriples; }

static Error unsupportedTriple(StringRef Triple) {
  return createStringError(
      inconvertibleErrorCode(),
      formatv("OpenMP offload target '{0}' is not supported; supported "
              "targets: {1}",
              Triple, join(std::begin(SupportedTriples), std::end(SupportedTriples),
                           ", ")));
}

static std::string canonicalTriple(StringRef Name) {
  Triple T(Triple::normalize(Name));
  if (T.getArch() == Triple::nvptx64 &&
      (T.getOS() == Triple::CUDA || T.getOS() == Triple::UnknownOS) &&
      (T.getVendor() == Triple::NVIDIA ||
       T.getVendor() == Triple::UnknownVendor))
    return std::string("nvptx64-nvidia-cuda");
  if (T.getArch() == Triple::x86_64 && T.getOS() == Triple::Linux &&
      (T.getEnvironment() == Triple::GNU ||
       T.getEnvironment() == Triple::UnknownEnvironment))
    return std::string("x86_64-pc-linux-gnu");
  return Name.str();
}

Expected<std::string> normalizeOffloadTriple(StringRef Name) {
  std::string Triple = canonicalTriple(Name);
  if (!is_contained(SupportedTriples, Triple))
    return unsupportedTriple(Name);
  return Triple;
}

/// Whether the final state of the command line enables OpenMP.
static bool enablesOpenMP(ArrayRef<const char *> Args) {
  bool Enabled = false;
  for (StringRef A : Args) {
    if (A == "-fopenmp" || A == "-fopenmp=libomp" || A == "-fiopenmp")
      Enabled = true;
    else if (A == "-fno-openmp" || A.starts_with("-fopenmp=lib"))
      Enabled = A == "-fopenmp=libiomp5";
  }
  return Enabled;
}

static Error addTargets(StringRef List, OffloadOptions &Opts) {
  SmallVector<StringRef, 4> Names;
  List.split(Names, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  if (Names.empty())
    return createStringError(inconvertibleErrorCode(),
                             "-fopenmp-targets= needs at least one target");
  for (StringRef Name : Names) {
    Expected<std::string> Triple = normalizeOffloadTriple(Name.trim());
    if (!Triple)
      return Triple.takeError();
    if (none_of(Opts.Targets,
                [&](const OffloadTarget &T) { return T.Triple == *Triple; }))
      Opts.Targets.push_back({*Triple, ""});
  }
  return Error::success();
}

/// The GPU architectures both LLVM 19's NVPTX back end and CUDA 13's ptxas
/// build for (CUDA 13 dropped everything before Turing's sm_75; LLVM 19
/// knows nothing after sm_90a), oldest first.
static constexpr StringLiteral SupportedCudaArchs[] = {
    "sm_75", "sm_80", "sm_86", "sm_87", "sm_89", "sm_90", "sm_90a"};

static bool isSupportedCudaArch(StringRef Arch) {
  return is_contained(SupportedCudaArchs, Arch);
}

static Error unsupportedCudaArch(StringRef Arch) {
  return createStringError(inconvertibleErrorCode(),
                           "unsupported offload architecture '%s'; the "
                           "supported ones are %s",
                           Arch.str().c_str(),
                           join(std::begin(SupportedCudaArchs),
                                std::end(SupportedCudaArchs), ", ")
                               .c_str());
}

/// Upstream Clang's offload flags that this compiler has no counterpart
/// for, and what the program gets instead. Clang's own handling of them
/// assumes its offload driver, so they are dropped with a warning.
struct IgnoredFlag {
  StringLiteral Name; ///< the flag, or its prefix when it ends with '='
  StringLiteral Instead;
};
static constexpr IgnoredFlag IgnoredFlags[] = {
    {"-foffload-lto", "device code is always linked as LLVM bitcode"},
    {"-fno-offload-lto", "device code is always linked as LLVM bitcode"},
    {"-fopenmp-cuda-mode", "the GPU runtime has one mode"},
    {"-fopenmp-force-usm", "use '#pragma omp requires "
                           "unified_shared_memory'"},
    {"--offload-new-driver", "clang-offload has one offload driver"},
    {"--no-offload-new-driver", "clang-offload has one offload driver"},
    {"-fopenmp-assume-no-thread-state",
     "the GPU lowering decides from the code"},
    {"-fopenmp-assume-no-nested-parallelism",
     "the GPU lowering decides from the code"},
    {"-fopenmp-assume-teams-oversubscription",
     "the GPU lowering decides from the code"},
    {"-fopenmp-assume-threads-oversubscription",
     "the GPU lowering decides from the code"},
    {"-fno-openmp-assume-teams-oversubscription",
     "the GPU lowering decides from the code"},
    {"-fno-openmp-assume-threads-oversubscription",
     "the GPU lowering decides from the code"},
    {"-fopenmp-cuda-number-of-sm=",
     "the CUDA plugin reads the GPU's SM count at run time"},
    {"-fopenmp-cuda-blocks-per-sm=",
     "the CUDA plugin's launch model sizes the grid from occupancy"},
    {"-fopenmp-cuda-teams-reduction-recs-num=",
     "teams reductions need no buffer here: each block combines with "
     "atomics"},
};

/// The level of -fopenmp-target-debug[=N] (1 without a value).
static Expected<unsigned> deviceDebugLevel(StringRef A) {
  if (A == "-fopenmp-target-debug")
    return 1;
  unsigned Level = 0;
  StringRef Value = A.drop_front(StringRef("-fopenmp-target-debug=").size());
  if (Value.getAsInteger(10, Level) || Level > 2)
    return createStringError(inconvertibleErrorCode(),
                             "invalid value '%s' in '%s': the level is 0, 1 "
                             "or 2",
                             Value.str().c_str(), A.str().c_str());
  return Level;
}

/// The warning for \p A when it is one of IgnoredFlags.
static std::optional<std::string> ignoredFlagWarning(StringRef A) {
  for (const IgnoredFlag &F : IgnoredFlags)
    if (F.Name.ends_with("=") ? A.starts_with(F.Name) : A == F.Name)
      return formatv("'{0}' is not supported by clang-offload and has no "
                     "effect: {1}",
                     A, F.Instead)
          .str();
  return std::nullopt;
}

Expected<OffloadOptions>
extractOffloadOptions(std::vector<const char *> &Args) {
  OffloadOptions Opts;
  std::vector<std::string> Archs;
  std::vector<const char *> Kept;
  bool SawTargetsFlag = false;
  // --offload-host-only, --offload-device-only, --offload-host-device (and
  // the --cuda- spellings): the last one wins, as upstream.
  enum class Side { HostAndDevice, Host, Device } Compiled = Side::HostAndDevice;
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef A = Args[I];
    if (A.consume_front("-fopenmp-targets=")) {
      SawTargetsFlag = true;
      if (Error E = addTargets(A, Opts))
        return std::move(E);
      continue;
    }
    if (A == "-fopenmp-targets") {
      return createStringError(inconvertibleErrorCode(),
                               "-fopenmp-targets needs a value: "
                               "-fopenmp-targets=<triple>[,<triple>...]");
    }
    if (A.consume_front("--offload-arch=")) {
      SmallVector<StringRef, 2> List;
      A.split(List, ',', -1, false);
      for (StringRef Arch : List)
        Archs.push_back(Arch.str());
      continue;
    }
    if (std::optional<std::string> Warning = ignoredFlagWarning(A)) {
      Opts.IgnoredFlagWarnings.push_back(std::move(*Warning));
      continue;
    }
    if (A == "-fopenmp-offload-mandatory") {
      Opts.OffloadMandatory = true;
      continue;
    }
    if (A == "-fopenmp-target-jit" || A == "-fno-openmp-target-jit") {
      Opts.PTXOnly = A == "-fopenmp-target-jit";
      continue;
    }
    if (A == "-fopenmp-target-debug" || A.starts_with("-fopenmp-target-debug=")) {
      Expected<unsigned> Level = deviceDebugLevel(A);
      if (!Level)
        return Level.takeError();
      Opts.DeviceDebug = *Level;
      continue;
    }
    if (A == "-fno-openmp-target-debug") {
      Opts.DeviceDebug = 0;
      continue;
    }
    if (A == "--offload-host-only" || A == "--cuda-host-only") {
      Compiled = Side::Host;
      continue;
    }
    if (A == "--offload-device-only" || A == "--cuda-device-only") {
      Compiled = Side::Device;
      continue;
    }
    if (A == "--offload-host-device" || A == "--cuda-compile-host-device") {
      Compiled = Side::HostAndDevice;
      continue;
    }
    if (A.consume_front("--cuda-path=")) {
      Opts.CudaPath = A.str();
      continue;
    }
    if (A == "-Xopenmp-target" || A.starts_with("-Xopenmp-target=")) {
      StringRef Triple = A.consume_front("-Xopenmp-target=") ? A : "";
      if (I + 1 >= Args.size())
        return createStringError(inconvertibleErrorCode(),
                                 "'%s' needs an argument", Args[I]);
      StringRef Value = Args[++I];
      if (Value.consume_front("-march="))
        Archs.push_back(Value.str());
      else
        Opts.TargetArgs.push_back({Triple.str(), Value.str()});
      continue;
    }
    Kept.push_back(Args[I]);
  }

  // As with upstream Clang, -fopenmp with --offload-arch=sm_XX alone
  // offloads to NVIDIA GPUs.
  if (!SawTargetsFlag && !Archs.empty() && enablesOpenMP(Kept) &&
      all_of(Archs, [](StringRef Arch) { return Arch.starts_with("sm_"); }))
    Opts.Targets.push_back({"nvptx64-nvidia-cuda", ""});
  if (SawTargetsFlag && !enablesOpenMP(Kept))
    return createStringError(
        inconvertibleErrorCode(),
        "'-fopenmp-targets' must be used in conjunction with a '-fopenmp' "
        "option compatible with offloading; e.g., '-fopenmp=libomp' or "
        "'-fopenmp=libiomp5'");
  // Every arch named (--offload-arch lists, repeated flags, -march) gets a
  // cubin in the image; the runtime loads the one for the GPU it runs on.
  SmallVector<StringRef, 4> UniqueArchs;
  for (const std::string &Arch : Archs) {
    if (!isSupportedCudaArch(Arch))
      return unsupportedCudaArch(Arch);
    if (!is_contained(UniqueArchs, Arch))
      UniqueArchs.push_back(Arch);
  }
  for (OffloadTarget &T : Opts.Targets)
    if (T.Triple == "nvptx64-nvidia-cuda" && !UniqueArchs.empty())
      T.Arch = join(UniqueArchs, OffloadTarget::ArchSeparator);
  bool HasGPUTarget = any_of(Opts.Targets, [](const OffloadTarget &T) {
    return T.Triple == "nvptx64-nvidia-cuda";
  });
  if (Opts.PTXOnly && !HasGPUTarget)
    Opts.IgnoredFlagWarnings.push_back(
        "'-fopenmp-target-jit' has no effect without a GPU offload target: "
        "only GPU images hold PTX");
  if (Opts.DeviceDebug && !HasGPUTarget)
    Opts.IgnoredFlagWarnings.push_back(
        "'-fopenmp-target-debug' has no effect without a GPU offload target: "
        "only the GPU device runtime has debug output");
  // As upstream: host code only, without the device code (or its link).
  if (Compiled == Side::Host)
    Opts.Targets.clear();
  Opts.DeviceOnly = Compiled == Side::Device && Opts.isOffloading();
  Args = std::move(Kept);
  return Opts;
}

} // namespace cot

//===- OffloadToolChain.cpp - How one offload target is built -------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Per offload target: the GPU architectures and whether a CUDA toolkit can
// assemble cubins for them, which decide the device steps of the action
// graph; and the CUDA toolkit search the device link shares.
//
//===----------------------------------------------------------------------===//

#include "clang-offload/Driver/OffloadToolChain.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"

using namespace llvm;

namespace cot {

/// CUDA toolkit directories to search, most specific first; --cuda-path
/// alone when given.
static std::vector<std::string> cudaRoots(StringRef CudaPath) {
  if (!CudaPath.empty())
    return {CudaPath.str()};
  std::vector<std::string> Roots;
  for (const char *Var : {"CUDA_PATH", "CUDA_HOME"})
    if (std::optional<std::string> V = sys::Process::GetEnv(Var))
      Roots.push_back(*V);
  if (ErrorOr<std::string> Ptxas = sys::findProgramByName("ptxas"))
    Roots.push_back(
        sys::path::parent_path(sys::path::parent_path(*Ptxas)).str());
  Roots.push_back("/usr/local/cuda");
  Roots.push_back("/usr/lib/cuda");
  return Roots;
}

std::optional<std::string> findCudaFile(StringRef CudaPath, StringRef Rel) {
  for (const std::string &Root : cudaRoots(CudaPath)) {
    SmallString<256> P(Root);
    sys::path::append(P, Rel);
    if (sys::fs::exists(P))
      return std::string(P);
  }
  return std::nullopt;
}

ArrayRef<std::string> defaultCudaArchs() {
  static const std::string Archs[] = {"sm_75", "sm_80", "sm_90"};
  return Archs;
}

unsigned smNumber(StringRef Arch) {
  unsigned N = 0;
  Arch.drop_front(3).rtrim("a").getAsInteger(10, N);
  return N;
}

OffloadToolChain::OffloadToolChain(const OffloadTarget &Target,
                                   StringRef CudaPath, bool Cubins)
    : Triple(Target.Triple) {
  if (!isNVPTX())
    return;
  SmallVector<StringRef, 4> Named;
  StringRef(Target.Arch).split(Named, OffloadTarget::ArchSeparator, -1, false);
  for (StringRef Arch : Named)
    Archs.push_back(Arch.str());
  if (Archs.empty())
    Archs.assign(defaultCudaArchs().begin(), defaultCudaArchs().end());
  PTXArch = *min_element(Archs, [](StringRef L, StringRef R) {
    return smNumber(L) < smNumber(R);
  });
  if (Cubins && findCudaFile(CudaPath, "bin/ptxas"))
    CubinArchs = Archs;
}

bool OffloadToolChain::isNVPTX() const {
  return Triple == "nvptx64-nvidia-cuda";
}

OffloadTarget OffloadToolChain::target() const {
  return {Triple, join(Archs, OffloadTarget::ArchSeparator)};
}

std::string OffloadToolChain::bundleID() const { return "openmp-" + Triple; }

std::string OffloadToolChain::fileNamePart(StringRef Arch) const {
  std::string Part = bundleID();
  if (!Arch.empty())
    Part += ("-" + Arch).str();
  return Part;
}

} // namespace cot

//===- OffloadTarget.cpp - Offload targets between compiler steps ---------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The textual form of an offload target list that the driver passes to the
// jobs it starts: targets separated by commas, each a triple optionally
// followed by `:<arch>`; the `<triple>=<file>` values of the device file
// flags; each target's device macros.
//
//===----------------------------------------------------------------------===//

#include "clang-offload/Basic/OffloadTarget.h"

#include "llvm/ADT/SmallVector.h"

using namespace llvm;

namespace cot {

std::string encodeOffloadTargets(ArrayRef<OffloadTarget> Targets) {
  std::string Out;
  for (const OffloadTarget &T : Targets) {
    if (!Out.empty())
      Out += ',';
    Out += T.Triple;
    if (!T.Arch.empty())
      Out += ":" + T.Arch;
  }
  return Out;
}

std::vector<OffloadTarget> decodeOffloadTargets(StringRef Value) {
  std::vector<OffloadTarget> Targets;
  SmallVector<StringRef, 4> Items;
  Value.split(Items, ',', -1, false);
  for (StringRef Item : Items) {
    auto [Triple, Arch] = Item.split(':');
    Targets.push_back({Triple.str(), Arch.str()});
  }
  return Targets;
}

std::pair<StringRef, StringRef> splitTargetFile(StringRef Value) {
  auto [Triple, File] = Value.split('=');
  if (Triple.empty() || File.empty())
    return {};
  return {Triple, File};
}

std::vector<std::string> deviceMacros(StringRef Triple) {
  if (Triple == "nvptx64-nvidia-cuda")
    return {"__NVPTX__", "__nvptx__", "__nvptx64__", "__OPENMP_NVPTX__"};
  return {};
}

} // namespace cot

//===- DeviceContextSelectors.h - Device choices of selectors -*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Clang resolves two kinds of OpenMP context selectors while it parses, in
// the OpenMP context of the parse, and keeps only what they select:
// a metadirective's variant, and whether a `begin declare variant` block is
// parsed at all. Our parses are the host's, so device code would get the
// host's choices. The source scan (DeviceParse.h) reads these pragmas; where
// an offload device's context (kind nohost, its kind and arch) decides
// otherwise than the host's, that device's parse reads the file with the
// pragma rewritten to the device's choice:
// - a metadirective becomes the variant the device selects (or `nothing`);
//   one with a `target` variant stays the host's choice on both sides, as
//   it decides which target regions exist;
// - a `begin declare variant` block that the device selects and the host
//   does not gets `device={kind(any)}` for its device selector set, so that
//   the block is parsed and its functions replace the base functions in the
//   device's code. (Blocks the host selects and no device does are handled
//   on the one parse by the Sema step, as `declare variant` is.)
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_FRONTEND_DEVICECONTEXTSELECTORS_H
#define CLANG_OFFLOAD_FRONTEND_DEVICECONTEXTSELECTORS_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Frontend/OpenMP/OMPContext.h"

#include <memory>
#include <string>
#include <vector>

namespace clang {
class PragmaHandler;
}

namespace cot {

/// A pragma whose context selectors Clang resolves while it parses.
struct SelectorPragma {
  enum KindTy { Metadirective, BeginDeclareVariant } Kind = Metadirective;
  std::string File;
  /// The text a rewrite replaces: from `metadirective` to the end of the
  /// pragma's last token; a `begin declare variant`'s device selector set.
  unsigned Begin = 0, End = 0;
  /// A metadirective: one selector per clause (`default`/`otherwise`: an
  /// empty one) and the offsets of each clause's directive variant. A
  /// `begin declare variant`: its selector and no variants.
  llvm::SmallVector<llvm::omp::VariantMatchInfo, 4> Selectors;
  std::vector<std::pair<unsigned, unsigned>> Variants;
};

/// The selector pragmas of an input and the text of the files that hold
/// them.
struct SelectorScan {
  std::vector<SelectorPragma> Pragmas;
  llvm::StringMap<std::string> FileTexts;
};

/// A handler of `#pragma omp` for a preprocessor-only run that records the
/// selector pragmas it can decide alone: selectors of known traits, a user
/// condition that is a literal, no `isa`, spelled in a file that is not a
/// system header.
std::unique_ptr<clang::PragmaHandler>
createSelectorCollector(SelectorScan &Out);

/// The files of \p Scan, by path, as the parse of \p DeviceTriple reads
/// them: each pragma that the device's context decides otherwise than
/// \p HostTriple's is rewritten to the device's choice, with its lines
/// kept. Empty when no pragma differs.
llvm::StringMap<std::string> rewriteForDevice(const SelectorScan &Scan,
                                              llvm::StringRef HostTriple,
                                              llvm::StringRef DeviceTriple);

} // namespace cot

#endif // CLANG_OFFLOAD_FRONTEND_DEVICECONTEXTSELECTORS_H

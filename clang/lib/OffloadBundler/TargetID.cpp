//===- TargetID.cpp - Target ids and file types of offload bundles --------===//
//
// Part of clang-offload. Parses the `<kind>-<triple>[-<arch>]` names of
// bundle entries and the -type names, and dispatches reading and writing to
// the container format of a type.
//
//===----------------------------------------------------------------------===//

#include "clang-offload/OffloadBundler/OffloadBundler.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"

#include <cctype>

using namespace llvm;

namespace cot {

static Error malformedID(StringRef ID, const Twine &Why) {
  return createStringError(inconvertibleErrorCode(),
                           "malformed target id '" + ID + "': " + Why);
}

/// Triple components are identifiers; a processor may also carry target
/// features (`gfx90a:xnack+`).
static bool isValidComponent(StringRef Part, bool IsArch) {
  if (Part.empty())
    return false;
  for (char C : Part) {
    if (std::isalnum(static_cast<unsigned char>(C)) || C == '_' || C == '.')
      continue;
    if (IsArch && (C == ':' || C == '+'))
      continue;
    return false;
  }
  return true;
}

/// True if `Name` is a triple environment that LLVM knows (gnu, musl, ...).
static bool isKnownEnvironment(StringRef Name) {
  Triple T(("unknown-unknown-unknown-" + Name).str());
  return T.getEnvironment() != Triple::UnknownEnvironment;
}

std::string TargetID::str() const {
  std::string S = Kind == OffloadKind::Host ? "host-" : "openmp-";
  S += Triple;
  if (!Arch.empty())
    S += "-" + Arch;
  return S;
}

Expected<TargetID> parseTargetID(StringRef ID) {
  SmallVector<StringRef, 6> Parts;
  ID.split(Parts, '-', /*MaxSplit=*/-1, /*KeepEmpty=*/true);
  if (Parts.size() < 4)
    return malformedID(ID, "expected <kind>-<triple>[-<arch>] with a triple "
                           "of at least three components");
  if (Parts.size() > 6)
    return malformedID(ID, "too many components");

  TargetID Result;
  if (Parts[0] == "host")
    Result.Kind = OffloadKind::Host;
  else if (Parts[0] == "openmp")
    Result.Kind = OffloadKind::OpenMP;
  else
    return malformedID(ID, "unknown offload kind '" + Parts[0] +
                               "' (expected 'host' or 'openmp')");

  // Parts[1..] are the triple and the optional processor. Three components:
  // a bare triple. Four: the fourth is an environment if LLVM knows it as
  // one, else a processor. Five: four-component triple plus processor.
  size_t NumRest = Parts.size() - 1;
  size_t TripleParts = 3;
  if (NumRest == 4 && isKnownEnvironment(Parts[4]))
    TripleParts = 4;
  else if (NumRest == 5) {
    if (!isKnownEnvironment(Parts[4]))
      return malformedID(ID, "unknown triple environment '" + Parts[4] + "'");
    TripleParts = 4;
  }

  for (size_t I = 1; I < Parts.size(); ++I) {
    bool IsArch = I > TripleParts;
    if (!isValidComponent(Parts[I], IsArch))
      return malformedID(ID, Parts[I].empty()
                                 ? Twine("empty component")
                                 : "invalid characters in '" + Parts[I] + "'");
  }

  SmallVector<StringRef, 4> TripleComponents(Parts.begin() + 1,
                                             Parts.begin() + 1 + TripleParts);
  Result.Triple = join(TripleComponents, "-");
  if (Triple(Result.Triple).getArch() == Triple::UnknownArch)
    return malformedID(ID, "unknown architecture '" + Parts[1] + "'");
  if (NumRest > TripleParts)
    Result.Arch = Parts.back().str();
  return Result;
}

Expected<FileType> parseFileType(StringRef Name) {
  FileType T;
  T.Name = Name.str();
  std::optional<BundleFormat> Format =
      StringSwitch<std::optional<BundleFormat>>(Name)
          .Cases("i", "ii", "ll", "s", BundleFormat::Text)
          .Cases("bc", "gch", "ast", "pcm", "ptx", BundleFormat::Binary)
          .Cases("cubin", "fatbin", "bin", "img", BundleFormat::Binary)
          .Case("o", BundleFormat::Object)
          .Case("a", BundleFormat::Archive)
          .Default(std::nullopt);
  if (!Format)
    return createStringError(
        inconvertibleErrorCode(),
        "unknown file type '" + Name +
            "' (expected one of i, ii, ll, s, bc, gch, ast, pcm, ptx, cubin, "
            "fatbin, bin, img, o, a)");
  T.Format = *Format;
  T.Comment = StringSwitch<StringRef>(Name)
                  .Cases("i", "ii", "//")
                  .Case("ll", ";")
                  .Case("s", "#")
                  .Default("");
  return T;
}

Expected<std::vector<BundleEntry>> readBundle(MemoryBufferRef Buf,
                                              const FileType &Type) {
  switch (Type.Format) {
  case BundleFormat::Text:
    return readTextBundle(Buf, Type.Comment);
  case BundleFormat::Binary:
    return readBinaryBundle(Buf);
  case BundleFormat::Object: {
    Expected<std::vector<BundleEntry>> Entries = readObjectOffloadSections(Buf);
    if (!Entries)
      return Entries.takeError();
    for (BundleEntry &E : *Entries)
      if (StringRef(E.ID).starts_with("host-"))
        E.Payload = Buf.getBuffer();
    return Entries;
  }
  case BundleFormat::Archive:
    return createStringError(inconvertibleErrorCode(),
                             "archives are read member by member");
  }
  llvm_unreachable("unknown bundle format");
}

Error writeBundle(raw_ostream &OS, const FileType &Type,
                  ArrayRef<BundleEntry> Entries) {
  switch (Type.Format) {
  case BundleFormat::Text:
    return writeTextBundle(OS, Type.Comment, Entries);
  case BundleFormat::Binary:
    return writeBinaryBundle(OS, Entries);
  case BundleFormat::Object:
  case BundleFormat::Archive:
    break;
  }
  return createStringError(inconvertibleErrorCode(),
                           "type '" + Type.Name +
                               "' is not written as a stream bundle");
}

} // namespace cot

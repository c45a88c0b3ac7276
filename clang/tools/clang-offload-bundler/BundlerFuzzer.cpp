//===- BundlerFuzzer.cpp - libFuzzer target for the bundle readers --------===//
//
// Part of clang-offload. Feeds arbitrary bytes to every reader of the
// OffloadBundler library: binary bundles, text bundles in each comment
// syntax, object offload sections and archives (the last two only when the
// bytes carry the right magic, so the fuzzer spends its time in our code
// rather than in LLVM's object parsers). Whatever a reader accepts must
// survive a write and a second read unchanged; anything else is a bug and
// aborts. Run it as described in docs/Bundler.md.
//
//===----------------------------------------------------------------------===//

#include "clang-offload/OffloadBundler/OffloadBundler.h"

#include "llvm/BinaryFormat/Magic.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace llvm;

/// Rewrites accepted entries with `Write` and checks `Read` gives them back.
template <typename WriteFn, typename ReadFn>
static void checkRoundTrip(const std::vector<cot::BundleEntry> &Entries,
                           WriteFn Write, ReadFn Read) {
  if (Entries.empty())
    return;
  std::string Data;
  raw_string_ostream OS(Data);
  if (Error E = Write(OS, Entries)) {
    errs() << "accepted bundle cannot be written: " << toString(std::move(E))
           << '\n';
    std::abort();
  }
  Expected<std::vector<cot::BundleEntry>> Again =
      Read(MemoryBufferRef(OS.str(), "rewritten"));
  if (!Again) {
    errs() << "rewritten bundle is rejected: " << toString(Again.takeError())
           << '\n';
    std::abort();
  }
  if (Again->size() != Entries.size())
    std::abort();
  for (size_t I = 0; I < Entries.size(); ++I)
    if ((*Again)[I].ID != Entries[I].ID ||
        (*Again)[I].Payload != Entries[I].Payload)
      std::abort();
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  StringRef Bytes(reinterpret_cast<const char *>(Data), Size);
  MemoryBufferRef Buf(Bytes, "fuzz-input");

  if (Expected<std::vector<cot::BundleEntry>> Entries =
          cot::readBinaryBundle(Buf))
    checkRoundTrip(
        *Entries,
        [](raw_ostream &OS, ArrayRef<cot::BundleEntry> E) {
          return cot::writeBinaryBundle(OS, E);
        },
        [](MemoryBufferRef B) { return cot::readBinaryBundle(B); });
  else
    consumeError(Entries.takeError());

  for (StringRef Comment : {"//", ";", "#"}) {
    if (Expected<std::vector<cot::BundleEntry>> Entries =
            cot::readTextBundle(Buf, Comment))
      checkRoundTrip(
          *Entries,
          [&](raw_ostream &OS, ArrayRef<cot::BundleEntry> E) {
            return cot::writeTextBundle(OS, Comment, E);
          },
          [&](MemoryBufferRef B) { return cot::readTextBundle(B, Comment); });
    else
      consumeError(Entries.takeError());
  }

  file_magic Magic = identify_magic(Bytes);
  if (Magic == file_magic::elf_relocatable) {
    if (Expected<std::vector<cot::BundleEntry>> Entries =
            cot::readObjectOffloadSections(Buf)) {
      for (const cot::BundleEntry &E : *Entries)
        if (!E.Payload.empty() &&
            (E.Payload.begin() < Bytes.begin() || E.Payload.end() > Bytes.end()))
          std::abort(); // a payload must lie inside the input
    } else {
      consumeError(Entries.takeError());
    }
  }
  if (Magic == file_magic::archive)
    consumeError(cot::forEachArchiveBundle(
        Buf, [](StringRef, ArrayRef<cot::BundleEntry>) {
          return Error::success();
        }));
  return 0;
}

//===- ArchiveBundle.cpp - Archives of bundled objects --------------------===//
//
// Part of clang-offload. A static library of bundled objects is unbundled
// per target: the device archive of a target holds the payload of that
// target from every member that has one, so the device link step can use
// it like the host linker uses the host library.
//
//===----------------------------------------------------------------------===//

#include "clang-offload/OffloadBundler/OffloadBundler.h"

#include "llvm/BinaryFormat/Magic.h"
#include "llvm/Object/Archive.h"
#include "llvm/Object/ArchiveWriter.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <deque>

using namespace llvm;
using namespace llvm::object;

namespace cot {

static Error archiveError(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

/// The entries of one member: offload sections of an object (the host
/// entry being the whole member), entries of a binary bundle, or none.
static Expected<std::vector<BundleEntry>> readMember(MemoryBufferRef Member) {
  if (Member.getBuffer().starts_with(BundleMagic))
    return readBinaryBundle(Member);
  file_magic Magic = identify_magic(Member.getBuffer());
  if (!Magic.is_object() || Magic == file_magic::bitcode)
    return std::vector<BundleEntry>();
  FileType Object;
  Object.Name = "o";
  Object.Format = BundleFormat::Object;
  return readBundle(Member, Object);
}

Error forEachArchiveBundle(
    MemoryBufferRef ArchiveBuf,
    function_ref<Error(StringRef, ArrayRef<BundleEntry>)> Fn) {
  Expected<std::unique_ptr<Archive>> Ar = Archive::create(ArchiveBuf);
  if (!Ar)
    return archiveError("not a valid archive: " + toString(Ar.takeError()));
  if ((*Ar)->isThin())
    return archiveError("thin archives are not supported");
  Error Err = Error::success();
  for (const Archive::Child &C : (*Ar)->children(Err)) {
    Expected<StringRef> Name = C.getName();
    if (!Name) {
      consumeError(std::move(Err));
      return archiveError("cannot read a member name: " +
                          toString(Name.takeError()));
    }
    Expected<MemoryBufferRef> Member = C.getMemoryBufferRef();
    if (!Member) {
      consumeError(std::move(Err));
      return archiveError("member '" + *Name +
                          "': " + toString(Member.takeError()));
    }
    // LLVM 19 does not check the size of the last member against the end
    // of the archive; a lying size must not let readers run off the end.
    StringRef Whole = ArchiveBuf.getBuffer();
    if (Member->getBufferStart() < Whole.begin() ||
        Member->getBufferEnd() > Whole.end()) {
      consumeError(std::move(Err));
      return archiveError("member '" + *Name +
                          "' extends past the end of the archive");
    }
    Expected<std::vector<BundleEntry>> Entries = readMember(*Member);
    if (!Entries) {
      consumeError(std::move(Err));
      return archiveError("member '" + *Name +
                          "': " + toString(Entries.takeError()));
    }
    if (Error E = Fn(*Name, *Entries)) {
      consumeError(std::move(Err));
      return E;
    }
  }
  if (Err)
    return archiveError("malformed archive: " + toString(std::move(Err)));
  return Error::success();
}

/// File extension for a device payload: what the device linker expects.
static StringRef payloadExtension(StringRef Payload) {
  file_magic Magic = identify_magic(Payload);
  if (Magic == file_magic::bitcode)
    return "bc";
  if (Magic.is_object())
    return "o";
  return "bin";
}

Expected<SmallVector<char, 0>> extractArchiveTarget(MemoryBufferRef ArchiveBuf,
                                                    StringRef Target) {
  if (Expected<TargetID> Parsed = parseTargetID(Target); !Parsed)
    return Parsed.takeError();
  Expected<std::unique_ptr<Archive>> Ar = Archive::create(ArchiveBuf);
  if (!Ar)
    return archiveError("not a valid archive: " + toString(Ar.takeError()));
  Archive::Kind Kind = (*Ar)->kind();

  std::vector<NewArchiveMember> Members;
  std::deque<std::string> Names; // members refer to these by StringRef
  Error Err = forEachArchiveBundle(
      ArchiveBuf, [&](StringRef Name, ArrayRef<BundleEntry> Entries) {
        for (const BundleEntry &E : Entries) {
          if (E.ID != Target)
            continue;
          StringRef NewName = Names.emplace_back(
              (sys::path::stem(Name) + "-" + Target + "." +
               payloadExtension(E.Payload))
                  .str());
          NewArchiveMember M;
          M.Buf = MemoryBuffer::getMemBufferCopy(E.Payload, NewName);
          M.MemberName = NewName;
          M.Perms = 0644;
          Members.push_back(std::move(M));
        }
        return Error::success();
      });
  if (Err)
    return std::move(Err);

  // Symbol tables are a convenience for the device linker; members it
  // cannot index (e.g. bitcode for a target this LLVM lacks) are no error.
  Expected<std::unique_ptr<MemoryBuffer>> Out = writeArchiveToBuffer(
      Members, SymtabWritingMode::NormalSymtab, Kind, /*Deterministic=*/true,
      /*Thin=*/false, [](Error E) { consumeError(std::move(E)); });
  if (!Out)
    return archiveError("cannot write the device archive: " +
                        toString(Out.takeError()));
  StringRef Data = (*Out)->getBuffer();
  return SmallVector<char, 0>(Data.begin(), Data.end());
}

} // namespace cot

//===- ObjectBundle.cpp - Offload bundles inside host objects -------------===//
//
// Part of clang-offload. A bundled object is the host object itself, plus a
// section `__CLANG_OFFLOAD_BUNDLE__<target id>` holding each device payload
// and an empty one naming the host target. The sections we add are not
// allocated and are marked SHF_EXCLUDE, so the linker drops them and the
// object links exactly as the host object did. Sections are added with
// LLVM's objcopy library, in process.
//
// The reader finds the sections by name alone, whatever their flags: the
// compiler emits the same sections from IR (as allocated data), and the
// driver reads those with readObjectOffloadSections too.
//
//===----------------------------------------------------------------------===//

#include "clang-offload/OffloadBundler/OffloadBundler.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/ObjCopy/CommonConfig.h"
#include "llvm/ObjCopy/ConfigManager.h"
#include "llvm/ObjCopy/ObjCopy.h"
#include "llvm/Object/Binary.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <deque>

using namespace llvm;
using namespace llvm::object;

namespace cot {

static Error objectError(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

static Expected<std::unique_ptr<ObjectFile>> openObject(MemoryBufferRef Obj) {
  Expected<std::unique_ptr<ObjectFile>> File =
      ObjectFile::createObjectFile(Obj);
  if (!File)
    return objectError("not a valid object file: " +
                       toString(File.takeError()));
  return File;
}

Expected<std::vector<BundleEntry>> readObjectOffloadSections(MemoryBufferRef Obj) {
  Expected<std::unique_ptr<ObjectFile>> File = openObject(Obj);
  if (!File)
    return File.takeError();
  std::vector<BundleEntry> Entries;
  StringSet<> Seen;
  for (const SectionRef &Section : (*File)->sections()) {
    Expected<StringRef> Name = Section.getName();
    if (!Name)
      return objectError("cannot read a section name: " +
                         toString(Name.takeError()));
    StringRef ID = *Name;
    if (!ID.consume_front(BundleMagic))
      continue;
    if (Expected<TargetID> Parsed = parseTargetID(ID); !Parsed)
      return objectError("section '" + *Name +
                         "': " + toString(Parsed.takeError()));
    if (!Seen.insert(ID).second)
      return objectError("duplicate offload section '" + *Name + "'");
    StringRef Contents;
    if (!Section.isBSS()) {
      Expected<StringRef> Data = Section.getContents();
      if (!Data)
        return objectError("cannot read section '" + *Name +
                           "': " + toString(Data.takeError()));
      Contents = *Data;
    }
    Entries.push_back({ID.str(), Contents});
  }
  return Entries;
}

Expected<SmallVector<char, 0>>
writeObjectBundle(MemoryBufferRef HostObj, StringRef HostID,
                  ArrayRef<BundleEntry> DeviceEntries) {
  Expected<TargetID> Host = parseTargetID(HostID);
  if (!Host)
    return Host.takeError();
  if (!Host->isHost())
    return objectError("'" + HostID + "' is not a host target");

  Expected<std::unique_ptr<Binary>> Bin = createBinary(HostObj);
  if (!Bin)
    return objectError("not a valid object file: " + toString(Bin.takeError()));
  auto *Obj = dyn_cast<ObjectFile>(Bin->get());
  if (!Obj)
    return objectError("not an object file");

  // Existing offload sections would make the result ambiguous.
  Expected<std::vector<BundleEntry>> Existing =
      readObjectOffloadSections(HostObj);
  if (!Existing)
    return Existing.takeError();
  if (!Existing->empty())
    return objectError("host object already contains offload section '" +
                       BundleMagic + Existing->front().ID + "'");

  StringSet<> Seen;
  Seen.insert(HostID);
  for (const BundleEntry &E : DeviceEntries) {
    Expected<TargetID> Parsed = parseTargetID(E.ID);
    if (!Parsed)
      return Parsed.takeError();
    if (Parsed->isHost())
      return objectError("second host target '" + E.ID + "'");
    if (!Seen.insert(E.ID).second)
      return objectError("duplicate target '" + E.ID + "'");
  }

  objcopy::ConfigManager Config;
  objcopy::CommonConfig &Common = Config.Common;
  Common.InputFilename = HostObj.getBufferIdentifier();
  Common.OutputFilename = "-";
  std::deque<std::string> Names; // Config refers to these by StringRef
  auto AddSection = [&](StringRef ID, StringRef Payload) {
    StringRef Name = Names.emplace_back((BundleMagic + ID).str());
    Common.AddSection.emplace_back(
        Name, MemoryBuffer::getMemBufferCopy(Payload, Name));
    Common.SetSectionFlags[Name] = objcopy::SectionFlagsUpdate{
        Name, objcopy::SectionFlag(objcopy::SectionFlag::SecReadonly |
                                   objcopy::SectionFlag::SecExclude)};
  };
  AddSection(HostID, "");
  for (const BundleEntry &E : DeviceEntries)
    AddSection(E.ID, E.Payload);

  SmallVector<char, 0> Out;
  raw_svector_ostream OS(Out);
  if (Error Err = objcopy::executeObjcopyOnBinary(Config, *Obj, OS))
    return objectError("cannot add offload sections: " +
                       toString(std::move(Err)));
  return Out;
}

} // namespace cot

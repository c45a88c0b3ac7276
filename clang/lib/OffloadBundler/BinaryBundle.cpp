//===- BinaryBundle.cpp - The binary offload bundle format ----------------===//
//
// Part of clang-offload. Layout (all integers 64-bit little-endian):
//
//   "__CLANG_OFFLOAD_BUNDLE__"             24 bytes of magic
//   count                                  number of entries
//   count x { offset, size, idlen, id }    offset from the start of the file
//   payloads                               8-byte aligned, zero padded
//
// The reader trusts nothing: every offset, size and length is checked
// against the buffer before it is used, payloads may not overlap the header
// or each other, and ids must be well-formed and unique.
//
//===----------------------------------------------------------------------===//

#include "clang-offload/OffloadBundler/OffloadBundler.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace llvm;

namespace cot {

static constexpr uint64_t FixedHeaderSize = 24 + 8; // magic + count
static constexpr uint64_t EntryHeaderSize = 3 * 8;  // offset, size, idlen
static constexpr uint64_t PayloadAlign = 8;

static Error bundleError(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

Expected<std::vector<BundleEntry>> readBinaryBundle(MemoryBufferRef Buf) {
  StringRef Data = Buf.getBuffer();
  std::vector<BundleEntry> Entries;
  if (!Data.starts_with(BundleMagic))
    return Entries; // not a bundle
  const uint64_t Size = Data.size();
  if (Size < FixedHeaderSize)
    return bundleError("truncated bundle header: no entry count");

  auto Read64 = [&](uint64_t Pos) {
    return support::endian::read64le(Data.data() + Pos);
  };
  uint64_t Count = Read64(24);
  if (Count == 0)
    return bundleError("bundle header declares no entries");
  // Each entry needs at least its fixed header (and a non-empty id), so a
  // count beyond this is a lie; checking first keeps the reserve bounded.
  if (Count > (Size - FixedHeaderSize) / EntryHeaderSize)
    return bundleError("bundle header declares " + Twine(Count) +
                       " entries, more than the file of " + Twine(Size) +
                       " bytes can hold");

  struct Raw {
    uint64_t Offset, Length;
  };
  std::vector<Raw> Ranges;
  Entries.reserve(Count);
  Ranges.reserve(Count);
  StringSet<> Seen;
  uint64_t Pos = FixedHeaderSize;
  for (uint64_t I = 0; I < Count; ++I) {
    if (Size - Pos < EntryHeaderSize)
      return bundleError("truncated bundle header: entry " + Twine(I) +
                         " extends past the end of the file");
    uint64_t Offset = Read64(Pos), Length = Read64(Pos + 8),
             IDLen = Read64(Pos + 16);
    Pos += EntryHeaderSize;
    if (IDLen == 0)
      return bundleError("bundle entry " + Twine(I) + " has an empty id");
    if (IDLen > Size - Pos)
      return bundleError("truncated bundle header: id of entry " + Twine(I) +
                         " (" + Twine(IDLen) +
                         " bytes) extends past the end of the file");
    StringRef ID = Data.substr(Pos, IDLen);
    Pos += IDLen;
    Expected<TargetID> Parsed = parseTargetID(ID);
    if (!Parsed)
      return bundleError("bundle entry " + Twine(I) + ": " +
                         toString(Parsed.takeError()));
    if (!Seen.insert(ID).second)
      return bundleError("duplicate bundle entry for target '" + ID + "'");
    Entries.push_back({ID.str(), StringRef()});
    Ranges.push_back({Offset, Length});
  }

  // With the whole header read, check where the payloads lie.
  for (size_t I = 0; I < Ranges.size(); ++I) {
    auto [Offset, Length] = Ranges[I];
    if (Offset > Size || Length > Size - Offset)
      return bundleError("payload of entry '" + Entries[I].ID + "' (offset " +
                         Twine(Offset) + ", size " + Twine(Length) +
                         ") extends past the end of the file (" + Twine(Size) +
                         " bytes)");
    Entries[I].Payload = Data.substr(Offset, Length);
  }

  // Payloads start after the header and do not overlap. Empty payloads
  // occupy nothing, wherever they claim to be.
  const uint64_t HeaderEnd = Pos;
  std::vector<size_t> Order;
  for (size_t I = 0; I < Ranges.size(); ++I) {
    if (Ranges[I].Length == 0)
      continue;
    if (Ranges[I].Offset < HeaderEnd)
      return bundleError("payload of entry '" + Entries[I].ID +
                         "' overlaps the bundle header");
    Order.push_back(I);
  }
  llvm::sort(Order, [&](size_t A, size_t B) {
    return Ranges[A].Offset < Ranges[B].Offset;
  });
  for (size_t I = 1; I < Order.size(); ++I) {
    const Raw &Prev = Ranges[Order[I - 1]], &Cur = Ranges[Order[I]];
    if (Prev.Offset + Prev.Length > Cur.Offset)
      return bundleError("payloads of entries '" + Entries[Order[I - 1]].ID +
                         "' and '" + Entries[Order[I]].ID + "' overlap");
  }
  return Entries;
}

Error writeBinaryBundle(raw_ostream &OS, ArrayRef<BundleEntry> Entries) {
  if (Entries.empty())
    return bundleError("cannot write a bundle without entries");
  StringSet<> Seen;
  uint64_t HeaderSize = FixedHeaderSize;
  for (const BundleEntry &E : Entries) {
    if (Expected<TargetID> Parsed = parseTargetID(E.ID); !Parsed)
      return Parsed.takeError();
    if (!Seen.insert(E.ID).second)
      return bundleError("duplicate target '" + E.ID + "'");
    HeaderSize += EntryHeaderSize + E.ID.size();
  }

  std::vector<uint64_t> Offsets;
  uint64_t Next = alignTo(HeaderSize, PayloadAlign);
  for (const BundleEntry &E : Entries) {
    Offsets.push_back(Next);
    Next = alignTo(Next + E.Payload.size(), PayloadAlign);
  }

  auto Write64 = [&](uint64_t V) {
    char Bytes[8];
    support::endian::write64le(Bytes, V);
    OS.write(Bytes, sizeof(Bytes));
  };
  OS << BundleMagic;
  Write64(Entries.size());
  for (size_t I = 0; I < Entries.size(); ++I) {
    Write64(Offsets[I]);
    Write64(Entries[I].Payload.size());
    Write64(Entries[I].ID.size());
    OS << Entries[I].ID;
  }
  uint64_t Written = HeaderSize;
  for (size_t I = 0; I < Entries.size(); ++I) {
    OS.write_zeros(Offsets[I] - Written);
    OS << Entries[I].Payload;
    Written = Offsets[I] + Entries[I].Payload.size();
  }
  return Error::success();
}

} // namespace cot

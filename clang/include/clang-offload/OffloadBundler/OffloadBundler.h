//===- OffloadBundler.h - Reading and writing offload bundles ---*- C++ -*-===//
//
// Part of clang-offload. Library behind bin/clang-offload-bundler, also used
// by the compiler driver to find device code inside host files.
//
// An offload bundle keeps the host version and the device versions of one
// compilation in a single file, so that the build system sees one file per
// source. Each entry is named by a target id `<kind>-<triple>[-<arch>]`
// (kinds: `host`, `openmp`). Four container formats, chosen by the file type:
//
//  * text (i, ii, ll, s): the entries concatenated, each between a start and
//    an end comment line naming its target id (see docs/Bundler.md);
//  * binary (bc, gch, ast, pcm, ptx, cubin, fatbin, bin, img): a header
//    `__CLANG_OFFLOAD_BUNDLE__`, a 64-bit little-endian entry count, per entry
//    64-bit offset, size and id length and the id bytes; then the payloads;
//  * object (o): the host object itself, with one section
//    `__CLANG_OFFLOAD_BUNDLE__<target id>` per device payload (and an empty
//    one naming the host target);
//  * archive (a): an ar archive of bundled objects (unbundling only).
//
// Every failure is reported as an llvm::Error; nothing here aborts on bad
// input. Payloads returned by the readers point into the input buffer.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_OFFLOADBUNDLER_OFFLOADBUNDLER_H
#define CLANG_OFFLOAD_OFFLOADBUNDLER_OFFLOADBUNDLER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBufferRef.h"

#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace cot {

/// The magic string that starts a binary bundle, and the prefix of the
/// section names that carry device payloads in a bundled object.
constexpr llvm::StringLiteral BundleMagic = "__CLANG_OFFLOAD_BUNDLE__";
/// Markers of the text format; a marker line is
/// `<comment> <marker> <target id>`.
constexpr llvm::StringLiteral TextStartMarker =
    "__CLANG_OFFLOAD_BUNDLE____START__";
constexpr llvm::StringLiteral TextEndMarker = "__CLANG_OFFLOAD_BUNDLE____END__";
/// Appended to an end marker line when the payload did not end in a newline
/// (the writer then added one that the reader removes again).
constexpr llvm::StringLiteral TextNoEOLFlag = "(no newline at end)";

//===----------------------------------------------------------------------===//
// Target ids
//===----------------------------------------------------------------------===//

enum class OffloadKind { Host, OpenMP };

/// A parsed target id: `host-x86_64-pc-linux-gnu`,
/// `openmp-nvptx64-nvidia-cuda`, `openmp-nvptx64-nvidia-cuda-sm_90`.
struct TargetID {
  OffloadKind Kind = OffloadKind::Host;
  std::string Triple; ///< three or four components, e.g. nvptx64-nvidia-cuda
  std::string Arch;   ///< optional processor, e.g. sm_90; empty if none

  bool isHost() const { return Kind == OffloadKind::Host; }
  /// The canonical spelling, `<kind>-<triple>[-<arch>]`.
  std::string str() const;
};

/// Parses a target id. The triple must have a known architecture and three
/// or four components; a fourth component that is not a known environment
/// (gnu, musl, ...) is taken as the processor, as is a fifth.
llvm::Expected<TargetID> parseTargetID(llvm::StringRef ID);

//===----------------------------------------------------------------------===//
// File types
//===----------------------------------------------------------------------===//

enum class BundleFormat { Text, Binary, Object, Archive };

struct FileType {
  std::string Name;           ///< as given to -type, e.g. "ll"
  BundleFormat Format = BundleFormat::Binary;
  llvm::StringRef Comment;    ///< line comment of a text type ("//", ";", "#")
};

/// Maps a -type name to its container format. Unknown names are an error.
llvm::Expected<FileType> parseFileType(llvm::StringRef Name);

//===----------------------------------------------------------------------===//
// Reading
//===----------------------------------------------------------------------===//

/// One entry of a bundle. Payload points into the buffer that was read (or,
/// for writing, into memory the caller keeps alive).
struct BundleEntry {
  std::string ID; ///< canonical target id
  llvm::StringRef Payload;
};

/// Reads a text or binary bundle, or the offload sections of an object
/// (`Type` decides which). Returns the entries in file order; an empty vector
/// means the buffer is not a bundle at all (no magic, no marker line, no
/// offload section). A malformed bundle (truncated or lying header,
/// overlapping payloads, duplicate or malformed ids, unbalanced markers) is
/// an error. For objects, the host entry (if the host section is there) has
/// the whole object as payload. Archives are read with forEachArchiveBundle.
llvm::Expected<std::vector<BundleEntry>> readBundle(llvm::MemoryBufferRef Buf,
                                                    const FileType &Type);

/// The binary format alone.
llvm::Expected<std::vector<BundleEntry>>
readBinaryBundle(llvm::MemoryBufferRef Buf);

/// The text format alone; `Comment` is the line comment of the type.
llvm::Expected<std::vector<BundleEntry>>
readTextBundle(llvm::MemoryBufferRef Buf, llvm::StringRef Comment);

/// Returns (target id, section contents) for every section of the object
/// whose name starts with `__CLANG_OFFLOAD_BUNDLE__`, whatever its flags,
/// in section order. Works for the sections this library adds and for the
/// ones the compiler emits from IR. The host marker section is included
/// with an empty payload. Not an object file: error.
llvm::Expected<std::vector<BundleEntry>>
readObjectOffloadSections(llvm::MemoryBufferRef Obj);

/// Calls `Fn(MemberName, Entries)` for every member of an ar archive, in
/// archive order. Members that are objects give their offload sections,
/// members that are binary bundles their entries, any other member an empty
/// list. Entries are only valid during the call.
llvm::Error forEachArchiveBundle(
    llvm::MemoryBufferRef Archive,
    llvm::function_ref<llvm::Error(llvm::StringRef MemberName,
                                   llvm::ArrayRef<BundleEntry> Entries)>
        Fn);

//===----------------------------------------------------------------------===//
// Writing
//===----------------------------------------------------------------------===//

/// Writes a text or binary bundle of `Entries` (in that order) to `OS`. Ids
/// must be canonical and unique. Text payloads must not contain marker lines.
llvm::Error writeBundle(llvm::raw_ostream &OS, const FileType &Type,
                        llvm::ArrayRef<BundleEntry> Entries);

/// The binary format alone. Payloads are placed 8-byte aligned.
llvm::Error writeBinaryBundle(llvm::raw_ostream &OS,
                              llvm::ArrayRef<BundleEntry> Entries);

/// The text format alone; `Comment` is the line comment of the type.
llvm::Error writeTextBundle(llvm::raw_ostream &OS, llvm::StringRef Comment,
                            llvm::ArrayRef<BundleEntry> Entries);

/// Returns a copy of the object `HostObj` with a non-allocated, excluded
/// section `__CLANG_OFFLOAD_BUNDLE__<id>` for each device entry and an empty
/// one for `HostID`. The object stays linkable as it was.
llvm::Expected<llvm::SmallVector<char, 0>>
writeObjectBundle(llvm::MemoryBufferRef HostObj, llvm::StringRef HostID,
                  llvm::ArrayRef<BundleEntry> DeviceEntries);

/// Builds the device archive of one target from an archive of bundled
/// objects: one member per input member that carries `TargetID`, named
/// `<member stem>-<target id>.<ext>` (ext: bc for bitcode, o for an object,
/// bin otherwise). Members without it are skipped.
llvm::Expected<llvm::SmallVector<char, 0>>
extractArchiveTarget(llvm::MemoryBufferRef Archive, llvm::StringRef TargetID);

} // namespace cot

#endif // CLANG_OFFLOAD_OFFLOADBUNDLER_OFFLOADBUNDLER_H

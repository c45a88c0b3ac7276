//===- TextBundle.cpp - The text offload bundle format --------------------===//
//
// Part of clang-offload. A text bundle is the entries one after the other,
// each framed by marker lines in the comment syntax of the type:
//
//   // __CLANG_OFFLOAD_BUNDLE____START__ openmp-x86_64-pc-linux-gnu
//   <payload, byte for byte>
//   // __CLANG_OFFLOAD_BUNDLE____END__ openmp-x86_64-pc-linux-gnu
//
// A payload that does not end in a newline gets one so that the end marker
// starts a line; the end marker then says `(no newline at end)` and the
// reader drops that newline again, so unbundling is bit-exact. Nothing may
// stand outside the frames, and a payload may not contain marker lines.
//
//===----------------------------------------------------------------------===//

#include "clang-offload/OffloadBundler/OffloadBundler.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace cot {

namespace {
enum class MarkerKind { None, Start, End };

struct MarkerLine {
  MarkerKind Kind = MarkerKind::None;
  StringRef ID;
  bool NoEOL = false;
};
} // namespace

static Error textError(size_t LineNo, const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(),
                           "line " + Twine(LineNo) + ": " + Msg);
}

/// Classifies one line (without its newline). A line is a marker when it
/// starts with `<comment> <marker> `; a trailing CR is ignored.
static MarkerLine classifyLine(StringRef Line, StringRef Comment) {
  MarkerLine M;
  Line.consume_back("\r");
  if (!Line.consume_front(Comment) || !Line.consume_front(" "))
    return M;
  if (Line.consume_front(TextStartMarker))
    M.Kind = MarkerKind::Start;
  else if (Line.consume_front(TextEndMarker))
    M.Kind = MarkerKind::End;
  else
    return M;
  Line.consume_front(" ");
  if (M.Kind == MarkerKind::End) {
    auto [ID, Rest] = Line.split(' ');
    if (Rest == TextNoEOLFlag) {
      Line = ID;
      M.NoEOL = true;
    }
  }
  M.ID = Line;
  return M;
}

/// Calls `Fn(Line, Offset)` for each line of `Data` (without its newline);
/// stops at the first error.
template <typename Callback>
static Error forEachLine(StringRef Data, Callback Fn) {
  size_t Pos = 0, LineNo = 1;
  while (Pos < Data.size()) {
    size_t End = Data.find('\n', Pos);
    size_t Next = End == StringRef::npos ? Data.size() : End + 1;
    StringRef Line = Data.slice(Pos, End == StringRef::npos ? Data.size() : End);
    if (Error E = Fn(Line, Pos, Next, LineNo))
      return E;
    Pos = Next;
    ++LineNo;
  }
  return Error::success();
}

Expected<std::vector<BundleEntry>> readTextBundle(MemoryBufferRef Buf,
                                                  StringRef Comment) {
  StringRef Data = Buf.getBuffer();
  std::vector<BundleEntry> Entries;
  // Cheap test first: a file without the start marker is not a bundle.
  if (Data.find(TextStartMarker) == StringRef::npos &&
      Data.find(TextEndMarker) == StringRef::npos)
    return Entries;

  bool SawMarker = false;
  StringRef OpenID;       // id of the entry being read; empty outside
  size_t OpenLine = 0;    // line of its start marker
  size_t PayloadBegin = 0;
  StringSet<> Seen;
  Error Err = forEachLine(Data, [&](StringRef Line, size_t Begin, size_t Next,
                                    size_t LineNo) -> Error {
    MarkerLine M = classifyLine(Line, Comment);
    if (M.Kind == MarkerKind::None) {
      if (!OpenID.empty() || !SawMarker)
        return Error::success(); // payload, or text before any marker
      return textError(LineNo, "text outside of any bundle entry");
    }
    if (!SawMarker && Begin != 0)
      return textError(LineNo, "text before the first bundle entry");
    SawMarker = true;
    if (M.Kind == MarkerKind::Start) {
      if (!OpenID.empty())
        return textError(LineNo, "start marker for '" + M.ID +
                                     "' inside the entry for '" + OpenID +
                                     "' (started at line " + Twine(OpenLine) +
                                     ")");
      if (Expected<TargetID> Parsed = parseTargetID(M.ID); !Parsed)
        return textError(LineNo, toString(Parsed.takeError()));
      if (!Seen.insert(M.ID).second)
        return textError(LineNo,
                         "duplicate bundle entry for target '" + M.ID + "'");
      OpenID = M.ID;
      OpenLine = LineNo;
      PayloadBegin = Next;
      return Error::success();
    }
    // End marker.
    if (OpenID.empty())
      return textError(LineNo, "end marker for '" + M.ID +
                                   "' without a start marker");
    if (M.ID != OpenID)
      return textError(LineNo, "end marker for '" + M.ID +
                                   "' closes the entry for '" + OpenID +
                                   "' (started at line " + Twine(OpenLine) +
                                   ")");
    StringRef Payload = Data.slice(PayloadBegin, Begin);
    if (M.NoEOL) {
      if (!Payload.consume_back("\n"))
        return textError(LineNo, "end marker says '" + TextNoEOLFlag +
                                     "' but the entry is empty");
    }
    Entries.push_back({OpenID.str(), Payload});
    OpenID = StringRef();
    return Error::success();
  });
  if (Err)
    return std::move(Err);
  if (!OpenID.empty())
    return textError(OpenLine, "no end marker for the entry of '" + OpenID +
                                   "' (file truncated?)");
  return Entries;
}

Error writeTextBundle(raw_ostream &OS, StringRef Comment,
                      ArrayRef<BundleEntry> Entries) {
  if (Entries.empty())
    return createStringError(inconvertibleErrorCode(),
                             "cannot write a bundle without entries");
  StringSet<> Seen;
  for (const BundleEntry &E : Entries) {
    if (Expected<TargetID> Parsed = parseTargetID(E.ID); !Parsed)
      return Parsed.takeError();
    if (!Seen.insert(E.ID).second)
      return createStringError(inconvertibleErrorCode(),
                               "duplicate target '" + E.ID + "'");
    if (Error Err = forEachLine(E.Payload, [&](StringRef Line, size_t, size_t,
                                               size_t LineNo) -> Error {
          if (classifyLine(Line, Comment).Kind == MarkerKind::None)
            return Error::success();
          return createStringError(inconvertibleErrorCode(),
                                   "payload for '" + E.ID + "' line " +
                                       Twine(LineNo) +
                                       " is an offload bundle marker");
        }))
      return Err;
  }
  for (const BundleEntry &E : Entries) {
    OS << Comment << ' ' << TextStartMarker << ' ' << E.ID << '\n';
    OS << E.Payload;
    bool NoEOL = !E.Payload.empty() && !E.Payload.ends_with("\n");
    if (NoEOL)
      OS << '\n';
    OS << Comment << ' ' << TextEndMarker << ' ' << E.ID;
    if (NoEOL)
      OS << ' ' << TextNoEOLFlag;
    OS << '\n';
  }
  return Error::success();
}

} // namespace cot

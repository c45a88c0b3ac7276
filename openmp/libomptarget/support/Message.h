//===- Message.h - Messages and the runtime's error type --------*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// What libomptarget and its plugins print, and how they hand failures to one
// another. Every message is one line on stderr prefixed `libomptarget: `
// (the LIBOMPTARGET_DEBUG trace's lines `omptarget --> `, as upstream's);
// every failure is a cot::Error holding its message and, when it belongs to
// a construct, the construct's source location. Plugins pass their Errors
// to libomptarget through the C plugin interface (last_error, PluginAPI.h),
// where they become Errors again and reach cot::fatal or, for the omp_*
// routines, a LIBOMPTARGET_INFO line.
//
// Built into the `omptarget-support` static library, which libomptarget and
// every plugin link, so there is one formatter and one message format.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_LIBOMPTARGET_MESSAGE_H
#define CLANG_OFFLOAD_LIBOMPTARGET_MESSAGE_H

#include "OffloadABI.h"

#include <cstdarg>
#include <string>

namespace cot {

/// printf into a std::string.
std::string formatString(const char *Fmt, ...)
    __attribute__((format(printf, 1, 2)));
std::string formatStringV(const char *Fmt, va_list Ap);

/// "file:line:col", or "<unknown location>".
std::string locString(const cot_source_loc *Loc);

/// "device", "host" or "shared": a COT_MEMORY_* kind (PluginAPI.h).
const char *memoryKindName(int32_t Kind);

/// A failure with its message and, when known, the source location of the
/// construct it belongs to; false when it is a success.
class Error {
public:
  Error() = default;
  static Error success() { return Error(); }
  static Error make(const char *Fmt, ...) __attribute__((format(printf, 1, 2)));
  static Error fromMessage(std::string Msg);

  explicit operator bool() const { return Failed; }
  const std::string &message() const { return Msg; }
  const cot_source_loc *location() const { return Loc; }

  /// The same failure, attributed to construct Where unless it already
  /// names one.
  Error &at(const cot_source_loc *Where) {
    if (!Loc)
      Loc = Where;
    return *this;
  }
  /// The same failure with "<Context>: " in front of its message.
  Error &prefix(const std::string &Context) {
    Msg = Context + ": " + Msg;
    return *this;
  }

private:
  bool Failed = false;
  std::string Msg;
  const cot_source_loc *Loc = nullptr;
};

/// Prints `libomptarget: <Kind>: <Msg>[ at <Loc>]` in one write, so that the
/// lines of several threads never mix.
void emitMessage(const char *Kind, const cot_source_loc *Loc,
                 const std::string &Msg);

/// `libomptarget: warning: ...`.
void warning(const char *Fmt, ...) __attribute__((format(printf, 1, 2)));

/// `libomptarget: info: ...[ at <Loc>]` when LIBOMPTARGET_INFO is set.
void info(const cot_source_loc *Loc, const char *Fmt, ...)
    __attribute__((format(printf, 2, 3)));

/// What both audiences want to know (a plugin skipped, the image a device
/// loaded, why a region runs on the host): an info line under
/// LIBOMPTARGET_INFO, else a debug trace line under LIBOMPTARGET_DEBUG.
void note(const cot_source_loc *Loc, const char *Fmt, ...)
    __attribute__((format(printf, 2, 3)));

/// `omptarget --> ...` (upstream's prefix), one line of the debug trace,
/// when LIBOMPTARGET_DEBUG is at least Level. Callers whose arguments cost
/// something to compute test debugEnabled() first.
void debug(int Level, const char *Fmt, ...)
    __attribute__((format(printf, 2, 3)));

} // namespace cot

#endif

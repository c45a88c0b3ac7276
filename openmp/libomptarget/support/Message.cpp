//===- Message.cpp - Messages and the runtime's error type
//-----------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "Message.h"
#include "Environment.h"
#include "PluginAPI.h"

#include <cstdio>

using namespace cot;

std::string cot::formatStringV(const char *Fmt, va_list Ap) {
  va_list Copy;
  va_copy(Copy, Ap);
  int N = vsnprintf(nullptr, 0, Fmt, Copy);
  va_end(Copy);
  if (N <= 0)
    return std::string();
  std::string S((size_t)N, '\0');
  vsnprintf(&S[0], (size_t)N + 1, Fmt, Ap);
  return S;
}

std::string cot::formatString(const char *Fmt, ...) {
  va_list Ap;
  va_start(Ap, Fmt);
  std::string S = formatStringV(Fmt, Ap);
  va_end(Ap);
  return S;
}

std::string cot::locString(const cot_source_loc *Loc) {
  if (!Loc || !Loc->File)
    return "<unknown location>";
  return std::string(Loc->File) + ":" + std::to_string(Loc->Line) + ":" +
         std::to_string(Loc->Column);
}

const char *cot::memoryKindName(int32_t Kind) {
  switch (Kind) {
  case COT_MEMORY_DEVICE:
    return "device";
  case COT_MEMORY_HOST:
    return "host";
  case COT_MEMORY_SHARED:
    return "shared";
  }
  return "unknown";
}

Error Error::make(const char *Fmt, ...) {
  va_list Ap;
  va_start(Ap, Fmt);
  Error E = fromMessage(formatStringV(Fmt, Ap));
  va_end(Ap);
  return E;
}

Error Error::fromMessage(std::string Msg) {
  Error E;
  E.Msg = std::move(Msg);
  E.Failed = true;
  return E;
}

void cot::emitMessage(const char *Kind, const cot_source_loc *Loc,
                      const std::string &Msg) {
  std::string Line = "libomptarget: ";
  Line += Kind;
  Line += ": ";
  Line += Msg;
  if (Loc) {
    Line += " at ";
    Line += locString(Loc);
  }
  Line += '\n';
  fputs(Line.c_str(), stderr);
}

void cot::warning(const char *Fmt, ...) {
  va_list Ap;
  va_start(Ap, Fmt);
  std::string Msg = formatStringV(Fmt, Ap);
  va_end(Ap);
  emitMessage("warning", nullptr, Msg);
}

void cot::info(const cot_source_loc *Loc, const char *Fmt, ...) {
  if (!infoEnabled())
    return;
  va_list Ap;
  va_start(Ap, Fmt);
  std::string Msg = formatStringV(Fmt, Ap);
  va_end(Ap);
  emitMessage("info", Loc, Msg);
}

void cot::note(const cot_source_loc *Loc, const char *Fmt, ...) {
  bool Info = infoEnabled();
  if (!Info && !debugEnabled())
    return;
  va_list Ap;
  va_start(Ap, Fmt);
  std::string Msg = formatStringV(Fmt, Ap);
  va_end(Ap);
  if (Info)
    emitMessage("info", Loc, Msg);
  else
    debug(1, "%s%s", Msg.c_str(),
          Loc && Loc->File ? (" at " + locString(Loc)).c_str() : "");
}

void cot::debug(int Level, const char *Fmt, ...) {
  if (debugLevel() < Level)
    return;
  va_list Ap;
  va_start(Ap, Fmt);
  std::string Line = "omptarget --> " + formatStringV(Fmt, Ap) + "\n";
  va_end(Ap);
  fputs(Line.c_str(), stderr);
}

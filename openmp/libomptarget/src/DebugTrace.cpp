//===- DebugTrace.cpp - The debug trace of the runtime's decisions --------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Formats the LIBOMPTARGET_DEBUG lines of DebugTrace.h that need more than
// a format string: map types spelled out, argument lists.
//
//===----------------------------------------------------------------------===//

#include "DebugTrace.h"

#include <cinttypes>

using namespace cot;

std::string cot::atLoc(const cot_source_loc *Loc) {
  return Loc && Loc->File ? " at " + locString(Loc) : std::string();
}

std::string cot::mapTypeString(uint64_t Type) {
  static const struct {
    uint64_t Bit;
    const char *Name;
  } Bits[] = {{COT_MAP_TO, "to"},
              {COT_MAP_FROM, "from"},
              {COT_MAP_ALWAYS, "always"},
              {COT_MAP_DELETE, "delete"},
              {COT_MAP_PTR_AND_OBJ, "ptr_and_obj"},
              {COT_MAP_TARGET_PARAM, "target_param"},
              {COT_MAP_RETURN_PARAM, "return_param"},
              {COT_MAP_PRIVATE, "private"},
              {COT_MAP_LITERAL, "literal"},
              {COT_MAP_IMPLICIT, "implicit"},
              {COT_MAP_CLOSE, "close"},
              {COT_MAP_PRESENT, "present"}};
  std::string Names;
  for (const auto &B : Bits)
    if (Type & B.Bit)
      Names += (Names.empty() ? "" : ",") + std::string(B.Name);
  if (int32_t Parent = COT_MAP_MEMBER_OF(Type); Parent >= 0)
    Names += (Names.empty() ? "" : ",") + formatString("member_of(%d)", Parent);
  return formatString("0x%" PRIx64 " (%s)", Type,
                      Names.empty() ? "alloc" : Names.c_str());
}

void cot::traceMapEntry(const Device &D, const cot_map_list *M, int32_t I,
                        const MapEntry *E, const char *Decision,
                        const char *Copy, const cot_source_loc *Loc) {
  if (!debugEnabled())
    return;
  uintptr_t Begin = (uintptr_t)M->Begins[I];
  int64_t Size = M->Sizes[I];
  const char *Name = M->Names && M->Names[I] ? M->Names[I] : "<unnamed>";
  std::string Mapping;
  if (E)
    Mapping =
        formatString(", device 0x%" PRIxPTR ", refcount %s", E->toDevice(Begin),
                     E->Infinite ? "inf" : std::to_string(E->RefCount).c_str());
  debug(1,
        "device %d: map entry %d '%s' host 0x%" PRIxPTR
        " +%lld bytes, type %s: %s%s, %s%s",
        D.Id, I, Name, Begin, (long long)Size,
        mapTypeString(M->Types[I]).c_str(), Decision, Mapping.c_str(), Copy,
        atLoc(Loc).c_str());
}

void cot::traceLaunch(const Device &D, const char *Kernel,
                      const cot_launch_params &Params,
                      const std::vector<void *> &Args,
                      const cot_source_loc *Loc) {
  if (!debugEnabled())
    return;
  std::string Values;
  for (size_t I = 0; I < Args.size(); ++I)
    Values += formatString("%s%p", I ? ", " : "", Args[I]);
  debug(1,
        "device %d: launch kernel '%s' (num_teams %d, thread_limit %d, trip "
        "count %lld, flags 0x%x) with %zu args [%s]%s",
        D.Id, Kernel, Params.NumTeams, Params.ThreadLimit,
        (long long)Params.TripCount, (unsigned)Params.Flags, Args.size(),
        Values.c_str(), atLoc(Loc).c_str());
}

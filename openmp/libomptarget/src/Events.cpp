//===- Events.cpp - What the runtime did, for its consumers ---------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Hands each event of Events.h to the debug trace, the summary and the
// profile, in that order, each when the environment asked for it. The
// consumers are chosen once, on first use.
//
//===----------------------------------------------------------------------===//

#include "Events.h"

#include "DebugTrace.h"
#include "Profile.h"
#include "Summary.h"

using namespace cot;
using namespace cot::events;

namespace {

struct Consumers {
  bool Debug, Summary, Profile;
  bool any() const { return Debug || Summary || Profile; }
};

const Consumers &consumers() {
  static const Consumers C{debugEnabled(), summaryEnabled(),
                           profile::enabled()};
  return C;
}

const char *nameOr(const char *Name, const char *Otherwise) {
  return Name && *Name ? Name : Otherwise;
}

const char *directionName(Direction Dir) {
  switch (Dir) {
  case Direction::HostToDevice:
    return "host to device";
  case Direction::DeviceToHost:
    return "device to host";
  case Direction::DeviceToDevice:
    return "device to device";
  }
  return "?";
}

/// The fields every profile event has: the device and the construct.
profile::Args commonArgs(int32_t Device, Subject What) {
  profile::Args A;
  A.add("device", (int64_t)Device);
  if (What.Loc && What.Loc->File)
    A.add("loc", locString(What.Loc));
  return A;
}

std::string pointerString(const void *P) { return formatString("%p", P); }

} // namespace

bool events::enabled() { return consumers().any(); }

void events::kernelLaunched(const Stopwatch &Time, int32_t Device,
                            Subject Kernel, const cot_launch_params &Params,
                            const cot_launch_grid &Grid, void *const *Args,
                            int32_t NumArgs) {
  const Consumers &C = consumers();
  if (!C.any())
    return;
  double Seconds = Time.seconds();
  const char *Name = nameOr(Kernel.Name, "<kernel>");
  if (C.Debug)
    debug(1, "device %d: kernel '%s' done: grid %lld x %d, %.1f us%s", Device,
          Name, (long long)Grid.Blocks, Grid.Threads, Seconds * 1e6,
          atLoc(Kernel.Loc).c_str());
  if (C.Summary)
    recordLaunch(Name, Kernel.Loc, Grid, Seconds);
  if (!C.Profile)
    return;
  profile::Args A = commonArgs(Device, Kernel);
  A.add("blocks", Grid.Blocks)
      .add("threads", (int64_t)Grid.Threads)
      .add("num_teams", (int64_t)Params.NumTeams)
      .add("thread_limit", (int64_t)Params.ThreadLimit)
      .add("trip_count", Params.TripCount)
      .add("num_args", (int64_t)NumArgs);
  std::string Values;
  for (int32_t I = 0; I < NumArgs; ++I)
    Values += (I ? " " : "") + pointerString(Args[I]);
  A.add("arg_values", Values);
  profile::event("kernel", Name, Time.start(), Seconds, A);
}

void events::transferred(const Stopwatch &Time, Direction Dir, int32_t Device,
                         const void *Dst, const void *Src, uint64_t Bytes,
                         Subject What) {
  const Consumers &C = consumers();
  if (!C.any())
    return;
  double Seconds = Time.seconds();
  const char *Name = nameOr(What.Name, "<unnamed>");
  if (C.Debug)
    debug(1, "device %d: copy %s %p -> %p, %llu bytes of '%s', %.1f us%s",
          Device, directionName(Dir), Src, Dst, (unsigned long long)Bytes, Name,
          Seconds * 1e6, atLoc(What.Loc).c_str());
  if (C.Summary)
    recordTransfer(Dir, Bytes, Seconds);
  if (!C.Profile)
    return;
  profile::Args A = commonArgs(Device, What);
  A.add("direction", directionName(Dir))
      .add("bytes", (int64_t)Bytes)
      .add("object", Name)
      .add("src", pointerString(Src))
      .add("dst", pointerString(Dst));
  profile::event("transfer", std::string(directionName(Dir)) + " " + Name,
                 Time.start(), Seconds, A);
}

void events::allocated(const Stopwatch &Time, int32_t Device, int32_t Kind,
                       const void *Ptr, uint64_t Bytes, Subject What) {
  const Consumers &C = consumers();
  if (!C.any())
    return;
  double Seconds = Time.seconds();
  const char *Name = nameOr(What.Name, "<unnamed>");
  if (C.Debug)
    debug(1, "device %d: allocated %llu bytes of %s memory at %p for '%s'%s",
          Device, (unsigned long long)Bytes, memoryKindName(Kind), Ptr, Name,
          atLoc(What.Loc).c_str());
  if (C.Summary)
    recordAllocation(Bytes);
  if (!C.Profile)
    return;
  profile::Args A = commonArgs(Device, What);
  A.add("bytes", (int64_t)Bytes)
      .add("kind", memoryKindName(Kind))
      .add("object", Name)
      .add("ptr", pointerString(Ptr));
  profile::event("alloc", std::string("alloc ") + Name, Time.start(), Seconds,
                 A);
}

void events::freed(const Stopwatch &Time, int32_t Device, const void *Ptr,
                   Subject What) {
  const Consumers &C = consumers();
  if (!C.Debug && !C.Profile)
    return;
  double Seconds = Time.seconds();
  const char *Name = nameOr(What.Name, "<unnamed>");
  if (C.Debug)
    debug(1, "device %d: freed %p ('%s')%s", Device, Ptr, Name,
          atLoc(What.Loc).c_str());
  if (!C.Profile)
    return;
  profile::Args A = commonArgs(Device, What);
  A.add("object", Name).add("ptr", pointerString(Ptr));
  profile::event("free", std::string("free ") + Name, Time.start(), Seconds, A);
}

void events::synchronized(const Stopwatch &Time, int32_t Device, Subject What) {
  const Consumers &C = consumers();
  if (!C.Debug && !C.Profile)
    return;
  double Seconds = Time.seconds();
  const char *Name = nameOr(What.Name, "<queue>");
  if (C.Debug)
    debug(1, "device %d: waited for %s, %.1f us%s", Device, Name, Seconds * 1e6,
          atLoc(What.Loc).c_str());
  if (!C.Profile)
    return;
  profile::Args A = commonArgs(Device, What);
  A.add("object", Name);
  profile::event("sync", std::string("sync ") + Name, Time.start(), Seconds, A);
}

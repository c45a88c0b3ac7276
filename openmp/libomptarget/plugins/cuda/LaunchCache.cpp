//===- LaunchCache.cpp - Grids the opt-in search found, on disk -----------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The file format and its checks are in LaunchCache.h.
//
//===----------------------------------------------------------------------===//

#include "LaunchCache.h"
#include "Environment.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>

namespace cot::cuda {

namespace {

constexpr char Magic[] = "clang-offload launch cache ";
constexpr int FormatVersion = 1;
/// A cache file holds a few lines per trip-count class; anything much
/// larger is not one.
constexpr long MaxFileBytes = 1 << 20;

std::string hex64(uint64_t V) {
  char Buf[17];
  snprintf(Buf, sizeof(Buf), "%016llx", (unsigned long long)V);
  return Buf;
}

std::vector<std::string> splitLines(const std::string &Text) {
  std::vector<std::string> Lines;
  std::istringstream In(Text);
  for (std::string Line; std::getline(In, Line);)
    Lines.push_back(Line);
  return Lines;
}

bool readFile(const std::string &Path, std::string &Text, Error &Problem) {
  FILE *F = fopen(Path.c_str(), "rb");
  if (!F) {
    if (errno != ENOENT)
      Problem = Error::make("cannot be read: %s", strerror(errno));
    return false;
  }
  char Buf[4096];
  size_t N;
  while ((N = fread(Buf, 1, sizeof(Buf), F)) > 0 &&
         Text.size() <= (size_t)MaxFileBytes)
    Text.append(Buf, N);
  bool Failed = ferror(F);
  fclose(F);
  if (Failed)
    Problem = Error::make("cannot be read: %s", strerror(errno));
  else if (Text.size() > (size_t)MaxFileBytes)
    Problem = Error::make("is corrupt: larger than %ld bytes", MaxFileBytes);
  return !Problem;
}

/// Parses one `grid ...` line; an Error saying what is wrong with it.
Error parseGrid(const std::string &Line, CachedGrid &G) {
  std::istringstream In(Line);
  std::string Word[7], PerSM;
  long long Class = -1, Limit = -1, Threads = -1;
  double Seconds = -1;
  In >> Word[0] >> Word[1] >> Class >> Word[2] >> Limit >> Word[3] >> Threads >>
      Word[4] >> PerSM >> Word[5] >> Seconds;
  std::string Rest;
  if (!In || (In >> Rest) || Word[0] != "grid" || Word[1] != "trip-class" ||
      Word[2] != "thread-limit" || Word[3] != "threads" ||
      Word[4] != "blocks-per-sm" || Word[5] != "seconds-per-iteration")
    return Error::make("not a grid line");
  if (Class < 0 || Class > 64)
    return Error::make("trip class %lld is not between 0 and 64", Class);
  if (Limit < 0 || Limit > INT32_MAX)
    return Error::make("thread limit %lld is out of range", Limit);
  if (Threads < 1 || Threads > 1024)
    return Error::make("%lld threads per block", Threads);
  long long Blocks = 0;
  if (PerSM != "all") {
    char *End = nullptr;
    Blocks = strtoll(PerSM.c_str(), &End, 10);
    if (PerSM.empty() || *End || Blocks < 1 || Blocks > 65536)
      return Error::make("blocks per SM '%s' is not 'all' or 1 to 65536",
                         PerSM.c_str());
  } else if (Class == 0) {
    return Error::make("'all' blocks for an unknown trip count");
  }
  if (!std::isfinite(Seconds) || Seconds <= 0)
    return Error::make("time %g is not a positive number of seconds", Seconds);
  G = {(int)Class, (int32_t)Limit, {(int)Threads, (int)Blocks}, Seconds};
  return Error::success();
}

Error makeDirectories(const std::string &Dir) {
  for (size_t At = 1; At <= Dir.size(); ++At) {
    if (At < Dir.size() && Dir[At] != '/')
      continue;
    std::string Prefix = Dir.substr(0, At);
    if (mkdir(Prefix.c_str(), 0755) != 0 && errno != EEXIST)
      return Error::make("cannot create directory '%s': %s", Prefix.c_str(),
                         strerror(errno));
  }
  return Error::success();
}

} // namespace

std::string launchCacheDir() {
  const char *Set = getenv("LIBOMPTARGET_LAUNCH_CACHE");
  if (Set && equalsIgnoringCase(Set, "off"))
    return "";
  if (Set && *Set)
    return Set;
  if (const char *Xdg = getenv("XDG_CACHE_HOME"); Xdg && *Xdg == '/')
    return std::string(Xdg) + "/clang-offload/launch";
  if (const char *Home = getenv("HOME"); Home && *Home == '/')
    return std::string(Home) + "/.cache/clang-offload/launch";
  return "";
}

uint64_t contentHash(const void *Data, size_t Size) {
  uint64_t H = 0xcbf29ce484222325ull;
  const unsigned char *P = static_cast<const unsigned char *>(Data);
  for (size_t I = 0; I < Size; ++I)
    H = (H ^ P[I]) * 0x100000001b3ull;
  return H;
}

std::string launchCachePath(const std::string &Dir, const LaunchCacheKey &Key) {
  std::string Id = Key.Kernel + '\0' + Key.Gpu;
  return Dir + "/" + hex64(Key.ImageHash) + "-" +
         hex64(contentHash(Id.data(), Id.size())) + ".grid";
}

Error readLaunchCache(const std::string &Path, const LaunchCacheKey &Key,
                      std::vector<CachedGrid> &Grids) {
  Grids.clear();
  std::string Text;
  Error Problem;
  if (!readFile(Path, Text, Problem))
    return Problem;
  std::vector<std::string> Lines = splitLines(Text);
  std::string Header = Lines.empty() ? "" : Lines[0];
  if (Header.rfind(Magic, 0) != 0)
    return Error::make("is corrupt: it does not start with '%s%d'", Magic,
                       FormatVersion);
  if (Header != Magic + std::to_string(FormatVersion))
    return Error::make("is stale: format '%s' (this runtime reads %d)",
                       Header.c_str() + strlen(Magic), FormatVersion);
  const std::string Expected[] = {"kernel " + Key.Kernel,
                                  "image " + hex64(Key.ImageHash),
                                  "gpu " + Key.Gpu};
  for (size_t I = 0; I < 3; ++I)
    if (Lines.size() <= I + 1 || Lines[I + 1] != Expected[I])
      return Error::make("is stale: line %zu is '%s', not '%s'", I + 2,
                         Lines.size() > I + 1 ? Lines[I + 1].c_str() : "",
                         Expected[I].c_str());
  for (size_t I = 4; I < Lines.size(); ++I) {
    CachedGrid G;
    if (Error E = parseGrid(Lines[I], G)) {
      Grids.clear();
      return Error::make("is corrupt: line %zu: %s", I + 1,
                         E.message().c_str());
    }
    Grids.push_back(G);
  }
  return Error::success();
}

Error writeLaunchCache(const std::string &Path, const LaunchCacheKey &Key,
                       const std::vector<CachedGrid> &Grids) {
  size_t Slash = Path.rfind('/');
  if (Slash != std::string::npos && Slash > 0)
    if (Error E = makeDirectories(Path.substr(0, Slash)))
      return E;
  std::string Text = Magic + std::to_string(FormatVersion) + "\nkernel " +
                     Key.Kernel + "\nimage " + hex64(Key.ImageHash) + "\ngpu " +
                     Key.Gpu + "\n";
  for (const CachedGrid &G : Grids)
    Text += formatString(
        "grid trip-class %d thread-limit %d threads %d blocks-per-sm %s "
        "seconds-per-iteration %.6g\n",
        G.TripClass, G.ThreadLimit, G.Choice.Threads,
        G.Choice.PerSM ? std::to_string(G.Choice.PerSM).c_str() : "all",
        G.SecondsPerIteration);
  std::string Temp = Path + ".tmp." + std::to_string(getpid());
  FILE *F = fopen(Temp.c_str(), "wb");
  if (!F)
    return Error::make("cannot write '%s': %s", Temp.c_str(), strerror(errno));
  bool Written = fwrite(Text.data(), 1, Text.size(), F) == Text.size();
  if (fclose(F) != 0 || !Written) {
    unlink(Temp.c_str());
    return Error::make("cannot write '%s': %s", Temp.c_str(), strerror(errno));
  }
  if (rename(Temp.c_str(), Path.c_str()) != 0) {
    int Errno = errno;
    unlink(Temp.c_str());
    return Error::make("cannot rename '%s' to '%s': %s", Temp.c_str(),
                       Path.c_str(), strerror(Errno));
  }
  return Error::success();
}

} // namespace cot::cuda

//===- Runtime.cpp - Environment, plugins, devices, registration ---------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Global state is created on first use and never destroyed: registration
// destructors of other libraries may run after ours would have been, and
// threads may still offload while another one runs exit().
//
// Process lifetime: exit() from any thread leaves the images loaded (see
// processIsExiting); fork() is bracketed by handlers that hold every lock of
// the runtime, so the child inherits none locked and may offload again.
//
//===----------------------------------------------------------------------===//

#include "Runtime.h"

#include <dlfcn.h>
#include <link.h>
#include <pthread.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cinttypes>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>

using namespace cot;

//===-- Errors and messages -----------------------------------------------===//

static std::string vformat(const char *Fmt, va_list Ap) {
  va_list Copy;
  va_copy(Copy, Ap);
  int N = vsnprintf(nullptr, 0, Fmt, Copy);
  va_end(Copy);
  std::string S(N > 0 ? N : 0, '\0');
  if (N > 0)
    vsnprintf(&S[0], N + 1, Fmt, Ap);
  return S;
}

Error Error::make(const char *Fmt, ...) {
  Error E;
  va_list Ap;
  va_start(Ap, Fmt);
  E.Msg = vformat(Fmt, Ap);
  va_end(Ap);
  E.Failed = true;
  return E;
}

std::string cot::locString(const cot_source_loc *Loc) {
  if (!Loc || !Loc->File)
    return "<unknown location>";
  return std::string(Loc->File) + ":" + std::to_string(Loc->Line) + ":" +
         std::to_string(Loc->Column);
}

static void emit(const char *Kind, const cot_source_loc *Loc,
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
  fputs(Line.c_str(), stderr); // one call: lines of threads do not mix
}

/// Thread that called exit(), once it has.
static std::atomic<bool> Exiting{false};
static std::atomic<pthread_t> ExitingThread;

bool cot::processIsExiting() { return Exiting.load(); }

static bool anotherThreadIsExiting() {
  return Exiting.load() && !pthread_equal(ExitingThread.load(), pthread_self());
}

void cot::fatal(const cot_source_loc *Loc, const char *Fmt, ...) {
  va_list Ap;
  va_start(Ap, Fmt);
  std::string Msg = vformat(Fmt, Ap);
  va_end(Ap);
  // A failure caused by the process's end (a plugin whose driver has shut
  // down) must not turn the status exit() was given into 1, so this thread
  // waits for that end. It may hold a device's lock, which the exiting
  // thread's destructors may want: after a while the failure is reported
  // as usual rather than hang the process.
  if (anotherThreadIsExiting()) {
    if (infoEnabled())
      emit("info", Loc, Msg + " (ignored: another thread is ending the "
                              "process)");
    constexpr int WaitSeconds = 10;
    for (int Tick = 0; Tick < WaitSeconds * 10; ++Tick)
      usleep(100000);
  }
  emit("error", Loc, Msg);
  // _exit: the program's destructors would call back into the runtime,
  // whose locks this thread may hold.
  fflush(nullptr);
  _exit(1);
}

void cot::fatal(const cot_source_loc *Loc, const Error &E) {
  fatal(Loc, "%s", E.message().c_str());
}

void cot::warning(const char *Fmt, ...) {
  va_list Ap;
  va_start(Ap, Fmt);
  std::string Msg = vformat(Fmt, Ap);
  va_end(Ap);
  emit("warning", nullptr, Msg);
}

void cot::info(const cot_source_loc *Loc, const char *Fmt, ...) {
  if (!infoEnabled())
    return;
  va_list Ap;
  va_start(Ap, Fmt);
  std::string Msg = vformat(Fmt, Ap);
  va_end(Ap);
  emit("info", Loc, Msg);
}

//===-- Environment -------------------------------------------------------===//

static bool equalsLower(const char *S, const char *Lower) {
  for (; *S && *Lower; ++S, ++Lower)
    if (tolower((unsigned char)*S) != *Lower)
      return false;
  return !*S && !*Lower;
}

static bool parseNonNegative(const char *S, long &Out) {
  while (isspace((unsigned char)*S))
    ++S;
  if (!isdigit((unsigned char)*S))
    return false;
  char *End;
  errno = 0;
  Out = strtol(S, &End, 10);
  while (isspace((unsigned char)*End))
    ++End;
  return !*End && errno == 0 && Out <= INT32_MAX;
}

static Environment readEnvironment() {
  Environment E;
  if (const char *S = getenv("LIBOMPTARGET_INFO")) {
    long V;
    if (parseNonNegative(S, V))
      E.InfoLevel = (int)V;
    else
      warning("LIBOMPTARGET_INFO='%s' is not a non-negative integer; ignored",
              S);
  }
  if (const char *S = getenv("OMP_TARGET_OFFLOAD")) {
    if (equalsLower(S, "mandatory"))
      E.Policy = OffloadPolicy::Mandatory;
    else if (equalsLower(S, "disabled"))
      E.Policy = OffloadPolicy::Disabled;
    else if (equalsLower(S, "default"))
      E.Policy = OffloadPolicy::Default;
    else
      warning("OMP_TARGET_OFFLOAD='%s' is not MANDATORY, DISABLED or "
              "DEFAULT; using DEFAULT",
              S);
  }
  if (const char *S = getenv("OMP_DEFAULT_DEVICE")) {
    long V;
    if (!parseNonNegative(S, V))
      fatal(nullptr,
            "OMP_DEFAULT_DEVICE='%s' is not a non-negative integer device "
            "number",
            S);
    E.InitialDefaultDevice = (int)V;
  }
  return E;
}

const Environment &cot::env() {
  static const Environment *E = new Environment(readEnvironment());
  return *E;
}

//===-- Plugins -----------------------------------------------------------===//

Error Plugin::lastError(const char *What) const {
  const char *Msg = Api->last_error ? Api->last_error() : "";
  return Error::make("%s (plugin '%s'): %s", What, Name.c_str(),
                     Msg && *Msg ? Msg : "unknown failure");
}

namespace {
struct PluginState {
  std::vector<std::unique_ptr<Plugin>> Plugins;
  std::vector<std::unique_ptr<Device>> Devices;
  /// "plugin 'x' skipped: <why>", for each plugin that offers no device.
  std::vector<std::string> Skipped;
  std::atomic<int32_t> DefaultDevice{0};
};
} // namespace

static std::string libraryDirectory() {
  Dl_info Info;
  if (dladdr(reinterpret_cast<void *>(&libraryDirectory), &Info) &&
      Info.dli_fname) {
    std::string Path = Info.dli_fname;
    size_t Slash = Path.rfind('/');
    if (Slash != std::string::npos)
      return Path.substr(0, Slash);
  }
  return ".";
}

/// Device numbering follows this order: GPUs first, so device 0 (the
/// default) is a GPU when there is one. Each plugin runs images of one
/// triple.
struct PluginKind {
  const char *Name;
  const char *Triple;
};
static const PluginKind Plugins[] = {{"cuda", "nvptx64-nvidia-cuda"},
                                     {"x86_64", "x86_64-pc-linux-gnu"}};

/// Whether the program (its registered binaries) has images for \p Triple.
/// A program without any registered binary gets every plugin.
static bool programHasImagesFor(const char *Triple) {
  std::vector<const cot_binary_desc *> Binaries = cot::binariesFrom(0);
  if (Binaries.empty())
    return true;
  for (const cot_binary_desc *Desc : Binaries)
    for (int32_t I = 0; Desc && I < Desc->NumImages; ++I)
      if (Desc->Images[I].Triple && !strcmp(Desc->Images[I].Triple, Triple))
        return true;
  return false;
}

/// The `#pragma omp requires` clauses of every translation unit of the
/// registered binaries.
static uint32_t programRequirements() {
  uint32_t Flags = 0;
  for (const cot_binary_desc *Desc : cot::binariesFrom(0))
    if (Desc)
      for (const cot_offload_entry *E = Desc->EntriesBegin;
           E && E != Desc->EntriesEnd; ++E)
        if (E->Flags & COT_ENTRY_REQUIRES)
          Flags |= (uint32_t)E->Size;
  return Flags;
}

static std::string requirementNames(uint32_t Flags) {
  static const struct {
    uint32_t Flag;
    const char *Name;
  } Names[] = {{COT_REQUIRES_REVERSE_OFFLOAD, "reverse_offload"},
               {COT_REQUIRES_UNIFIED_ADDRESS, "unified_address"},
               {COT_REQUIRES_UNIFIED_SHARED_MEMORY, "unified_shared_memory"},
               {COT_REQUIRES_DYNAMIC_ALLOCATORS, "dynamic_allocators"}};
  std::string Out;
  for (const auto &N : Names)
    if (Flags & N.Flag) {
      Out += std::string(Out.empty() ? "" : ", ") + N.Name;
      Flags &= ~N.Flag;
    }
  if (Flags) // from a newer compiler
    Out += std::string(Out.empty() ? "" : ", ") + "unknown requirements 0x" +
           [&] {
             char Hex[16];
             snprintf(Hex, sizeof(Hex), "%x", Flags);
             return std::string(Hex);
           }();
  return Out;
}

/// A plugin that offers no device: says why under LIBOMPTARGET_INFO and
/// keeps the reason for the messages of constructs that then run on the host.
static void skipPlugin(PluginState &S, const char *Name,
                       const std::string &Why) {
  std::string Line = std::string("plugin '") + Name + "' skipped: " + Why;
  info(nullptr, "%s", Line.c_str());
  S.Skipped.push_back(std::move(Line));
}

static void loadPlugin(PluginState &S, const std::string &Dir,
                       const char *Name) {
  std::string File = std::string("libomptarget.rtl.") + Name + ".so";
  std::string Path = Dir + "/" + File;
  void *Lib = dlopen(Path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!Lib) {
    const char *Why = dlerror();
    skipPlugin(S, Name, "cannot load " + Path + ": " + (Why ? Why : "?"));
    return;
  }
  auto Get = reinterpret_cast<cot_plugin_get_api_fn>(
      dlsym(Lib, COT_PLUGIN_ENTRY_NAME));
  const cot_plugin_api *Api = Get ? Get() : nullptr;
  if (!Api || Api->Version != COT_PLUGIN_API_VERSION) {
    skipPlugin(S, Name,
               File + " has no compatible " + COT_PLUGIN_ENTRY_NAME +
                   " (plugin API version " +
                   std::to_string(COT_PLUGIN_API_VERSION) + " expected)");
    dlclose(Lib);
    return;
  }
  if (Api->init() != 0) {
    const char *Why = Api->why_unavailable ? Api->why_unavailable() : "";
    skipPlugin(S, Name, Why && *Why ? Why : "initialisation failed");
    return; // Keep the library loaded: it may have started threads.
  }
  int32_t N = Api->num_devices();
  if (N <= 0) {
    const char *Why = Api->why_unavailable ? Api->why_unavailable() : "";
    skipPlugin(S, Name, Why && *Why ? Why : "no devices");
    return;
  }
  auto P = std::make_unique<Plugin>();
  P->Name = Name;
  P->Library = Lib;
  P->Api = Api;
  // No image holds a reverse-offload region: the compiler rejects
  // device(ancestor: 1), since Clang 19 allows no target construct inside a
  // target region. So `requires reverse_offload` holds on every device.
  uint32_t Required = programRequirements() & ~COT_REQUIRES_REVERSE_OFFLOAD;
  int32_t First = (int32_t)S.Devices.size();
  for (int32_t I = 0; I < N; ++I) {
    const char *Why = nullptr;
    uint32_t Features = Api->device_features(I, &Why);
    if (Required & ~Features) {
      info(nullptr, "plugin '%s' device %d not used: the program requires "
                    "%s; %s",
           Name, I, requirementNames(Required & ~Features).c_str(),
           Why ? Why : "the device cannot give it");
      continue;
    }
    auto D = std::make_unique<Device>((int32_t)S.Devices.size(), P.get(), I);
    D->SharesHostMemory =
        (Required & COT_REQUIRES_UNIFIED_SHARED_MEMORY) != 0;
    S.Devices.push_back(std::move(D));
  }
  int32_t Last = (int32_t)S.Devices.size() - 1;
  if (Last < First) {
    skipPlugin(S, Name,
               "none of its devices gives what the program requires");
    return;
  }
  info(nullptr, "plugin '%s' loaded: devices %d..%d%s", Name, First, Last,
       (Required & COT_REQUIRES_UNIFIED_SHARED_MEMORY)
           ? " (unified shared memory: maps neither allocate nor copy)"
           : "");
  S.Plugins.push_back(std::move(P));
}

static void noteExit() {
  ExitingThread = pthread_self();
  Exiting = true;
}

/// Set once the plugins are loaded: unregistration at exit must not be the
/// first use that loads them.
static std::atomic<PluginState *> LoadedPlugins{nullptr};

/// Held while the plugins load (and around fork()).
static std::mutex &pluginsLoadMutex() {
  static auto *Mu = new std::mutex();
  return *Mu;
}

static PluginState *loadPlugins() {
  auto *S = new PluginState();
  S->DefaultDevice = env().InitialDefaultDevice;
  // Registered now, from the program's first offload (normally in main,
  // after the C library registered the run of the ELF destructors), this
  // runs before those destructors unregister the images at exit.
  atexit(noteExit);
  if (env().Policy == OffloadPolicy::Disabled)
    return S;
  std::string Dir = libraryDirectory();
  // Devices for which the program has no code would only make
  // omp_get_num_devices() and device(n) lie.
  for (const PluginKind &K : Plugins)
    if (programHasImagesFor(K.Triple))
      loadPlugin(*S, Dir, K.Name);
    else
      info(nullptr, "plugin '%s' skipped: the program has no %s code",
           K.Name, K.Triple);
  return S;
}

static PluginState &plugins() {
  if (PluginState *S = LoadedPlugins.load(std::memory_order_acquire))
    return *S;
  std::lock_guard<std::mutex> Lock(pluginsLoadMutex());
  PluginState *S = LoadedPlugins.load(std::memory_order_acquire);
  if (!S) {
    S = loadPlugins();
    LoadedPlugins.store(S, std::memory_order_release);
  }
  return *S;
}

std::string cot::whyNoDevices() {
  const PluginState &S = plugins();
  if (env().Policy == OffloadPolicy::Disabled)
    return "OMP_TARGET_OFFLOAD=DISABLED";
  std::string Why;
  for (const std::string &Line : S.Skipped)
    Why += (Why.empty() ? "" : "; ") + Line;
  return Why.empty() ? "no plugin offers a device" : Why;
}

int32_t cot::numDevices() { return (int32_t)plugins().Devices.size(); }
Device &cot::device(int32_t Id) { return *plugins().Devices[Id]; }
int32_t cot::defaultDevice() { return plugins().DefaultDevice; }
void cot::setDefaultDevice(int32_t Id) { plugins().DefaultDevice = Id; }

Device *cot::deviceForConstruct(int64_t DeviceId, const cot_source_loc *Loc) {
  const Environment &E = env();
  if (E.Policy == OffloadPolicy::Disabled)
    return nullptr;
  int32_t N = numDevices();
  if (E.Policy == OffloadPolicy::Mandatory && N == 0)
    fatal(Loc,
          "OMP_TARGET_OFFLOAD=MANDATORY but no offload device is available "
          "(%s)",
          whyNoDevices().c_str());
  if (DeviceId == COT_DEVICE_DEFAULT)
    DeviceId = defaultDevice();
  if (DeviceId == N || DeviceId == COT_DEVICE_INITIAL)
    return nullptr; // The initial device.
  if (DeviceId == COT_DEVICE_INVALID)
    fatal(Loc, "device(omp_invalid_device) on a construct");
  if (DeviceId < 0 || DeviceId > N)
    fatal(Loc, "device number %lld is out of range: there are %d devices",
          (long long)DeviceId, N);
  return &device((int32_t)DeviceId);
}

//===-- Registration ------------------------------------------------------===//

namespace {
struct Registry {
  std::mutex Mu;
  std::vector<const cot_binary_desc *> Binaries;
};
} // namespace

static Registry &registry() {
  static Registry *R = new Registry();
  return *R;
}

std::vector<const cot_binary_desc *> cot::binariesFrom(size_t First) {
  Registry &R = registry();
  std::lock_guard<std::mutex> Lock(R.Mu);
  if (First >= R.Binaries.size())
    return {};
  return std::vector<const cot_binary_desc *>(R.Binaries.begin() + First,
                                              R.Binaries.end());
}

std::string cot::binaryName(const cot_binary_desc *Desc) {
  Dl_info Info;
  if (dladdr(Desc, &Info) && Info.dli_fname && *Info.dli_fname)
    return Info.dli_fname;
  return "the executable";
}

/// A descriptor the runtime can walk without reading outside it: images
/// with an extent, an entry table of whole entries, declare-target globals
/// that do not wrap around the address space. Fatal otherwise.
static void validateBinary(const cot_binary_desc *Desc) {
  auto Corrupt = [&](const std::string &What) {
    fatal(nullptr, "corrupt offload binary descriptor in %s: %s",
          binaryName(Desc).c_str(), What.c_str());
  };
  if (Desc->NumImages < 0 || (Desc->NumImages > 0 && !Desc->Images))
    Corrupt(std::to_string(Desc->NumImages) + " images");
  for (int32_t I = 0; I < Desc->NumImages; ++I) {
    const cot_device_image &Img = Desc->Images[I];
    if (!Img.ImageStart || Img.ImageEnd < Img.ImageStart)
      Corrupt("image " + std::to_string(I) + " has no extent");
  }
  auto Begin = (uintptr_t)Desc->EntriesBegin, End = (uintptr_t)Desc->EntriesEnd;
  if (!Begin != !End || End < Begin ||
      (End - Begin) % sizeof(cot_offload_entry) != 0)
    Corrupt("the offload entry table is not a whole number of entries");
  for (const cot_offload_entry *E = Desc->EntriesBegin;
       E && E != Desc->EntriesEnd; ++E)
    if ((E->Flags & (COT_ENTRY_GLOBAL | COT_ENTRY_LINK)) && E->HostAddr &&
        rangeWraps((uintptr_t)E->HostAddr, E->Size))
      Corrupt(std::string("declare target variable '") +
              (E->Name ? E->Name : "?") + "' of " + std::to_string(E->Size) +
              " bytes wraps around the address space");
}

extern "C" COT_EXPORT void __cot_register_binary(const cot_binary_desc *Desc) {
  if (!Desc)
    return;
  if (Desc->Version != COT_ABI_VERSION)
    fatal(nullptr,
          "offload binary built for ABI version %d, but this libomptarget "
          "implements version %d",
          Desc->Version, COT_ABI_VERSION);
  validateBinary(Desc);
  env(); // Report environment errors early.
  Registry &R = registry();
  std::lock_guard<std::mutex> Lock(R.Mu);
  R.Binaries.push_back(Desc);
}

namespace {
/// The address ranges of the loaded object that holds an address.
struct ObjectSegments {
  uintptr_t Inside;
  Device::AddressRanges Ranges;
};
} // namespace

static int collectSegments(struct dl_phdr_info *Info, size_t, void *Data) {
  auto &Out = *static_cast<ObjectSegments *>(Data);
  Device::AddressRanges Ranges;
  bool Holds = false;
  for (int I = 0; I < Info->dlpi_phnum; ++I) {
    const ElfW(Phdr) &Ph = Info->dlpi_phdr[I];
    if (Ph.p_type != PT_LOAD)
      continue;
    uintptr_t Begin = Info->dlpi_addr + Ph.p_vaddr;
    uintptr_t End = Begin + Ph.p_memsz;
    Holds |= Out.Inside >= Begin && Out.Inside < End;
    Ranges.emplace_back(Begin, End);
  }
  if (!Holds)
    return 0;
  Out.Ranges = std::move(Ranges);
  return 1;
}

extern "C" COT_EXPORT void
__cot_unregister_binary(const cot_binary_desc *Desc) {
  if (!Desc)
    return;
  bool Found = false;
  {
    Registry &R = registry();
    std::lock_guard<std::mutex> Lock(R.Mu);
    for (auto &B : R.Binaries)
      if (B == Desc) {
        B = nullptr;
        Found = true;
      }
  }
  PluginState *S = LoadedPlugins;
  // At exit the images stay: other threads may be running their kernels.
  if (!Found || !S || processIsExiting())
    return;
  // dlclose: the library's storage goes away with it, and so must every
  // mapping of it (a library loaded there later must not find it present).
  ObjectSegments Segments{(uintptr_t)Desc, {}};
  dl_iterate_phdr(collectSegments, &Segments);
  std::string Name = binaryName(Desc);
  for (auto &D : S->Devices) {
    std::lock_guard<std::mutex> Lock(D->Mu);
    D->unloadBinary(Desc, Name, Segments.Ranges);
  }
}

//===-- Devices -----------------------------------------------------------===//

void Device::ensureReady(const cot_source_loc *Loc) {
  if (!Initialized) {
    if (P->Api->init_device(LocalId) != 0)
      fatal(Loc, P->lastError(("cannot initialise device " +
                               std::to_string(Id)).c_str()));
    Initialized = true;
  }
  std::vector<const cot_binary_desc *> New = binariesFrom(BinariesSeen);
  BinariesSeen += New.size();
  for (const cot_binary_desc *Desc : New)
    if (Desc)
      loadBinary(Desc, Loc);
}

void Device::writeDeviceInt(void *Handle, const char *Name, int32_t Value) {
  uint64_t Size = 0;
  void *Addr = P->Api->lookup_global(Handle, Name, &Size);
  if (Addr && (Size == 0 || Size == sizeof(int32_t)))
    P->Api->copy_to_device(LocalId, Addr, &Value, sizeof(Value), nullptr);
}

/// The device address of a `declare target indirect` function, from the
/// image global that holds it.
uintptr_t Device::readIndirectSlot(void *Handle, const char *Name,
                                   const cot_source_loc *Loc) {
  uint64_t Size = 0;
  void *Slot = P->Api->lookup_global(Handle, Name, &Size);
  uintptr_t Value = 0;
  if (!Slot || P->Api->copy_from_device(LocalId, &Value, Slot, sizeof(Value),
                                        nullptr) != 0)
    fatal(Loc, P->lastError("declare target indirect function"));
  return Value;
}

/// Gives an image that translates indirect calls (it defines the table's
/// globals: GPU images; on the host device host addresses are callable)
/// the host/device address pairs of the `declare target indirect`
/// functions; returns the device copy of the table, or null.
void *Device::writeIndirectTable(
    void *Handle, const std::vector<const cot_offload_entry *> &Indirect,
    const cot_source_loc *Loc) {
  if (Indirect.empty())
    return nullptr;
  uint64_t Size = 0;
  void *TableVar =
      P->Api->lookup_global(Handle, COT_INDIRECT_TABLE_SYMBOL, &Size);
  void *CountVar =
      P->Api->lookup_global(Handle, COT_INDIRECT_COUNT_SYMBOL, &Size);
  if (!TableVar || !CountVar)
    return nullptr;
  std::vector<uintptr_t> Pairs; // host, device, host, device, ...
  for (const cot_offload_entry *E : Indirect) {
    Pairs.push_back((uintptr_t)E->HostAddr);
    Pairs.push_back(readIndirectSlot(Handle, E->Name, Loc));
  }
  int64_t Bytes = (int64_t)(Pairs.size() * sizeof(uintptr_t));
  void *Table = alloc(Bytes, "declare target indirect table", Loc);
  uint64_t Count = Pairs.size() / 2;
  if (P->Api->copy_to_device(LocalId, Table, Pairs.data(), Bytes, nullptr) ||
      P->Api->copy_to_device(LocalId, TableVar, &Table, sizeof(Table),
                             nullptr) ||
      P->Api->copy_to_device(LocalId, CountVar, &Count, sizeof(Count),
                             nullptr))
    fatal(Loc, P->lastError("declare target indirect table"));
  info(Loc, "device %d: %llu declare target indirect functions", Id,
       (unsigned long long)Count);
  return Table;
}

void Device::loadBinary(const cot_binary_desc *Desc,
                        const cot_source_loc *Loc) {
  const cot_plugin_api *Api = P->Api;
  for (int32_t I = 0; I < Desc->NumImages; ++I) {
    const cot_device_image &Img = Desc->Images[I];
    size_t Size = (const char *)Img.ImageEnd - (const char *)Img.ImageStart;
    const char *Triple = Img.Triple ? Img.Triple : "";
    if (!Api->is_image_compatible(Triple, Img.Arch ? Img.Arch : "",
                                  Img.ImageStart, Size))
      continue;
    void *Handle = Api->load_image(LocalId, Img.ImageStart, Size);
    if (!Handle)
      fatal(Loc, P->lastError(("cannot load the " + std::string(Triple) +
                               " device image on device " +
                               std::to_string(Id))
                                  .c_str()));
    LoadedImage L{Desc, Handle, {}, {}, {}, nullptr};
    writeDeviceInt(Handle, COT_DEVICE_NUM_SYMBOL, Id);
    writeDeviceInt(Handle, "__cot_num_devices", numDevices());
    std::vector<const cot_offload_entry *> Indirect;
    for (const cot_offload_entry *E = Desc->EntriesBegin;
         E && E != Desc->EntriesEnd; ++E) {
      if (!E->Name || !E->HostAddr)
        continue;
      if (E->Flags & COT_ENTRY_INDIRECT) {
        Indirect.push_back(E);
      } else if (E->Flags & COT_ENTRY_LINK) {
        uint64_t SymSize = 0;
        void *DevPtrVar = Api->lookup_global(Handle, E->Name, &SymSize);
        if (!DevPtrVar)
          fatal(Loc, P->lastError("declare target link variable"));
        LinkPtrs[(uintptr_t)E->HostAddr] = (uintptr_t)DevPtrVar;
        L.Links.push_back((uintptr_t)E->HostAddr);
      } else if (E->Flags & COT_ENTRY_GLOBAL) {
        uint64_t SymSize = 0;
        void *DevAddr = Api->lookup_global(Handle, E->Name, &SymSize);
        if (!DevAddr)
          fatal(Loc, P->lastError("declare target variable"));
        if (SymSize && E->Size && SymSize != E->Size)
          fatal(Loc,
                "declare target variable '%s' has %llu bytes on the host "
                "but %llu in the device image",
                E->Name, (unsigned long long)E->Size,
                (unsigned long long)SymSize);
        uintptr_t Host = (uintptr_t)E->HostAddr;
        bool Partial = false;
        if (MapEntry *Old = lookup(Host, E->Size ? E->Size : 1, &Partial)) {
          (void)Old; // Already mapped (same image registered twice).
          continue;
        }
        MapEntry &M = insert(Host, E->Size, (uintptr_t)DevAddr, E->Name);
        M.Infinite = true;
        M.OwnsMemory = false;
        // The image holds the variable with its initialiser; the host copy
        // may have changed since, and only `target update` moves it.
        L.Globals.push_back(Host);
        info(Loc,
             "device %d: declare target '%s' host [0x%" PRIxPTR ",0x%" PRIxPTR
             ") -> device [0x%" PRIxPTR ",0x%" PRIxPTR ") refcount inf",
             Id, E->Name, M.HostBegin, M.HostEnd, M.DevBegin,
             M.DevBegin + (M.HostEnd - M.HostBegin));
      } else {
        void *K = Api->lookup_kernel(Handle, E->Name);
        if (!K)
          fatal(Loc, P->lastError("kernel"));
        Kernels[E->HostAddr] = KernelInfo{K, E->Name};
        L.Kernels.push_back(E->HostAddr);
      }
    }
    L.IndirectTable = writeIndirectTable(Handle, Indirect, Loc);
    Images.push_back(std::move(L));
    break; // One image per binary and device.
  }
}

void Device::unloadBinary(const cot_binary_desc *Desc, const std::string &Name,
                          const AddressRanges &Storage) {
  for (size_t I = 0; I < Images.size();) {
    LoadedImage &L = Images[I];
    if (L.Desc != Desc) {
      ++I;
      continue;
    }
    for (void *K : L.Kernels)
      Kernels.erase(K);
    for (uintptr_t G : L.Globals)
      Table.erase(G);
    // The device pointer variables die with the image.
    for (uintptr_t Link : L.Links)
      LinkPtrs.erase(Link);
    if (L.IndirectTable)
      free(L.IndirectTable);
    if (P->Api->unload_image(LocalId, L.Handle) != 0)
      warning("%s", P->lastError(("cannot unload the image of " + Name +
                                  " from device " + std::to_string(Id))
                                     .c_str())
                        .message()
                        .c_str());
    info(nullptr, "device %d: unloaded the image of %s (%zu kernels, %zu "
                  "declare target variables)",
         Id, Name.c_str(), L.Kernels.size(), L.Globals.size());
    Images.erase(Images.begin() + I);
  }
  for (const auto &Range : Storage) {
    auto It = Table.lower_bound(Range.first);
    while (It != Table.end() && It->first < Range.second &&
           It->second.HostEnd <= Range.second) {
      const MapEntry &E = (It++)->second;
      info(nullptr,
           "device %d: unmap (storage unloaded) '%s' host [0x%" PRIxPTR
           ",0x%" PRIxPTR ") of %s",
           Id, E.Name.c_str(), E.HostBegin, E.HostEnd, Name.c_str());
      erase(E.HostBegin);
    }
  }
}

MapEntry *Device::lookup(uintptr_t Begin, uint64_t Size, bool *Partial) {
  if (Partial)
    *Partial = false;
  auto It = Table.upper_bound(Begin);
  if (It != Table.begin()) {
    MapEntry &Prev = std::prev(It)->second;
    if (Begin < Prev.HostEnd) {
      if (Size > Prev.HostEnd - Begin && Partial)
        *Partial = true;
      return &Prev;
    }
  }
  if (Size && It != Table.end() && It->second.HostBegin - Begin < Size) {
    if (Partial)
      *Partial = true;
    return &It->second;
  }
  return nullptr;
}

MapEntry &Device::insert(uintptr_t HostBegin, uint64_t Size,
                         uintptr_t DevBegin, const char *Name) {
  MapEntry &E = Table[HostBegin];
  E.HostBegin = HostBegin;
  E.HostEnd = HostBegin + Size;
  E.DevBegin = DevBegin;
  E.Name = Name ? Name : "";
  // declare target link: the device pointer now points at the mapping.
  for (auto &L : LinkPtrs)
    if (L.first >= E.HostBegin && L.first < E.HostEnd) {
      uintptr_t V = E.toDevice(L.first);
      P->Api->copy_to_device(LocalId, (void *)L.second, &V, sizeof(V),
                             nullptr);
    }
  return E;
}

void Device::erase(uintptr_t HostBegin) {
  auto It = Table.find(HostBegin);
  if (It == Table.end())
    return;
  for (auto &L : LinkPtrs)
    if (L.first >= It->second.HostBegin && L.first < It->second.HostEnd) {
      uintptr_t V = 0;
      P->Api->copy_to_device(LocalId, (void *)L.second, &V, sizeof(V),
                             nullptr);
    }
  if (It->second.OwnsMemory)
    free((void *)(It->second.DevAlloc ? It->second.DevAlloc
                                      : It->second.DevBegin));
  Table.erase(It);
}

void Device::copyToDevice(MapEntry &E, uintptr_t HostBegin, uint64_t Size,
                          const cot_source_loc *Loc) {
  if (!Size)
    return;
  if (P->Api->copy_to_device(LocalId, (void *)E.toDevice(HostBegin),
                             (const void *)HostBegin, (int64_t)Size,
                             nullptr) != 0)
    fatal(Loc, P->lastError("copy to device failed"));
  // Attached pointers keep their device values.
  for (auto It = E.Shadows.lower_bound(HostBegin);
       It != E.Shadows.end() && It->first < HostBegin + Size; ++It) {
    uintptr_t V = It->second.second;
    P->Api->copy_to_device(LocalId, (void *)E.toDevice(It->first), &V,
                           sizeof(V), nullptr);
  }
}

void Device::copyFromDevice(MapEntry &E, uintptr_t HostBegin, uint64_t Size,
                            const cot_source_loc *Loc) {
  if (!Size)
    return;
  if (P->Api->copy_from_device(LocalId, (void *)HostBegin,
                               (const void *)E.toDevice(HostBegin),
                               (int64_t)Size, nullptr) != 0)
    fatal(Loc, P->lastError("copy from device failed"));
  // Attached pointers keep their host values.
  for (auto It = E.Shadows.lower_bound(HostBegin);
       It != E.Shadows.end() && It->first < HostBegin + Size; ++It)
    memcpy((void *)It->first, &It->second.first, sizeof(uintptr_t));
}

void *Device::alloc(uint64_t Size, const char *What,
                    const cot_source_loc *Loc) {
  std::string Failure = "cannot allocate " + std::to_string(Size) +
                        " bytes for '" + What + "' on device " +
                        std::to_string(Id);
  if (Size > (uint64_t)INT64_MAX)
    fatal(Loc, "%s: more than the largest allocation (2^63-1 bytes)",
          Failure.c_str());
  void *Ptr = P->Api->data_alloc(LocalId, (int64_t)Size);
  if (!Ptr)
    fatal(Loc, P->lastError(Failure.c_str()));
  return Ptr;
}

void Device::free(void *DevPtr) { P->Api->data_free(LocalId, DevPtr); }

//===-- The host device's teams -------------------------------------------===//

/// Target regions on the host device run their teams with libomp, which caps
/// a league at KMP_TEAMS_THREAD_LIMIT threads, by default the number of
/// cores, and warns. OpenMP 5.1 makes num_teams(n) create n teams, so unless
/// the user chose a limit, raise it before libomp reads its environment (at
/// its first use, after this library's initialisation).
__attribute__((constructor)) static void allowRequestedHostTeams() {
  setenv("KMP_TEAMS_THREAD_LIMIT", "1024", /*overwrite=*/0);
}

//===-- fork() ------------------------------------------------------------===//

/// A fork() while another thread holds one of the runtime's locks would
/// leave it locked forever in the child, which has only the forking thread.
/// So the forking thread takes them all first, in the order the runtime
/// nests them (plugin loading, devices, registry, deferred launches), and
/// both processes release them. The child can then offload again on the
/// devices whose plugins survive fork() (the host device); the CUDA plugin
/// refuses its devices in the child with a clear error (CUDA contexts do not
/// survive fork()).
static void lockForFork() {
  pluginsLoadMutex().lock();
  if (PluginState *S = LoadedPlugins.load())
    for (auto &D : S->Devices)
      D->Mu.lock();
  registry().Mu.lock();
  lockDeferredLaunches();
}

static void unlockAfterFork() {
  unlockDeferredLaunches();
  registry().Mu.unlock();
  if (PluginState *S = LoadedPlugins.load())
    for (auto It = S->Devices.rbegin(); It != S->Devices.rend(); ++It)
      (*It)->Mu.unlock();
  pluginsLoadMutex().unlock();
}

__attribute__((constructor)) static void installForkHandlers() {
  pthread_atfork(lockForFork, unlockAfterFork, unlockAfterFork);
}

//===- PluginManager.cpp - Plugins and the device table -------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Loads the plugins on first use (only those for which the program has
// images), numbers their devices, keeps the devices a program's
// `requires` clauses rule out, and picks the device of each construct.
// Also brackets fork() with every lock of the runtime. The plugin state is
// created on first use and never destroyed: destructors of other libraries
// and threads still running at exit always find it.
//
//===----------------------------------------------------------------------===//

#include "DebugTrace.h"
#include "Runtime.h"

#include <dlfcn.h>
#include <pthread.h>

#include <cstring>

using namespace cot;

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
static const PluginKind Plugins[] = {{"cuda", COT_NVPTX_TRIPLE},
                                     {"x86_64", COT_HOST_DEVICE_TRIPLE}};

bool cot::programHasImagesFor(const char *Triple) {
  std::vector<const cot_binary_desc *> Binaries = cot::binariesFrom(0);
  if (Binaries.empty())
    return true;
  for (const cot_binary_desc *Desc : Binaries)
    for (int32_t I = 0; Desc && I < Desc->NumImages; ++I)
      if (Desc->Images[I].Triple && !strcmp(Desc->Images[I].Triple, Triple))
        return true;
  return false;
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
    Out += formatString("%sunknown requirements 0x%x", Out.empty() ? "" : ", ",
                        Flags);
  return Out;
}

/// A plugin that offers no device: says why under LIBOMPTARGET_INFO and
/// keeps the reason for the messages of constructs that then run on the host.
static void skipPlugin(PluginState &S, const char *Name,
                       const std::string &Why) {
  std::string Line = std::string("plugin '") + Name + "' skipped: " + Why;
  note(nullptr, "%s", Line.c_str());
  S.Skipped.push_back(std::move(Line));
}

static void loadPlugin(PluginState &S, const std::string &Dir,
                       const char *Name) {
  std::string File = std::string("libomptarget.rtl.") + Name + ".so";
  std::string Path = Dir + "/" + File;
  debug(1, "loading plugin '%s' from %s", Name, Path.c_str());
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
  uint32_t Required = programRequirements() & ~(COT_REQUIRES_REVERSE_OFFLOAD |
                                                COT_REQUIRES_OFFLOAD_MANDATORY);
  int32_t First = (int32_t)S.Devices.size();
  for (int32_t I = 0; I < N; ++I) {
    const char *Why = nullptr;
    uint32_t Features = Api->device_features(I, &Why);
    if (Required & ~Features) {
      note(nullptr,
           "plugin '%s' device %d not used: the program requires "
           "%s; %s",
           Name, I, requirementNames(Required & ~Features).c_str(),
           Why ? Why : "the device cannot give it");
      continue;
    }
    auto D = std::make_unique<Device>((int32_t)S.Devices.size(), P.get(), I);
    D->SharesHostMemory = (Required & COT_REQUIRES_UNIFIED_SHARED_MEMORY) != 0;
    debug(1, "device %d is plugin '%s' device %d (features 0x%x, required "
             "0x%x)",
          D->Id, Name, I, Features, Required);
    S.Devices.push_back(std::move(D));
  }
  int32_t Last = (int32_t)S.Devices.size() - 1;
  if (Last < First) {
    skipPlugin(S, Name, "none of its devices gives what the program requires");
    return;
  }
  note(nullptr, "plugin '%s' loaded: devices %d..%d%s", Name, First, Last,
       (Required & COT_REQUIRES_UNIFIED_SHARED_MEMORY)
           ? " (unified shared memory: maps neither allocate nor copy)"
           : "");
  S.Plugins.push_back(std::move(P));
}

/// Set once the plugins are loaded: unregistration at exit must not be the
/// first use that loads them.
static std::atomic<PluginState *> LoadedPlugins{nullptr};

/// Held while the plugins load (and around fork()).
static std::mutex &pluginsLoadMutex() {
  static auto *Mu = new std::mutex();
  return *Mu;
}

/// Loads the plugins of the targets that the program has images for.
static void loadAllPlugins(PluginState &S) {
  std::string Dir = libraryDirectory();
  // Devices for which the program has no code would only make
  // omp_get_num_devices() and device(n) lie.
  for (const PluginKind &K : Plugins)
    if (programHasImagesFor(K.Triple)) {
      loadPlugin(S, Dir, K.Name);
    } else {
      note(nullptr, "plugin '%s' skipped: the program has no %s code", K.Name,
           K.Triple);
    }
}

static PluginState *loadPlugins() {
  auto *S = new PluginState();
  S->DefaultDevice = env().InitialDefaultDevice;
  if (env().Policy != OffloadPolicy::Disabled)
    loadAllPlugins(*S);
  else
    debug(1, "OMP_TARGET_OFFLOAD=DISABLED: no plugin is loaded");
  // Registered now, from the program's first offload (normally in main,
  // after the C library registered the run of the ELF destructors), this
  // runs before those destructors unregister the images at exit; and after
  // the plugins' own exit handlers were registered, so it runs before them:
  // a thread whose launch fails because a plugin saw the exit must find the
  // exit noted (Lifetime.cpp), or it would turn the exit status into 1.
  watchForExit();
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

bool cot::offloadIsMandatory() {
  const Environment &E = env();
  if (E.PolicySet)
    return E.Policy == OffloadPolicy::Mandatory;
  return (programRequirements() & COT_REQUIRES_OFFLOAD_MANDATORY) != 0;
}

const char *cot::mandatoryReason() {
  return env().PolicySet
             ? "OMP_TARGET_OFFLOAD=MANDATORY"
             : "the program was built with -fopenmp-offload-mandatory";
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

std::vector<Device *> cot::devicesIfLoaded() {
  std::vector<Device *> Out;
  if (PluginState *S = LoadedPlugins.load(std::memory_order_acquire))
    for (auto &D : S->Devices)
      Out.push_back(D.get());
  return Out;
}
Device &cot::device(int32_t Id) { return *plugins().Devices[Id]; }
// The default device is a data environment ICV (each task inherits its
// creator's; omp_set_default_device sets the calling task's only), which
// libomp keeps. Its C entry points are ours (exported over libomp's), and
// read libomp's value through its Fortran ones only once a program has set
// one: libomp makes every thread that calls it one of its roots, and a
// root thread of the program's that ends after libomp started its hidden
// helper threads stops them (libomp 19; the next target task faults).
// Until then the value is the process's initial one, OMP_DEFAULT_DEVICE.
extern "C" int omp_get_default_device_(void) __attribute__((weak));
extern "C" void omp_set_default_device_(int *) __attribute__((weak));

static std::atomic<bool> DefaultDeviceSet{false};

static bool perTaskDefaultDevice() {
  return DefaultDeviceSet.load(std::memory_order_acquire) &&
         omp_get_default_device_ && omp_set_default_device_;
}

int32_t cot::defaultDevice() {
  if (perTaskDefaultDevice())
    return omp_get_default_device_();
  return plugins().DefaultDevice;
}

void cot::setDefaultDevice(int32_t Id) {
  if (!omp_set_default_device_) {
    plugins().DefaultDevice = Id;
    return;
  }
  omp_set_default_device_(&Id);
  DefaultDeviceSet.store(true, std::memory_order_release);
}

Device *cot::deviceForConstruct(int64_t DeviceId, const cot_source_loc *Loc) {
  const Environment &E = env();
  if (E.Policy == OffloadPolicy::Disabled)
    return nullptr;
  int32_t N = numDevices();
  if (N == 0 && offloadIsMandatory())
    fatal(Loc, "%s but no offload device is available (%s)",
          mandatoryReason(), whyNoDevices().c_str());
  if (DeviceId == COT_DEVICE_DEFAULT)
    DeviceId = defaultDevice();
  if (DeviceId == N || DeviceId == COT_DEVICE_INITIAL) {
    debug(1, "construct runs on the initial device (device %lld; %d "
             "devices)%s",
          (long long)DeviceId, N, atLoc(Loc).c_str());
    return nullptr; // The initial device.
  }
  if (DeviceId == COT_DEVICE_INVALID)
    fatal(Loc, "device(omp_invalid_device) on a construct");
  if (DeviceId < 0 || DeviceId > N)
    fatal(Loc, "device number %lld is out of range: there are %d devices",
          (long long)DeviceId, N);
  return &device((int32_t)DeviceId);
}

//===-- fork() ------------------------------------------------------------===//

/// A fork() while another thread holds one of the runtime's locks would
/// leave it locked forever in the child, which has only the forking thread.
/// So the forking thread takes them all first, in the order the runtime
/// nests them (plugin loading, devices and their launch threads, registry,
/// deferred launches), and both processes release them; the child forgets
/// the launch threads, which it does not have. The child can then offload
/// again on the devices whose plugins survive fork() (the host device); the
/// CUDA plugin refuses its devices in the child with a clear error (CUDA
/// contexts do not survive fork()).
static void lockForFork() {
  pluginsLoadMutex().lock();
  if (PluginState *S = LoadedPlugins.load())
    for (auto &D : S->Devices) {
      D->Mu.lock();
      D->Launches.lockForFork();
    }
  lockRegistry();
  lockDeferredLaunches();
}

static void unlockAfterFork(bool InChild) {
  unlockDeferredLaunches();
  unlockRegistry();
  if (PluginState *S = LoadedPlugins.load())
    for (auto It = S->Devices.rbegin(); It != S->Devices.rend(); ++It) {
      (*It)->Launches.unlockAfterFork(InChild);
      (*It)->Mu.unlock();
    }
  pluginsLoadMutex().unlock();
}

__attribute__((constructor)) static void installForkHandlers() {
  pthread_atfork(
      lockForFork, [] { unlockAfterFork(/*InChild=*/false); },
      [] { unlockAfterFork(/*InChild=*/true); });
}

//===- HostPlugin.cpp - The x86_64 host-as-device plugin ------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Runs offloaded regions on the host CPU while keeping OpenMP's separate
// memory model: "device" memory is its own heap allocation, so data that is
// not mapped back really stays unchanged on the host.
//
// A device image is an ELF shared object held in memory. It is validated and
// its dynamic symbol table read with libelf (so a corrupt image or a missing
// entry gets a precise message instead of a dlopen/dlsym failure), then
// written to an anonymous memfd and dlopened through /proc/self/fd. Each load
// uses a fresh memfd (kept open while loaded, so the path is unique), so
// every device gets its own copy of the image's globals. Kernels are
// `void name(void **Args)` and are called directly; a fault inside one is
// reported with the kernel's name and construct (KernelFaults.h).
//
// State that outlives a fork() stays valid in the child (the images are in
// its memory, the memfds are inherited), so the child may offload again.
//
// LIBOMPTARGET_NUM_HOST_DEVICES (default 1) sets how many devices it offers.
//
// Teams run with libomp, which caps a league at KMP_TEAMS_THREAD_LIMIT
// threads (by default the number of cores); OpenMP 5.1 makes num_teams(n)
// create n teams, so unless the user set that variable the plugin raises
// libomp's limit when it starts (allowRequestedTeams).
//
// The entry points, their argument checks and the kernel tables are the
// generic plugin layer's (plugins/common/GenericPlugin.h); this file is the
// host's hooks.
//
//===----------------------------------------------------------------------===//

#include "GenericPlugin.h"
#include "KernelFaults.h"
#include "LaunchThreads.h"
#include "OffloadABI.h"

#include <dlfcn.h>
#include <gelf.h>
#include <libelf.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <unordered_map>

using namespace cot;
using namespace cot::plugin;
using cot::host::CodeRange;

// libomp's entry points, from the program (which links libomp).
extern "C" int __kmpc_global_thread_num(void *Loc) __attribute__((weak));
extern "C" void __kmpc_set_thread_limit(void *Loc, int Gtid, int Limit)
    __attribute__((weak));
extern "C" int omp_get_thread_limit(void) __attribute__((weak));
extern "C" int omp_get_max_threads(void) __attribute__((weak));
extern "C" int omp_get_max_teams(void) __attribute__((weak));
extern "C" void omp_set_num_threads(int Threads) __attribute__((weak));
extern "C" void omp_set_num_teams(int Teams) __attribute__((weak));
extern "C" void kmp_set_defaults(const char *Settings) __attribute__((weak));
// The C entry points of omp_get/set_affinity_format (omp.h renames them:
// libomp's own omp_* names are the Fortran ones).
extern "C" size_t ompc_get_affinity_format(char *Buffer, size_t Size)
    __attribute__((weak));
extern "C" void ompc_set_affinity_format(const char *Format)
    __attribute__((weak));

namespace {

/// A kernel: the function and the code of its image, for fault reports.
struct HostKernel : GenericKernel {
  cot_host_kernel_fn Fn = nullptr;
  CodeRange Code;
};

struct HostImage : GenericImage {
  void *Handle = nullptr;
  // Kept open while loaded: dlopen treats a second "/proc/self/fd/N" of the
  // same name as the already loaded object, so names must stay unique.
  int Fd = -1;
  // Defined dynamic symbols: name -> size.
  std::unordered_map<std::string, uint64_t> Symbols;
  CodeRange Code;
};

// Reads the dynamic symbol table of an in-memory ELF shared object.
Error readDynamicSymbols(const void *Image, size_t Size, HostImage &Out) {
  if (Size < EI_NIDENT || memcmp(Image, ELFMAG, SELFMAG) != 0)
    return Error::make("device image is not an ELF file (%zu bytes, bad magic)",
                       Size);
  // libelf wants a mutable buffer; it does not write to it for ELF_C_READ.
  Elf *E = elf_memory(static_cast<char *>(const_cast<void *>(Image)), Size);
  if (!E)
    return Error::make("device image is corrupt: %s", elf_errmsg(-1));
  std::unique_ptr<Elf, int (*)(Elf *)> Guard(E, elf_end);
  GElf_Ehdr Ehdr;
  if (elf_kind(E) != ELF_K_ELF || !gelf_getehdr(E, &Ehdr))
    return Error::make("device image is corrupt: %s", elf_errmsg(-1));
  if (Ehdr.e_ident[EI_CLASS] != ELFCLASS64 || Ehdr.e_machine != EM_X86_64)
    return Error::make("device image is not an x86_64 ELF64 object");
  if (Ehdr.e_type != ET_DYN)
    return Error::make("device image is not a shared object (ELF type %u)",
                       (unsigned)Ehdr.e_type);
  bool SawDynsym = false;
  for (Elf_Scn *Scn = elf_nextscn(E, nullptr); Scn; Scn = elf_nextscn(E, Scn)) {
    GElf_Shdr Shdr;
    if (!gelf_getshdr(Scn, &Shdr))
      return Error::make("device image is corrupt: %s", elf_errmsg(-1));
    if (Shdr.sh_type != SHT_DYNSYM)
      continue;
    SawDynsym = true;
    Elf_Data *Data = elf_getdata(Scn, nullptr);
    if (!Data || Shdr.sh_entsize == 0 || Shdr.sh_size > Data->d_size ||
        Shdr.sh_size / Shdr.sh_entsize > (uint64_t)INT32_MAX)
      return Error::make("device image is corrupt: unreadable .dynsym");
    size_t N = Shdr.sh_size / Shdr.sh_entsize;
    for (size_t I = 0; I < N; ++I) {
      GElf_Sym Sym;
      if (!gelf_getsym(Data, (int)I, &Sym))
        return Error::make("device image is corrupt: %s", elf_errmsg(-1));
      if (Sym.st_shndx == SHN_UNDEF)
        continue;
      const char *Name = elf_strptr(E, Shdr.sh_link, Sym.st_name);
      if (!Name)
        return Error::make("device image is corrupt: bad symbol name");
      if (*Name)
        Out.Symbols[Name] = Sym.st_size;
    }
  }
  if (!SawDynsym)
    return Error::make("device image has no dynamic symbol table");
  return Error::success();
}

Error dlopenFromMemory(const void *Image, size_t Size, HostImage &Out) {
  int Fd = memfd_create("cot-device-image", MFD_CLOEXEC);
  if (Fd < 0)
    return Error::make("memfd_create failed: %s", strerror(errno));
  const char *P = static_cast<const char *>(Image);
  size_t Left = Size;
  while (Left) {
    ssize_t W = write(Fd, P, Left);
    if (W < 0 && errno == EINTR)
      continue;
    if (W <= 0) {
      close(Fd);
      return Error::make("cannot write device image: %s", strerror(errno));
    }
    P += W;
    Left -= W;
  }
  char Path[64];
  snprintf(Path, sizeof(Path), "/proc/self/fd/%d", Fd);
  Out.Handle = dlopen(Path, RTLD_NOW | RTLD_LOCAL);
  if (!Out.Handle) {
    close(Fd);
    return Error::make("cannot load device image: %s", dlerror());
  }
  Out.Fd = Fd;
  return Error::success();
}

/// libomp's affinity-format ICV (OMP_AFFINITY_FORMAT, or what the program
/// set), empty when libomp does not say.
std::string affinityFormat() {
  if (!ompc_get_affinity_format)
    return "";
  std::string Format(256, '\0');
  size_t Size = ompc_get_affinity_format(Format.data(), Format.size());
  if (Size >= Format.size()) {
    Format.assign(Size + 1, '\0');
    Size = ompc_get_affinity_format(Format.data(), Format.size());
  }
  Format.resize(std::min(Size, Format.size() - 1));
  return Format;
}

/// Target regions on the host device run their teams with libomp, which
/// caps a league at KMP_TEAMS_THREAD_LIMIT threads, by default the number of
/// cores, and warns. OpenMP 5.1 makes num_teams(n) create n teams, so unless
/// the user chose a limit, raise libomp's (kmp_set_defaults applies it also
/// when libomp has already started). kmp_set_defaults also puts the
/// affinity format back to libomp's default, so the program's is restored.
void allowRequestedTeams() {
  if (getenv("KMP_TEAMS_THREAD_LIMIT") || !kmp_set_defaults)
    return;
  std::string Format = affinityFormat();
  kmp_set_defaults("KMP_TEAMS_THREAD_LIMIT=1024");
  if (!Format.empty() && ompc_set_affinity_format)
    ompc_set_affinity_format(Format.c_str());
}

class HostPlugin final : public GenericPlugin {
public:
  HostPlugin()
      : GenericPlugin("x86_64", COT_PLUGIN_SHARES_HOST_ADDRESS_SPACE,
                      /*CachedBytesPerDevice=*/0) {}

private:
  Error initImpl(int32_t &NumDevices) override {
    int64_t N = 1;
    if (readEnvInteger("LIBOMPTARGET_NUM_HOST_DEVICES", 0, 64, N) ==
        EnvValue::Invalid)
      warning("LIBOMPTARGET_NUM_HOST_DEVICES='%s' is not an integer in "
              "[0,64]; using 1",
              getenv("LIBOMPTARGET_NUM_HOST_DEVICES"));
    NumDevices = (int32_t)N;
    elf_version(EV_CURRENT);
    cot::host::installFaultHandlers();
    allowRequestedTeams();
    return Error::success();
  }

  // The host's own memory and malloc; nothing runs code back on the host.
  uint32_t deviceFeaturesImpl(int32_t, const char **) override {
    return COT_REQUIRES_UNIFIED_ADDRESS | COT_REQUIRES_UNIFIED_SHARED_MEMORY |
           COT_REQUIRES_DYNAMIC_ALLOCATORS;
  }

  Error initDeviceImpl(int32_t) override { return Error::success(); }

  bool isImageCompatibleImpl(const char *Triple, const void *,
                             size_t) override {
    return strncmp(Triple, "x86_64", 6) == 0;
  }

  Error loadImageImpl(int32_t, const void *Image, size_t Size,
                      std::unique_ptr<GenericImage> &Out) override {
    auto Img = std::make_unique<HostImage>();
    if (Error E = readDynamicSymbols(Image, Size, *Img))
      return E;
    if (Error E = dlopenFromMemory(Image, Size, *Img))
      return E;
    Img->Code = cot::host::codeRangeOf(Img->Handle);
    Out = std::move(Img);
    return Error::success();
  }

  Error unloadImageImpl(GenericImage &Image) override {
    auto &Img = static_cast<HostImage &>(Image);
    Error E;
    if (Img.Handle && dlclose(Img.Handle) != 0)
      E = Error::make("dlclose failed: %s", dlerror());
    if (Img.Fd >= 0)
      close(Img.Fd);
    return E;
  }

  /// The address of a defined dynamic symbol; null when there is none.
  static Error lookupSymbol(HostImage &Img, const char *Name, const char *What,
                            void *&Addr, uint64_t *Size) {
    auto It = Img.Symbols.find(Name);
    if (It == Img.Symbols.end())
      return Error::success();
    if (Size)
      *Size = It->second;
    Addr = dlsym(Img.Handle, Name);
    if (!Addr)
      return Error::make("cannot resolve %s symbol '%s': %s", What, Name,
                         dlerror());
    return Error::success();
  }

  Error lookupGlobalImpl(GenericImage &Image, const char *Name, void *&Addr,
                         uint64_t &Size) override {
    return lookupSymbol(static_cast<HostImage &>(Image), Name, "global", Addr,
                        &Size);
  }

  Error lookupKernelImpl(GenericImage &Image, const char *Name,
                         std::unique_ptr<GenericKernel> &Out) override {
    auto &Img = static_cast<HostImage &>(Image);
    void *Fn = nullptr;
    if (Error E = lookupSymbol(Img, Name, "kernel", Fn, nullptr))
      return E;
    if (!Fn)
      return Error::success();
    auto K = std::make_unique<HostKernel>();
    K->Fn = reinterpret_cast<cot_host_kernel_fn>(Fn);
    K->Code = Img.Code;
    Out = std::move(K);
    return Error::success();
  }

  // Device memory is its own heap block, so data that is not mapped back
  // stays unchanged on the host.
  Error allocImpl(int32_t, size_t Size, void *&Ptr) override {
    if (posix_memalign(&Ptr, 64, Size) != 0)
      return Error::make("out of memory allocating %zu bytes", Size);
    return Error::success();
  }

  Error freeImpl(int32_t, void *Ptr) override {
    free(Ptr);
    return Error::success();
  }

  // Host and shared memory are the host's own: the device runs in the
  // host's address space.
  Error allocAccessibleImpl(int32_t, size_t Size, int32_t,
                            void *&Ptr) override {
    return allocImpl(0, Size, Ptr);
  }

  Error freeAccessibleImpl(int32_t, void *Ptr, int32_t) override {
    return freeImpl(0, Ptr);
  }

  // Queued work runs at once: the default queue hooks of the generic layer
  // (always done, no events) fit.
  Error copyToDeviceImpl(int32_t, void *Dst, const void *Src, size_t Size,
                         GenericQueue &) override {
    memmove(Dst, Src, Size);
    return Error::success();
  }

  Error copyFromDeviceImpl(int32_t, void *Dst, const void *Src, size_t Size,
                           GenericQueue &) override {
    memmove(Dst, Src, Size);
    return Error::success();
  }

  Error copyDeviceToDeviceImpl(int32_t, const void *Src, int32_t, void *Dst,
                               size_t Size) override {
    memmove(Dst, Src, Size);
    return Error::success();
  }

  // The league libomp is asked for: num_teams (or OMP_NUM_TEAMS, or one
  // team) of the threads a parallel region gets by default, at most
  // thread_limit. libomp may run fewer (it caps teams at the cores).
  static cot_launch_grid leagueFor(const cot_launch_params &P) {
    int Teams = P.NumTeams > 0 ? P.NumTeams
                : omp_get_max_teams && omp_get_max_teams() > 0
                    ? omp_get_max_teams()
                    : 1;
    int Threads = omp_get_max_threads ? omp_get_max_threads() : 1;
    if (P.ThreadLimit > 0 && P.ThreadLimit < Threads)
      Threads = P.ThreadLimit;
    return cot_launch_grid{Teams, Threads, 0};
  }

  // The kernel forks its own teams/threads through libomp. A thread_limit
  // clause (OpenMP 5.1, also on a target without teams) becomes the
  // thread-limit ICV of the region, on the thread that runs it.
  static void runKernel(HostKernel &K, void **Args, int32_t ThreadLimit) {
    bool Limit = ThreadLimit > 0 && __kmpc_set_thread_limit &&
                 __kmpc_global_thread_num && omp_get_thread_limit;
    if (!Limit) {
      K.Fn(Args);
      return;
    }
    int Gtid = __kmpc_global_thread_num(nullptr);
    int Outer = omp_get_thread_limit();
    __kmpc_set_thread_limit(nullptr, Gtid, ThreadLimit);
    K.Fn(Args);
    __kmpc_set_thread_limit(nullptr, Gtid, Outer);
  }

  // A deferred region's kernel runs on a launch thread (LaunchThreads.h),
  // with the launching task's nthreads and nteams ICVs.
  static Error runDeferredKernel(HostKernel &K, void **Args,
                                 const cot_launch_params &P,
                                 const cot_launch_site &Site) {
    int Threads = omp_get_max_threads ? omp_get_max_threads() : 0;
    int Teams = omp_get_max_teams ? omp_get_max_teams() : 0;
    bool Ran = cot::host::runOnLaunchThread([&] {
      if (Threads > 0 && omp_set_num_threads)
        omp_set_num_threads(Threads);
      if (Teams > 0 && omp_set_num_teams)
        omp_set_num_teams(Teams);
      cot::host::RunningKernel Running(Site, K.Code);
      runKernel(K, Args, P.ThreadLimit);
    });
    if (!Ran)
      return Error::make("cannot start a thread to run the deferred kernel "
                         "'%s'",
                         K.Name.c_str());
    return Error::success();
  }

  Error launchImpl(GenericKernel &Kernel, void **Args, int32_t,
                   const cot_launch_params &P, const cot_launch_site &Site,
                   cot_launch_grid &Grid, GenericQueue &) override {
    auto &K = static_cast<HostKernel &>(Kernel);
    Grid = leagueFor(P);
    if (P.Flags & COT_LAUNCH_NOWAIT)
      return runDeferredKernel(K, Args, P, Site);
    cot::host::RunningKernel Running(Site, K.Code);
    runKernel(K, Args, P.ThreadLimit);
    return Error::success();
  }

  // No foreign runtime: the device's work runs on host threads, so an
  // interop object names the host and has nothing to wait for.
  Error interopInitImpl(int32_t, bool, cot_interop_info &Info) override {
    Info.ForeignRuntime = 0;
    Info.ForeignRuntimeName = "host";
    return Error::success();
  }

  Error interopSyncImpl(int32_t, const cot_interop_info &) override {
    return Error::success();
  }

  Error interopReleaseImpl(int32_t, cot_interop_info &) override {
    return Error::success();
  }
};

} // namespace

GenericPlugin &cot::plugin::thePlugin() {
  static auto *P = new HostPlugin();
  return *P;
}

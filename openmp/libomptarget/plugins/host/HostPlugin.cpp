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
//===----------------------------------------------------------------------===//

#include "KernelFaults.h"
#include "OffloadABI.h"
#include "PluginAPI.h"

#include <dlfcn.h>
#include <gelf.h>
#include <libelf.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#define COT_EXPORT extern "C" __attribute__((visibility("default")))

namespace {

// Trivially destructible: a thread's destructors (the main thread's run
// at exit, before the images are unregistered) never leave a dead object.
thread_local char LastError[1024];

bool fail(const char *Fmt, ...) __attribute__((format(printf, 1, 2)));
bool fail(const char *Fmt, ...) {
  va_list Ap;
  va_start(Ap, Fmt);
  vsnprintf(LastError, sizeof(LastError), Fmt, Ap);
  va_end(Ap);
  return false;
}

using cot::host::CodeRange;

/// A kernel handle: the function and the code of its image, for fault
/// reports.
struct Kernel {
  cot_host_kernel_fn Fn;
  CodeRange Code;
};

int32_t NumDevices = 1;

struct LoadedImage {
  void *Handle = nullptr;
  // Kept open while loaded: dlopen treats a second "/proc/self/fd/N" of the
  // same name as the already loaded object, so names must stay unique.
  int Fd = -1;
  // Defined dynamic symbols: name -> size.
  std::unordered_map<std::string, uint64_t> Symbols;
  CodeRange Code;
  std::mutex KernelsMu;
  std::unordered_map<std::string, std::unique_ptr<Kernel>> Kernels;
};

// Reads the dynamic symbol table of an in-memory ELF shared object.
bool readDynamicSymbols(const void *Image, size_t Size, LoadedImage &Out) {
  if (Size < EI_NIDENT || memcmp(Image, ELFMAG, SELFMAG) != 0)
    return fail("device image is not an ELF file (%zu bytes, bad magic)",
                Size);
  // libelf wants a mutable buffer; it does not write to it for ELF_C_READ.
  Elf *E = elf_memory(static_cast<char *>(const_cast<void *>(Image)), Size);
  if (!E)
    return fail("device image is corrupt: %s", elf_errmsg(-1));
  std::unique_ptr<Elf, int (*)(Elf *)> Guard(E, elf_end);
  GElf_Ehdr Ehdr;
  if (elf_kind(E) != ELF_K_ELF || !gelf_getehdr(E, &Ehdr))
    return fail("device image is corrupt: %s", elf_errmsg(-1));
  if (Ehdr.e_ident[EI_CLASS] != ELFCLASS64 || Ehdr.e_machine != EM_X86_64)
    return fail("device image is not an x86_64 ELF64 object");
  if (Ehdr.e_type != ET_DYN)
    return fail("device image is not a shared object (ELF type %u)",
                (unsigned)Ehdr.e_type);
  bool SawDynsym = false;
  for (Elf_Scn *Scn = elf_nextscn(E, nullptr); Scn;
       Scn = elf_nextscn(E, Scn)) {
    GElf_Shdr Shdr;
    if (!gelf_getshdr(Scn, &Shdr))
      return fail("device image is corrupt: %s", elf_errmsg(-1));
    if (Shdr.sh_type != SHT_DYNSYM)
      continue;
    SawDynsym = true;
    Elf_Data *Data = elf_getdata(Scn, nullptr);
    if (!Data || Shdr.sh_entsize == 0 || Shdr.sh_size > Data->d_size ||
        Shdr.sh_size / Shdr.sh_entsize > (uint64_t)INT32_MAX)
      return fail("device image is corrupt: unreadable .dynsym");
    size_t N = Shdr.sh_size / Shdr.sh_entsize;
    for (size_t I = 0; I < N; ++I) {
      GElf_Sym Sym;
      if (!gelf_getsym(Data, (int)I, &Sym))
        return fail("device image is corrupt: %s", elf_errmsg(-1));
      if (Sym.st_shndx == SHN_UNDEF)
        continue;
      const char *Name = elf_strptr(E, Shdr.sh_link, Sym.st_name);
      if (!Name)
        return fail("device image is corrupt: bad symbol name");
      if (*Name)
        Out.Symbols[Name] = Sym.st_size;
    }
  }
  if (!SawDynsym)
    return fail("device image has no dynamic symbol table");
  return true;
}

bool dlopenFromMemory(const void *Image, size_t Size, LoadedImage &Out) {
  int Fd = memfd_create("cot-device-image", MFD_CLOEXEC);
  if (Fd < 0)
    return fail("memfd_create failed: %s", strerror(errno));
  const char *P = static_cast<const char *>(Image);
  size_t Left = Size;
  while (Left) {
    ssize_t W = write(Fd, P, Left);
    if (W < 0 && errno == EINTR)
      continue;
    if (W <= 0) {
      close(Fd);
      return fail("cannot write device image: %s", strerror(errno));
    }
    P += W;
    Left -= W;
  }
  char Path[64];
  snprintf(Path, sizeof(Path), "/proc/self/fd/%d", Fd);
  Out.Handle = dlopen(Path, RTLD_NOW | RTLD_LOCAL);
  if (!Out.Handle) {
    close(Fd);
    return fail("cannot load device image: %s", dlerror());
  }
  Out.Fd = Fd;
  return true;
}

std::once_flag ElfOnce;

// --- The plugin functions ---------------------------------------------------

int32_t init() {
  if (const char *S = getenv("LIBOMPTARGET_NUM_HOST_DEVICES")) {
    char *End;
    long N = strtol(S, &End, 10);
    if (*S && !*End && N >= 0 && N <= 64)
      NumDevices = (int32_t)N;
    else
      fprintf(stderr,
              "libomptarget: warning: LIBOMPTARGET_NUM_HOST_DEVICES='%s' is "
              "not an integer in [0,64]; using 1\n",
              S);
  }
  std::call_once(ElfOnce, [] { elf_version(EV_CURRENT); });
  cot::host::installFaultHandlers();
  return 0;
}

const char *whyUnavailable() { return ""; }
int32_t numDevices() { return NumDevices; }
int32_t initDevice(int32_t) { return 0; }

int32_t isImageCompatible(const char *Triple, const char *, const void *,
                          size_t) {
  return Triple && strncmp(Triple, "x86_64", 6) == 0;
}

void *loadImage(int32_t, const void *Image, size_t Size) {
  auto Img = std::make_unique<LoadedImage>();
  if (!readDynamicSymbols(Image, Size, *Img) ||
      !dlopenFromMemory(Image, Size, *Img))
    return nullptr;
  Img->Code = cot::host::codeRangeOf(Img->Handle);
  return Img.release();
}

int32_t unloadImage(int32_t, void *Handle) {
  auto *Img = static_cast<LoadedImage *>(Handle);
  int32_t Rc = 0;
  if (Img->Handle && dlclose(Img->Handle) != 0)
    Rc = !fail("dlclose failed: %s", dlerror());
  if (Img->Fd >= 0)
    close(Img->Fd);
  delete Img;
  return Rc;
}

void *lookupSymbol(void *Handle, const char *Name, uint64_t *Size,
                   const char *What) {
  auto *Img = static_cast<LoadedImage *>(Handle);
  auto It = Img->Symbols.find(Name);
  if (It == Img->Symbols.end()) {
    fail("device image has no %s symbol '%s'", What, Name);
    return nullptr;
  }
  if (Size)
    *Size = It->second;
  void *Addr = dlsym(Img->Handle, Name);
  if (!Addr)
    fail("cannot resolve %s symbol '%s': %s", What, Name, dlerror());
  return Addr;
}

void *lookupGlobal(void *Handle, const char *Name, uint64_t *Size) {
  return lookupSymbol(Handle, Name, Size, "global");
}

void *lookupKernel(void *Handle, const char *Name) {
  auto *Img = static_cast<LoadedImage *>(Handle);
  std::lock_guard<std::mutex> Lock(Img->KernelsMu);
  std::unique_ptr<Kernel> &K = Img->Kernels[Name];
  if (!K) {
    void *Fn = lookupSymbol(Handle, Name, nullptr, "kernel");
    if (!Fn) {
      Img->Kernels.erase(Name);
      return nullptr;
    }
    K.reset(new Kernel{reinterpret_cast<cot_host_kernel_fn>(Fn), Img->Code});
  }
  return K.get();
}

bool badSize(int64_t Size, const char *What) {
  if (Size >= 0)
    return false;
  fail("cannot %s %lld bytes: a negative size", What, (long long)Size);
  return true;
}

void *dataAlloc(int32_t, int64_t Size) {
  void *P = nullptr;
  if (badSize(Size, "allocate"))
    return nullptr;
  if (Size == 0)
    Size = 1;
  if (posix_memalign(&P, 64, (size_t)Size) != 0) {
    fail("out of memory allocating %lld bytes", (long long)Size);
    return nullptr;
  }
  return P;
}

int32_t dataFree(int32_t, void *P) {
  free(P);
  return 0;
}

int32_t copy(void *Dst, const void *Src, int64_t Size) {
  if (badSize(Size, "copy"))
    return 1;
  memmove(Dst, Src, (size_t)Size);
  return 0;
}

int32_t copyToDevice(int32_t, void *Dst, const void *Src, int64_t Size,
                     void *) {
  return copy(Dst, Src, Size);
}

int32_t copyFromDevice(int32_t, void *Dst, const void *Src, int64_t Size,
                       void *) {
  return copy(Dst, Src, Size);
}

int32_t copyDeviceToDevice(int32_t, const void *Src, int32_t, void *Dst,
                           int64_t Size, void *) {
  return copy(Dst, Src, Size);
}

// libomp's entry points, from the program (which links libomp).
extern "C" int __kmpc_global_thread_num(void *Loc) __attribute__((weak));
extern "C" void __kmpc_set_thread_limit(void *Loc, int Gtid, int Limit)
    __attribute__((weak));
extern "C" int omp_get_thread_limit(void) __attribute__((weak));

int32_t launch(int32_t, void *Handle, void **Args, int32_t,
               const cot_launch_params *P, const cot_launch_site *Site,
               void *) {
  // The kernel forks its own teams/threads through libomp. A thread_limit
  // clause (OpenMP 5.1, also on a target without teams) becomes the
  // thread-limit ICV of the region, on the thread that runs it.
  auto *K = static_cast<Kernel *>(Handle);
  cot_launch_site NoSite = {"?", 0, nullptr};
  cot::host::RunningKernel Running(Site ? *Site : NoSite, K->Code);
  cot_host_kernel_fn Run = K->Fn;
  bool Limit = P->ThreadLimit > 0 && __kmpc_set_thread_limit &&
               __kmpc_global_thread_num && omp_get_thread_limit;
  if (!Limit) {
    Run(Args);
    return 0;
  }
  int Gtid = __kmpc_global_thread_num(nullptr);
  int Outer = omp_get_thread_limit();
  __kmpc_set_thread_limit(nullptr, Gtid, P->ThreadLimit);
  Run(Args);
  __kmpc_set_thread_limit(nullptr, Gtid, Outer);
  return 0;
}

// The host's own memory and malloc; nothing runs code back on the host.
uint32_t deviceFeatures(int32_t, const char **) {
  return COT_REQUIRES_UNIFIED_ADDRESS | COT_REQUIRES_UNIFIED_SHARED_MEMORY |
         COT_REQUIRES_DYNAMIC_ALLOCATORS;
}

int32_t queueCreate(int32_t, void **Queue) {
  *Queue = nullptr;
  return 0;
}
int32_t synchronize(int32_t, void *) { return 0; }
int32_t queueDestroy(int32_t, void *) { return 0; }
const char *lastError() { return LastError; }

const cot_plugin_api Api = {
    COT_PLUGIN_API_VERSION, COT_PLUGIN_SHARES_HOST_ADDRESS_SPACE, "x86_64",
    init, whyUnavailable, numDevices, deviceFeatures, initDevice,
    isImageCompatible,
    loadImage, unloadImage, lookupGlobal, lookupKernel, dataAlloc, dataFree,
    copyToDevice, copyFromDevice, copyDeviceToDevice, launch, queueCreate,
    synchronize, queueDestroy, lastError};

} // namespace

COT_EXPORT const cot_plugin_api *__cot_plugin_get_api(void) { return &Api; }

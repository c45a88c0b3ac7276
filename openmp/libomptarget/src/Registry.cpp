//===- Registry.cpp - Registration of offload binaries --------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// __cot_register_binary / __cot_unregister_binary: every executable or
// shared library with offload code registers its descriptor from a
// constructor (checked before anything walks it) and unregisters it from a
// destructor; devices load the images of new binaries when next used
// (DeviceImages.cpp). Unregistering at dlclose unloads the images and every
// mapping of the library's storage; at exit it does nothing.
//
//===----------------------------------------------------------------------===//

#include "Events.h"
#include "Runtime.h"

#include <dlfcn.h>
#include <link.h>

using namespace cot;

namespace {
struct Registry {
  std::mutex Mu;
  std::vector<const cot_binary_desc *> Binaries;
  /// The union of the registered binaries' `requires` flags, kept up to
  /// date here so that each construct reads one word.
  std::atomic<uint32_t> Requirements{0};
};
} // namespace

static Registry &registry() {
  static Registry *R = new Registry();
  return *R;
}

void cot::lockRegistry() { registry().Mu.lock(); }
void cot::unlockRegistry() { registry().Mu.unlock(); }

std::vector<const cot_binary_desc *> cot::binariesFrom(size_t First) {
  Registry &R = registry();
  std::lock_guard<std::mutex> Lock(R.Mu);
  if (First >= R.Binaries.size())
    return {};
  return std::vector<const cot_binary_desc *>(R.Binaries.begin() + First,
                                              R.Binaries.end());
}

/// The `#pragma omp requires` clauses of a binary's translation units.
static uint32_t requirementsOf(const cot_binary_desc *Desc) {
  uint32_t Flags = 0;
  for (const cot_offload_entry *E = Desc->EntriesBegin;
       E && E != Desc->EntriesEnd; ++E)
    if (E->Flags & COT_ENTRY_REQUIRES)
      Flags |= (uint32_t)E->Size;
  return Flags;
}

/// Recomputes R.Requirements once a binary is gone (R.Mu held).
static void updateRequirements(Registry &R) {
  uint32_t Flags = 0;
  for (const cot_binary_desc *Desc : R.Binaries)
    if (Desc)
      Flags |= requirementsOf(Desc);
  R.Requirements.store(Flags, std::memory_order_release);
}

uint32_t cot::programRequirements() {
  return registry().Requirements.load(std::memory_order_acquire);
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
  env();             // Report environment errors early,
  events::enabled(); // and start the profile's trace with the program.
  if (debugEnabled()) {
    std::string Images;
    for (int32_t I = 0; I < Desc->NumImages; ++I)
      Images += formatString(
          "%s%s%s%s", I ? ", " : "",
          Desc->Images[I].Triple ? Desc->Images[I].Triple : "?",
          Desc->Images[I].Arch && *Desc->Images[I].Arch ? " " : "",
          Desc->Images[I].Arch ? Desc->Images[I].Arch : "");
    debug(1, "registered %s: %d images (%s), %zu offload entries",
          binaryName(Desc).c_str(), Desc->NumImages, Images.c_str(),
          (size_t)(Desc->EntriesEnd - Desc->EntriesBegin));
  }
  {
    Registry &R = registry();
    std::lock_guard<std::mutex> Lock(R.Mu);
    R.Binaries.push_back(Desc);
    R.Requirements.fetch_or(requirementsOf(Desc), std::memory_order_acq_rel);
  }
  startDevicesEarly(Desc);
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
    updateRequirements(R);
  }
  std::vector<Device *> Devices = devicesIfLoaded();
  debug(1, "unregistered %s%s", binaryName(Desc).c_str(),
        processIsExiting() ? " (at exit: its images stay loaded)" : "");
  // At exit the images stay: other threads may be running their kernels.
  if (!Found || Devices.empty() || processIsExiting())
    return;
  // dlclose: the library's storage goes away with it, and so must every
  // mapping of it (a library loaded there later must not find it present).
  ObjectSegments Segments{(uintptr_t)Desc, {}};
  dl_iterate_phdr(collectSegments, &Segments);
  std::string Name = binaryName(Desc);
  for (Device *D : Devices) {
    std::lock_guard<std::mutex> Lock(D->Mu);
    D->unloadBinary(Desc, Name, Segments.Ranges);
  }
}

//===- DeviceImages.cpp - Images on a device ------------------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// What a device does with the registered binaries: it is initialised on
// first use, and each time a construct uses it the images of binaries
// registered since are loaded (the first image of each binary the plugin
// accepts). Each offload entry then becomes a kernel, a declare-target
// mapping with an infinite count, a `declare target link` pointer or a row
// of the indirect-call table. Unloading (dlclose of a library) undoes all of
// it. Failures are Errors for the caller: a construct makes them fatal, an
// omp_* routine returns its failure value.
//
//===----------------------------------------------------------------------===//

#include "DebugTrace.h"
#include "Events.h"
#include "Runtime.h"

#include <cinttypes>

using namespace cot;

Error Device::ensureReady(const cot_source_loc *Loc) {
  if (!Initialized) {
    debug(1, "device %d: starting (plugin '%s' device %d)%s", Id,
          P->Name.c_str(), LocalId, atLoc(Loc).c_str());
    if (P->Api->init_device(LocalId) != 0)
      return P
          ->lastError(
              ("cannot initialise device " + std::to_string(Id)).c_str())
          .at(Loc);
    if (Error E = probeQueues())
      return E.at(Loc);
    Initialized = true;
  }
  // A device that failed to load an image stays failed: its tables lack
  // what the program registered.
  if (LoadFailure)
    return Error(LoadFailure).at(Loc);
  std::vector<const cot_binary_desc *> New = binariesFrom(BinariesSeen);
  BinariesSeen += New.size();
  for (const cot_binary_desc *Desc : New)
    if (Desc)
      if (Error E = loadBinary(Desc, Loc)) {
        LoadFailure = E;
        return E.at(Loc);
      }
  return Error::success();
}

/// A plugin whose queued work is done when it is queued records no event
/// (PluginAPI.h): one on a fresh queue tells the two kinds apart.
Error Device::probeQueues() {
  void *Queue = P->Api->queue_create(LocalId);
  if (!Queue)
    return P->lastError("cannot create a queue");
  void *Event = nullptr;
  int32_t Rc = P->Api->event_record(LocalId, Queue, &Event);
  if (Rc == 0 && Event)
    P->Api->event_destroy(LocalId, Event);
  if (Rc == 0)
    Rc = P->Api->queue_wait(LocalId, Queue);
  P->Api->queue_destroy(LocalId, Queue);
  if (Rc != 0)
    return P->lastError("cannot record an event");
  QueuesRunLater.store(Event != nullptr, std::memory_order_release);
  return Error::success();
}

void Device::writeDeviceInt(void *Handle, const char *Name, int32_t Value) {
  uint64_t Size = 0;
  void *Addr = P->Api->lookup_global(Handle, Name, &Size);
  if (!Addr || (Size != 0 && Size != sizeof(int32_t)))
    return;
  events::Stopwatch Time;
  P->Api->copy_to_device(LocalId, Addr, &Value, sizeof(Value), nullptr);
  events::transferred(Time, events::Direction::HostToDevice, Id, Addr, &Value,
                      sizeof(Value), {Name, nullptr});
}

/// The device address of a `declare target indirect` function, from the
/// image global that holds it.
Error Device::readIndirectSlot(void *Handle, const char *Name,
                               uintptr_t &Value) {
  uint64_t Size = 0;
  void *Slot = P->Api->lookup_global(Handle, Name, &Size);
  Value = 0;
  events::Stopwatch Time;
  if (!Slot || P->Api->copy_from_device(LocalId, &Value, Slot, sizeof(Value),
                                        nullptr) != 0)
    return P->lastError("declare target indirect function");
  events::transferred(Time, events::Direction::DeviceToHost, Id, &Value, Slot,
                      sizeof(Value), {Name, nullptr});
  return Error::success();
}

/// Gives an image that translates indirect calls (it defines the table's
/// globals: GPU images; on the host device host addresses are callable)
/// the host/device address pairs of the `declare target indirect`
/// functions; Table gets the device copy of the table, or null.
Error Device::writeIndirectTable(
    void *Handle, const std::vector<const cot_offload_entry *> &Indirect,
    const cot_source_loc *Loc, void *&Table) {
  Table = nullptr;
  if (Indirect.empty())
    return Error::success();
  uint64_t Size = 0;
  void *TableVar =
      P->Api->lookup_global(Handle, COT_INDIRECT_TABLE_SYMBOL, &Size);
  void *CountVar =
      P->Api->lookup_global(Handle, COT_INDIRECT_COUNT_SYMBOL, &Size);
  if (!TableVar || !CountVar)
    return Error::success();
  std::vector<uintptr_t> Pairs; // host, device, host, device, ...
  for (const cot_offload_entry *E : Indirect) {
    uintptr_t DevFn = 0;
    if (Error Err = readIndirectSlot(Handle, E->Name, DevFn))
      return Err;
    Pairs.push_back((uintptr_t)E->HostAddr);
    Pairs.push_back(DevFn);
  }
  int64_t Bytes = (int64_t)(Pairs.size() * sizeof(uintptr_t));
  const char *What = "declare target indirect table";
  if (Error E = allocate(Bytes, What, Table, Loc))
    return E;
  uint64_t Count = Pairs.size() / 2;
  events::Stopwatch Time;
  if (P->Api->copy_to_device(LocalId, Table, Pairs.data(), Bytes, nullptr) ||
      P->Api->copy_to_device(LocalId, TableVar, &Table, sizeof(Table),
                             nullptr) ||
      P->Api->copy_to_device(LocalId, CountVar, &Count, sizeof(Count), nullptr))
    return P->lastError(What);
  events::transferred(Time, events::Direction::HostToDevice, Id, Table,
                      Pairs.data(), Bytes, {What, Loc});
  note(Loc, "device %d: %llu declare target indirect functions", Id,
       (unsigned long long)Count);
  return Error::success();
}

/// A declare-target variable: a mapping of its host storage to the image's
/// copy with an infinite count. The image holds the variable with its
/// initialiser; the host copy may have changed since, and only
/// `target update` moves it.
Error Device::mapDeclareTargetGlobal(const cot_offload_entry &E, LoadedImage &L,
                                     const cot_source_loc *Loc) {
  uint64_t SymSize = 0;
  void *DevAddr = P->Api->lookup_global(L.Handle, E.Name, &SymSize);
  if (!DevAddr)
    return P->lastError("declare target variable");
  if (SymSize && E.Size && SymSize != E.Size)
    return Error::make("declare target variable '%s' has %llu bytes on the "
                       "host but %llu in the device image",
                       E.Name, (unsigned long long)E.Size,
                       (unsigned long long)SymSize);
  uintptr_t Host = (uintptr_t)E.HostAddr;
  bool Partial = false;
  if (lookup(Host, E.Size ? E.Size : 1, &Partial))
    return Error::success(); // Already mapped (same image registered twice).
  MapEntry &M = insert(Host, E.Size, (uintptr_t)DevAddr, E.Name);
  M.Infinite = true;
  M.OwnsMemory = false;
  L.Globals.push_back(Host);
  debug(1,
        "device %d: declare target '%s' host 0x%" PRIxPTR " -> device %p, "
        "%llu bytes, refcount inf",
        Id, E.Name, Host, DevAddr, (unsigned long long)E.Size);
  info(Loc,
       "device %d: declare target '%s' host [0x%" PRIxPTR ",0x%" PRIxPTR
       ") -> device [0x%" PRIxPTR ",0x%" PRIxPTR ") refcount inf",
       Id, E.Name, M.HostBegin, M.HostEnd, M.DevBegin,
       M.DevBegin + (M.HostEnd - M.HostBegin));
  return Error::success();
}

/// Runs the kernel of entry \p Init of an image just loaded: the dynamic
/// initializers of its declare target variables, on one team, waited for.
Error Device::runInitializer(void *Handle, const cot_offload_entry &Init,
                             const cot_binary_desc *Desc) {
  void *Kernel = P->Api->lookup_kernel(Handle, Init.Name);
  if (!Kernel)
    return P->lastError("initializer kernel");
  cot_launch_params OneTeam = {1, 0, 0, 0, 0, 0};
  cot_launch_site Site = {Init.Name, LocalId, nullptr};
  debug(1,
        "device %d: running the initializers of declare target variables "
        "of %s ('%s')",
        Id, binaryName(Desc).c_str(), Init.Name);
  if (P->Api->launch(LocalId, Kernel, nullptr, 0, &OneTeam, &Site, nullptr,
                     nullptr) != 0)
    return P->lastError(("the initializers of declare target variables of " +
                         binaryName(Desc) + " failed")
                            .c_str());
  return Error::success();
}

/// Kernels, declare-target variables and link pointers of the entries of
/// Desc in loaded image L; the indirect functions are collected.
Error Device::loadEntries(const cot_binary_desc *Desc, LoadedImage &L,
                          std::vector<const cot_offload_entry *> &Indirect,
                          std::vector<const cot_offload_entry *> &Initializers,
                          const cot_source_loc *Loc) {
  const cot_plugin_api *Api = P->Api;
  for (const cot_offload_entry *E = Desc->EntriesBegin;
       E && E != Desc->EntriesEnd; ++E) {
    if (!E->Name || !E->HostAddr)
      continue;
    if (E->Flags & COT_ENTRY_INDIRECT) {
      Indirect.push_back(E);
    } else if (E->Flags & COT_ENTRY_INITIALIZER) {
      Initializers.push_back(E);
    } else if (E->Flags & COT_ENTRY_LINK) {
      uint64_t SymSize = 0;
      void *DevPtrVar = Api->lookup_global(L.Handle, E->Name, &SymSize);
      if (!DevPtrVar)
        return P->lastError("declare target link variable");
      LinkPtrs[(uintptr_t)E->HostAddr] = {E->Size, (uintptr_t)DevPtrVar};
      L.Links.push_back((uintptr_t)E->HostAddr);
      debug(1, "device %d: declare target link '%s': device pointer at %p", Id,
            E->Name, DevPtrVar);
    } else if (E->Flags & COT_ENTRY_GLOBAL) {
      if (Error Err = mapDeclareTargetGlobal(*E, L, Loc))
        return Err;
    } else {
      void *K = Api->lookup_kernel(L.Handle, E->Name);
      if (!K)
        return P->lastError("kernel");
      Kernels[E->HostAddr] = KernelInfo{K, E->Name};
      L.Kernels.push_back(E->HostAddr);
      debug(1, "device %d: kernel '%s' for host function %p", Id, E->Name,
            E->HostAddr);
    }
  }
  return Error::success();
}

Error Device::loadBinary(const cot_binary_desc *Desc,
                         const cot_source_loc *Loc) {
  const cot_plugin_api *Api = P->Api;
  for (int32_t I = 0; I < Desc->NumImages; ++I) {
    const cot_device_image &Img = Desc->Images[I];
    size_t Size = (const char *)Img.ImageEnd - (const char *)Img.ImageStart;
    const char *Triple = Img.Triple ? Img.Triple : "";
    const char *Arch = Img.Arch ? Img.Arch : "";
    if (!Api->is_image_compatible(Triple, Arch, Img.ImageStart, Size)) {
      debug(1, "device %d: image %d of %s (%s%s%s) is not for plugin '%s'", Id,
            I, binaryName(Desc).c_str(), Triple, *Arch ? " " : "", Arch,
            P->Name.c_str());
      continue;
    }
    debug(1, "device %d: loading image %d of %s (%s%s%s, %zu bytes)", Id, I,
          binaryName(Desc).c_str(), Triple, *Arch ? " " : "", Arch, Size);
    void *Handle = Api->load_image(LocalId, Img.ImageStart, Size);
    if (!Handle)
      return P->lastError(("cannot load the " + std::string(Triple) +
                           " device image on device " + std::to_string(Id))
                              .c_str());
    LoadedImage L{Desc, Handle, {}, {}, {}, nullptr};
    writeDeviceInt(Handle, COT_DEVICE_NUM_SYMBOL, Id);
    writeDeviceInt(Handle, "__cot_num_devices", numDevices());
    std::vector<const cot_offload_entry *> Indirect, Initializers;
    Error E = loadEntries(Desc, L, Indirect, Initializers, Loc);
    if (!E)
      E = writeIndirectTable(Handle, Indirect, Loc, L.IndirectTable);
    for (const cot_offload_entry *Init : Initializers)
      if (!E)
        E = runInitializer(Handle, *Init, Desc);
    // What was loaded is recorded even on failure, so that an unload (or
    // the process's end) finds it.
    Images.push_back(std::move(L));
    return E; // One image per binary and device.
  }
  debug(1, "device %d: %s has no image for plugin '%s'", Id,
        binaryName(Desc).c_str(), P->Name.c_str());
  return Error::success();
}

void Device::unloadBinary(const cot_binary_desc *Desc, const std::string &Name,
                          const AddressRanges &Storage) {
  Launches.drain(); // launches handed over may be of the closing image
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
      free(L.IndirectTable, "declare target indirect table");
    if (P->Api->unload_image(LocalId, L.Handle) != 0)
      warning("%s", P->lastError(("cannot unload the image of " + Name +
                                  " from device " + std::to_string(Id))
                                     .c_str())
                        .message()
                        .c_str());
    note(nullptr,
         "device %d: unloaded the image of %s (%zu kernels, %zu "
         "declare target variables)",
         Id, Name.c_str(), L.Kernels.size(), L.Globals.size());
    Images.erase(Images.begin() + I);
  }
  for (const auto &Range : Storage) {
    auto It = Table.lower_bound(Range.first);
    while (It != Table.end() && It->first < Range.second &&
           It->second.HostEnd <= Range.second) {
      const MapEntry &E = (It++)->second;
      note(nullptr,
           "device %d: unmap (storage unloaded) '%s' host [0x%" PRIxPTR
           ",0x%" PRIxPTR ") of %s",
           Id, E.Name.c_str(), E.HostBegin, E.HostEnd, Name.c_str());
      erase(E.HostBegin);
    }
  }
}

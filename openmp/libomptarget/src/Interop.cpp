//===- Interop.cpp - #pragma omp interop and omp_get_interop_* ------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Clang 19's host CodeGen lowers `#pragma omp interop` to calls into the
// offload runtime, one per action clause (libomp defines none of them):
//
//   __tgt_interop_init(ident_t *Loc, int32_t Gtid, omp_interop_t *Var,
//                      int32_t Type, int32_t Device, int32_t NumDeps,
//                      kmp_depend_info *Deps, int32_t NoWait)
//   __tgt_interop_use / __tgt_interop_destroy(ident_t *Loc, int32_t Gtid,
//                      omp_interop_t *Var, int32_t Device, int32_t NumDeps,
//                      kmp_depend_info *Deps, int32_t NoWait)
//
// Type is 1 for `target` and 2 for `targetsync`; Device is the device
// clause's value, or -1 without one, which means the default device (so
// device(omp_initial_device) does too); prefer_type is not passed. The
// construct first waits for its depend clause's dependences (libomp's
// __kmpc_omp_wait_deps) and then acts at once: nowait allows that.
//
// An interop object of an offload device holds what its plugin gives
// (PluginAPI.h, cot_interop_info): on a GPU the CUDA device, its context
// and, for targetsync, a stream; on the x86_64 host device no foreign
// runtime (fr_id 0, fr_name "host"). `use` and `destroy` wait for the work
// queued on a targetsync object (a synchronisation event of Events.h).
// The initial device has no foreign runtime at all: init gives
// omp_interop_none, as the specification allows when an object cannot be
// made (LIBOMPTARGET_INFO says why).
//
// The omp_get_interop_* routines (OpenMP 5.1 section 3.12) look the object
// up among the live ones first, so a stale or made-up handle is the return
// code omp_irc_other, never a crash. libomp 19 defines these routines too,
// forwarding to the next definition; programs link libomptarget first.
//
//===----------------------------------------------------------------------===//

#include "DebugTrace.h"
#include "Events.h"
#include "Runtime.h"

#include <omp.h>

#include <cstring>
#include <unordered_set>

using namespace cot;

// libomp's wait for a construct's dependences (libomptarget does not link
// libomp; programs do).
extern "C" void __kmpc_omp_wait_deps(void *Loc, int32_t Gtid, int32_t NumDeps,
                                     void *Deps, int32_t NumNoAliasDeps,
                                     void *NoAliasDeps) __attribute__((weak));

namespace {

// kmp_interop_type_t, as Clang passes it.
constexpr int32_t InteropTarget = 1, InteropTargetSync = 2;
// The OpenMP Additional Definitions' vendor number and name of the
// implementation, which is LLVM's.
constexpr int32_t VendorLLVM = 9;
constexpr const char *VendorLLVMName = "llvm";

struct InteropObject {
  int32_t DeviceNum;
  bool TargetSync;
  Device *D;
  cot_interop_info Info;
};

struct LiveObjects {
  std::mutex Mu;
  std::unordered_set<const InteropObject *> Objects;
};

LiveObjects &liveObjects() {
  static auto *L = new LiveObjects();
  return *L;
}

/// The source location of Clang's ident_t, when it names a file.
class ConstructLocation {
public:
  explicit ConstructLocation(const void *Ident) {
    const char *S =
        Ident ? static_cast<const LibompIdent *>(Ident)->Source : nullptr;
    if (!S || *S != ';')
      return;
    std::string Fields[4];
    for (int I = 0; I < 4 && *S == ';'; ++I) {
      const char *End = strchr(S + 1, ';');
      if (!End)
        return;
      Fields[I].assign(S + 1, End);
      S = End;
    }
    if (Fields[0].empty() || Fields[0] == "unknown")
      return;
    File = Fields[0];
    Function = Fields[1];
    Loc = {File.c_str(), Function.c_str(), atoi(Fields[2].c_str()),
           atoi(Fields[3].c_str())};
    Known = true;
  }
  const cot_source_loc *get() const { return Known ? &Loc : nullptr; }

private:
  std::string File, Function;
  cot_source_loc Loc = {nullptr, nullptr, 0, 0};
  bool Known = false;
};

/// Whether Obj is a live interop object of ours.
bool isLive(const InteropObject *Obj) {
  LiveObjects &L = liveObjects();
  std::lock_guard<std::mutex> Lock(L.Mu);
  return L.Objects.count(Obj) != 0;
}

/// The object in the variable of a use or destroy action, or null for
/// omp_interop_none; fatal for anything that is not an interop object, or
/// one of another device than the device clause names.
InteropObject *objectOf(const char *Action, omp_interop_t *Var,
                        int32_t DeviceNum, const cot_source_loc *Loc) {
  if (!Var)
    fatal(Loc, "interop %s: no interop variable", Action);
  if (*Var == omp_interop_none) {
    debug(1, "interop %s: the object is omp_interop_none; nothing to do%s",
          Action, atLoc(Loc).c_str());
    return nullptr;
  }
  auto *Obj = static_cast<InteropObject *>(*Var);
  if (!isLive(Obj))
    fatal(Loc,
          "interop %s: %p is not an interop object (never initialised by "
          "interop init, or already destroyed)",
          Action, *Var);
  if (DeviceNum != -1 && DeviceNum != Obj->DeviceNum)
    fatal(Loc,
          "interop %s with device(%d): the object was initialised for "
          "device %d",
          Action, DeviceNum, Obj->DeviceNum);
  return Obj;
}

/// Waits for the work queued on a targetsync object; fatal when it failed.
void synchronize(const InteropObject &Obj, const char *Action,
                 const cot_source_loc *Loc) {
  if (!Obj.TargetSync)
    return;
  Device &D = *Obj.D;
  events::Stopwatch Time;
  if (D.P->Api->interop_sync(D.LocalId, &Obj.Info) != 0)
    fatal(Loc,
          D.P->lastError(
              formatString("interop %s on device %d", Action, D.Id).c_str()));
  events::synchronized(Time, D.Id, {"interop targetsync", Loc});
}

} // namespace

extern "C" {

COT_EXPORT void __tgt_interop_init(void *Ident, int32_t Gtid,
                                   omp_interop_t *Var, int32_t Type,
                                   int32_t DeviceNum, int32_t NumDeps,
                                   void *Deps, int32_t NoWait) {
  ConstructLocation Where(Ident);
  const cot_source_loc *Loc = Where.get();
  if (!Var)
    fatal(Loc, "interop init: no interop variable");
  *Var = omp_interop_none;
  if (Type != InteropTarget && Type != InteropTargetSync)
    fatal(Loc,
          "interop init: unknown interop type %d (1: target, 2: "
          "targetsync)",
          Type);
  waitForDependences(Ident, Gtid, NumDeps, Deps);
  Device *D =
      deviceForConstruct(DeviceNum == -1 ? COT_DEVICE_DEFAULT : DeviceNum, Loc);
  if (!D) {
    note(Loc, "interop init: the initial device has no foreign runtime; the "
              "object is omp_interop_none");
    return;
  }
  {
    std::lock_guard<std::mutex> Lock(D->Mu);
    if (Error E = D->ensureReady(Loc)) {
      note(Loc, "interop init: the object is omp_interop_none: %s",
           E.message().c_str());
      return;
    }
  }
  auto Obj = std::make_unique<InteropObject>();
  Obj->DeviceNum = D->Id;
  Obj->TargetSync = Type == InteropTargetSync;
  Obj->D = D;
  if (D->P->Api->interop_init(D->LocalId, Obj->TargetSync, &Obj->Info) != 0) {
    Error E = D->P->lastError(
        formatString("interop init on device %d", D->Id).c_str());
    note(Loc, "%s; the object is omp_interop_none", E.message().c_str());
    return;
  }
  debug(1, "interop init: device %d, %s, foreign runtime '%s' (%d)%s%s", D->Id,
        Obj->TargetSync ? "targetsync" : "target", Obj->Info.ForeignRuntimeName,
        Obj->Info.ForeignRuntime, NoWait ? ", nowait (done at once)" : "",
        atLoc(Loc).c_str());
  LiveObjects &L = liveObjects();
  std::lock_guard<std::mutex> Lock(L.Mu);
  L.Objects.insert(Obj.get());
  *Var = Obj.release();
}

COT_EXPORT void __tgt_interop_use(void *Ident, int32_t Gtid, omp_interop_t *Var,
                                  int32_t DeviceNum, int32_t NumDeps,
                                  void *Deps, int32_t NoWait) {
  ConstructLocation Where(Ident);
  const cot_source_loc *Loc = Where.get();
  waitForDependences(Ident, Gtid, NumDeps, Deps);
  InteropObject *Obj = objectOf("use", Var, DeviceNum, Loc);
  if (!Obj)
    return;
  debug(1, "interop use: device %d%s%s", Obj->DeviceNum,
        NoWait ? ", nowait (done at once)" : "", atLoc(Loc).c_str());
  synchronize(*Obj, "use", Loc);
}

COT_EXPORT void __tgt_interop_destroy(void *Ident, int32_t Gtid,
                                      omp_interop_t *Var, int32_t DeviceNum,
                                      int32_t NumDeps, void *Deps,
                                      int32_t NoWait) {
  ConstructLocation Where(Ident);
  const cot_source_loc *Loc = Where.get();
  waitForDependences(Ident, Gtid, NumDeps, Deps);
  InteropObject *Obj = objectOf("destroy", Var, DeviceNum, Loc);
  if (!Obj)
    return;
  debug(1, "interop destroy: device %d%s%s", Obj->DeviceNum,
        NoWait ? ", nowait (done at once)" : "", atLoc(Loc).c_str());
  synchronize(*Obj, "destroy", Loc);
  {
    LiveObjects &L = liveObjects();
    std::lock_guard<std::mutex> Lock(L.Mu);
    L.Objects.erase(Obj);
  }
  std::unique_ptr<InteropObject> Owned(Obj);
  *Var = omp_interop_none;
  Device &D = *Owned->D;
  if (D.P->Api->interop_release(D.LocalId, &Owned->Info) != 0)
    fatal(Loc, D.P->lastError(
                   formatString("interop destroy on device %d", D.Id).c_str()));
}

} // extern "C"

//===-- omp_get_interop_* -------------------------------------------------===//

namespace {

enum class ValueType { Int, Ptr, Str };

/// A property of an object: its type and, when it has one, its value.
struct PropertyValue {
  ValueType Type;
  bool Present;
  intptr_t Int;
  void *Ptr;
  const char *Str;
};

/// The implementation-defined properties, numbered from 0.
enum : int { PropertyPlugin = 0, NumImplementationProperties = 1 };

struct PropertyInfo {
  const char *Name;
  ValueType Type;
};

/// Name and type of property Id, or null when out of range.
const PropertyInfo *propertyInfo(int Id) {
  static const PropertyInfo Standard[] = {
      {"targetsync", ValueType::Ptr}, {"device_context", ValueType::Ptr},
      {"device", ValueType::Int},     {"platform", ValueType::Ptr},
      {"device_num", ValueType::Int}, {"vendor_name", ValueType::Str},
      {"vendor", ValueType::Int},     {"fr_name", ValueType::Str},
      {"fr_id", ValueType::Int}};
  static const PropertyInfo Plugin = {"plugin", ValueType::Str};
  if (Id >= omp_ipr_first && Id < 0)
    return &Standard[Id - omp_ipr_first];
  if (Id == PropertyPlugin)
    return &Plugin;
  return nullptr;
}

PropertyValue valueOf(const InteropObject &Obj, int Id) {
  const cot_interop_info &I = Obj.Info;
  PropertyValue V = {propertyInfo(Id)->Type, true, 0, nullptr, nullptr};
  switch (Id) {
  case omp_ipr_fr_id:
    V.Int = I.ForeignRuntime;
    break;
  case omp_ipr_fr_name:
    V.Str = I.ForeignRuntimeName;
    break;
  case omp_ipr_vendor:
    V.Int = VendorLLVM;
    break;
  case omp_ipr_vendor_name:
    V.Str = VendorLLVMName;
    break;
  case omp_ipr_device_num:
    V.Int = Obj.DeviceNum;
    break;
  case omp_ipr_platform:
    V.Present = false;
    break;
  case omp_ipr_device:
    V.Present = I.Present & COT_INTEROP_HAS_DEVICE;
    V.Int = (intptr_t)I.Device;
    break;
  case omp_ipr_device_context:
    V.Present = I.Present & COT_INTEROP_HAS_CONTEXT;
    V.Ptr = I.DeviceContext;
    break;
  case omp_ipr_targetsync:
    V.Present = I.Present & COT_INTEROP_HAS_TARGETSYNC;
    V.Ptr = I.TargetSync;
    break;
  case PropertyPlugin:
    V.Str = Obj.D->P->Name.c_str();
    break;
  }
  return V;
}

/// The value of property Id of Obj when it has type Want; otherwise null,
/// with the return code that says why in *Rc (when Rc is not null).
const PropertyValue *lookupValue(omp_interop_t Obj, int Id, ValueType Want,
                                 PropertyValue &Out, int *Rc) {
  auto Fail = [&](int Code) -> const PropertyValue * {
    if (Rc)
      *Rc = Code;
    return nullptr;
  };
  if (Obj == omp_interop_none)
    return Fail(omp_irc_empty);
  const auto *O = static_cast<const InteropObject *>(Obj);
  if (!isLive(O))
    return Fail(omp_irc_other);
  const PropertyInfo *P = propertyInfo(Id);
  if (!P)
    return Fail(omp_irc_out_of_range);
  if (P->Type != Want)
    return Fail(P->Type == ValueType::Int   ? omp_irc_type_int
                : P->Type == ValueType::Ptr ? omp_irc_type_ptr
                                            : omp_irc_type_str);
  Out = valueOf(*O, Id);
  if (!Out.Present)
    return Fail(omp_irc_no_value);
  if (Rc)
    *Rc = omp_irc_success;
  return &Out;
}

} // namespace

extern "C" {

COT_EXPORT int omp_get_num_interop_properties(const omp_interop_t Obj) {
  return Obj != omp_interop_none &&
                 isLive(static_cast<const InteropObject *>(Obj))
             ? NumImplementationProperties
             : 0;
}

COT_EXPORT omp_intptr_t omp_get_interop_int(const omp_interop_t Obj,
                                            omp_interop_property_t Id,
                                            int *Rc) {
  PropertyValue V;
  const PropertyValue *P = lookupValue(Obj, Id, ValueType::Int, V, Rc);
  return P ? P->Int : 0;
}

COT_EXPORT void *omp_get_interop_ptr(const omp_interop_t Obj,
                                     omp_interop_property_t Id, int *Rc) {
  PropertyValue V;
  const PropertyValue *P = lookupValue(Obj, Id, ValueType::Ptr, V, Rc);
  return P ? P->Ptr : nullptr;
}

COT_EXPORT const char *omp_get_interop_str(const omp_interop_t Obj,
                                           omp_interop_property_t Id, int *Rc) {
  PropertyValue V;
  const PropertyValue *P = lookupValue(Obj, Id, ValueType::Str, V, Rc);
  return P ? P->Str : nullptr;
}

COT_EXPORT const char *omp_get_interop_name(const omp_interop_t,
                                            omp_interop_property_t Id) {
  const PropertyInfo *P = propertyInfo(Id);
  return P ? P->Name : nullptr;
}

/// The C type of a property of Obj, null when it has no value there.
COT_EXPORT const char *omp_get_interop_type_desc(const omp_interop_t Obj,
                                                 omp_interop_property_t Id) {
  int Rc = omp_irc_other;
  PropertyValue V;
  const PropertyInfo *P = propertyInfo(Id);
  if (!P || !lookupValue(Obj, Id, P->Type, V, &Rc))
    return nullptr;
  bool Cuda = static_cast<const InteropObject *>(Obj)->Info.ForeignRuntime ==
              omp_ifr_cuda;
  switch ((int)Id) {
  case omp_ipr_fr_id:
    return "omp_interop_fr_t";
  case omp_ipr_fr_name:
  case omp_ipr_vendor_name:
  case PropertyPlugin:
    return "const char *";
  case omp_ipr_device:
    return Cuda ? "CUdevice" : "int";
  case omp_ipr_device_context:
    return Cuda ? "CUcontext" : "void *";
  case omp_ipr_targetsync:
    return Cuda ? "cudaStream_t" : "void *";
  default:
    return "int";
  }
}

COT_EXPORT const char *omp_get_interop_rc_desc(const omp_interop_t,
                                               omp_interop_rc_t Rc) {
  switch ((int)Rc) {
  case omp_irc_no_value:
    return "the arguments are valid, but the property has no value";
  case omp_irc_success:
    return "success";
  case omp_irc_empty:
    return "the interop object is omp_interop_none";
  case omp_irc_out_of_range:
    return "the property id is out of range";
  case omp_irc_type_int:
    return "the property's type is an integer: use omp_get_interop_int";
  case omp_irc_type_ptr:
    return "the property's type is a pointer: use omp_get_interop_ptr";
  case omp_irc_type_str:
    return "the property's type is a string: use omp_get_interop_str";
  case omp_irc_other:
    return "not a live interop object";
  }
  return nullptr;
}

} // extern "C"

void cot::waitForDependences(void *Ident, int32_t Gtid, int32_t NumDeps,
                             void *Deps) {
  if (NumDeps > 0 && Deps && __kmpc_omp_wait_deps)
    __kmpc_omp_wait_deps(Ident, Gtid, NumDeps, Deps, 0, nullptr);
}

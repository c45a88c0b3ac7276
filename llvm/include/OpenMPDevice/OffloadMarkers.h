//===- OffloadMarkers.h - Sema step -> host lowering protocol ---*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Our Sema step (clang/lib/Sema) describes each offload construct by calls to
// the marker functions below, inserted as Clang expressions just before and
// after the construct, so Clang CodeGen evaluates the helper expressions on
// the host. Our host lowering (clang/lib/CodeGen) finds the calls in the IR,
// turns them into the runtime calls of OffloadABI.h and deletes them. The
// markers never reach an object file. Device extraction (llvm/lib/Transforms/
// OpenMPDevice) reads the annotation names below, so the header lives under
// llvm/include, which clang includes, never the other way round.
//
//   void __cot_site(i32 Site, i32 Kind, i64 Device, i32 IfCond, i32 NumTeams,
//                   i32 ThreadLimit, i32 NumThreads, i64 TripCount,
//                   i32 Flags, const char *File, const char *Function,
//                   i32 Line, i32 Column)
//       Opens construct number Site (unique in the translation unit).
//       NumThreads: the threads of the parallel part of a combined
//       construct (its num_threads, 1 when its if(parallel:) is false),
//       0 when not given. TripCount: iterations of a combined distribute
//       construct's loops (HostExpressions.h), 0 when unknown.
//   void __cot_map(i32 Site, const volatile void *Base,
//                  const volatile void *Begin, i64 Size, i64 MapType,
//                  const char *Name)
//       One map entry, in order. MapType uses COT_MAP_* bits. For entries
//       that stand for a capture of the target region (COT_MAP_TARGET_PARAM)
//       the lowering takes Base (and Begin when it is null) from the
//       matching argument of the outlined function's call.
//   void *__cot_device_addr(i32 Site, i32 Entry)
//       use_device_ptr/use_device_addr: the device address that the data
//       begin call returned for map entry Entry.
//   void __cot_site_end(i32 Site)
//       Closes the construct (after its body for target data).
//   __cot_host_variant.<...>(...), __cot_cpu_variant.<...>(...)
//       A call that Clang bound to a `declare variant` that the host
//       selects and some offload device does not (variant markers below).
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_OPENMPDEVICE_OFFLOADMARKERS_H
#define CLANG_OFFLOAD_OPENMPDEVICE_OFFLOADMARKERS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

#include <optional>
#include <string>
#include <utility>

namespace cot {

constexpr llvm::StringLiteral SiteMarker = "__cot_site";
constexpr llvm::StringLiteral MapMarker = "__cot_map";
constexpr llvm::StringLiteral DeviceAddrMarker = "__cot_device_addr";
constexpr llvm::StringLiteral SiteEndMarker = "__cot_site_end";

/// The annotation (llvm.global.annotations) on declare-target functions and
/// variables.
constexpr llvm::StringLiteral DeclareTargetAnnotation = "cot.declare_target";
/// The annotation on `declare target link` variables: the device holds a
/// pointer to whatever storage the program maps for them.
constexpr llvm::StringLiteral DeclareTargetLinkAnnotation =
    "cot.declare_target_link";
/// The annotation on `declare target indirect` functions: device code may
/// call them through their host addresses.
constexpr llvm::StringLiteral DeclareTargetIndirectAnnotation =
    "cot.declare_target_indirect";
/// The annotation on `declare target device_type(host)` functions: device
/// code must not call them (extraction reports where it does).
constexpr llvm::StringLiteral HostOnlyAnnotation = "cot.host_only";
/// Annotations on a function with a `declare variant` whose selector holds
/// on offload devices but not on the host: "<prefix><variant's symbol>".
/// Device code calls the variant instead: on every offload device
/// (device={kind(nohost)}), or on GPUs only (kind(gpu), arch(nvptx64)).
constexpr llvm::StringLiteral DeviceVariantAnnotation = "cot.device_variant:";
constexpr llvm::StringLiteral GPUVariantAnnotation = "cot.gpu_variant:";

/// One parse binds calls to the `declare variant` that the host selects. A
/// call bound to a variant that the host selects and some offload device
/// does not goes to a declared function instead, a variant marker named
/// "<prefix><length of base>.<base's symbol><variant's symbol>"; the host
/// lowering makes host code call the variant. Device code calls:
///   - HostVariantPrefix (no offload device selects the variant,
///     match(device={kind(host)})): the base, on every device;
///   - CPUVariantPrefix (the host device selects it and GPUs do not,
///     match(device={kind(cpu)}) or arch(x86_64)): the variant on the host
///     device, the base on GPUs.
constexpr llvm::StringLiteral HostVariantPrefix = "__cot_host_variant.";
constexpr llvm::StringLiteral CPUVariantPrefix = "__cot_cpu_variant.";

/// Which devices a variant marker's variant is for.
enum class VariantMarkerKind {
  HostOnly, ///< HostVariantPrefix
  CPUOnly   ///< CPUVariantPrefix
};

inline std::string variantMarkerName(VariantMarkerKind Kind,
                                     llvm::StringRef Base,
                                     llvm::StringRef Variant) {
  llvm::StringRef Prefix = Kind == VariantMarkerKind::HostOnly
                               ? HostVariantPrefix
                               : CPUVariantPrefix;
  return (Prefix + llvm::Twine(Base.size()) + "." + Base + Variant).str();
}

/// What a variantMarkerName names.
struct VariantMarker {
  VariantMarkerKind Kind;
  llvm::StringRef Base, Variant;
};

/// The kind, base and variant of a variantMarkerName; nothing for other
/// names.
inline std::optional<VariantMarker> parseVariantMarker(llvm::StringRef Name) {
  VariantMarkerKind Kind = VariantMarkerKind::HostOnly;
  if (!Name.consume_front(HostVariantPrefix)) {
    if (!Name.consume_front(CPUVariantPrefix))
      return std::nullopt;
    Kind = VariantMarkerKind::CPUOnly;
  }
  size_t BaseSize = 0;
  if (Name.consumeInteger(10, BaseSize) || !Name.consume_front(".") ||
      BaseSize == 0 || BaseSize >= Name.size())
    return std::nullopt;
  return VariantMarker{Kind, Name.take_front(BaseSize),
                       Name.drop_front(BaseSize)};
}

/// The construct a site stands for.
enum class SiteKind : int {
  Target = 0,
  TargetData = 1,
  EnterData = 2,
  ExitData = 3,
  Update = 4,
};

/// __cot_site Flags.
enum SiteFlags : int {
  SiteNowait = 0x1,
  SiteDepend = 0x2,
  /// A combined construct whose region is one parallel region (possibly in
  /// a distribute loop), which GPUs may run in SPMD mode.
  SiteSPMD = 0x4,
  /// No schedule or dist_schedule clause: the schedule is ours to choose.
  SiteDefaultSchedule = 0x8,
  /// distribute parallel for: each team's iterations are its threads'.
  SiteThreadsShareIterations = 0x10,
  /// An in_reduction clause (COT_LAUNCH_IN_REDUCTION).
  SiteInReduction = 0x20,
};

/// Operand positions of __cot_site.
enum SiteOperand : unsigned {
  SiteOpId = 0,
  SiteOpKind,
  SiteOpDevice,
  SiteOpIfCond,
  SiteOpNumTeams,
  SiteOpThreadLimit,
  SiteOpNumThreads,
  SiteOpTripCount,
  SiteOpFlags,
  SiteOpFile,
  SiteOpFunction,
  SiteOpLine,
  SiteOpColumn,
  SiteOpCount
};

/// Operand positions of __cot_map.
enum MapOperand : unsigned {
  MapOpSite = 0,
  MapOpBase,
  MapOpBegin,
  MapOpSize,
  MapOpType,
  MapOpName,
  MapOpCount
};

} // namespace cot

#endif // CLANG_OFFLOAD_OPENMPDEVICE_OFFLOADMARKERS_H

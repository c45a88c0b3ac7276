//===- KernelTraffic.h - What limits each kernel ----------------*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The result of openmp-device-kernel-traffic (KernelTraffic.cpp): each
// kernel's memory traffic and arithmetic per iteration of its distributed
// loop and the class they put it in, as the kernel table record of
// OffloadABI.h (cot_kernel_record) holds them. The pass attaches them to the
// kernel as `!cot.traffic !{!"<class>", i32 Flags, i32 CoalescedBytes,
// i32 UncoalescedBytes, i32 IndirectBytes, i32 UniformBytes, i32 ArithOps,
// i32 ThreadStreams, i32 StreamL1Bytes}`; the NVPTX device link reads them back into the
// image's kernel table.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_OPENMPDEVICE_KERNELTRAFFIC_H
#define CLANG_OFFLOAD_OPENMPDEVICE_KERNELTRAFFIC_H

#include "OffloadABI.h"

#include "llvm/ADT/StringRef.h"

#include <optional>

namespace llvm {
class Function;
}

namespace cot {

struct KernelTraffic {
  uint32_t Class = COT_KERNEL_CLASS_UNKNOWN;
  uint32_t Flags = 0;
  uint32_t CoalescedBytes = 0;
  uint32_t UncoalescedBytes = 0;
  uint32_t IndirectBytes = 0;
  uint32_t UniformBytes = 0;
  uint32_t ArithOps = 0;
  uint32_t ThreadStreams = 0;
  uint32_t StreamL1Bytes = 0;
};

/// "streaming", "compute", ...: the name of a COT_KERNEL_CLASS_* value, as
/// the metadata and the remarks spell it.
llvm::StringRef kernelClassName(uint32_t Class);

/// Attaches \p T to \p Kernel (`!cot.traffic`).
void setKernelTraffic(llvm::Function &Kernel, const KernelTraffic &T);

/// What openmp-device-kernel-traffic recorded for \p Kernel, if it ran.
std::optional<KernelTraffic> kernelTrafficOf(const llvm::Function &Kernel);

} // namespace cot

#endif // CLANG_OFFLOAD_OPENMPDEVICE_KERNELTRAFFIC_H

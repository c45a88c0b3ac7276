//===- Passes.h - The device lowering passes --------------------*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Device lowering (ARCHITECTURE.md, section 4) as new-pass-manager passes,
// one concern each, registered under the names below so that the device
// link runs one pipeline string and `opt -load-pass-plugin=
// lib/OpenMPDevicePasses.so -passes=openmp-device-<name>` runs any of them
// alone. The NVPTX lowering, in the order the device link runs it
// (nvptxLoweringPipeline):
//
//   openmp-device-retarget-nvptx     triple, data layout, attributes;
//                                    host-only features are errors
//   openmp-device-allocate-to-stack  (function) small allocate-clause
//                                    storage becomes stack slots
//   openmp-device-dynamic-allocas    (function) allocas of run-time size
//                                    (VLAs, scan buffers) in device memory
//   openmp-device-copyprivate        (function) copyprivate staged through
//                                    device memory
//   openmp-device-complex-math       C99 complex functions (cabs, cexp, ...)
//                                    given bodies of real math calls
//   openmp-device-libdevice-math     C math calls to libdevice's __nv_*
//   openmp-device-cyclic-schedules   default-scheduled loops go cyclic
//   openmp-device-kernel-modes       SPMD or generic mode per kernel
//   openmp-device-league-loops       an SPMD distribute parallel for with
//                                    default schedules: one cyclic loop over
//                                    the league
//   openmp-device-logical-reductions the right operand of && and || on a
//                                    reduction's private copy evaluated
//                                    without a branch
//   openmp-device-reductions         reductions combined per block before
//                                    one update of the shared copy
//   openmp-device-spmdize            generic kernels whose team code can be
//                                    guarded run it in every thread
//   openmp-device-globalize          locals parallel regions share move to
//                                    team-shared storage (generic kernels)
//   openmp-device-parallel-regions   __kmpc_fork_teams/__kmpc_fork_call
//                                    lowered for each mode
//   openmp-device-nvptx-kernels      the CUDA kernel entries, with the
//                                    generic kernels' region dispatch
//   openmp-device-printf             printf to CUDA's vprintf
//   openmp-device-indirect-calls     calls through host function pointers
//
// and, after the device runtime is linked, before the optimization
// pipeline: openmp-device-collapsed-order (function: which index of a
// collapsed loop nest neighbouring threads step); in and after it:
// openmp-device-popcount-loops (loop: bit-clearing loops become
// llvm.ctpop, among O3's late loop optimizations),
// openmp-device-private-atomics (function),
// openmp-device-nonnegative-extends (function, in the peephole slot: a
// 64-bit extension of an int replaced by an equal sign extension that
// dominates it, so that a collapsed int nest's count is one value),
// openmp-device-recombined-indices (function, at the end of O3: a collapsed
// nest's indices put back together in int fold to the iteration number),
// openmp-device-copysign-bits (function, at the end of O3: copysign as bit
// operations), openmp-device-unchanged-cas (function: compare-and-swap
// update loops end where the update changes nothing),
// openmp-device-wide-address-indices
// (function, where the vectorizer starts: int address arithmetic in loops
// done in 64 bits, so that the back end steps pointers),
// openmp-device-tile-fill-loops (function, where the vectorizer starts:
// loops the unroller leaves rolled that fill shared memory from global
// memory or sum loads, unrolled by four),
// openmp-device-sink-shared-stores (at the end of O3: their stores to
// shared memory moved below the later copies' loads),
// openmp-device-init-barriers (at the end of O3: a kernel's entry barrier
// erased when nothing the kernel runs reads another thread's init),
// openmp-device-dead-shared-stores (at the end of O3: a kernel's stores to
// shared memory that no thread reads before the block ends),
// openmp-device-fpext-vector-loads (function, at the end of O3: a freeze
// between a vector load and its fpext, which LLVM 19's NVPTX back end would
// fold into a load PTX does not have),
// openmp-device-kernel-traffic (an analysis for the launch model, before
// vectorization; KernelTraffic.h), openmp-device-math-intrinsics (without
// libdevice) and openmp-device-check-externs. The host device runs
// openmp-device-host-kernels. openmp-device-extract turns a host module
// whose `cot.kernels` lists its outlined target functions into its device
// module (the compile step calls extractDeviceModule directly).
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_OPENMPDEVICE_PASSES_H
#define CLANG_OFFLOAD_OPENMPDEVICE_PASSES_H

#include "llvm/IR/PassManager.h"
#include "llvm/Transforms/Scalar/LoopPassManager.h"

#include <string>

namespace llvm {
class PassBuilder;
}

namespace cot {

/// The lowering must run whatever the optimization level, also on optnone
/// functions (code compiled at -O0).
template <typename PassT>
struct DevicePassInfoMixin : llvm::PassInfoMixin<PassT> {
  static bool isRequired() { return true; }
};

#define COT_DEVICE_MODULE_PASS(Name, ClassName)                                \
  struct ClassName : DevicePassInfoMixin<ClassName> {                          \
    llvm::PreservedAnalyses run(llvm::Module &M,                               \
                                llvm::ModuleAnalysisManager &MAM);             \
  };
#define COT_DEVICE_FUNCTION_PASS(Name, ClassName)                              \
  struct ClassName : DevicePassInfoMixin<ClassName> {                          \
    llvm::PreservedAnalyses run(llvm::Function &F,                             \
                                llvm::FunctionAnalysisManager &FAM);           \
  };
#define COT_DEVICE_LOOP_PASS(Name, ClassName)                                  \
  struct ClassName : DevicePassInfoMixin<ClassName> {                          \
    llvm::PreservedAnalyses run(llvm::Loop &L, llvm::LoopAnalysisManager &LAM, \
                                llvm::LoopStandardAnalysisResults &AR,         \
                                llvm::LPMUpdater &U);                          \
  };
#include "OpenMPDevice/Passes.def"
#undef COT_DEVICE_MODULE_PASS
#undef COT_DEVICE_FUNCTION_PASS
#undef COT_DEVICE_LOOP_PASS

/// Registers every pass above by name with \p PB.
void registerOpenMPDevicePasses(llvm::PassBuilder &PB);

/// The pipeline that lowers a linked device module (host IR) to nvptx64
/// code that calls the device runtime.
std::string nvptxLoweringPipeline();

} // namespace cot

#endif // CLANG_OFFLOAD_OPENMPDEVICE_PASSES_H

//===- KernelModes.cpp - SPMD or generic GPU kernels ----------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Pass openmp-device-kernel-modes decides the mode of each kernel of
// `cot.kernels` (Kernels.h) on the GPU, where teams are CUDA blocks and the
// threads of a team CUDA threads:
//
//   SPMD     every thread runs the region. Sema asks for it for combined
//            constructs whose region is one parallel region; it holds when
//            the region does contain a parallel region and no function with
//            one is shared with a generic kernel (the two modes lower a
//            parallel region differently).
//   generic  each block's main thread runs the sequential code; the other
//            threads wait in the device runtime's control loop.
//
// It records the final modes and whether each region forks a league
// ("teams") in `cot.kernels`, for the passes that follow, and says which
// kernels became SPMD or generic and why as remarks (-Rpass=openmp-device,
// -Rpass-missed=openmp-device).
//
//===----------------------------------------------------------------------===//

#include "ForkCalls.h"
#include "OpenMPDevice/Diagnostics.h"
#include "OpenMPDevice/Passes.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "openmp-device-kernel-modes"

STATISTIC(NumSPMDKernels, "Kernels in SPMD mode");
STATISTIC(NumGenericKernels, "Kernels in generic mode");
STATISTIC(NumDemotedKernels, "Kernels that could not stay in SPMD mode");

using namespace llvm;

namespace cot {
namespace {

/// Functions with a parallel region that a generic kernel reaches.
DenseSet<Function *> genericForkers(ArrayRef<KernelReach> Kernels) {
  DenseSet<Function *> Forkers;
  for (const KernelReach &KR : Kernels)
    if (KR.K.Mode == KernelMode::Generic)
      for (Function *F : KR.Reach)
        if (containsCallTo(*F, ForkCall))
          Forkers.insert(F);
  return Forkers;
}

/// Why \p KR cannot run in SPMD mode, or nothing when it can.
std::optional<std::string>
reasonAgainstSPMD(const KernelReach &KR, const DenseSet<Function *> &Forkers) {
  if (none_of(KR.Reach,
              [](Function *F) { return containsCallTo(*F, ForkCall); }))
    return std::string("its region has no parallel region");
  for (Function *F : KR.Reach)
    if (Forkers.count(F))
      return ("it shares '" + F->getName() +
              "', which starts a parallel region, with a generic kernel")
          .str();
  return std::nullopt;
}

void remarkMode(const KernelInfo &K, bool Requested) {
  OptimizationRemarkEmitter ORE(K.F);
  ORE.emit([&] {
    OptimizationRemark R(RemarkPassName,
                         K.Mode == KernelMode::SPMD ? "SPMD" : "Generic", K.F);
    R << "kernel '" << K.F->getName() << "' runs in "
      << (K.Mode == KernelMode::SPMD ? "SPMD" : "generic") << " mode: ";
    if (K.Mode == KernelMode::SPMD)
      R << "its construct is a combined one whose region is one parallel "
           "region";
    else if (!Requested)
      R << "its construct's region is not one parallel region";
    else
      R << "SPMD mode is not possible (see the missed remark)";
    return R;
  });
}

void remarkDemoted(const KernelInfo &K, StringRef Reason) {
  OptimizationRemarkEmitter ORE(K.F);
  ORE.emit([&] {
    return OptimizationRemarkMissed(RemarkPassName, "NotSPMD", K.F)
           << "kernel '" << K.F->getName()
           << "' cannot run in SPMD mode: " << Reason;
  });
}

} // namespace

PreservedAnalyses KernelModesPass::run(Module &M, ModuleAnalysisManager &) {
  if (hasDeviceErrors(M))
    return PreservedAnalyses::all();
  SmallVector<KernelReach, 8> Kernels = kernelReaches(M);
  if (Kernels.empty())
    return PreservedAnalyses::all();
  DenseSet<Function *> Forkers = genericForkers(Kernels);
  SmallVector<KernelInfo, 8> Final;
  for (KernelReach &KR : Kernels) {
    KernelInfo &K = KR.K;
    bool RequestedSPMD = K.Mode == KernelMode::SPMD;
    if (RequestedSPMD)
      if (std::optional<std::string> Reason = reasonAgainstSPMD(KR, Forkers)) {
        LLVM_DEBUG(dbgs() << K.F->getName() << ": generic: " << *Reason
                          << "\n");
        K.Mode = KernelMode::Generic;
        ++NumDemotedKernels;
        remarkDemoted(K, *Reason);
      }
    K.HasTeams = any_of(
        KR.Reach, [](Function *F) { return containsCallTo(*F, ForkTeams); });
    ++(K.Mode == KernelMode::SPMD ? NumSPMDKernels : NumGenericKernels);
    remarkMode(K, RequestedSPMD);
    Final.push_back(K);
  }
  setKernels(M, Final);
  // Only metadata changed.
  return PreservedAnalyses::all();
}

} // namespace cot

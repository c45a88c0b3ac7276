//===- FPExtVectorLoads.cpp - fpext of vector loads kept apart ------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A loop that sums floats into a double under `#pragma omp simd safelen(16)
// aligned(a: 16)` is vectorized into `fpext (load <16 x float>)`. LLVM 19's
// DAG combiner folds that into one extending load, which the NVPTX back end
// splits into `ld.global.v2.f32` with f64 destination registers: PTX has no
// such load, and ptxas refused the kernel ("Arguments mismatch for
// instruction 'ld'"; Debian's clang-19 fails the same way).
//
// Function pass openmp-device-fpext-vector-loads, at the end of O3, puts a
// `freeze` between such a load and its fpext. A loaded value frozen is the
// value, and the combiner's fold needs the load as fpext's own operand, so
// the back end loads floats and converts them as it does for scalars.
//
//===----------------------------------------------------------------------===//

#include "ForkCalls.h"
#include "OpenMPDevice/Passes.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

#define DEBUG_TYPE "openmp-device-fpext-vector-loads"

STATISTIC(NumFrozen, "vector loads frozen before their fpext");

using namespace llvm;

namespace cot {

PreservedAnalyses FPExtVectorLoadsPass::run(Function &F,
                                            FunctionAnalysisManager &) {
  SmallVector<FPExtInst *, 4> Exts;
  for (Instruction &I : instructions(F))
    if (auto *Ext = dyn_cast<FPExtInst>(&I); Ext &&
                                             Ext->getType()->isVectorTy() &&
                                             isa<LoadInst>(Ext->getOperand(0)))
      Exts.push_back(Ext);
  for (FPExtInst *Ext : Exts) {
    auto *Frozen = new FreezeInst(Ext->getOperand(0), "loaded", Ext);
    Ext->setOperand(0, Frozen);
    ++NumFrozen;
  }
  return preservedKeepingCFG(!Exts.empty());
}

} // namespace cot

//===- GenericPointerPhis.cpp - Pointer phis the back end can retype ------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A kernel's pointer parameters point to global memory, and the NVPTX back
// end's address-space inference turns the generic pointers derived from them
// into global ones, so that their loads become ld.global (and may use the
// read-only cache) instead of generic loads, which first find the space of
// the address. The inference gives up on a phi with a poison or undef
// incoming value, and the optimizer leaves such phis behind: the unroller's
// remainder loop takes its pointer from a phi that is poison on the path
// that skips the prologue. Every load behind that phi then stayed generic:
// bench `hash_records` (a record per thread, hashed in a loop of three words
// and a remainder loop) loaded through ld.u32 in its remainder loop.
//
// Function pass openmp-device-generic-pointer-phis, at the end of the
// optimization pipeline: a poison or undef incoming value of a phi of
// generic pointers becomes the global null pointer cast to generic
// (`addrspacecast (ptr addrspace(1) null to ptr)`, NVPTX's global space).
// Poison may be refined to any value, and the inference takes that
// constant for a global pointer; a plain generic null would keep the phi
// generic just the same. Where the other incoming values are not global,
// the phi stays generic, as before.
//
//===----------------------------------------------------------------------===//

#include "OpenMPDevice/Passes.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"

#define DEBUG_TYPE "openmp-device-generic-pointer-phis"

STATISTIC(NumNulledIncoming,
          "Poison incoming values of pointer phis made the global null");

using namespace llvm;

namespace cot {
namespace {

/// NVPTX's global address space.
constexpr unsigned GlobalAddressSpace = 1;

Constant *globalNull(PointerType *Generic) {
  auto *Global = PointerType::get(Generic->getContext(), GlobalAddressSpace);
  return ConstantExpr::getAddrSpaceCast(ConstantPointerNull::get(Global),
                                        Generic);
}

} // namespace

PreservedAnalyses GenericPointerPhisPass::run(Function &F,
                                              FunctionAnalysisManager &) {
  bool Changed = false;
  for (BasicBlock &BB : F)
    for (PHINode &Phi : BB.phis()) {
      auto *Ty = dyn_cast<PointerType>(Phi.getType());
      if (!Ty || Ty->getAddressSpace() != 0)
        continue;
      for (Use &Incoming : Phi.incoming_values())
        if (isa<UndefValue>(Incoming.get())) {
          Incoming.set(globalNull(Ty));
          ++NumNulledIncoming;
          Changed = true;
        }
    }
  if (!Changed)
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

} // namespace cot

//===- RegionReductionCopies.cpp - Region reduction targets per thread ----===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Which fork calls of a guarded kernel's team code pass a local to a region
// that reduces into it, and the change that lets each thread keep its own
// copy of that local (RegionReductionCopies.h says why and when). Used by
// openmp-device-spmdize.
//
//===----------------------------------------------------------------------===//

#include "RegionReductionCopies.h"
#include "ForkCalls.h"
#include "OffloadABI.h"
#include "OpenMPDevice/Diagnostics.h"
#include "ReductionLists.h"
#include "TeamShared.h"

#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/IRBuilder.h"

using namespace llvm;

namespace cot {
namespace {

constexpr StringLiteral ReduceIntoEveryThread = "__cot_gpu_reduce_all";

void remarkCopyPerThread(const RegionReductionCopy &R) {
  Function &F = *R.Fork->getFunction();
  OptimizationRemarkEmitter ORE(&F);
  ORE.emit([&] {
    return OptimizationRemark(RemarkPassName, "RegionReductionPerThread",
                              R.Fork)
           << "a local of '" << F.getName()
           << "' that the parallel region '"
           << R.Reduction->getFunction()->getName()
           << "' reduces into keeps a copy per thread: the region gives "
              "every thread the reduction's result";
  });
}

} // namespace

std::optional<RegionReductionCopy> regionReductionCopy(const Use &U,
                                                       AllocaInst &A) {
  std::optional<uint64_t> Bytes = staticAllocaBytes(A);
  if (!Bytes || *Bytes == 0 || *Bytes > COT_GUARDED_COPY_MAX_BYTES)
    return std::nullopt;
  auto *Fork = dyn_cast<CallInst>(U.getUser());
  Function *Micro = Fork && isCallTo(*Fork, ForkCall) && U.getOperandNo() >= 3
                        ? microtaskOf(*Fork)
                        : nullptr;
  if (!Micro)
    return std::nullopt;
  // Fork arguments 3... are the microtask's parameters 2... (after the
  // thread-id slots).
  Expected<CallInst *> Reduction =
      reductionIntoParameter(*Micro, U.getOperandNo() - 1);
  if (!Reduction) {
    consumeError(Reduction.takeError());
    return std::nullopt;
  }
  if (!isCallTo(**Reduction, ReduceInBlock) ||
      !hasOneItem(*reductionOperands(**Reduction)))
    return std::nullopt;
  return RegionReductionCopy{Fork, &A, *Reduction};
}

void reduceIntoEveryCopy(const RegionReductionCopy &R) {
  Module &M = *R.Fork->getModule();
  CallInst &Reduction = *R.Reduction;
  Reduction.setCalledFunction(convergentRuntimeFunction(
      M, ReduceIntoEveryThread, Reduction.getType(),
      Reduction.getFunctionType()->params()));
  IRBuilder<> B(R.Fork->getNextNode());
  Type *I32 = B.getInt32Ty();
  B.CreateCall(convergentRuntimeFunction(M, GuardedCopySync, B.getVoidTy(),
                                         {B.getPtrTy(), I32, I32}),
               {R.Copy, B.getInt32(*staticAllocaBytes(*R.Copy)),
                regionNumThreads(*R.Fork)})
      ->addFnAttr(Attribute::Convergent);
  remarkCopyPerThread(R);
}

} // namespace cot

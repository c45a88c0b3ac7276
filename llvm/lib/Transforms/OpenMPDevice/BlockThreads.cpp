//===- BlockThreads.cpp - Kernels whose block or grid size is given -------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Code ported from CUDA states its block size: `target teams
// thread_limit(256)`, then loops like `for (e = tid; e < N; e += nth)` with
// nth = omp_get_num_threads(). CUDA's twin strides by the constant it
// launches with, and nvcc unrolls the loop and keeps its loads in flight;
// with the stride read from %ntid.x the loop runs one load at a time.
//
// Pass openmp-device-block-threads (module, in the NVPTX lowering, before
// the parallel regions lose their __kmpc_push_num_threads calls) finds the
// kernels whose every launch has a known number of threads per block: the
// kernel sets a constant thread_limit (Clang's __kmpc_push_num_teams,
// between 1 and 1024) and no parallel region it reaches can ask for fewer
// threads (__kmpc_push_num_threads of a num_threads clause below the limit
// or not a constant, the serialized region of an if clause). The launch
// then asks for exactly that many threads (the smaller of thread_limit and
// num_threads, LaunchModel.cpp), and a region whose num_threads is at
// least the limit has the whole block (openmp-device-parallel-regions).
// The pass records the size on the kernel (Kernels.h, blockThreadsOf);
// kernel formation gives the CUDA kernel `.reqntid` with it, so a launch of
// any other size fails with an error instead of computing with a wrong
// size. It also records the kernels whose teams construct sets the number
// of teams (Kernels.h, hasExplicitTeams): their grid is the program's, which
// the device link's register budget leaves to ptxas's count
// (RegisterBudget.h).
//
// Function pass openmp-device-fold-block-threads (in the optimization
// pipeline, after inlining has brought the device runtime's reads of
// %ntid.x into the kernel) replaces those reads by the constant, so that
// loops striding by the team size have a constant stride and unroll, and
// gives reads of %tid.x the range [0, size), so that a loop over a tile's
// rows from tid / 32 in steps of 8 has a trip count of one value
// (openmp-device-exact-trip-counts makes it a constant).
//
//===----------------------------------------------------------------------===//

#include "ForkCalls.h"
#include "OpenMPDevice/Diagnostics.h"
#include "OpenMPDevice/Passes.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/ConstantRange.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "openmp-device-block-threads"

STATISTIC(NumFixedKernels, "Kernels with a known block size");
STATISTIC(NumFoldedReads, "Reads of the block size replaced by a constant");

using namespace llvm;

namespace cot {
namespace {

/// The largest block a CUDA kernel can have.
constexpr uint64_t MaxBlockThreads = 1024;

/// Calls of an if clause's parallel region, which may run with one thread.
bool mayRunSerialized(const Instruction &I) {
  return isCallTo(I, "__kmpc_serialized_parallel") ||
         isCallTo(I, "__kmpc_fork_call_if");
}

/// The thread_limit argument of Clang's __kmpc_push_num_teams calls.
Value *threadLimitOperand(const Instruction &I) {
  if (isCallTo(I, "__kmpc_push_num_teams"))
    return cast<CallBase>(I).getArgOperand(3);
  if (isCallTo(I, "__kmpc_push_num_teams_51"))
    return cast<CallBase>(I).getArgOperand(4);
  return nullptr;
}

/// Whether \p I is Clang's __kmpc_push_num_teams call with a num_teams
/// clause (a count or bounds other than a constant 0).
bool pushesNumTeams(const Instruction &I) {
  auto IsSet = [&](unsigned Op) {
    auto *C = dyn_cast<ConstantInt>(cast<CallBase>(I).getArgOperand(Op));
    return !C || !C->isZero();
  };
  if (isCallTo(I, "__kmpc_push_num_teams"))
    return IsSet(2);
  if (isCallTo(I, "__kmpc_push_num_teams_51"))
    return IsSet(2) || IsSet(3);
  return false;
}

/// What a kernel's code says about its block size.
struct TeamSize {
  /// The constant thread_limit every teams construct of the kernel gives,
  /// or 0.
  uint64_t ThreadLimit = 0;
  /// The smallest num_threads a parallel region it reaches asks for, when
  /// they are constants (a launch asks for the smaller of thread_limit and
  /// num_threads), or 0.
  int64_t FewestThreads = 0;
  /// Why the launch may still get another size, when it may.
  std::string Unknown;
};

TeamSize teamSizeOf(const KernelReach &KR) {
  TeamSize Size;
  for (Function *F : KR.Reach)
    for (Instruction &I : instructions(*F)) {
      if (mayRunSerialized(I))
        Size.Unknown = "a parallel region it reaches has an if clause";
      if (Value *Pushed = pushedNumThreads(I)) {
        auto *N = dyn_cast<ConstantInt>(Pushed);
        if (!N)
          Size.Unknown = "a parallel region it reaches has a num_threads "
                         "clause that is not a constant";
        else if (!Size.FewestThreads ||
                 N->getSExtValue() < Size.FewestThreads)
          Size.FewestThreads = N->getSExtValue();
      }
      Value *Limit = threadLimitOperand(I);
      if (!Limit)
        continue;
      auto *C = dyn_cast<ConstantInt>(Limit);
      if (!C || C->getZExtValue() < 1 ||
          C->getZExtValue() > MaxBlockThreads ||
          (Size.ThreadLimit && Size.ThreadLimit != C->getZExtValue()))
        return {0, 0, "its thread_limit is not a constant from 1 to 1024"};
      Size.ThreadLimit = C->getZExtValue();
    }
  if (Size.Unknown.empty() && Size.FewestThreads &&
      Size.FewestThreads < int64_t(Size.ThreadLimit))
    Size.Unknown = "a parallel region it reaches asks for fewer threads than "
                   "its thread_limit (num_threads)";
  return Size;
}

void remarkTeamSize(Function &Kernel, const TeamSize &Size) {
  OptimizationRemarkEmitter ORE(&Kernel);
  if (Size.Unknown.empty()) {
    ORE.emit([&] {
      return OptimizationRemark(RemarkPassName, "BlockThreads", &Kernel)
             << "kernel '" << Kernel.getName() << "' runs with exactly "
             << std::to_string(Size.ThreadLimit)
             << " threads per block (its thread_limit): the team size is a "
                "constant in its code";
    });
    return;
  }
  ORE.emit([&] {
    return OptimizationRemarkMissed(RemarkPassName, "BlockThreads", &Kernel)
           << "kernel '" << Kernel.getName()
           << "' has no fixed block size: " << Size.Unknown;
  });
}

} // namespace

PreservedAnalyses BlockThreadsPass::run(Module &M, ModuleAnalysisManager &) {
  if (hasDeviceErrors(M))
    return PreservedAnalyses::all();
  for (const KernelReach &KR : kernelReaches(M)) {
    if (any_of(KR.Reach, [](Function *F) {
          return any_of(instructions(*F), pushesNumTeams);
        }))
      setExplicitTeams(*KR.K.F);
    TeamSize Size = teamSizeOf(KR);
    if (!Size.ThreadLimit)
      continue;
    remarkTeamSize(*KR.K.F, Size);
    if (!Size.Unknown.empty())
      continue;
    setBlockThreads(*KR.K.F, unsigned(Size.ThreadLimit));
    LLVM_DEBUG(dbgs() << KR.K.F->getName() << ": " << Size.ThreadLimit
                      << " threads per block\n");
    ++NumFixedKernels;
  }
  // Only attributes changed.
  return PreservedAnalyses::all();
}

/// Gives \p Read of %tid.x the range [0, Threads), unless it has a
/// narrower one. Returns whether it changed.
bool narrowThreadId(IntrinsicInst &Read, unsigned Threads) {
  unsigned Bits = Read.getType()->getIntegerBitWidth();
  ConstantRange Ids(APInt(Bits, 0), APInt(Bits, Threads));
  std::optional<ConstantRange> Old = Read.getRange();
  if (Old && Ids.contains(*Old))
    return false;
  ConstantRange Range = Old ? Old->intersectWith(Ids) : Ids;
  Read.removeRetAttr(Attribute::Range);
  Read.addRetAttr(Attribute::get(Read.getContext(), Attribute::Range, Range));
  return true;
}

PreservedAnalyses FoldBlockThreadsPass::run(Function &F,
                                            FunctionAnalysisManager &) {
  std::optional<unsigned> Threads = blockThreadsOf(F);
  if (!Threads)
    return PreservedAnalyses::all();
  SmallVector<IntrinsicInst *, 8> Reads;
  bool Narrowed = false;
  for (Instruction &I : instructions(F)) {
    auto *II = dyn_cast<IntrinsicInst>(&I);
    if (!II)
      continue;
    if (II->getIntrinsicID() == Intrinsic::nvvm_read_ptx_sreg_ntid_x)
      Reads.push_back(II);
    else if (II->getIntrinsicID() == Intrinsic::nvvm_read_ptx_sreg_tid_x)
      Narrowed |= narrowThreadId(*II, *Threads);
  }
  for (IntrinsicInst *Read : Reads) {
    Read->replaceAllUsesWith(ConstantInt::get(Read->getType(), *Threads));
    Read->eraseFromParent();
  }
  NumFoldedReads += Reads.size();
  return preservedKeepingCFG(!Reads.empty() || Narrowed);
}

} // namespace cot

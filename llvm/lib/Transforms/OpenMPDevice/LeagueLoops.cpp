//===- LeagueLoops.cpp - One cyclic loop over an SPMD kernel's threads ----===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Pass openmp-device-league-loops. openmp-device-cyclic-schedules makes the
// default schedules of `distribute parallel for` cyclic: chunks of a block's
// worth of iterations across the teams (91), chunk 1 across each team's
// threads (33). Each level is a loop over chunks around Clang's loop over
// the chunk, so a thread of an SPMD kernel runs four nested loops with their
// 64-bit bounds live across the body, where a CUDA kernel has one
// grid-stride loop: a math-heavy loop needed 84 registers against CUDA's 32.
//
// The iterations each thread gets are those of one cyclic schedule over the
// league, iteration k on global thread k % (teams x threads), because every
// team of an SPMD kernel has the same number of threads, the block's (a
// num_threads clause sizes the block at the launch). So in SPMD kernels
// whose construct has no schedule clause, the distribute loop's
// kind becomes COT_SCHED_LEAGUE_DISTRIBUTE (each team gets the whole range,
// once) and the kind of the thread loop in the parallel region it starts
// COT_SCHED_LEAGUE_STATIC (the thread's first iteration, the league's size
// as stride): after inlining, the distribute level runs once and the thread
// level is the grid-stride loop. Its chunk loop becomes a counted one
// (ChunkLoops.h) where the per-iteration code has no loop of its own, so
// that LLVM unrolls it: several loads in flight per thread took 32-bit sums
// from 45% of the H200's memory bandwidth to CUDA's (1.3x -> 1.0x CUDA's
// time). The chunk loops of the other cyclic thread loops of default-
// scheduled kernels (a `parallel for` inside team code, in generic mode or
// SPMD-ized) keep their kind and are counted the same way: a team's sum
// over a chunk of a distribute loop ran at a third of the bandwidth with
// one load in flight per thread. Where the league's chunk loop is not
// counted (per-iteration code with loops of its own), the distribute
// level's chunk loop is told that it runs once (runChunkLoopOnce): LLVM
// cannot tell that a stride equal to the trip count ends it, and kept its
// bounds and 64-bit test to the kernel's end, some 40 instructions a warp
// (HeCBench maxpool3d, one iteration a thread: 1.16 -> 0.86 ms on the
// H200). Not where the chunks are counted: there the test costs nothing per
// iteration, and without the outer loop the stencil3d of bench/ ran 11-14%
// slower for N >= 384 (the same grid-stride loop in PTX, 1.5x the DRAM
// reads in ncu; the cause is not known, docs/Design.md). Unsigned loops are
// told all the same: there LLVM cannot see that Clang's loop over the
// distribute chunk (`iv < ub + 1`, a sum that may wrap) runs once, and a
// `for (unsigned i ...)` kernel kept two loops around its grid-stride loop.
// Runs after openmp-device-kernel-modes.
//
//===----------------------------------------------------------------------===//

#include "ChunkLoops.h"
#include "ForkCalls.h"
#include "OffloadABI.h"
#include "OpenMPDevice/Diagnostics.h"
#include "OpenMPDevice/Kernels.h"
#include "OpenMPDevice/Passes.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "openmp-device-league-loops"

STATISTIC(NumLeagueKernels, "SPMD kernels whose loop is one league loop");
STATISTIC(NumCountedLeagueLoops, "League loops whose chunks are counted");
STATISTIC(NumOnceDistributeLoops,
          "League loops whose distribute level ends after its one chunk");
STATISTIC(NumCountedThreadLoops,
          "Other cyclic thread loops whose chunks are counted");

using namespace llvm;

namespace cot {
namespace {

constexpr unsigned KindArgument = 2;

/// The static-init calls of \p F with the constant schedule kind \p Kind.
SmallVector<CallBase *, 2> staticInitsOfKind(Function &F, int64_t Kind) {
  SmallVector<CallBase *, 2> Inits;
  for (Instruction &I : instructions(F)) {
    Function *Callee = calledFunction(I);
    if (!Callee || !Callee->getName().starts_with("__kmpc_for_static_init_"))
      continue;
    auto *Call = cast<CallBase>(&I);
    auto *K = dyn_cast<ConstantInt>(Call->getArgOperand(KindArgument));
    if (K && (K->getSExtValue() & COT_SCHED_KIND_MASK) == Kind)
      Inits.push_back(Call);
  }
  return Inits;
}

/// The parallel regions that only \p Team starts, with the functions Clang
/// outlined from them that only they call (with -g, their artificial
/// bodies).
SmallVector<Function *, 4> regionsStartedBy(ArrayRef<Function *> Team) {
  auto StartedByTeam = [&](User *U) {
    auto *Fork = dyn_cast<CallBase>(U);
    return Fork && isCallTo(*Fork, ForkCall) &&
           is_contained(Team, Fork->getFunction());
  };
  SmallVector<Function *, 4> Regions;
  for (Function *F : Team)
    for (Instruction &I : instructions(*F))
      if (isCallTo(I, ForkCall))
        if (Function *Micro = microtaskOf(cast<CallBase>(I));
            Micro && all_of(Micro->users(), StartedByTeam) &&
            !is_contained(Regions, Micro))
          Regions.push_back(Micro);
  for (unsigned I = 0; I < Regions.size(); ++I)
    for (Instruction &Inst : instructions(*Regions[I]))
      if (Function *Callee = calledFunction(Inst);
          Callee && !Callee->isDeclaration() && Callee->hasOneUse() &&
          owningKernel(*Callee) && owningKernel(*Callee) ==
                                       owningKernel(*Regions[I]) &&
          !is_contained(Regions, Callee))
        Regions.push_back(Callee);
  return Regions;
}

void setKind(CallBase *Init, int64_t Kind) {
  Init->setArgOperand(KindArgument,
                      ConstantInt::get(Init->getArgOperand(KindArgument)
                                           ->getType(),
                                       Kind));
}

/// What makeLeagueLoop changed.
enum class LeagueChange { None, Kinds, KindsAndLoop };

/// Makes \p KR's loop one league loop when its kernel qualifies, with a
/// counted chunk loop where that lets it unroll (ChunkLoops.h).
LeagueChange makeLeagueLoop(const KernelReach &KR) {
  if (KR.K.Mode != KernelMode::SPMD || !KR.K.DefaultSchedule)
    return LeagueChange::None;
  SetVector<Function *> Team = teamCodeFunctions(KR.K.F);
  SmallVector<CallBase *, 2> Distribute;
  for (Function *F : Team)
    append_range(Distribute,
                 staticInitsOfKind(*F, COT_SCHED_DISTRIBUTE_STATIC_CHUNKED));
  SmallVector<CallBase *, 2> Threads;
  for (Function *F : regionsStartedBy(Team.getArrayRef()))
    append_range(Threads, staticInitsOfKind(*F, COT_SCHED_STATIC_CHUNKED));
  // One distribute loop around one thread loop: the combined construct.
  if (Distribute.size() != 1 || Threads.size() != 1)
    return LeagueChange::None;
  setKind(Distribute.front(), COT_SCHED_LEAGUE_DISTRIBUTE);
  setKind(Threads.front(), COT_SCHED_LEAGUE_STATIC);
  LLVM_DEBUG(dbgs() << KR.K.F->getName() << ": league loop\n");
  ++NumLeagueKernels;
  if (countIterationChunks(*Threads.front())) {
    ++NumCountedLeagueLoops;
    if (isUnsignedInit(*Distribute.front()) &&
        runChunkLoopOnce(*Distribute.front()))
      ++NumOnceDistributeLoops;
    return LeagueChange::KindsAndLoop;
  }
  if (!runChunkLoopOnce(*Distribute.front()))
    return LeagueChange::Kinds;
  ++NumOnceDistributeLoops;
  return LeagueChange::KindsAndLoop;
}

/// Counts the chunks of the cyclic thread loops (kind 33 with a chunk loop
/// of openmp-device-cyclic-schedules) in the functions outlined from
/// default-scheduled kernels that are not league loops. Returns whether it
/// changed one.
bool countThreadLoopChunks(Module &M) {
  SmallPtrSet<Function *, 16> DefaultScheduleKernels;
  for (const KernelInfo &K : kernelsOf(M))
    if (K.DefaultSchedule)
      DefaultScheduleKernels.insert(K.F);
  bool Changed = false;
  for (Function &F : M) {
    if (F.isDeclaration() || !DefaultScheduleKernels.count(owningKernel(F)))
      continue;
    for (CallBase *Init : staticInitsOfKind(F, COT_SCHED_STATIC_CHUNKED))
      if (countIterationChunks(*Init)) {
        ++NumCountedThreadLoops;
        Changed = true;
      }
  }
  return Changed;
}

} // namespace

PreservedAnalyses LeagueLoopsPass::run(Module &M, ModuleAnalysisManager &) {
  if (hasDeviceErrors(M))
    return PreservedAnalyses::all();
  LeagueChange Changed = LeagueChange::None;
  for (const KernelReach &KR : kernelReaches(M))
    Changed = std::max(Changed, makeLeagueLoop(KR));
  if (countThreadLoopChunks(M))
    Changed = LeagueChange::KindsAndLoop;
  if (Changed == LeagueChange::KindsAndLoop)
    return PreservedAnalyses::none();
  return preservedKeepingCFG(Changed == LeagueChange::Kinds);
}

} // namespace cot

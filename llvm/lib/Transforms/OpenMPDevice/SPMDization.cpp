//===- SPMDization.cpp - Generic kernels run by every thread, with guards -===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Pass openmp-device-spmdize. A generic kernel's team code (the sequential
// part of the construct: the kernel and its teams region) runs on each
// block's main thread while the other threads wait in the device runtime's
// control loop, and every parallel region is a hand-off through shared
// memory, an indirect call and two barriers. Code ported from CUDA,
// `target teams` with team-local arrays around a `parallel` region that
// works by omp_get_thread_num() and barriers, pays that on every block.
//
// When the team code can be guarded, the kernel becomes a guarded one
// (KernelMode::Guarded): every thread of the block runs the team code, as
// in SPMD mode, and
//   - the locals of team code that anything but plain loads and stores of
//     the thread itself can reach (the parallel regions share them, calls
//     get their address) become static team-shared variables in shared
//     memory (TeamShared.h), one per team as the language has them;
//   - what has effects other threads could see (stores to anything but the
//     thread's own locals, calls that may write memory, atomics) or whose
//     value may differ between threads, runs on thread 0 alone between two
//     block barriers (a guard), and the values it computes for the code
//     after it are broadcast through shared memory; a guard skips the
//     first barrier where it would order nothing (every thread passed one
//     since its last access to memory others see, or since loads of
//     variables the guard does not write);
//   - everything else (arithmetic, loads, queries of the team's ids) runs
//     in every thread, so control flow stays the same in all of them;
//   - parallel regions start in place (openmp-device-parallel-regions):
//     the threads of the region call the microtask directly;
//   - a teams reduction's copy that only its parallel regions reduce into
//     stays each thread's own, combined across the block once
//     (TeamsReductionCopies.h); a small local that the team code only loads
//     and stores and that regions reduce into stays each thread's own too,
//     every such region giving each of its threads the result
//     (RegionReductionCopies.h); and where every parallel region writes only
//     its thread's own memory, the regions end without a barrier
//     (RegionEffects.h).
// This is the "if-master" scheme of "Coordinating GPU Threads for OpenMP
// 4.0 in LLVM" applied by the compiler where it is safe; kernels it does not
// fit keep the paper's control loop. A kernel stays generic when its team
// code has no parallel region (nothing to gain), starts a parallel region
// from a called function or an unknown microtask, has a dynamically sized
// local that would have to be shared, needs more static shared memory than
// TeamShared.h's budget, calls a convergent function, or shares a function
// that starts a parallel region with a generic kernel. Remarks
// (-Rpass=openmp-device, -Rpass-missed=openmp-device) say which kernels
// were guarded and why others were not.
//
//===----------------------------------------------------------------------===//

#include "ForkCalls.h"
#include "OpenMPDevice/Diagnostics.h"
#include "OpenMPDevice/Passes.h"
#include "ReductionLists.h"
#include "RegionEffects.h"
#include "RegionReductionCopies.h"
#include "TeamShared.h"
#include "TeamsReductionCopies.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

#define DEBUG_TYPE "openmp-device-spmdize"

STATISTIC(NumGuardedKernels, "Generic kernels turned into guarded ones");
STATISTIC(NumGuards, "Guarded ranges of team code");
STATISTIC(NumGuardedLoops, "Loops of team code that thread 0 runs alone");
STATISTIC(NumBroadcasts, "Values broadcast from a guarded range");
STATISTIC(NumTeamSharedLocals, "Team-code locals moved to shared memory");
STATISTIC(NumBarriersDropped,
          "Guards that follow a block barrier and skip their own");

using namespace llvm;

namespace cot {
namespace {

constexpr StringLiteral GuardBegin = "__cot_gpu_guard_begin";
constexpr StringLiteral GuardEnd = "__cot_gpu_guard_end";
constexpr StringLiteral GuardBeginAfterBarrier =
    "__cot_gpu_guard_begin_after_barrier";

/// How an instruction of team code runs once every thread runs the code.
enum class Execution {
  /// Every thread runs it; inside a guarded range thread 0 alone does and
  /// its value is broadcast.
  AnyThreads,
  /// Thread 0 alone runs it, under a guard.
  OneThread,
  /// Every thread must run it where it is (the thread's own stores, parallel
  /// regions, team code in other functions): it ends a guarded range.
  EveryThread
};

/// Runtime functions team code may call in every thread: queries whose
/// answer is the same for the whole team outside parallel regions,
/// requests the runtime takes from thread 0 only, and the ends of static
/// loops, which do nothing.
bool isTeamUniformRuntimeCall(StringRef Name) {
  static const StringLiteral Names[] = {
      "omp_get_team_num",        "omp_get_num_teams",
      "omp_get_thread_num",      "omp_get_num_threads",
      "omp_get_max_threads",     "omp_get_thread_limit",
      "omp_get_level",           "omp_get_active_level",
      "omp_in_parallel",         "omp_is_initial_device",
      "omp_get_device_num",      "omp_get_num_devices",
      "omp_get_initial_device",  "omp_get_default_device",
      "omp_get_max_teams",       "omp_get_teams_thread_limit",
      "omp_get_team_size",       "omp_get_ancestor_thread_num",
      "omp_get_dynamic",         "omp_get_nested",
      "omp_get_max_active_levels", "omp_in_final",
      "__kmpc_global_thread_num", "__kmpc_push_num_threads",
      "__kmpc_push_proc_bind",   "__kmpc_push_num_teams",
      "__kmpc_push_num_teams_51", "__kmpc_flush",
      "__kmpc_barrier",          "__kmpc_for_static_fini",
      "__kmpc_distribute_static_fini"};
  return is_contained(Names, Name);
}

/// Convergent runtime functions that synchronize nothing outside parallel
/// regions (their barriers are the innermost region's, and team code is a
/// team of one), so thread 0 may call them alone.
bool isBarrierFreeInTeamCode(StringRef Name) {
  static const StringLiteral Names[] = {
      "__kmpc_reduce",       "__kmpc_reduce_nowait",  "__kmpc_end_reduce",
      "__kmpc_end_reduce_nowait", "__kmpc_copyprivate", "__kmpc_cancel_barrier",
      "__cot_gpu_reduce",    "__cot_gpu_end_reduce"};
  return is_contained(Names, Name);
}

/// Special registers that differ between the threads of a block.
bool readsThreadRegister(const IntrinsicInst &II) {
  switch (II.getIntrinsicID()) {
  case Intrinsic::nvvm_read_ptx_sreg_ctaid_x:
  case Intrinsic::nvvm_read_ptx_sreg_ctaid_y:
  case Intrinsic::nvvm_read_ptx_sreg_ctaid_z:
  case Intrinsic::nvvm_read_ptx_sreg_nctaid_x:
  case Intrinsic::nvvm_read_ptx_sreg_nctaid_y:
  case Intrinsic::nvvm_read_ptx_sreg_nctaid_z:
  case Intrinsic::nvvm_read_ptx_sreg_ntid_x:
  case Intrinsic::nvvm_read_ptx_sreg_ntid_y:
  case Intrinsic::nvvm_read_ptx_sreg_ntid_z:
  case Intrinsic::nvvm_read_ptx_sreg_warpsize:
    return false;
  default:
    return II.getCalledFunction()->getName().starts_with(
        "llvm.nvvm.read.ptx.sreg.");
  }
}

/// Whether \p Param, a pointer parameter of a microtask, is only read
/// through: loaded, directly or through GEPs and casts, or through the local
/// Clang spills it to (a local that holds nothing else and is only loaded).
bool onlyReadsThrough(Argument &Param) {
  std::optional<SmallVector<Instruction *, 8>> Users = pointerUsers(Param);
  return Users && all_of(*Users, [](Instruction *I) {
           auto *L = dyn_cast<LoadInst>(I);
           return L && L->isSimple();
         });
}

/// Locals up to this size that parallel regions only read stay each
/// thread's own (the bounds a team computes for its region); larger ones
/// (team-local arrays) stay one team-shared copy rather than one per thread
/// in local memory.
constexpr uint64_t MaxPrivateRegionInputBytes = 32;

/// Whether \p U passes the local \p A to a parallel region that only reads
/// it: an argument of a fork call whose microtask only reads through the
/// parameter, \p A being small. In a guarded kernel each thread of the
/// region calls the microtask itself, with its own copy.
bool isReadByParallelRegion(const Use &U, AllocaInst &A) {
  std::optional<uint64_t> Bytes = staticAllocaBytes(A);
  if (!Bytes || *Bytes > MaxPrivateRegionInputBytes)
    return false;
  auto *Fork = dyn_cast<CallBase>(U.getUser());
  if (!Fork || !isCallTo(*Fork, ForkCall) || U.getOperandNo() < 3)
    return false;
  Function *Micro = microtaskOf(*Fork);
  // Fork arguments 3... are the microtask's parameters 2... (after the
  // thread-id slots).
  unsigned ParamNo = U.getOperandNo() - 1;
  return Micro && !Micro->isVarArg() && ParamNo < Micro->arg_size() &&
         onlyReadsThrough(*Micro->getArg(ParamNo));
}

/// Whether every use of \p A is a load, store or atomic update of the
/// thread's own copy (through GEPs and casts), a lifetime or debug marker,
/// an argument of a parallel region that only reads it or that reduces into
/// it (RegionReductionCopies.h; collected in \p Reductions), or what
/// __cot_gpu_combine_block reads (its lists and their entries, every
/// thread's own; TeamsReductionCopies.h): then each thread
/// may keep its own copy. Team code runs in every thread, so each copy holds
/// the same values (what may differ between threads is computed on thread 0
/// and broadcast).
bool isThreadPrivate(AllocaInst &A,
                     SmallVectorImpl<RegionReductionCopy> *Reductions = nullptr) {
  SmallVector<Value *, 8> Work = {&A};
  SmallPtrSet<Value *, 8> Seen;
  while (!Work.empty()) {
    Value *V = Work.pop_back_val();
    if (!Seen.insert(V).second)
      continue;
    for (Use &U : V->uses()) {
      auto *User = cast<Instruction>(U.getUser());
      if (isa<GetElementPtrInst>(User) || isa<BitCastInst>(User) ||
          isa<AddrSpaceCastInst>(User)) {
        Work.push_back(User);
        continue;
      }
      if (auto *L = dyn_cast<LoadInst>(User); L && L->isSimple())
        continue;
      if (auto *S = dyn_cast<StoreInst>(User);
          S && S->isSimple() && U.getOperandNo() == S->getPointerOperandIndex())
        continue;
      if (isa<AtomicRMWInst>(User) &&
          U.getOperandNo() == AtomicRMWInst::getPointerOperandIndex())
        continue;
      if (isa<AtomicCmpXchgInst>(User) &&
          U.getOperandNo() == AtomicCmpXchgInst::getPointerOperandIndex())
        continue;
      if (isLifetimeOrDebug(User))
        continue;
      if (isReadByParallelRegion(U, A) || isBlockCombineArgument(U) ||
          isBlockCombineListEntry(U))
        continue;
      if (std::optional<RegionReductionCopy> R = regionReductionCopy(U, A)) {
        if (Reductions)
          Reductions->push_back(*R);
        continue;
      }
      return false;
    }
  }
  return true;
}

/// The alloca \p Ptr addresses, through GEPs and casts, if any.
AllocaInst *underlyingAlloca(Value *Ptr) {
  return dyn_cast<AllocaInst>(getUnderlyingObject(Ptr->stripPointerCasts()));
}

/// A generic kernel's team code and whether it can be guarded.
class TeamCode {
public:
  TeamCode(Function *Kernel, const DenseSet<Function *> &Forking)
      : Forking(Forking), Functions(teamCodeFunctions(Kernel)) {
    classifyTeamsReductions(Functions, PerThreadCopies, SharedCopies);
  }

  /// The teams reductions whose copy every thread keeps once guarded.
  ArrayRef<ThreadCopyReduction> perThreadCopies() const {
    return PerThreadCopies;
  }
  /// The teams reductions that keep one copy per team, and why.
  ArrayRef<SharedCopyReduction> sharedCopies() const { return SharedCopies; }

  /// Why the team code cannot be guarded, or nothing when it can.
  std::optional<std::string> reasonAgainst();

  /// Makes the team code run in every thread.
  void guard();

private:
  /// Functions that start a parallel region, directly or through calls.
  const DenseSet<Function *> &Forking;
  SetVector<Function *> Functions;
  SmallVector<AllocaInst *, 8> Shared;
  SmallVector<ThreadCopyReduction, 2> PerThreadCopies;
  SmallVector<SharedCopyReduction, 2> SharedCopies;

  Execution execution(Instruction &I) const;
  Execution callExecution(CallBase &Call) const;
  bool isPrivate(Value *Ptr) const;
  bool isPerThreadCopy(const AllocaInst *A) const;
  bool isTeamShared(AllocaInst &A) const;
  void reduceIntoEveryThreadsCopy();
  bool needsGuard(const Loop &L) const;
  bool runsInEveryThread(const Loop &L) const;
  SmallVector<AllocaInst *, 4> privatesWritten(const Loop &L) const;
  SmallVector<Loop *, 4> sequentialLoops(LoopInfo &LI) const;
  void guardLoop(Loop &L);
  Instruction *rangeStart(Instruction *First, Instruction *Last) const;
  SmallVector<std::pair<Instruction *, Instruction *>, 8>
  guardedRanges(Function &F) const;
  void guardRange(Instruction *First, Instruction *Last);
  bool accessesSharedMemory(Instruction &I) const;
  bool endsSynced(Instruction &I, bool Synced) const;
  std::optional<SmallPtrSet<const Value *, 8>>
  guardedWrites(CallInst &Begin) const;
  bool followsUnwrittenLoads(CallInst &Begin) const;
  void markQuietRegions() const;
  void dropRedundantBarriers(Function &F);
  /// Blocks that thread 0 alone runs already (guarded loops).
  SmallPtrSet<BasicBlock *, 16> GuardedBlocks;
};

bool TeamCode::isPrivate(Value *Ptr) const {
  AllocaInst *A = underlyingAlloca(Ptr);
  return A && Functions.count(A->getFunction()) && !is_contained(Shared, A);
}

bool TeamCode::isPerThreadCopy(const AllocaInst *A) const {
  return any_of(PerThreadCopies,
                [&](const ThreadCopyReduction &R) { return R.Copy == A; });
}

/// Whether \p A, a local of team code, must be one copy per team.
bool TeamCode::isTeamShared(AllocaInst &A) const {
  return !isThreadPrivate(A) && !isPerThreadCopy(&A);
}

Execution TeamCode::callExecution(CallBase &Call) const {
  if (isCallTo(Call, ForkCall) || isCallTo(Call, ForkTeams) ||
      isCallTo(Call, GuardBegin) || isCallTo(Call, GuardEnd) ||
      isCallTo(Call, CombineBlock) || isCallTo(Call, GuardedCopySync))
    return Execution::EveryThread;
  Function *Callee = Call.getCalledFunction();
  if (Callee && Functions.count(Callee))
    return Execution::EveryThread;
  if (auto *II = dyn_cast<IntrinsicInst>(&Call)) {
    if (readsThreadRegister(*II))
      return Execution::OneThread;
    if (auto *MI = dyn_cast<MemIntrinsic>(II))
      return isPrivate(MI->getDest()) ? Execution::EveryThread
                                      : Execution::OneThread;
    return II->mayWriteToMemory() ? Execution::OneThread
                                  : Execution::AnyThreads;
  }
  if (Callee && isTeamUniformRuntimeCall(Callee->getName()))
    return Execution::AnyThreads;
  if (Callee && Callee->getName().starts_with("__nv_"))
    return Execution::AnyThreads;
  if (Call.onlyReadsMemory() && Call.willReturn() && Call.doesNotThrow())
    return Execution::AnyThreads;
  return Execution::OneThread;
}

Execution TeamCode::execution(Instruction &I) const {
  if (isa<AllocaInst>(I) || isa<PHINode>(I) || I.isTerminator())
    return Execution::EveryThread;
  if (auto *L = dyn_cast<LoadInst>(&I))
    return L->isSimple() ? Execution::AnyThreads : Execution::OneThread;
  if (auto *S = dyn_cast<StoreInst>(&I))
    return S->isSimple() && isPrivate(S->getPointerOperand())
               ? Execution::EveryThread
               : Execution::OneThread;
  if (auto *RMW = dyn_cast<AtomicRMWInst>(&I))
    return isPrivate(RMW->getPointerOperand()) ? Execution::EveryThread
                                               : Execution::OneThread;
  if (auto *CAS = dyn_cast<AtomicCmpXchgInst>(&I))
    return isPrivate(CAS->getPointerOperand()) ? Execution::EveryThread
                                               : Execution::OneThread;
  if (auto *Call = dyn_cast<CallBase>(&I))
    return callExecution(*Call);
  return I.mayWriteToMemory() ? Execution::OneThread : Execution::AnyThreads;
}

std::optional<std::string> TeamCode::reasonAgainst() {
  bool HasParallel = false;
  uint64_t SharedBytes = 0;
  for (Function *F : Functions) {
    for (Instruction &I : instructions(*F)) {
      auto *Call = dyn_cast<CallBase>(&I);
      if (Call && isCallTo(I, ForkCall)) {
        if (!microtaskOf(*Call))
          return std::string("its team code starts a parallel region whose "
                             "function is not known");
        HasParallel = true;
        continue;
      }
      if (!Call || execution(I) != Execution::OneThread)
        continue;
      Function *Callee = Call->getCalledFunction();
      if (Call->isConvergent() &&
          !(Callee && isBarrierFreeInTeamCode(Callee->getName())))
        return ("its team code calls the convergent function '" +
                (Call->getCalledFunction()
                     ? Call->getCalledFunction()->getName()
                     : StringRef("<indirect>")) +
                "'")
            .str();
      if (!Callee || Forking.count(Callee))
        return ("its team code calls '" +
                (Callee ? Callee->getName() : StringRef("<indirect>")) +
                "', which may start a parallel region")
            .str();
    }
    for (Instruction &I : F->getEntryBlock())
      if (auto *A = dyn_cast<AllocaInst>(&I); A && isTeamShared(*A)) {
        std::optional<uint64_t> Bytes = staticAllocaBytes(*A);
        if (!Bytes)
          return std::string("its team code shares a local of dynamic size");
        if (*Bytes > StaticTeamSharedBudget - SharedBytes)
          return ("its team code's shared locals need more than " +
                  Twine(StaticTeamSharedBudget) + " bytes of shared memory")
              .str();
        SharedBytes += *Bytes;
        Shared.push_back(A);
      }
    for (BasicBlock &BB : *F)
      for (Instruction &I : BB)
        if (auto *A = dyn_cast<AllocaInst>(&I);
            A && &BB != &F->getEntryBlock() && isTeamShared(*A))
          return std::string("its team code shares a local allocated "
                             "outside the function's entry");
  }
  if (!HasParallel)
    return std::string("its team code starts no parallel region");
  return std::nullopt;
}

/// \p First moved back over the instructions before it that any thread may
/// run (loads, arithmetic) and whose every user lies in the range up to
/// \p Last: only thread 0 needs them. A guard that follows a barrier with
/// no access to memory others see in between needs no barrier of its own
/// (dropRedundantBarriers), and loads of what the guarded code stores
/// (a parallel region's result) otherwise stand between the two.
Instruction *TeamCode::rangeStart(Instruction *First,
                                  Instruction *Last) const {
  auto InRange = [&](User *U) {
    auto *UI = dyn_cast<Instruction>(U);
    return UI && UI->getParent() == First->getParent() &&
           !UI->comesBefore(First) && !Last->comesBefore(UI);
  };
  while (Instruction *Prev = First->getPrevNode()) {
    if (execution(*Prev) != Execution::AnyThreads ||
        !all_of(Prev->users(), InRange))
      break;
    First = Prev;
  }
  return First;
}

/// The ranges [First, Last] of \p F's blocks that thread 0 runs alone: from
/// an instruction that needs a guard (or what only it uses, rangeStart) to
/// the last one before an instruction that every thread must run.
SmallVector<std::pair<Instruction *, Instruction *>, 8>
TeamCode::guardedRanges(Function &F) const {
  SmallVector<std::pair<Instruction *, Instruction *>, 8> Ranges;
  for (BasicBlock &BB : F) {
    if (GuardedBlocks.count(&BB))
      continue;
    Instruction *First = nullptr, *Last = nullptr;
    auto EndRange = [&] {
      Ranges.push_back({rangeStart(First, Last), Last});
      First = Last = nullptr;
    };
    for (Instruction &I : BB) {
      Execution E = execution(I);
      if (E == Execution::OneThread) {
        First = First ? First : &I;
        Last = &I;
      } else if (E == Execution::EveryThread && First) {
        EndRange();
      }
    }
  }
  return Ranges;
}

/// Calls the convergent runtime function \p Name at \p B.
CallInst *callConvergent(IRBuilder<> &B, StringRef Name, Type *Ret) {
  Module &M = *B.GetInsertBlock()->getModule();
  CallInst *Call = B.CreateCall(convergentRuntimeFunction(M, Name, Ret, {}));
  Call->addFnAttr(Attribute::Convergent);
  return Call;
}

/// Ends \p Head with a guard: after a block barrier, thread 0 goes on to
/// \p Guarded and the other threads to \p Join.
void enterGuard(BasicBlock *Head, BasicBlock *Guarded, BasicBlock *Join) {
  IRBuilder<> B(Head->getTerminator());
  CallInst *IsMain = callConvergent(B, GuardBegin, B.getInt32Ty());
  B.CreateCondBr(B.CreateICmpNE(IsMain, B.getInt32(0)), Guarded, Join);
  Head->getTerminator()->eraseFromParent();
}

/// Through a team-shared slot, \p V (which thread 0 computed in a guarded
/// region, stored at \p StoreAt) for the uses \p Outside, loaded at \p B
/// after the guard's closing barrier; returns the loaded copy.
Value *broadcast(Value *V, Instruction *StoreAt, IRBuilder<> &B,
                 ArrayRef<Use *> Outside) {
  Module &M = *StoreAt->getModule();
  Type *Ty = V->getType();
  Align A = M.getDataLayout().getABITypeAlign(Ty);
  Constant *Slot = createTeamSharedVariable(
      M, Ty, A, StoreAt->getFunction()->getName() + ".broadcast");
  new StoreInst(V, Slot, false, A, StoreAt->getIterator());
  Value *Copy = B.CreateAlignedLoad(Ty, Slot, A, V->getName() + ".bc");
  for (Use *U : Outside)
    U->set(Copy);
  ++NumBroadcasts;
  return Copy;
}

/// Broadcasts the values that instructions of \p Region define and other
/// blocks use, storing them before \p StoreAt and loading them at \p B.
void broadcastLiveOuts(const SmallPtrSetImpl<BasicBlock *> &Region,
                       Instruction *StoreAt, IRBuilder<> &B) {
  for (BasicBlock *BB : Region)
    for (Instruction &I : *BB) {
      SmallVector<Use *, 4> Outside;
      for (Use &U : I.uses())
        if (!Region.count(cast<Instruction>(U.getUser())->getParent()))
          Outside.push_back(&U);
      if (!Outside.empty())
        broadcast(&I, StoreAt, B, Outside);
    }
}

/// Runs [First, Last] on thread 0 alone between two block barriers and
/// broadcasts the values later code uses through shared memory.
void TeamCode::guardRange(Instruction *First, Instruction *Last) {
  BasicBlock *Head = First->getParent();
  BasicBlock *Body = Head->splitBasicBlock(First, "team.guarded");
  BasicBlock *Join = Body->splitBasicBlock(Last->getNextNode(), "team.join");
  enterGuard(Head, Body, Join);
  IRBuilder<> B(Join, Join->getFirstInsertionPt());
  callConvergent(B, GuardEnd, B.getVoidTy());
  SmallPtrSet<BasicBlock *, 1> Region = {Body};
  broadcastLiveOuts(Region, Body->getTerminator(), B);
  ++NumGuards;
}

/// Whether \p L holds what only thread 0 may run, or reads memory: thread 0
/// then runs the whole loop (one guard, as CUDA's "if (threadIdx.x == 0)"),
/// rather than a guard per iteration or every thread repeating the loads.
bool TeamCode::needsGuard(const Loop &L) const {
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB)
      if (execution(I) == Execution::OneThread ||
          (isa<LoadInst>(I) && !isPrivate(cast<LoadInst>(I).getPointerOperand())))
        return true;
  return false;
}

/// Whether \p L holds what every thread must run where it is: parallel
/// regions, team code in other functions.
bool TeamCode::runsInEveryThread(const Loop &L) const {
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB)
      if (isa<CallBase>(I) && execution(I) == Execution::EveryThread &&
          !isa<MemIntrinsic>(I))
        return true;
  return false;
}

/// The thread's own locals that \p L writes.
SmallVector<AllocaInst *, 4> TeamCode::privatesWritten(const Loop &L) const {
  SetVector<AllocaInst *> Written;
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB) {
      Value *Ptr = nullptr;
      if (auto *S = dyn_cast<StoreInst>(&I))
        Ptr = S->getPointerOperand();
      else if (auto *MI = dyn_cast<MemIntrinsic>(&I))
        Ptr = MI->getDest();
      else if (auto *RMW = dyn_cast<AtomicRMWInst>(&I))
        Ptr = RMW->getPointerOperand();
      else if (auto *CAS = dyn_cast<AtomicCmpXchgInst>(&I))
        Ptr = CAS->getPointerOperand();
      if (Ptr && isPrivate(Ptr))
        Written.insert(underlyingAlloca(Ptr));
    }
  return Written.takeVector();
}

/// Bytes of a thread's own local that a guarded loop may write and the
/// guard then copies to every thread.
constexpr uint64_t MaxCopiedLocalBytes = 256;

/// The outermost loops of team code that thread 0 runs alone as a whole:
/// loops without parallel regions that need a guard, with a preheader and
/// an exit block only they reach, whose own locals are small enough to copy.
SmallVector<Loop *, 4> TeamCode::sequentialLoops(LoopInfo &LI) const {
  SmallVector<Loop *, 4> Result;
  SmallVector<Loop *, 8> Work(LI.begin(), LI.end());
  while (!Work.empty()) {
    Loop *L = Work.pop_back_val();
    if (runsInEveryThread(*L)) {
      append_range(Work, L->getSubLoops());
      continue;
    }
    if (!needsGuard(*L))
      continue;
    BasicBlock *Exit = L->getUniqueExitBlock();
    bool Fits = L->getLoopPreheader() && Exit && !isa<PHINode>(Exit->front()) &&
                all_of(predecessors(Exit),
                       [&](BasicBlock *P) { return L->contains(P); }) &&
                all_of(privatesWritten(*L), [](AllocaInst *A) {
                  std::optional<uint64_t> Bytes = staticAllocaBytes(*A);
                  return Bytes && *Bytes <= MaxCopiedLocalBytes;
                });
    if (Fits)
      Result.push_back(L);
    else
      append_range(Work, L->getSubLoops());
  }
  return Result;
}

/// Runs \p L on thread 0 alone: the preheader enters a guard, the loop's
/// exits go through a block that stores what later code needs (values the
/// loop defines, the thread's own locals it wrote) for the other threads,
/// and the exit block closes the guard and copies them in.
void TeamCode::guardLoop(Loop &L) {
  LLVMContext &Ctx = L.getHeader()->getContext();
  BasicBlock *Exit = L.getUniqueExitBlock();
  SmallVector<AllocaInst *, 4> Written = privatesWritten(L);
  SmallPtrSet<BasicBlock *, 16> Region(L.block_begin(), L.block_end());
  BasicBlock *Done = BasicBlock::Create(Ctx, "team.loop.done",
                                        Exit->getParent(), Exit);
  BranchInst::Create(Exit, Done);
  Region.insert(Done);
  for (BasicBlock *BB : L.blocks())
    BB->getTerminator()->replaceSuccessorWith(Exit, Done);
  enterGuard(L.getLoopPreheader(), L.getHeader(), Exit);

  IRBuilder<> B(Exit, Exit->getFirstInsertionPt());
  callConvergent(B, GuardEnd, B.getVoidTy());
  broadcastLiveOuts(Region, Done->getTerminator(), B);
  for (AllocaInst *A : Written) {
    Type *Ty = A->getAllocatedType();
    if (A->isArrayAllocation())
      Ty = ArrayType::get(
          Ty, cast<ConstantInt>(A->getArraySize())->getZExtValue());
    auto *Final =
        new LoadInst(Ty, A, A->getName() + ".final", false, A->getAlign(),
                     Done->getTerminator()->getIterator());
    B.CreateAlignedStore(broadcast(Final, Done->getTerminator(), B, {}), A,
                         A->getAlign());
  }
  GuardedBlocks.insert(Region.begin(), Region.end());
  ++NumGuardedLoops;
}

/// Where the source uses \p A: its first user with a location, if any.
const Instruction *sourceUse(AllocaInst *A) {
  for (User *U : A->users())
    if (auto *I = dyn_cast<Instruction>(U); I && I->getDebugLoc())
      return I;
  return A;
}

void remarkTeamShared(AllocaInst *A) {
  Function &F = *A->getFunction();
  OptimizationRemarkEmitter ORE(&F);
  ORE.emit([&] {
    return OptimizationRemark(RemarkPassName, "TeamShared", sourceUse(A))
           << "local '" << localName(A) << "' of '" << F.getName() << "' ("
           << ore::NV("Bytes", *staticAllocaBytes(*A))
           << " bytes) moved to a team-shared variable in shared memory: "
              "every thread runs the team code, and more than the thread's "
              "own loads and stores reach the local";
  });
}

/// Erases the lifetime markers of \p F's locals. Thread 0 alone would run
/// those of a guarded range, so that the other threads' copies would be
/// dead where they use them, and every marker between two guarded ranges
/// would split them (two block barriers each).
void eraseLifetimeMarkers(Function &F) {
  for (Instruction &I : make_early_inc_range(instructions(F)))
    if (auto *II = dyn_cast<IntrinsicInst>(&I); II && II->isLifetimeStartOrEnd())
      II->eraseFromParent();
}

/// Runtime queries whose answer is fixed for the kernel's run: no guarded
/// code changes it.
bool isKernelConstantQuery(StringRef Name) {
  static const StringLiteral Names[] = {
      "omp_get_team_num",      "omp_get_num_teams",
      "omp_get_device_num",    "omp_is_initial_device",
      "omp_get_num_devices",   "omp_get_initial_device",
      "__kmpc_global_thread_num"};
  return is_contained(Names, Name);
}

/// Whether \p I may read or write memory that another thread of the team
/// sees: anything but the thread's own locals.
bool TeamCode::accessesSharedMemory(Instruction &I) const {
  if (auto *L = dyn_cast<LoadInst>(&I))
    return !isPrivate(L->getPointerOperand());
  if (auto *S = dyn_cast<StoreInst>(&I))
    return !isPrivate(S->getPointerOperand());
  if (auto *Call = dyn_cast<CallBase>(&I)) {
    Function *Callee = Call->getCalledFunction();
    return !Call->doesNotAccessMemory() &&
           !(Callee && isKernelConstantQuery(Callee->getName()));
  }
  return I.mayReadOrWriteMemory();
}

/// Whether, after \p I, every thread has passed a block barrier of ours (a
/// guard's end, a parallel region's closing barrier) since its last access
/// to memory other threads see, given whether that held before \p I. A
/// guard's begin counts as an access: its barrier may go.
bool TeamCode::endsSynced(Instruction &I, bool Synced) const {
  if (isCallTo(I, GuardEnd) ||
      (isCallTo(I, ForkCall) && !hasNoClosingBarrier(cast<CallBase>(I))))
    return true;
  if (isCallTo(I, GuardBegin) || isCallTo(I, GuardBeginAfterBarrier) ||
      accessesSharedMemory(I))
    return false;
  return Synced;
}

/// Whether \p BB is reachable from its own successors.
bool isInCycle(BasicBlock &BB) {
  SmallVector<BasicBlock *, 16> Work(successors(&BB));
  SmallPtrSet<BasicBlock *, 16> Seen;
  while (!Work.empty()) {
    BasicBlock *Next = Work.pop_back_val();
    if (Next == &BB)
      return true;
    if (Seen.insert(Next).second)
      append_range(Work, successors(Next));
  }
  return false;
}

using SyncStep = function_ref<bool(Instruction &, bool)>;

/// Whether every thread has passed a block barrier of ours since its last
/// access to memory others see where \p BB starts: never at the entry,
/// else when it holds at the end of every predecessor (\p AtEnd).
bool syncedAtStart(BasicBlock &BB, const DenseMap<BasicBlock *, bool> &AtEnd) {
  return !BB.isEntryBlock() &&
         all_of(predecessors(&BB),
                [&](BasicBlock *P) { return AtEnd.lookup(P); });
}

/// The state after \p BB's instructions, given \p Synced before them.
bool syncedThrough(BasicBlock &BB, bool Synced, SyncStep Step) {
  for (Instruction &I : BB)
    Synced = Step(I, Synced);
  return Synced;
}

/// Where, for each block of \p F, every thread has passed a block barrier
/// of ours since its last access to memory others see (endsSynced): a
/// must-analysis over the CFG, the entry unsynced.
DenseMap<BasicBlock *, bool> syncedAtEnds(Function &F, SyncStep Step) {
  DenseMap<BasicBlock *, bool> AtEnd;
  for (BasicBlock &BB : F)
    AtEnd[&BB] = !BB.isEntryBlock();
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (BasicBlock &BB : F) {
      bool Synced = syncedThrough(BB, syncedAtStart(BB, AtEnd), Step);
      if (Synced != AtEnd[&BB]) {
        AtEnd[&BB] = Synced;
        Changed = true;
      }
    }
  }
  return AtEnd;
}

/// The blocks where the paths to \p BB that reach it unsynced start: those
/// that end unsynced by their own instructions (or are the entry), found
/// back through blocks that only pass the state on.
SmallVector<BasicBlock *, 4>
unsyncedOrigins(BasicBlock &BB, const DenseMap<BasicBlock *, bool> &AtEnd,
                SyncStep Step) {
  SmallVector<BasicBlock *, 4> Origins;
  SmallVector<BasicBlock *, 8> Work;
  SmallPtrSet<BasicBlock *, 8> Seen;
  for (BasicBlock *P : predecessors(&BB))
    if (!AtEnd.lookup(P))
      Work.push_back(P);
  while (!Work.empty()) {
    BasicBlock *P = Work.pop_back_val();
    if (!Seen.insert(P).second)
      continue;
    if (pred_empty(P) || !syncedThrough(*P, true, Step)) {
      Origins.push_back(P);
      continue;
    }
    for (BasicBlock *Q : predecessors(P))
      if (!AtEnd.lookup(Q))
        Work.push_back(Q);
  }
  return Origins;
}

/// Blocks with more instructions than this in all are not searched for the
/// accesses before a guard (followsUnwrittenLoads): the guard keeps its
/// barrier.
constexpr unsigned MaxSearchedInstructions = 512;

/// The variable or local \p Ptr points into, or null when that is not
/// known.
const Value *identifiedObject(const Value *Ptr) {
  const Value *Object = getUnderlyingObject(Ptr);
  return isa<GlobalVariable>(Object) || isa<AllocaInst>(Object) ? Object
                                                                : nullptr;
}

/// Whether \p BB starts by closing a guard: where a guarded range ends.
bool startsWithGuardEnd(BasicBlock &BB) {
  return isCallTo(*BB.getFirstNonPHI(), GuardEnd);
}

/// The variables the guarded range that \p Begin enters may write, other
/// than thread 0's own locals: the objects its stores and its calls that
/// access only their arguments address (team-shared variables, broadcast
/// slots). Nothing when it may write memory any other way.
std::optional<SmallPtrSet<const Value *, 8>>
TeamCode::guardedWrites(CallInst &Begin) const {
  SmallPtrSet<const Value *, 8> Written;
  auto AddTarget = [&](Value *Ptr) {
    if (isPrivate(Ptr))
      return true;
    const Value *Object = identifiedObject(Ptr);
    if (Object)
      Written.insert(Object);
    return Object != nullptr;
  };
  SmallVector<BasicBlock *, 8> Work(successors(Begin.getParent()));
  SmallPtrSet<BasicBlock *, 8> Seen;
  unsigned Searched = 0;
  while (!Work.empty()) {
    BasicBlock *BB = Work.pop_back_val();
    if (!Seen.insert(BB).second || startsWithGuardEnd(*BB))
      continue;
    if ((Searched += BB->size()) > MaxSearchedInstructions)
      return std::nullopt;
    for (Instruction &I : *BB) {
      if (!I.mayWriteToMemory())
        continue;
      if (auto *S = dyn_cast<StoreInst>(&I)) {
        if (!AddTarget(S->getPointerOperand()))
          return std::nullopt;
        continue;
      }
      auto *Call = dyn_cast<CallBase>(&I);
      if (!Call || !Call->onlyAccessesArgMemory())
        return std::nullopt;
      for (Value *Arg : Call->args())
        if (Arg->getType()->isPointerTy() && !AddTarget(Arg))
          return std::nullopt;
    }
    append_range(Work, successors(BB));
  }
  return Written;
}

/// Whether, on every path to the guard \p Begin from the block barrier
/// before it, the only accesses to memory others see are plain loads of
/// variables that the guarded range does not write. Thread 0 may then start
/// the range while the other threads still make those loads: they read
/// nothing it changes, and it reads nothing they write. A loop's bounds,
/// loaded at its head, then cost no barrier before a guard in its body.
bool TeamCode::followsUnwrittenLoads(CallInst &Begin) const {
  std::optional<SmallPtrSet<const Value *, 8>> Written = guardedWrites(Begin);
  if (!Written)
    return false;
  auto IsUnwrittenLoad = [&](Instruction &I) {
    auto *L = dyn_cast<LoadInst>(&I);
    if (!L || !L->isSimple())
      return false;
    const Value *Object = identifiedObject(L->getPointerOperand());
    return Object && !Written->count(Object);
  };
  // Each entry: a block and the instruction to search back from.
  SmallVector<std::pair<BasicBlock *, Instruction *>, 8> Work = {
      {Begin.getParent(), Begin.getPrevNode()}};
  SmallPtrSet<BasicBlock *, 8> Seen;
  unsigned Searched = 0;
  while (!Work.empty()) {
    auto [BB, From] = Work.pop_back_val();
    bool Reached = false;
    for (Instruction *I = From; I && !Reached; I = I->getPrevNode()) {
      if (++Searched > MaxSearchedInstructions)
        return false;
      if (endsSynced(*I, false)) {
        Reached = true;
      } else if (isCallTo(*I, GuardBegin) ||
                 isCallTo(*I, GuardBeginAfterBarrier) ||
                 (accessesSharedMemory(*I) && !IsUnwrittenLoad(*I))) {
        return false;
      }
    }
    if (Reached)
      continue;
    if (BB->isEntryBlock() || pred_empty(BB))
      return false;
    for (BasicBlock *P : predecessors(BB))
      if (Seen.insert(P).second)
        Work.push_back({P, P->getTerminator()});
  }
  return true;
}

/// Makes the guards of \p F that every thread reaches right after a block
/// barrier, with no access to memory others see in between, or only loads
/// of what the guarded range does not write (followsUnwrittenLoads), skip
/// their own. A guard in a loop that follows the barrier ending the previous
/// iteration but not the loop's entry gets a barrier where the paths into
/// the loop start instead (blocks outside any cycle that go on to one block
/// alone): the loop then pays one barrier per iteration less.
void TeamCode::dropRedundantBarriers(Function &F) {
  auto Step = [this](Instruction &I, bool Synced) {
    return endsSynced(I, Synced);
  };
  DenseMap<BasicBlock *, bool> AtEnd = syncedAtEnds(F, Step);
  SmallVector<CallInst *, 8> Redundant;
  for (BasicBlock &BB : F) {
    bool Synced = syncedAtStart(BB, AtEnd);
    bool AtStart = true;
    for (Instruction &I : BB) {
      if (isCallTo(I, GuardBegin) && !Synced && AtStart && isInCycle(BB)) {
        SmallVector<BasicBlock *, 4> Origins = unsyncedOrigins(BB, AtEnd, Step);
        if (!Origins.empty() && all_of(Origins, [&](BasicBlock *O) {
              return O->getSingleSuccessor() && !isInCycle(*O) &&
                     !GuardedBlocks.count(O);
            })) {
          for (BasicBlock *O : Origins) {
            IRBuilder<> B(O->getTerminator());
            callConvergent(B, GuardEnd, B.getVoidTy());
          }
          AtEnd = syncedAtEnds(F, Step);
          Synced = true;
        }
      }
      if (isCallTo(I, GuardBegin) &&
          (Synced || followsUnwrittenLoads(cast<CallInst>(I))))
        Redundant.push_back(cast<CallInst>(&I));
      bool Before = Synced;
      Synced = Step(I, Synced);
      AtStart &= Synced == Before && !isCallTo(I, GuardEnd);
    }
  }
  Module &M = *F.getParent();
  for (CallInst *Begin : Redundant) {
    IRBuilder<> B(Begin);
    FunctionCallee AfterBarrier =
        runtimeFunction(M, GuardBeginAfterBarrier, B.getInt32Ty(), {});
    Begin->replaceAllUsesWith(B.CreateCall(AfterBarrier));
    Begin->eraseFromParent();
    ++NumBarriersDropped;
  }
}

/// Instructions a branch that only selects a value may compute on each
/// side (Clang loads both candidates of `ub > last ? last : ub` there).
constexpr unsigned MaxSelectedSideInstructions = 4;

/// Whether \p Side, a block between a branch and \p Join, only computes
/// what may run unconditionally: a few loads of locals, arithmetic.
bool isSpeculatableSide(BasicBlock &Side, BasicBlock &Join) {
  return Side.getSingleSuccessor() == &Join &&
         Side.size() <= MaxSelectedSideInstructions + 1 &&
         all_of(make_range(Side.begin(), Side.getTerminator()->getIterator()),
                [](Instruction &I) {
                  return !isa<PHINode>(I) && isSafeToSpeculativelyExecute(&I);
                });
}

/// The block whose conditional branch picks the value of \p Join's phis
/// through speculatable blocks (an if-then-else or if-then that only
/// selects), or null.
BasicBlock *selectingBranchBlock(BasicBlock &Join) {
  if (!isa<PHINode>(Join.front()) || pred_size(&Join) != 2)
    return nullptr;
  BasicBlock *A = *pred_begin(&Join), *B = *std::next(pred_begin(&Join));
  auto SideOf = [&](BasicBlock *P) -> BasicBlock * {
    return isSpeculatableSide(*P, Join) ? P->getSinglePredecessor() : nullptr;
  };
  BasicBlock *D = nullptr;
  if (SideOf(A) && SideOf(A) == SideOf(B))
    D = SideOf(A);
  else if (SideOf(A) == B || SideOf(B) == A)
    D = SideOf(A) == B ? B : A;
  auto *Br = D ? dyn_cast<BranchInst>(D->getTerminator()) : nullptr;
  if (!Br || !Br->isConditional() || D == &Join ||
      Br->getSuccessor(0) == Br->getSuccessor(1))
    return nullptr;
  return D;
}

/// Moves the sides of \p D's branch (see selectingBranchBlock) into \p D,
/// turns the phis of \p Join into selects on the branch's condition and
/// merges the blocks into one.
void foldSelectingBranch(BasicBlock &Join, BasicBlock &D) {
  auto *Br = cast<BranchInst>(D.getTerminator());
  auto IncomingBlock = [&](unsigned Succ) {
    BasicBlock *S = Br->getSuccessor(Succ);
    return S == &Join ? &D : S;
  };
  BasicBlock *OnTrue = IncomingBlock(0), *OnFalse = IncomingBlock(1);
  IRBuilder<> B(&Join, Join.getFirstInsertionPt());
  for (PHINode &Phi : make_early_inc_range(Join.phis())) {
    Value *Selected = B.CreateSelect(Br->getCondition(),
                                     Phi.getIncomingValueForBlock(OnTrue),
                                     Phi.getIncomingValueForBlock(OnFalse));
    Selected->takeName(&Phi);
    Phi.replaceAllUsesWith(Selected);
    Phi.eraseFromParent();
  }
  SmallVector<BasicBlock *, 2> Sides;
  for (BasicBlock *S : successors(&D))
    if (S != &Join)
      Sides.push_back(S);
  for (BasicBlock *S : Sides)
    D.splice(Br->getIterator(), S, S->begin(), S->getTerminator()->getIterator());
  BranchInst::Create(&Join, Br->getIterator());
  Br->eraseFromParent();
  for (BasicBlock *S : Sides)
    S->eraseFromParent();
  MergeBlockIntoPredecessor(&Join);
}

/// Folds the branches of \p F that only select a value (Clang's
/// `ub > last ? last : ub` after a distribute's static init) into selects,
/// so that the guarded code before and after one is a single range: one
/// guard, two block barriers, instead of two.
void foldSelectingBranches(Function &F) {
  SmallVector<BasicBlock *, 16> Joins;
  for (BasicBlock &BB : F)
    if (isa<PHINode>(BB.front()))
      Joins.push_back(&BB);
  for (BasicBlock *Join : Joins)
    if (BasicBlock *D = selectingBranchBlock(*Join))
      foldSelectingBranch(*Join, *D);
}

/// Marks the parallel regions of the team code as needing no closing
/// barrier when every one of them writes only memory of the thread that
/// runs it (RegionEffects.h): a region that wrote shared memory could
/// otherwise start while threads still read it in the region before.
/// Regions of different sizes (num_threads) must not overlap either: the
/// runtime keeps one size per team.
void TeamCode::markQuietRegions() const {
  SmallVector<CallBase *, 4> Forks;
  for (Function *F : Functions) {
    if (containsCallTo(*F, "__kmpc_push_num_threads"))
      return;
    for (Instruction &I : instructions(*F))
      if (isCallTo(I, ForkCall))
        Forks.push_back(cast<CallBase>(&I));
  }
  auto IsThreadOwn = [&](Value *Arg) {
    return Arg->getType()->isPointerTy() && isPrivate(Arg);
  };
  if (!all_of(Forks, [&](CallBase *Fork) {
        return writesOnlyThreadOwnMemory(*Fork, IsThreadOwn);
      }))
    return;
  for (CallBase *Fork : Forks)
    markNoClosingBarrier(*Fork);
}

/// Makes the parallel regions that reduce into a local of the team code that
/// each thread keeps give every thread the result (RegionReductionCopies.h).
void TeamCode::reduceIntoEveryThreadsCopy() {
  SmallVector<RegionReductionCopy, 4> Reductions;
  for (Function *F : Functions)
    for (Instruction &I : instructions(*F)) {
      auto *A = dyn_cast<AllocaInst>(&I);
      SmallVector<RegionReductionCopy, 2> OfLocal;
      if (A && !is_contained(Shared, A) && !isPerThreadCopy(A) &&
          isThreadPrivate(*A, &OfLocal))
        append_range(Reductions, OfLocal);
    }
  SmallPtrSet<CallInst *, 4> Done;
  for (const RegionReductionCopy &R : Reductions)
    if (Done.insert(R.Reduction).second)
      reduceIntoEveryCopy(R);
}

void TeamCode::guard() {
  for (const ThreadCopyReduction &R : PerThreadCopies)
    keepCopyPerThread(R);
  reduceIntoEveryThreadsCopy();
  for (Function *F : Functions) {
    eraseLifetimeMarkers(*F);
    foldSelectingBranches(*F);
  }
  for (AllocaInst *A : Shared) {
    LLVM_DEBUG(dbgs() << "team-shared local in " << A->getFunction()->getName()
                      << ": " << *A << "\n");
    remarkTeamShared(A);
    moveAllocaToTeamShared(*A);
    ++NumTeamSharedLocals;
  }
  Shared.clear();
  markQuietRegions();
  for (Function *F : Functions) {
    DominatorTree DT(*F);
    LoopInfo LI(DT);
    for (Loop *L : sequentialLoops(LI))
      guardLoop(*L);
    for (auto [First, Last] : guardedRanges(*F))
      guardRange(First, Last);
    dropRedundantBarriers(*F);
  }
}

void remarkGuarded(Function *Kernel) {
  OptimizationRemarkEmitter ORE(Kernel);
  ORE.emit([&] {
    return OptimizationRemark(RemarkPassName, "Guarded", Kernel)
           << "kernel '" << Kernel->getName()
           << "' runs its team code in every thread, with its side effects "
              "on thread 0 under guards (no control loop)";
  });
}

void remarkNotGuarded(Function *Kernel, StringRef Reason) {
  OptimizationRemarkEmitter ORE(Kernel);
  ORE.emit([&] {
    return OptimizationRemarkMissed(RemarkPassName, "NotGuarded", Kernel)
           << "generic kernel '" << Kernel->getName()
           << "' keeps its control loop: " << Reason;
  });
}

/// Functions that start a parallel region, directly or through calls.
DenseSet<Function *> forkingFunctions(Module &M) {
  DenseSet<Function *> Result;
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (Function &F : M) {
      if (F.isDeclaration() || Result.count(&F))
        continue;
      if (any_of(instructions(F), [&](Instruction &I) {
            Function *Callee = calledFunction(I);
            return Callee &&
                   (Callee->getName() == ForkCall || Result.count(Callee));
          })) {
        Result.insert(&F);
        Changed = true;
      }
    }
  }
  return Result;
}

/// The functions outside team code that start parallel regions and that
/// the kernels in \p Kernels reach.
DenseSet<Function *> forkersOutsideTeamCode(ArrayRef<const KernelReach *> Kernels) {
  DenseSet<Function *> Forkers;
  for (const KernelReach *KR : Kernels) {
    SetVector<Function *> Team = teamCodeFunctions(KR->K.F);
    for (Function *F : KR->Reach)
      if (!Team.count(F) && containsCallTo(*F, ForkCall))
        Forkers.insert(F);
  }
  return Forkers;
}

} // namespace

PreservedAnalyses SPMDizationPass::run(Module &M, ModuleAnalysisManager &) {
  if (hasDeviceErrors(M))
    return PreservedAnalyses::all();
  SmallVector<KernelReach, 8> Kernels = kernelReaches(M);
  DenseSet<Function *> Forking = forkingFunctions(M);

  // Teams reductions that must keep one copy per team lose their block
  // combination (openmp-device-reductions placed one before each) first,
  // with the lists only it reads: the team code's analysis then sees what
  // it shares without them.
  DenseMap<Function *, SmallVector<CallInst *, 2>> PerThreadCombines;
  SmallVector<CallInst *, 4> AllPerThreadCombines;
  for (KernelReach &KR : Kernels) {
    if (KR.K.Mode != KernelMode::Generic)
      continue;
    TeamCode Team(KR.K.F, Forking);
    for (const ThreadCopyReduction &R : Team.perThreadCopies()) {
      PerThreadCombines[KR.K.F].push_back(R.Combine);
      AllPerThreadCombines.push_back(R.Combine);
    }
    for (const SharedCopyReduction &R : Team.sharedCopies())
      remarkCopyPerTeam(R);
  }
  bool Changed = eraseOtherBlockCombines(M, AllPerThreadCombines);

  // Kernels whose team code can be guarded...
  SmallVector<KernelReach *, 8> Candidates;
  SmallVector<const KernelReach *, 8> Generic;
  MapVector<Function *, std::string> Reasons;
  for (KernelReach &KR : Kernels) {
    if (KR.K.Mode != KernelMode::Generic)
      continue;
    TeamCode Team(KR.K.F, Forking);
    if (std::optional<std::string> Reason = Team.reasonAgainst()) {
      Reasons[KR.K.F] = *Reason;
      Generic.push_back(&KR);
    } else {
      Candidates.push_back(&KR);
    }
  }
  // ...unless they share a function that starts a parallel region with a
  // kernel that stays generic (the modes lower such regions differently).
  bool Dropped = true;
  while (Dropped) {
    Dropped = false;
    DenseSet<Function *> GenericForkers = forkersOutsideTeamCode(Generic);
    for (auto *It = Candidates.begin(); It != Candidates.end(); ++It) {
      KernelReach *KR = *It;
      Function *SharedF = nullptr;
      for (Function *F : KR->Reach)
        if (GenericForkers.count(F))
          SharedF = F;
      if (!SharedF)
        continue;
      Reasons[KR->K.F] = ("it shares '" + SharedF->getName() +
                          "', which starts a parallel region, with a generic "
                          "kernel")
                             .str();
      Generic.push_back(KR);
      Candidates.erase(It);
      Dropped = true;
      break;
    }
  }

  // Kernels that stay generic run their teams reductions on one thread.
  SmallVector<CallInst *, 4> KeptCombines;
  for (KernelReach *KR : Candidates)
    append_range(KeptCombines, PerThreadCombines.lookup(KR->K.F));
  Changed |= eraseOtherBlockCombines(M, KeptCombines);

  for (KernelReach *KR : Candidates) {
    TeamCode Team(KR->K.F, Forking);
    bool Guardable = !Team.reasonAgainst();
    assert(Guardable && "a candidate's team code can be guarded");
    (void)Guardable;
    Team.guard();
    KR->K.Mode = KernelMode::Guarded;
    remarkGuarded(KR->K.F);
    ++NumGuardedKernels;
    LLVM_DEBUG(dbgs() << KR->K.F->getName() << ": guarded\n");
  }
  for (auto &[Kernel, Reason] : Reasons)
    remarkNotGuarded(Kernel, Reason);
  if (Candidates.empty())
    return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
  SmallVector<KernelInfo, 8> Final;
  for (const KernelReach &KR : Kernels)
    Final.push_back(KR.K);
  setKernels(M, Final);
  return PreservedAnalyses::none();
}

} // namespace cot

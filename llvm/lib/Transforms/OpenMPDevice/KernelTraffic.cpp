//===- KernelTraffic.cpp - Memory traffic and arithmetic of each kernel ---===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The CUDA plugin picks each launch's grid from a model (docs/Runtime.md,
// "Launch"), and the best grid depends on what limits the kernel ("Selecting
// Better Grid Geometries", paper 003 of ../shared/papers): a kernel that
// streams coalesced memory wants every warp slot and many blocks, while one
// whose threads each walk their own stretch of memory (CSR SpMV's inner
// loop) runs several times faster with few warps per SM, because then
// every thread's current cache lines stay in L1 until it comes back to them.
// This pass tells them apart from the code, so that the choice is the same
// on every run instead of the outcome of a timing.
//
// For every global-memory access of a kernel it asks how the address
// changes from one lane of a warp to the next (scalar evolution, with the
// thread index tid.x as the variable): by the access size or less
// (coalesced), not at all (uniform: a broadcast), by more or by an unknown
// amount (uncoalesced), or through loaded data (indirect). An access whose
// address is not coalesced but advances by a small constant step in a loop
// inside the thread's iteration is a thread stream: the thread walks its own
// contiguous stretch (accesses less than a cache line apart count as one).
// A stream keeps a line of L1 in use for each thread, or the lane stride
// of its start when neighbouring threads' stretches lie closer together
// than a line (a record of 64 bytes per thread: two threads share a line).
// A walk in a later loop that starts in an earlier walk's slot of such
// records (a record's tail after its body) is the same stream.
// Arithmetic is counted on the data slice only (what flows into stored
// values, atomics and loop-carried results), so that address and loop
// arithmetic do not count. Everything is weighted per iteration of the
// distributed loop: loops whose induction starts or steps by the thread,
// block or grid geometry are the distribution (weight 1); other loops weigh
// their constant trip count, or 16. Two coalesced loads of an iteration
// from one array at addresses a lane-uniform distance apart (u[c - n] and
// u[c + 1]) mark a stencil, whose neighbouring iterations share lines
// (flag COT_KERNEL_NEIGHBOUR_REUSE).
//
// The class: compute when arithmetic per byte reaches ComputeOpsPerByte,
// else thread-stretches when thread streams carry a quarter of the bytes,
// else gather when indirect accesses carry half, else streaming; unknown
// when the kernel has no global access in view (generic-mode kernels,
// whose regions run behind the dispatch call). The result goes to the
// kernel as `!cot.traffic` (KernelTraffic.h) and, under
// -Rpass-analysis=openmp-device, as a remark.
//
// Module pass openmp-device-kernel-traffic. The NVPTX device link runs it
// inside O3, after inlining has put the device runtime and the region into
// each kernel and before loops are vectorized or unrolled (which would
// blur the per-iteration counts); it changes no code.
//
//===----------------------------------------------------------------------===//

#include "OpenMPDevice/KernelTraffic.h"
#include "OpenMPDevice/Diagnostics.h"
#include "OpenMPDevice/Kernels.h"
#include "OpenMPDevice/Passes.h"
#include "TeamShared.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"

#include <algorithm>
#include <cmath>

#define DEBUG_TYPE "openmp-device-kernel-traffic"

STATISTIC(NumKernelsClassified, "Kernels whose traffic was classified");

using namespace llvm;

namespace cot {

namespace {

constexpr StringLiteral TrafficMDName = "cot.traffic";

/// Iterations assumed for an inner loop whose trip count is not a constant.
constexpr double AssumedInnerTrips = 16;
/// Arithmetic operations per byte from which a kernel counts as compute
/// bound: an H100 does about 20 FP64 or 40 FP32 operations per byte of
/// DRAM bandwidth at peak; kernels reach a fraction of either.
constexpr double ComputeOpsPerByte = 4;
/// Accesses of one stream lie less than a cache line apart.
constexpr int64_t CacheLineBytes = 128;
/// How deep the lane-stride and geometry walks follow operands.
constexpr unsigned MaxDepth = 64;

//===-- How addresses differ between neighbouring lanes -------------------===//

/// How a value changes from one lane of a warp to the next.
struct LaneStride {
  enum KindT {
    Uniform,  ///< the same in every lane
    Constant, ///< changes by Bytes (not 0)
    Symbolic, ///< changes by a lane-uniform amount unknown at compile time
    Varying   ///< changes through loaded data, or in a way not modelled
  } Kind = Uniform;
  int64_t Bytes = 0;

  static LaneStride uniform() { return {}; }
  static LaneStride constant(int64_t B) {
    return B ? LaneStride{Constant, B} : uniform();
  }
  static LaneStride symbolic() { return {Symbolic, 0}; }
  static LaneStride varying() { return {Varying, 0}; }
  bool isUniform() const { return Kind == Uniform; }
  bool operator==(const LaneStride &O) const {
    return Kind == O.Kind && Bytes == O.Bytes;
  }
};

LaneStride add(LaneStride A, LaneStride B) {
  if (A.Kind == LaneStride::Varying || B.Kind == LaneStride::Varying)
    return LaneStride::varying();
  if (A.isUniform())
    return B;
  if (B.isUniform())
    return A;
  int64_t Sum;
  if (A.Kind == LaneStride::Constant && B.Kind == LaneStride::Constant &&
      !AddOverflow(A.Bytes, B.Bytes, Sum))
    return LaneStride::constant(Sum);
  return LaneStride::symbolic();
}

/// A times a lane-uniform factor, Factor when it is a known constant.
LaneStride scale(LaneStride A, std::optional<int64_t> Factor) {
  if (A.Kind != LaneStride::Constant)
    return A;
  int64_t Product;
  if (!Factor || MulOverflow(A.Bytes, *Factor, Product))
    return LaneStride::symbolic();
  return LaneStride::constant(Product);
}

/// A divided by a lane-uniform divisor, Divisor when it is a known
/// constant. Neighbouring lanes mostly share a quotient (a collapsed loop's
/// outer index), so a stride the divisor does not divide becomes uniform.
LaneStride divide(LaneStride A, std::optional<int64_t> Divisor) {
  if (A.isUniform() || A.Kind == LaneStride::Varying)
    return A;
  if (A.Kind == LaneStride::Constant && Divisor && *Divisor != 0 &&
      A.Bytes % *Divisor == 0)
    return LaneStride::constant(A.Bytes / *Divisor);
  return LaneStride::uniform();
}

/// One of several values (a select's or a phi's): a value that differs
/// between lanes wins over a uniform one, which is the degenerate case
/// (a team of one thread, a lane past the end of the loop).
LaneStride merge(LaneStride A, LaneStride B) {
  if (A == B || B.isUniform())
    return A;
  if (A.isUniform())
    return B;
  if (A.Kind == LaneStride::Varying || B.Kind == LaneStride::Varying)
    return LaneStride::varying();
  return LaneStride::symbolic();
}

bool isIntrinsic(const Value *V, ArrayRef<Intrinsic::ID> IDs) {
  const auto *II = dyn_cast<IntrinsicInst>(V);
  return II && is_contained(IDs, II->getIntrinsicID());
}

/// The lane index: tid.x in the one-dimensional blocks the plugin launches.
bool isLaneIndex(const Value *V) {
  return isIntrinsic(V, {Intrinsic::nvvm_read_ptx_sreg_tid_x,
                         Intrinsic::nvvm_read_ptx_sreg_laneid});
}

/// Reads of the launch geometry: the thread, block and grid indices and
/// sizes.
bool isGeometryRead(const Value *V) {
  return isLaneIndex(V) ||
         isIntrinsic(V, {Intrinsic::nvvm_read_ptx_sreg_ntid_x,
                         Intrinsic::nvvm_read_ptx_sreg_ctaid_x,
                         Intrinsic::nvvm_read_ptx_sreg_nctaid_x});
}

/// Lane strides of the values of one function, memoized.
class LaneStrides {
public:
  explicit LaneStrides(ScalarEvolution &SE) : SE(SE) {}

  LaneStride ofValue(Value *V, unsigned Depth = 0) {
    if (SE.isSCEVable(V->getType()))
      return ofSCEV(SE.getSCEV(V), Depth);
    return ofInstruction(V, Depth);
  }

  LaneStride ofSCEV(const SCEV *S, unsigned Depth) {
    switch (S->getSCEVType()) {
    case scConstant:
    case scVScale:
      return LaneStride::uniform();
    case scTruncate:
    case scZeroExtend:
    case scSignExtend:
    case scPtrToInt:
      return ofSCEV(cast<SCEVCastExpr>(S)->getOperand(), Depth);
    case scAddExpr: {
      LaneStride Sum = LaneStride::uniform();
      for (const SCEV *Op : cast<SCEVAddExpr>(S)->operands())
        Sum = add(Sum, ofSCEV(Op, Depth));
      return Sum;
    }
    case scMulExpr:
      return ofProduct(cast<SCEVMulExpr>(S), Depth);
    case scUDivExpr: {
      const auto *Div = cast<SCEVUDivExpr>(S);
      if (!ofSCEV(Div->getRHS(), Depth).isUniform())
        return LaneStride::varying();
      return divide(ofSCEV(Div->getLHS(), Depth), constantOf(Div->getRHS()));
    }
    case scAddRecExpr: {
      // Lanes run the same iteration of the loop; they differ by where
      // they started, as long as they step alike.
      const auto *Rec = cast<SCEVAddRecExpr>(S);
      for (const SCEV *Step : drop_begin(Rec->operands()))
        if (!ofSCEV(Step, Depth).isUniform())
          return LaneStride::varying();
      return ofSCEV(Rec->getStart(), Depth);
    }
    case scSMaxExpr:
    case scUMaxExpr:
    case scSMinExpr:
    case scUMinExpr:
    case scSequentialUMinExpr: {
      const auto *MinMax = cast<SCEVNAryExpr>(S);
      LaneStride Merged = ofSCEV(MinMax->getOperand(0), Depth);
      for (const SCEV *Op : drop_begin(MinMax->operands()))
        Merged = merge(Merged, ofSCEV(Op, Depth));
      return Merged;
    }
    case scUnknown:
      return ofInstruction(cast<SCEVUnknown>(S)->getValue(), Depth + 1);
    case scCouldNotCompute:
      return LaneStride::varying();
    }
    llvm_unreachable("unknown SCEV kind");
  }

private:
  ScalarEvolution &SE;
  DenseMap<Value *, LaneStride> Known;
  SmallPtrSet<Value *, 16> InProgress;
  bool DepthLimited = false;

  static std::optional<int64_t> constantOf(const SCEV *S) {
    if (const auto *C = dyn_cast<SCEVConstant>(S))
      if (C->getAPInt().getSignificantBits() <= 64)
        return C->getAPInt().getSExtValue();
    return std::nullopt;
  }

  LaneStride ofProduct(const SCEVMulExpr *Mul, unsigned Depth) {
    std::optional<LaneStride> Varying;
    std::optional<int64_t> Factor = 1;
    for (const SCEV *Op : Mul->operands()) {
      LaneStride L = ofSCEV(Op, Depth);
      if (!L.isUniform()) {
        if (Varying) // a product of two lane-dependent values
          return LaneStride::varying();
        Varying = L;
        continue;
      }
      std::optional<int64_t> C = constantOf(Op);
      if (!C || !Factor || MulOverflow(*Factor, *C, *Factor))
        Factor = std::nullopt;
    }
    return Varying ? scale(*Varying, Factor) : LaneStride::uniform();
  }

  LaneStride ofInstruction(Value *V, unsigned Depth) {
    if (isa<Argument>(V) || isa<Constant>(V))
      return LaneStride::uniform();
    auto It = Known.find(V);
    if (It != Known.end())
      return It->second;
    if (Depth > MaxDepth) {
      DepthLimited = true;
      return LaneStride::varying();
    }
    // A value met again while its own stride is computed (a phi's cycle)
    // adds nothing to what the other operands say.
    if (!InProgress.insert(V).second)
      return LaneStride::uniform();
    bool OuterLimited = DepthLimited;
    DepthLimited = false;
    LaneStride L = computeInstruction(cast<Instruction>(V), Depth);
    InProgress.erase(V);
    // What the depth limit cut short may be known in full from elsewhere.
    if (!DepthLimited)
      Known[V] = L;
    DepthLimited |= OuterLimited;
    return L;
  }

  LaneStride operandOf(Instruction *I, unsigned N, unsigned Depth) {
    return ofValue(I->getOperand(N), Depth + 1);
  }

  std::optional<int64_t> constantOperand(Instruction *I, unsigned N) {
    if (auto *C = dyn_cast<ConstantInt>(I->getOperand(N)))
      if (C->getValue().getSignificantBits() <= 64)
        return C->getSExtValue();
    return std::nullopt;
  }

  LaneStride computeInstruction(Instruction *I, unsigned Depth) {
    if (isLaneIndex(I))
      return LaneStride::constant(1);
    if (isGeometryRead(I))
      return LaneStride::uniform();
    if (auto *Load = dyn_cast<LoadInst>(I))
      return ofValue(Load->getPointerOperand(), Depth + 1).isUniform()
                 ? LaneStride::uniform()
                 : LaneStride::varying();
    if (isa<FreezeInst>(I) || isa<CastInst>(I))
      return operandOf(I, 0, Depth);
    if (auto *Select = dyn_cast<SelectInst>(I))
      return merge(operandOf(Select, 1, Depth), operandOf(Select, 2, Depth));
    if (auto *Phi = dyn_cast<PHINode>(I)) {
      LaneStride Merged = LaneStride::uniform();
      for (Value *In : Phi->incoming_values())
        Merged = merge(Merged, ofValue(In, Depth + 1));
      return Merged;
    }
    if (auto *BO = dyn_cast<BinaryOperator>(I))
      return ofBinary(BO, Depth);
    for (Value *Op : I->operands())
      if (!ofValue(Op, Depth + 1).isUniform())
        return LaneStride::varying();
    return LaneStride::uniform();
  }

  /// The operators scalar evolution leaves opaque.
  LaneStride ofBinary(BinaryOperator *BO, unsigned Depth) {
    LaneStride LHS = operandOf(BO, 0, Depth), RHS = operandOf(BO, 1, Depth);
    if (LHS.isUniform() && RHS.isUniform())
      return LaneStride::uniform();
    if (!RHS.isUniform())
      return LaneStride::varying();
    std::optional<int64_t> C = constantOperand(BO, 1);
    switch (BO->getOpcode()) {
    case Instruction::SDiv:
    case Instruction::UDiv:
      return divide(LHS, C);
    case Instruction::SRem:
    case Instruction::URem:
      return LHS;
    case Instruction::Shl:
      return scale(LHS, C && *C >= 0 && *C < 62
                            ? std::optional<int64_t>(int64_t(1) << *C)
                            : std::nullopt);
    case Instruction::LShr:
    case Instruction::AShr:
      return divide(LHS, C && *C >= 0 && *C < 62
                             ? std::optional<int64_t>(int64_t(1) << *C)
                             : std::nullopt);
    default:
      return LaneStride::varying();
    }
  }
};

//===-- The distributed loop ----------------------------------------------===//

/// Whether V is computed from the launch geometry (not through memory).
class GeometryDependence {
public:
  bool of(const Value *V, unsigned Depth = 0) {
    if (isGeometryRead(V))
      return true;
    const auto *I = dyn_cast<Instruction>(V);
    if (!I || isa<LoadInst>(I) || Depth > MaxDepth)
      return false;
    auto It = Known.find(I);
    if (It != Known.end())
      return It->second;
    Known[I] = false; // cycles through phis add nothing
    bool Depends = any_of(I->operands(),
                          [&](const Value *Op) { return of(Op, Depth + 1); });
    Known[I] = Depends;
    return Depends;
  }

private:
  DenseMap<const Instruction *, bool> Known;
};

/// Whether L is one of the loops that hand out the construct's iterations
/// (the grid-stride and chunk loops of the schedule): one of its inductions
/// starts or steps by the launch geometry. Loops of the region's own code
/// start and step by constants or data.
bool isDistributionLoop(const Loop &L, GeometryDependence &Geometry) {
  BasicBlock *Preheader = L.getLoopPredecessor();
  BasicBlock *Latch = L.getLoopLatch();
  if (!Preheader || !Latch)
    return false;
  for (PHINode &Phi : L.getHeader()->phis()) {
    if (!Phi.getType()->isIntegerTy())
      continue;
    if (Geometry.of(Phi.getIncomingValueForBlock(Preheader)))
      return true;
    auto *Next = dyn_cast<BinaryOperator>(Phi.getIncomingValueForBlock(Latch));
    if (Next && (Next->getOpcode() == Instruction::Add ||
                 Next->getOpcode() == Instruction::Sub)) {
      Value *Step = Next->getOperand(0) == &Phi ? Next->getOperand(1)
                                                : Next->getOperand(0);
      if (Geometry.of(Step))
        return true;
    }
  }
  return false;
}

//===-- Counting ----------------------------------------------------------===//

/// Per-iteration totals, before they are rounded into the record.
struct Totals {
  double Coalesced = 0, Uncoalesced = 0, Indirect = 0, Uniform = 0, Ops = 0;
  double StreamBytes = 0;
  unsigned Streams = 0;
  unsigned StreamL1Bytes = 0;
  bool Atomics = false, InnerLoops = false, NeighbourReuse = false;

  double movedBytes() const { return Coalesced + Uncoalesced + Indirect; }
};

/// Where in the kernel an access lies: how often it runs per iteration of
/// the distributed loop, and in which inner loop.
class IterationWeights {
public:
  IterationWeights(LoopInfo &LI, ScalarEvolution &SE) : LI(LI), SE(SE) {
    for (Loop *L : LI.getLoopsInPreorder())
      HasDistribution |= isDistribution(L);
  }

  /// How often BB runs per iteration: the trips of the loops between it
  /// and the distributed loop (loops around that one are the schedule's, as
  /// the teams level of an SPMD league loop, which runs once); 0 outside
  /// the distributed loop (code that runs once per thread, as the set-up
  /// and the end of a reduction), when the kernel has one.
  double of(const BasicBlock *BB) {
    double Weight = 1;
    for (Loop *L = LI.getLoopFor(BB); L; L = L->getParentLoop()) {
      if (isDistribution(L))
        return Weight;
      Weight *= tripsOf(L);
    }
    return HasDistribution ? 0 : Weight;
  }

  /// The innermost loop around BB that runs inside one iteration.
  const Loop *innerLoopOf(const BasicBlock *BB) {
    const Loop *L = LI.getLoopFor(BB);
    return L && !isDistribution(L) ? L : nullptr;
  }

  bool isDistribution(const Loop *L) {
    auto It = Distribution.find(L);
    if (It != Distribution.end())
      return It->second;
    return Distribution[L] = isDistributionLoop(*L, Geometry);
  }

private:
  LoopInfo &LI;
  ScalarEvolution &SE;
  GeometryDependence Geometry;
  DenseMap<const Loop *, bool> Distribution;
  bool HasDistribution = false;

  double tripsOf(const Loop *L) {
    unsigned Trips = SE.getSmallConstantTripCount(L);
    return Trips ? double(Trips) : AssumedInnerTrips;
  }
};

bool isGlobalMemory(const Value *Ptr) {
  unsigned AS = Ptr->getType()->getPointerAddressSpace();
  return AS == 0 || AS == 1; // generic or global
}

/// The pointer an instruction accesses global memory through, and whether
/// it is an atomic update.
const Value *globalAccessPointer(const Instruction &I, bool &Atomic) {
  Atomic = isa<AtomicRMWInst>(I) || isa<AtomicCmpXchgInst>(I);
  const Value *Ptr = getLoadStorePointerOperand(&I);
  if (const auto *RMW = dyn_cast<AtomicRMWInst>(&I))
    Ptr = RMW->getPointerOperand();
  else if (const auto *CAS = dyn_cast<AtomicCmpXchgInst>(&I))
    Ptr = CAS->getPointerOperand();
  return Ptr && isGlobalMemory(Ptr) ? Ptr : nullptr;
}

Type *accessedType(const Instruction &I) {
  if (const auto *Load = dyn_cast<LoadInst>(&I))
    return Load->getType();
  if (const auto *Store = dyn_cast<StoreInst>(&I))
    return Store->getValueOperand()->getType();
  if (const auto *RMW = dyn_cast<AtomicRMWInst>(&I))
    return RMW->getValOperand()->getType();
  return cast<AtomicCmpXchgInst>(I).getNewValOperand()->getType();
}

/// The stretches the threads walk, one per inner loop and cache line. A
/// walk in a later loop that continues in an earlier walk's slot (where
/// neighbouring threads' slots lie under a line apart) keeps no more L1 in
/// use: a record's tail loop that starts where the loop over its body
/// stopped.
class ThreadStreams {
public:
  explicit ThreadStreams(ScalarEvolution &SE) : SE(SE) {}

  /// Adds the access at Address (an evolution in an inner loop), whose
  /// start moves by Lane from one thread to the next, unless an access of
  /// the same stream is already there.
  void add(const SCEVAddRecExpr *Address, LaneStride Lane) {
    for (const Stream &Known : Streams) {
      if (Known.Address->getLoop() != Address->getLoop()) {
        if (continuesSlot(Known, Address))
          return;
        continue;
      }
      if (closerThan(Address, Known.Address, CacheLineBytes))
        return;
    }
    Streams.push_back({Address, Lane});
    L1Bytes +=
        sharesLines(Lane) ? unsigned(std::abs(Lane.Bytes)) : CacheLineBytes;
  }
  unsigned count() const { return Streams.size(); }
  /// L1 bytes that one thread's streams keep in use.
  unsigned l1Bytes() const { return L1Bytes; }

private:
  struct Stream {
    const SCEVAddRecExpr *Address;
    LaneStride Lane;
  };
  ScalarEvolution &SE;
  SmallVector<Stream, 4> Streams;
  unsigned L1Bytes = 0;

  /// Whether A and B lie a constant distance under Bytes apart.
  bool closerThan(const SCEV *A, const SCEV *B, int64_t Bytes) {
    const auto *Gap = dyn_cast<SCEVConstant>(SE.getMinusSCEV(A, B));
    return Gap && Gap->getAPInt().abs().slt(Bytes);
  }

  static bool sharesLines(LaneStride Lane) {
    return Lane.Kind == LaneStride::Constant &&
           std::abs(Lane.Bytes) < CacheLineBytes;
  }

  /// Whether Address walks on in Known's slot (Known's slots are under a
  /// line apart): it starts within the slot where Known starts, or where
  /// Known's walk stopped (a record's tail loop after its body).
  bool continuesSlot(const Stream &Known, const SCEVAddRecExpr *Address) {
    if (!sharesLines(Known.Lane))
      return false;
    SmallPtrSet<const PHINode *, 4> Seen;
    return isInSlot(Address->getStart(), Known, Seen);
  }

  /// Whether Start lies in the slot of Known: a constant distance under
  /// the slot from where Known starts or from one of its walk's values, or
  /// a phi (the loop's LCSSA exit value, the join of a loop that may not
  /// run) of such values.
  bool isInSlot(const SCEV *Start, const Stream &Known,
                SmallPtrSetImpl<const PHINode *> &Seen) {
    int64_t Slot = std::abs(Known.Lane.Bytes);
    // Where Known starts, or a value of its walk (the induction variable or
    // its next value).
    if (closerThan(Start, Known.Address->getStart(), Slot) ||
        closerThan(Start, Known.Address, Slot))
      return true;
    const auto *Unknown = dyn_cast<SCEVUnknown>(Start);
    const auto *Phi =
        Unknown ? dyn_cast<PHINode>(Unknown->getValue()) : nullptr;
    if (!Phi || Seen.size() >= 4 || !Seen.insert(Phi).second)
      return false;
    return all_of(Phi->incoming_values(), [&](const Value *In) {
      return isInSlot(SE.getSCEV(const_cast<Value *>(In)), Known, Seen);
    });
  }
};

/// The coalesced loads of an iteration (outside inner loops), to find a
/// stencil's: two loads from one array whose addresses differ by the same
/// amount in every lane (u[c - n] and u[c + 1]), so that neighbouring
/// iterations read each other's lines.
class NeighbourLoads {
public:
  explicit NeighbourLoads(ScalarEvolution &SE) : SE(SE) {}

  /// Adds a coalesced load's address; says whether it and an earlier one
  /// are neighbours.
  bool add(const SCEV *Address, LaneStrides &Lanes) {
    const SCEV *Base = SE.getPointerBase(Address);
    if (isa<SCEVCouldNotCompute>(Base) || Loads.size() >= MaxLoads)
      return false;
    bool Neighbours = any_of(Loads, [&](const Load &Known) {
      if (Known.Base != Base)
        return false;
      const SCEV *Gap = SE.getMinusSCEV(Address, Known.Address);
      return !isa<SCEVCouldNotCompute>(Gap) && !Gap->isZero() &&
             Lanes.ofSCEV(Gap, 0).isUniform();
    });
    Loads.push_back({Base, Address});
    return Neighbours;
  }

private:
  /// Loads compared, so that the pairs stay few in a large kernel.
  static constexpr unsigned MaxLoads = 32;
  struct Load {
    const SCEV *Base;
    const SCEV *Address;
  };
  ScalarEvolution &SE;
  SmallVector<Load, 8> Loads;
};

/// Address as a walk through a contiguous stretch in an inner loop: an
/// evolution of that loop by a constant step shorter than a cache line.
const SCEVAddRecExpr *stretchWalk(const SCEV *Address, const Loop *Inner) {
  const auto *Rec = dyn_cast<SCEVAddRecExpr>(Address);
  if (!Inner || !Rec || Rec->getLoop() != Inner || !Rec->isAffine())
    return nullptr;
  const auto *Step = dyn_cast<SCEVConstant>(Rec->getOperand(1));
  if (!Step || Step->getAPInt().isZero() ||
      Step->getAPInt().abs().sge(CacheLineBytes))
    return nullptr;
  return Rec;
}

void countAccess(Instruction &I, const Value *Ptr, const DataLayout &DL,
                 ScalarEvolution &SE, LaneStrides &Lanes,
                 IterationWeights &Weights, ThreadStreams &Streams,
                 NeighbourLoads &Neighbours, Totals &T) {
  double Bytes = double(DL.getTypeStoreSize(accessedType(I)).getFixedValue());
  double Weighted = Bytes * Weights.of(I.getParent());
  if (Weighted == 0)
    return;
  const Loop *Inner = Weights.innerLoopOf(I.getParent());
  T.InnerLoops |= Inner != nullptr;
  const SCEV *Address = SE.getSCEV(const_cast<Value *>(Ptr));
  LaneStride Lane = Lanes.ofSCEV(Address, 0);
  if (Lane.isUniform()) {
    T.Uniform += Weighted;
    return;
  }
  if (Lane.Kind == LaneStride::Constant &&
      double(std::abs(Lane.Bytes)) <= Bytes) {
    T.Coalesced += Weighted;
    if (isa<LoadInst>(I) && !Inner)
      T.NeighbourReuse |= Neighbours.add(Address, Lanes);
    return;
  }
  if (const SCEVAddRecExpr *Walk = stretchWalk(Address, Inner)) {
    Streams.add(Walk, Lane);
    T.StreamBytes += Weighted;
    T.Uncoalesced += Weighted;
    return;
  }
  if (Lane.Kind == LaneStride::Varying)
    T.Indirect += Weighted;
  else
    T.Uncoalesced += Weighted;
}

/// Operations of an instruction on data: a fused multiply-add is two.
unsigned arithmeticOps(const Instruction &I) {
  if (isa<BinaryOperator>(I) || isa<UnaryOperator>(I) || isa<CmpInst>(I) ||
      isa<SelectInst>(I))
    return 1;
  if (isa<FPToSIInst>(I) || isa<FPToUIInst>(I) || isa<SIToFPInst>(I) ||
      isa<UIToFPInst>(I) || isa<FPTruncInst>(I) || isa<FPExtInst>(I))
    return 1;
  if (const auto *II = dyn_cast<IntrinsicInst>(&I)) {
    switch (II->getIntrinsicID()) {
    case Intrinsic::fma:
    case Intrinsic::fmuladd:
      return 2;
    default:
      return II->getType()->isFPOrFPVectorTy() ||
                     II->getType()->isIntOrIntVectorTy()
                 ? 1
                 : 0;
    }
  }
  return 0;
}

bool isInduction(Instruction *I, ScalarEvolution &SE) {
  return isa<PHINode>(I) && SE.isSCEVable(I->getType()) &&
         isa<SCEVAddRecExpr>(SE.getSCEV(I));
}

/// Counts the arithmetic that computes data: backwards from the values
/// stored to and combined into global memory (loop-carried results such as
/// reductions reach them through their phis), stopping at loads, inductions
/// and the geometry.
double dataArithmetic(Function &F, ScalarEvolution &SE,
                      IterationWeights &Weights) {
  SmallVector<Value *, 32> Work;
  for (Instruction &I : instructions(F)) {
    bool Atomic;
    if (!globalAccessPointer(I, Atomic))
      continue;
    if (auto *Store = dyn_cast<StoreInst>(&I))
      Work.push_back(Store->getValueOperand());
    else if (auto *RMW = dyn_cast<AtomicRMWInst>(&I))
      Work.push_back(RMW->getValOperand());
    else if (auto *CAS = dyn_cast<AtomicCmpXchgInst>(&I))
      Work.push_back(CAS->getNewValOperand());
  }
  SmallPtrSet<Value *, 32> Seen;
  double Ops = 0;
  while (!Work.empty()) {
    auto *I = dyn_cast<Instruction>(Work.pop_back_val());
    if (!I || isa<LoadInst>(I) || isGeometryRead(I) || isInduction(I, SE) ||
        !Seen.insert(I).second)
      continue;
    if (unsigned N = arithmeticOps(*I))
      Ops += N * Weights.of(I->getParent());
    append_range(Work, I->operands());
  }
  return Ops;
}

/// Whether \p Load streams through global memory: its address moves with
/// the lane (by a constant or lane-uniform amount), not with loaded data
/// (a table lookup such as the argument reduction of libdevice's sinf) and
/// not the same in every lane, and it is not a team-shared array reached
/// through a generic pointer (a CUDA-style kernel's tile).
bool streamsFromThreads(LoadInst &Load, ScalarEvolution &SE,
                        LaneStrides &Lanes) {
  const Value *Ptr = Load.getPointerOperand();
  if (!isGlobalMemory(Ptr) || pointsToSharedMemory(Ptr))
    return false;
  LaneStride Lane = Lanes.ofSCEV(SE.getSCEV(const_cast<Value *>(Ptr)), 0);
  return Lane.Kind == LaneStride::Constant || Lane.Kind == LaneStride::Symbolic;
}

/// Whether \p V, computed in \p L, depends on a streaming load in \p L
/// through the loop body's own arithmetic (not through the loop's other
/// phis).
bool fedByLoads(Value *V, const Loop &L, ScalarEvolution &SE,
                LaneStrides &Lanes) {
  SmallVector<Value *, 16> Work = {V};
  SmallPtrSet<Value *, 16> Seen;
  while (!Work.empty()) {
    auto *I = dyn_cast<Instruction>(Work.pop_back_val());
    if (!I || !L.contains(I) || !Seen.insert(I).second)
      continue;
    if (auto *Load = dyn_cast<LoadInst>(I))
      if (streamsFromThreads(*Load, SE, Lanes))
        return true;
    if (isa<PHINode>(I) && I->getParent() == L.getHeader())
      continue;
    append_range(Work, I->operands());
  }
  return false;
}

/// Whether a loop carries a value that its streaming loads feed: a header
/// phi of integer or floating-point type, not an induction, whose value
/// from the latch comes from the loop's loads (x += a[i],
/// x = a[i] < x ? a[i] : x).
bool accumulatesLoads(LoopInfo &LI, ScalarEvolution &SE, LaneStrides &Lanes) {
  for (const Loop *L : LI.getLoopsInPreorder()) {
    BasicBlock *Latch = L->getLoopLatch();
    if (!Latch)
      continue;
    for (PHINode &Phi : L->getHeader()->phis())
      if ((Phi.getType()->isIntegerTy() ||
           Phi.getType()->isFloatingPointTy()) &&
          !isInduction(&Phi, SE) &&
          fedByLoads(Phi.getIncomingValueForBlock(Latch), *L, SE, Lanes))
        return true;
  }
  return false;
}

uint32_t saturate(double X) {
  return X >= double(UINT32_MAX) ? UINT32_MAX : uint32_t(std::lround(X));
}

uint32_t classify(const Totals &T) {
  double Moved = T.movedBytes();
  if (Moved == 0)
    return T.Ops > 0 ? COT_KERNEL_CLASS_COMPUTE : COT_KERNEL_CLASS_UNKNOWN;
  if (T.Ops >= ComputeOpsPerByte * Moved)
    return COT_KERNEL_CLASS_COMPUTE;
  if (T.Streams > 0 && T.StreamBytes * 4 >= Moved)
    return COT_KERNEL_CLASS_THREAD_STRETCHES;
  if (T.Indirect * 2 >= Moved)
    return COT_KERNEL_CLASS_GATHER;
  return COT_KERNEL_CLASS_STREAMING;
}

KernelTraffic analyzeKernel(Function &F, LoopInfo &LI, ScalarEvolution &SE) {
  const DataLayout &DL = F.getDataLayout();
  LaneStrides Lanes(SE);
  IterationWeights Weights(LI, SE);
  ThreadStreams Streams(SE);
  NeighbourLoads Neighbours(SE);
  Totals T;
  for (Instruction &I : instructions(F)) {
    bool Atomic = false;
    const Value *Ptr = globalAccessPointer(I, Atomic);
    if (!Ptr)
      continue;
    T.Atomics |= Atomic;
    countAccess(I, Ptr, DL, SE, Lanes, Weights, Streams, Neighbours, T);
  }
  T.Streams = Streams.count();
  T.StreamL1Bytes = Streams.l1Bytes();
  T.Ops = dataArithmetic(F, SE, Weights);

  KernelTraffic K;
  K.Class = classify(T);
  K.Flags =
      (T.Atomics ? COT_KERNEL_ATOMICS : 0) |
      (T.InnerLoops ? COT_KERNEL_INNER_LOOPS : 0) |
      (T.NeighbourReuse ? COT_KERNEL_NEIGHBOUR_REUSE : 0) |
      (accumulatesLoads(LI, SE, Lanes) ? COT_KERNEL_LOAD_ACCUMULATION : 0);
  K.CoalescedBytes = saturate(T.Coalesced);
  K.UncoalescedBytes = saturate(T.Uncoalesced);
  K.IndirectBytes = saturate(T.Indirect);
  K.UniformBytes = saturate(T.Uniform);
  K.ArithOps = saturate(T.Ops);
  K.ThreadStreams = T.Streams;
  K.StreamL1Bytes = T.StreamL1Bytes;
  return K;
}

void remarkTraffic(Function &F, const KernelTraffic &K) {
  OptimizationRemarkEmitter ORE(&F);
  ORE.emit([&] {
    return OptimizationRemarkAnalysis(RemarkPassName, "KernelTraffic", &F)
           << "kernel '" << F.getName() << "' is " << kernelClassName(K.Class)
           << ": per iteration " << Twine(K.CoalescedBytes).str()
           << " B coalesced, " << Twine(K.UncoalescedBytes).str()
           << " B uncoalesced, " << Twine(K.IndirectBytes).str()
           << " B indirect, " << Twine(K.UniformBytes).str() << " B uniform, "
           << Twine(K.ArithOps).str() << " operations, "
           << Twine(K.ThreadStreams).str() << " thread streams"
           << (K.ThreadStreams ? " holding " + Twine(K.StreamL1Bytes).str() +
                                     " B of L1 a thread"
                               : std::string())
           << ((K.Flags & COT_KERNEL_ATOMICS) ? ", atomics" : "")
           << ((K.Flags & COT_KERNEL_NEIGHBOUR_REUSE) ? ", neighbour reuse"
                                                      : "")
           << ((K.Flags & COT_KERNEL_LOAD_ACCUMULATION)
                   ? ", loads accumulated in a loop"
                   : "");
  });
}

} // namespace

StringRef kernelClassName(uint32_t Class) {
  switch (Class) {
  case COT_KERNEL_CLASS_STREAMING:
    return "streaming";
  case COT_KERNEL_CLASS_COMPUTE:
    return "compute";
  case COT_KERNEL_CLASS_THREAD_STRETCHES:
    return "thread-stretches";
  case COT_KERNEL_CLASS_GATHER:
    return "gather";
  default:
    return "unknown";
  }
}

void setKernelTraffic(Function &Kernel, const KernelTraffic &T) {
  LLVMContext &Ctx = Kernel.getContext();
  Type *I32 = Type::getInt32Ty(Ctx);
  auto Int = [&](uint32_t V) {
    return ConstantAsMetadata::get(ConstantInt::get(I32, V));
  };
  Kernel.setMetadata(
      TrafficMDName,
      MDNode::get(Ctx,
                  {MDString::get(Ctx, kernelClassName(T.Class)), Int(T.Flags),
                   Int(T.CoalescedBytes), Int(T.UncoalescedBytes),
                   Int(T.IndirectBytes), Int(T.UniformBytes), Int(T.ArithOps),
                   Int(T.ThreadStreams), Int(T.StreamL1Bytes)}));
}

std::optional<KernelTraffic> kernelTrafficOf(const Function &Kernel) {
  MDNode *MD = Kernel.getMetadata(TrafficMDName);
  if (!MD || MD->getNumOperands() != 9)
    return std::nullopt;
  auto *Name = dyn_cast<MDString>(MD->getOperand(0));
  if (!Name)
    return std::nullopt;
  KernelTraffic T;
  for (uint32_t C = COT_KERNEL_CLASS_UNKNOWN; C <= COT_KERNEL_CLASS_GATHER; ++C)
    if (kernelClassName(C) == Name->getString())
      T.Class = C;
  uint32_t *Fields[] = {
      &T.Flags,        &T.CoalescedBytes, &T.UncoalescedBytes, &T.IndirectBytes,
      &T.UniformBytes, &T.ArithOps,       &T.ThreadStreams,
      &T.StreamL1Bytes};
  for (unsigned I = 0; I < std::size(Fields); ++I) {
    auto *C = mdconst::dyn_extract<ConstantInt>(MD->getOperand(I + 1));
    if (!C)
      return std::nullopt;
    *Fields[I] = uint32_t(C->getZExtValue());
  }
  return T;
}

PreservedAnalyses KernelTrafficPass::run(Module &M,
                                         ModuleAnalysisManager &MAM) {
  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  for (Function *F : annotatedKernels(M)) {
    KernelTraffic K = analyzeKernel(*F, FAM.getResult<LoopAnalysis>(*F),
                                    FAM.getResult<ScalarEvolutionAnalysis>(*F));
    LLVM_DEBUG(dbgs() << F->getName() << ": " << kernelClassName(K.Class)
                      << "\n");
    setKernelTraffic(*F, K);
    remarkTraffic(*F, K);
    ++NumKernelsClassified;
  }
  return PreservedAnalyses::all();
}

} // namespace cot

//===- KernelSharedState.cpp - Shared variables as one kernel sees them ---===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Shared memory belongs to one block of one launch: what the threads of a
// kernel store in a shared variable, only they load. The device runtime
// keeps its team state in shared variables that every kernel initializes
// (the mode, the nthreads ICV, a parallel region's size, the dispatch
// pointer of a generic kernel's workers) and that the code of parallel
// regions, worksharing and reductions reads. Once the runtime is inlined,
// a kernel often stores one constant to such a variable wherever it stores
// to it (the nthreads ICV is 0 unless the program calls
// omp_set_num_threads; the mode is SPMD in an SPMD kernel, while the
// module's generic kernels store another), or never loads one it
// initializes. Module-wide, LLVM sees several stores and loads in other
// kernels, and keeps them: a CUDA-style kernel's block then begins with
// thread 0's stores and a barrier that orders nothing it needs.
//
// Pass openmp-device-kernel-shared-state (module, where O3's optimizer
// starts), for each kernel that makes no indirect call, and each shared
// variable only loaded from and stored to by name (no pointer to it
// escapes), over the functions the kernel calls directly or indirectly:
//  - where every store stores the same constant, the kernel's own loads
//    become that constant (shared memory starts undefined, so a load
//    before the first store may read it too);
//  - where nothing loads the variable, the kernel's own stores go.
// Stores and loads in functions the kernel shares with others stay.
// openmp-device-kernel-barriers then drops the barrier these stores needed.
//
//===----------------------------------------------------------------------===//

#include "OpenMPDevice/Kernels.h"
#include "OpenMPDevice/Passes.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#define DEBUG_TYPE "openmp-device-kernel-shared-state"

STATISTIC(NumFoldedLoads, "Loads of shared variables replaced by a constant");
STATISTIC(NumDeadStores, "Stores to shared variables no load reads");

using namespace llvm;

namespace cot {
namespace {

constexpr unsigned SharedAddressSpace = 3;

/// The loads and stores of a shared variable, its only uses.
struct SharedAccesses {
  SmallVector<LoadInst *, 8> Loads;
  SmallVector<StoreInst *, 8> Stores;
};

/// The accesses of \p G when nothing but plain loads and stores of it by
/// name use it.
std::optional<SharedAccesses> accessesOf(GlobalVariable &G) {
  SharedAccesses A;
  for (User *U : G.users()) {
    if (auto *L = dyn_cast<LoadInst>(U); L && !L->isVolatile()) {
      A.Loads.push_back(L);
      continue;
    }
    auto *S = dyn_cast<StoreInst>(U);
    if (!S || S->isVolatile() || S->getPointerOperand() != &G ||
        S->getValueOperand() == &G)
      return std::nullopt;
    A.Stores.push_back(S);
  }
  return A;
}

/// The constant every store of \p Stores stores, if there is one.
Constant *storedConstant(ArrayRef<StoreInst *> Stores) {
  Constant *Value = nullptr;
  for (StoreInst *S : Stores) {
    auto *C = dyn_cast<Constant>(S->getValueOperand());
    if (!C || (Value && C != Value))
      return nullptr;
    Value = C;
  }
  return Value;
}

/// Folds \p Kernel's loads of a shared variable and drops its stores, as
/// the header says. Returns whether it changed \p Kernel.
bool simplifyForKernel(Function &Kernel,
                       const KernelFunctions &Reach,
                       const SharedAccesses &All) {
  auto Runs = [&](const Instruction *I) {
    return Reach.contains(I->getFunction());
  };
  SmallVector<StoreInst *, 8> Stores;
  SmallVector<LoadInst *, 8> Loads;
  copy_if(All.Stores, std::back_inserter(Stores), Runs);
  copy_if(All.Loads, std::back_inserter(Loads), Runs);
  bool Changed = false;
  size_t LoadsLeft = Loads.size();
  Constant *Value = Stores.empty() ? nullptr : storedConstant(Stores);
  for (LoadInst *L : Loads) {
    if (!Value || L->getFunction() != &Kernel ||
        L->getType() != Value->getType())
      continue;
    L->replaceAllUsesWith(Value);
    L->eraseFromParent();
    --LoadsLeft;
    ++NumFoldedLoads;
    Changed = true;
  }
  if (LoadsLeft)
    return Changed;
  for (StoreInst *S : Stores)
    if (S->getFunction() == &Kernel) {
      S->eraseFromParent();
      ++NumDeadStores;
      Changed = true;
    }
  return Changed;
}

} // namespace

PreservedAnalyses KernelSharedStatePass::run(Module &M,
                                             ModuleAnalysisManager &) {
  bool Changed = false;
  for (Function *Kernel : annotatedKernels(M)) {
    std::optional<KernelFunctions> Reach = functionsRunBy(*Kernel);
    if (!Reach)
      continue;
    for (GlobalVariable &G : M.globals()) {
      if (G.getAddressSpace() != SharedAddressSpace || !G.hasLocalLinkage() ||
          (G.hasInitializer() && !isa<UndefValue>(G.getInitializer())))
        continue;
      if (std::optional<SharedAccesses> All = accessesOf(G))
        Changed |= simplifyForKernel(*Kernel, *Reach, *All);
    }
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace cot

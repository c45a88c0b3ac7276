//===- ConditionalLastprivates.cpp - Their bookkeeping per region ---------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Pass openmp-device-conditional-lastprivates. For `lastprivate(conditional:
// v)` on a worksharing loop of a parallel region in device code, Clang 19
// keeps the sequentially last assignment in two globals of the module:
//
//   @.pl_cond.<v>_<n>.iv  the iteration of the last assignment seen so far
//   @pl_cond_<v>_<n>      the value it assigned
//
// which the region's threads update under a critical section and read back
// after the loop. Globals are one copy for the whole device, never reset:
// the teams of a league that each run the region compared their iterations
// with one another (a team got another's value), and a second run of the
// region started from the first one's last iteration. This pass gives each
// run of the region its own pair: the function that forks the region (team
// code, one per team) allocates it and zeroes it, as the globals start, and
// passes it to the region's microtask as two more arguments, which replace
// the globals there. A pair whose globals are used anywhere but in
// microtasks that only forks and direct (serialized) calls in team code
// reach stays as it is: the region of a combined `target parallel for`
// (one team, forked by the kernel itself) keeps the globals. The globals
// stay defined: the host's offload entries name the value's.
//
//===----------------------------------------------------------------------===//

#include "ForkCalls.h"
#include "OpenMPDevice/Kernels.h"
#include "OpenMPDevice/Passes.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;

namespace cot {
namespace {

/// The two globals of one conditional lastprivate variable.
struct LastAssignment {
  GlobalVariable *Iteration;
  GlobalVariable *Value;
};

/// The pairs Clang made, by the iteration global's name.
SmallVector<LastAssignment, 4> lastAssignmentGlobals(Module &M) {
  constexpr StringLiteral Prefix = ".pl_cond.", Suffix = ".iv";
  SmallVector<LastAssignment, 4> Pairs;
  for (GlobalVariable &G : M.globals()) {
    StringRef Name = G.getName();
    if (!Name.starts_with(Prefix) || !Name.ends_with(Suffix))
      continue;
    StringRef Var = Name.drop_front(Prefix.size()).drop_back(Suffix.size());
    if (GlobalVariable *Value = M.getNamedGlobal(("pl_cond_" + Var).str()))
      Pairs.push_back({&G, Value});
  }
  return Pairs;
}

/// Whether \p F has uses and every one is a call of it or a fork of it in
/// team code (a kernel has no uses). Not a fork in the kernel itself: every
/// thread of an SPMD kernel runs what comes before it, so a slot there
/// would be each thread's own.
bool onlyCalledOrForked(Function &F) {
  if (F.use_empty())
    return false;
  for (Use &U : F.uses()) {
    auto *Call = dyn_cast<CallBase>(U.getUser());
    if (!Call || owningKernel(*Call->getFunction()) == Call->getFunction())
      return false;
    bool Direct = Call->isCallee(&U);
    bool Forked = isCallTo(*Call, ForkCall) && U.getOperandNo() == 2;
    if (!Direct && !Forked)
      return false;
  }
  return !F.isVarArg() && !F.isDeclaration();
}

/// The microtasks that use \p G, or nothing when another function or a
/// constant does.
std::optional<SmallVector<Function *, 2>> usingMicrotasks(GlobalVariable &G) {
  SmallVector<Function *, 2> Users;
  for (User *U : G.users()) {
    auto *I = dyn_cast<Instruction>(U);
    if (!I || !onlyCalledOrForked(*I->getFunction()))
      return std::nullopt;
    if (!is_contained(Users, I->getFunction()))
      Users.push_back(I->getFunction());
  }
  return Users;
}

/// \p Micro with one parameter more for each of \p Globals, which
/// replaces the global in its body.
Function *withSlotParameters(Function &Micro,
                             ArrayRef<GlobalVariable *> Globals) {
  FunctionType *Old = Micro.getFunctionType();
  SmallVector<Type *, 8> Params(Old->params());
  Params.append(Globals.size(), PointerType::get(Micro.getContext(), 0));
  Function *New = Function::Create(
      FunctionType::get(Old->getReturnType(), Params, false),
      Micro.getLinkage(), Micro.getAddressSpace(),
      Micro.getName() + ".lastprivate_slots", Micro.getParent());
  ValueToValueMapTy VMap;
  for (Argument &A : Micro.args()) {
    New->getArg(A.getArgNo())->setName(A.getName());
    VMap[&A] = New->getArg(A.getArgNo());
  }
  SmallVector<ReturnInst *, 4> Returns;
  CloneFunctionInto(New, &Micro, VMap,
                    CloneFunctionChangeType::LocalChangesOnly, Returns);
  for (auto [I, G] : enumerate(Globals)) {
    Argument *Slot = New->getArg(Old->getNumParams() + I);
    Slot->setName(G->getName().ltrim('.'));
    G->replaceUsesWithIf(Slot, [&](Use &U) {
      auto *Inst = dyn_cast<Instruction>(U.getUser());
      return Inst && Inst->getFunction() == New;
    });
  }
  return New;
}

/// Slots for \p Globals in the caller of \p Call, zeroed just before it.
SmallVector<Value *, 4> zeroedSlots(CallBase &Call,
                                    ArrayRef<GlobalVariable *> Globals) {
  Function &Caller = *Call.getFunction();
  const DataLayout &DL = Caller.getParent()->getDataLayout();
  IRBuilder<> Entry(&*Caller.getEntryBlock().getFirstInsertionPt());
  IRBuilder<> Before(&Call);
  SmallVector<Value *, 4> Slots;
  for (GlobalVariable *G : Globals) {
    Type *Ty = G->getValueType();
    AllocaInst *Slot = Entry.CreateAlloca(Ty, DL.getAllocaAddrSpace(), nullptr,
                                          G->getName().ltrim('.'));
    Before.CreateStore(Constant::getNullValue(Ty), Slot);
    Slots.push_back(Before.CreatePointerCast(Slot, Before.getPtrTy()));
  }
  return Slots;
}

/// Makes every call and fork of \p Micro one of \p New, with fresh slots
/// for \p Globals after the arguments.
void redirectCalls(Function &Micro, Function &New,
                   ArrayRef<GlobalVariable *> Globals) {
  SmallVector<CallBase *, 4> Calls;
  for (User *U : Micro.users())
    Calls.push_back(cast<CallBase>(U));
  for (CallBase *Call : Calls) {
    SmallVector<Value *, 8> Args(Call->args());
    SmallVector<Value *, 4> Slots = zeroedSlots(*Call, Globals);
    bool Fork = Call->getCalledOperand() != &Micro;
    if (Fork) {
      auto *Count = cast<ConstantInt>(Args[1]);
      Args[1] = ConstantInt::get(Count->getType(),
                                 Count->getZExtValue() + Slots.size());
      Args[2] = &New;
    }
    Args.append(Slots.begin(), Slots.end());
    CallInst *Replacement =
        Fork ? CallInst::Create(Call->getFunctionType(),
                                Call->getCalledOperand(), Args, "", Call)
             : CallInst::Create(&New, Args, "", Call);
    Replacement->setDebugLoc(Call->getDebugLoc());
    Call->replaceAllUsesWith(Replacement);
    Call->eraseFromParent();
  }
}

} // namespace

PreservedAnalyses ConditionalLastprivatesPass::run(Module &M,
                                                   ModuleAnalysisManager &) {
  MapVector<Function *, SmallVector<GlobalVariable *, 4>> ByMicrotask;
  for (LastAssignment Pair : lastAssignmentGlobals(M)) {
    auto IterationUsers = usingMicrotasks(*Pair.Iteration);
    auto ValueUsers = usingMicrotasks(*Pair.Value);
    if (!IterationUsers || !ValueUsers)
      continue;
    for (Function *Micro : *IterationUsers)
      ByMicrotask[Micro].push_back(Pair.Iteration);
    for (Function *Micro : *ValueUsers)
      ByMicrotask[Micro].push_back(Pair.Value);
  }
  if (ByMicrotask.empty())
    return PreservedAnalyses::all();
  for (auto &[Micro, Globals] : ByMicrotask) {
    Function *New = withSlotParameters(*Micro, Globals);
    redirectCalls(*Micro, *New, Globals);
    Micro->eraseFromParent();
  }

  return PreservedAnalyses::none();
}

} // namespace cot

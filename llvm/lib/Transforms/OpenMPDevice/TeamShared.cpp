//===- TeamShared.cpp - Team-shared variables in shared memory ------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Static team-shared variables (TeamShared.h).
//
//===----------------------------------------------------------------------===//

#include "TeamShared.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DebugProgramInstruction.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

namespace cot {

Constant *createTeamSharedVariable(Module &M, Type *Ty, Align Alignment,
                                   const Twine &Name) {
  auto *GV = new GlobalVariable(M, Ty, /*isConstant=*/false,
                                GlobalValue::InternalLinkage,
                                PoisonValue::get(Ty), Name, nullptr,
                                GlobalValue::NotThreadLocal,
                                SharedAddressSpace);
  GV->setAlignment(Alignment);
  return ConstantExpr::getAddrSpaceCast(GV,
                                        PointerType::getUnqual(M.getContext()));
}

bool pointsToSharedMemory(const Value *Ptr) {
  return Ptr->getType()->getPointerAddressSpace() == SharedAddressSpace ||
         getUnderlyingObject(Ptr)->getType()->getPointerAddressSpace() ==
             SharedAddressSpace;
}

GlobalVariable *sharedVariable(Value *Ptr) {
  auto *GV = dyn_cast<GlobalVariable>(getUnderlyingObject(Ptr));
  return GV && GV->getAddressSpace() == SharedAddressSpace ? GV : nullptr;
}

std::optional<uint64_t> staticAllocaBytes(const AllocaInst &A) {
  if (!A.isStaticAlloca())
    return std::nullopt;
  std::optional<TypeSize> Size =
      A.getAllocationSize(A.getModule()->getDataLayout());
  if (!Size || Size->isScalable())
    return std::nullopt;
  return Size->getFixedValue();
}

std::string localName(AllocaInst *A) {
  if (A->hasName())
    return A->getName().str();
  for (DbgVariableRecord *Declare : findDVRDeclares(A))
    return Declare->getVariable()->getName().str();
  for (DbgDeclareInst *Declare : findDbgDeclares(A))
    return Declare->getVariable()->getName().str();
  return "<unnamed>";
}

void moveAllocaToTeamShared(AllocaInst &A) {
  Module &M = *A.getModule();
  Type *Ty = A.getAllocatedType();
  if (A.isArrayAllocation())
    Ty = ArrayType::get(Ty, cast<ConstantInt>(A.getArraySize())->getZExtValue());
  std::string Name =
      (A.getFunction()->getName() + "." +
       (A.hasName() ? A.getName() : StringRef("local")) + ".team")
          .str();
  Constant *Shared = createTeamSharedVariable(M, Ty, A.getAlign(), Name);
  SmallVector<Instruction *, 4> Lifetimes;
  for (User *U : A.users())
    if (auto *II = dyn_cast<IntrinsicInst>(U); II && II->isLifetimeStartOrEnd())
      Lifetimes.push_back(II);
  for (Instruction *I : Lifetimes)
    I->eraseFromParent();
  A.replaceAllUsesWith(Shared);
  A.eraseFromParent();
}

} // namespace cot

//===- CopysignBits.cpp - copysign as two masks and an or -----------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// libdevice gives the result of tanhf, tanh, asinh, roundf and others its
// sign with llvm.copysign. LLVM 19's NVPTX back end has no instruction for
// it and expands it into abs, neg, a shift, an and, a compare and a select:
// six instructions a call, where nvcc's code has one. In a short kernel
// that evaluates tanhf twice per element (HeCBench gelu) that is a tenth of
// what each thread issues.
//
// Function pass openmp-device-copysign-bits, at the end of O3 (InstCombine
// turns the bit operations back into the call), writes each scalar
// float/double llvm.copysign as what it is defined to be: the magnitude's
// bits without their sign bit or'ed with the sign operand's sign bit. The
// back end emits two ands and an or, which ptxas makes one three-input
// logic instruction.
//
//===----------------------------------------------------------------------===//

#include "OpenMPDevice/Passes.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"

#define DEBUG_TYPE "openmp-device-copysign-bits"

STATISTIC(NumCopysigns, "copysign calls written as bit operations");

using namespace llvm;

namespace cot {
namespace {

bool isScalarCopysign(const Instruction &I) {
  const auto *Call = dyn_cast<IntrinsicInst>(&I);
  return Call && Call->getIntrinsicID() == Intrinsic::copysign &&
         (Call->getType()->isFloatTy() || Call->getType()->isDoubleTy());
}

/// (bits(Magnitude) & ~SignBit) | (bits(Sign) & SignBit), as a float again.
Value *copysignBits(IntrinsicInst &Call) {
  IRBuilder<> B(&Call);
  Type *FloatTy = Call.getType();
  Type *BitsTy = B.getIntNTy(FloatTy->getPrimitiveSizeInBits());
  APInt SignBit = APInt::getSignMask(BitsTy->getIntegerBitWidth());
  Value *Magnitude = B.CreateAnd(B.CreateBitCast(Call.getArgOperand(0), BitsTy),
                                 ConstantInt::get(BitsTy, ~SignBit));
  Value *Sign = B.CreateAnd(B.CreateBitCast(Call.getArgOperand(1), BitsTy),
                            ConstantInt::get(BitsTy, SignBit));
  Value *Bits = B.CreateOr(Magnitude, Sign);
  return B.CreateBitCast(Bits, FloatTy);
}

} // namespace

PreservedAnalyses CopysignBitsPass::run(Function &F,
                                        FunctionAnalysisManager &) {
  SmallVector<IntrinsicInst *, 8> Calls;
  for (Instruction &I : instructions(F))
    if (isScalarCopysign(I))
      Calls.push_back(cast<IntrinsicInst>(&I));
  for (IntrinsicInst *Call : Calls) {
    Value *Bits = copysignBits(*Call);
    Bits->takeName(Call);
    Call->replaceAllUsesWith(Bits);
    Call->eraseFromParent();
    ++NumCopysigns;
  }
  if (Calls.empty())
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

} // namespace cot

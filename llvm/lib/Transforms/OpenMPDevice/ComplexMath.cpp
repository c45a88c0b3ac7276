//===- ComplexMath.cpp - C99 complex functions in GPU device code ---------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// `std::abs`, `arg`, `exp`, `log`, `sqrt`, `pow`, `sin`, `cos`, `tan`,
// `sinh`, `cosh` and `tanh` of a `std::complex` call C99's cabs, cexp, ...
// with libstdc++, as C code with <complex.h> does. libdevice has no complex
// functions, so such a region's device link stopped with "device code calls
// 'cabs' ..., which is not available".
//
// Module pass openmp-device-complex-math, before openmp-device-libdevice-
// math, gives each of them that device code declares, with the host's
// x86-64 signature (double parts as two doubles, a float complex as
// <2 x float>), a body of real math calls (hypot, atan2, exp, log, sqrt,
// sin, cos, sinh, cosh), which libdevice then provides:
//   cabs z = hypot(x, y)         carg z = atan2(y, x)
//   cexp z = e^x (cos y, sin y)  clog z = (log |z|, arg z)
//   csqrt z: t = sqrt((|x| + |z|) / 2); (t, y / 2t) for x >= 0, else
//            (|y| / 2t, copysign(t, y)); 0 gives (0, y)
//   cpow(z, w) = cexp(w clog z), 0 for z = 0
//   csin z = (sin x cosh y, cos x sinh y)
//   ccos z = (cos x cosh y, -sin x sinh y)
//   ctan z = (sin x cos x, sinh y cosh y) / (cos^2 x + sinh^2 y)
//   csinh z = (sinh x cos y, cosh x sin y)
//   ccosh z = (cosh x cos y, sinh x sin y)
//   ctanh z = (sinh x cosh x, sin y cos y) / (sinh^2 x + cos^2 y)
// (tan's and tanh's denominators as sums of squares: cos 2x + cosh 2y
// cancels near tan's poles, 8e-5 off in float)
// Annex G's special values (infinities, NaNs, signed zeros other than
// those) are not reproduced.
//
//===----------------------------------------------------------------------===//

#include "OpenMPDevice/Diagnostics.h"
#include "OpenMPDevice/Passes.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/ErrorHandling.h"

#define DEBUG_TYPE "openmp-device-complex-math"

STATISTIC(NumComplexBodies, "C99 complex functions given device bodies");

using namespace llvm;

namespace cot {
namespace {

enum class ComplexFn {
  Abs,
  Arg,
  Exp,
  Log,
  Sqrt,
  Pow,
  Sin,
  Cos,
  Tan,
  Sinh,
  Cosh,
  Tanh
};

/// A complex value as its real and imaginary parts.
struct Parts {
  Value *Re, *Im;
};

/// Builds one body from the real math functions of one precision.
class ComplexBuilder {
public:
  ComplexBuilder(Module &M, IRBuilder<> &B, Type *FP) : M(M), B(B), FP(FP) {}

  Value *abs(Parts Z) { return math("hypot", {Z.Re, Z.Im}); }
  Value *arg(Parts Z) { return math("atan2", {Z.Im, Z.Re}); }
  Parts exp(Parts Z) {
    Value *Scale = math("exp", {Z.Re});
    return {B.CreateFMul(Scale, math("cos", {Z.Im})),
            B.CreateFMul(Scale, math("sin", {Z.Im}))};
  }
  Parts log(Parts Z) { return {math("log", {abs(Z)}), arg(Z)}; }
  Parts sqrt(Parts Z);
  Parts pow(Parts Z, Parts W);
  Parts sin(Parts Z) {
    return {B.CreateFMul(math("sin", {Z.Re}), math("cosh", {Z.Im})),
            B.CreateFMul(math("cos", {Z.Re}), math("sinh", {Z.Im}))};
  }
  Parts cos(Parts Z) {
    return {
        B.CreateFMul(math("cos", {Z.Re}), math("cosh", {Z.Im})),
        B.CreateFNeg(B.CreateFMul(math("sin", {Z.Re}), math("sinh", {Z.Im})))};
  }

  Parts tan(Parts Z) {
    return quotientOfSquares(math("sin", {Z.Re}), math("cos", {Z.Re}),
                             math("sinh", {Z.Im}), math("cosh", {Z.Im}));
  }
  Parts sinh(Parts Z) {
    return {B.CreateFMul(math("sinh", {Z.Re}), math("cos", {Z.Im})),
            B.CreateFMul(math("cosh", {Z.Re}), math("sin", {Z.Im}))};
  }
  Parts cosh(Parts Z) {
    return {B.CreateFMul(math("cosh", {Z.Re}), math("cos", {Z.Im})),
            B.CreateFMul(math("sinh", {Z.Re}), math("sin", {Z.Im}))};
  }
  Parts tanh(Parts Z) {
    Parts T = quotientOfSquares(math("sin", {Z.Im}), math("cos", {Z.Im}),
                                math("sinh", {Z.Re}), math("cosh", {Z.Re}));
    return {T.Im, T.Re};
  }

private:
  /// A call of the C math function \p Base of this precision.
  Value *math(StringRef Base, ArrayRef<Value *> Args) {
    std::string Name = (Base + (FP->isFloatTy() ? "f" : "")).str();
    SmallVector<Type *, 2> Params(Args.size(), FP);
    FunctionCallee Fn =
        M.getOrInsertFunction(Name, FunctionType::get(FP, Params, false));
    return B.CreateCall(Fn, Args);
  }
  /// (S C, Sh Ch) / (C^2 + Sh^2): tan of x + iy from S, C = sin, cos x and
  /// Sh, Ch = sinh, cosh y; tanh swaps the roles of the parts.
  Parts quotientOfSquares(Value *S, Value *C, Value *Sh, Value *Ch) {
    Value *Den = B.CreateFAdd(B.CreateFMul(C, C), B.CreateFMul(Sh, Sh));
    return {B.CreateFDiv(B.CreateFMul(S, C), Den),
            B.CreateFDiv(B.CreateFMul(Sh, Ch), Den)};
  }
  Value *zero() { return ConstantFP::get(FP, 0.0); }
  Value *isZero(Parts Z) {
    return B.CreateAnd(B.CreateFCmpOEQ(Z.Re, zero()),
                       B.CreateFCmpOEQ(Z.Im, zero()));
  }

  Module &M;
  IRBuilder<> &B;
  Type *FP;
};

Parts ComplexBuilder::sqrt(Parts Z) {
  Value *AbsRe = math("fabs", {Z.Re});
  Value *Half = ConstantFP::get(FP, 0.5);
  Value *T = math("sqrt", {B.CreateFMul(B.CreateFAdd(AbsRe, abs(Z)), Half)});
  Value *TwoT = B.CreateFAdd(T, T);
  Value *NonNegative = B.CreateFCmpOGE(Z.Re, zero());
  Value *Re =
      B.CreateSelect(NonNegative, T, B.CreateFDiv(math("fabs", {Z.Im}), TwoT));
  Value *Im = B.CreateSelect(NonNegative, B.CreateFDiv(Z.Im, TwoT),
                             math("copysign", {T, Z.Im}));
  Value *Zero = isZero(Z);
  return {B.CreateSelect(Zero, zero(), Re), B.CreateSelect(Zero, Z.Im, Im)};
}

Parts ComplexBuilder::pow(Parts Z, Parts W) {
  Parts L = log(Z);
  Parts Product = {
      B.CreateFSub(B.CreateFMul(W.Re, L.Re), B.CreateFMul(W.Im, L.Im)),
      B.CreateFAdd(B.CreateFMul(W.Re, L.Im), B.CreateFMul(W.Im, L.Re))};
  Parts Power = exp(Product);
  Value *Zero = isZero(Z);
  return {B.CreateSelect(Zero, zero(), Power.Re),
          B.CreateSelect(Zero, zero(), Power.Im)};
}

std::optional<ComplexFn> complexFunction(StringRef Name) {
  return StringSwitch<std::optional<ComplexFn>>(Name)
      .Case("cabs", ComplexFn::Abs)
      .Case("carg", ComplexFn::Arg)
      .Case("cexp", ComplexFn::Exp)
      .Case("clog", ComplexFn::Log)
      .Case("csqrt", ComplexFn::Sqrt)
      .Case("cpow", ComplexFn::Pow)
      .Case("csin", ComplexFn::Sin)
      .Case("ccos", ComplexFn::Cos)
      .Case("ctan", ComplexFn::Tan)
      .Case("csinh", ComplexFn::Sinh)
      .Case("ccosh", ComplexFn::Cosh)
      .Case("ctanh", ComplexFn::Tanh)
      .Default(std::nullopt);
}

unsigned complexOperands(ComplexFn Fn) { return Fn == ComplexFn::Pow ? 2 : 1; }

bool returnsReal(ComplexFn Fn) {
  return Fn == ComplexFn::Abs || Fn == ComplexFn::Arg;
}

/// Whether \p F has the x86-64 signature of \p Fn for \p FP: double parts as
/// two doubles and a `{double, double}` result, a float complex as
/// `<2 x float>`.
bool hasHostSignature(const Function &F, ComplexFn Fn, Type *FP) {
  LLVMContext &Ctx = F.getContext();
  Type *Complex = FP->isFloatTy()
                      ? static_cast<Type *>(FixedVectorType::get(FP, 2))
                      : StructType::get(Ctx, {FP, FP});
  Type *Ret = returnsReal(Fn) ? FP : Complex;
  SmallVector<Type *, 4> Params;
  for (unsigned I = 0; I < complexOperands(Fn); ++I)
    if (FP->isFloatTy())
      Params.push_back(Complex);
    else
      Params.append({FP, FP});
  return F.getFunctionType() == FunctionType::get(Ret, Params, false);
}

/// The complex operands of \p F's body, from its arguments.
SmallVector<Parts, 2> operands(Function &F, IRBuilder<> &B, bool IsFloat) {
  SmallVector<Parts, 2> Ops;
  if (IsFloat) {
    for (Argument &A : F.args())
      Ops.push_back({B.CreateExtractElement(&A, uint64_t(0)),
                     B.CreateExtractElement(&A, uint64_t(1))});
    return Ops;
  }
  for (unsigned I = 0; I + 1 < F.arg_size(); I += 2)
    Ops.push_back({F.getArg(I), F.getArg(I + 1)});
  return Ops;
}

Value *packed(IRBuilder<> &B, Type *Ret, Parts Z) {
  Value *Result = PoisonValue::get(Ret);
  if (Ret->isVectorTy())
    return B.CreateInsertElement(
        B.CreateInsertElement(Result, Z.Re, uint64_t(0)), Z.Im, uint64_t(1));
  return B.CreateInsertValue(B.CreateInsertValue(Result, Z.Re, 0), Z.Im, 1);
}

/// The value of \p Fn, one of the functions with a complex result.
Parts complexResult(ComplexBuilder &C, ComplexFn Fn, ArrayRef<Parts> Z) {
  switch (Fn) {
  case ComplexFn::Exp:
    return C.exp(Z[0]);
  case ComplexFn::Log:
    return C.log(Z[0]);
  case ComplexFn::Sqrt:
    return C.sqrt(Z[0]);
  case ComplexFn::Pow:
    return C.pow(Z[0], Z[1]);
  case ComplexFn::Sin:
    return C.sin(Z[0]);
  case ComplexFn::Cos:
    return C.cos(Z[0]);
  case ComplexFn::Tan:
    return C.tan(Z[0]);
  case ComplexFn::Sinh:
    return C.sinh(Z[0]);
  case ComplexFn::Cosh:
    return C.cosh(Z[0]);
  case ComplexFn::Tanh:
    return C.tanh(Z[0]);
  case ComplexFn::Abs:
  case ComplexFn::Arg:
    break;
  }
  llvm_unreachable("cabs and carg have a real result");
}

void defineBody(Function &F, ComplexFn Fn, bool IsFloat) {
  Module &M = *F.getParent();
  Type *FP = IsFloat ? Type::getFloatTy(M.getContext())
                     : Type::getDoubleTy(M.getContext());
  IRBuilder<> B(BasicBlock::Create(M.getContext(), "entry", &F));
  ComplexBuilder C(M, B, FP);
  SmallVector<Parts, 2> Z = operands(F, B, IsFloat);
  Type *Ret = F.getReturnType();
  if (returnsReal(Fn))
    B.CreateRet(Fn == ComplexFn::Abs ? C.abs(Z[0]) : C.arg(Z[0]));
  else
    B.CreateRet(packed(B, Ret, complexResult(C, Fn, Z)));
  F.setLinkage(GlobalValue::InternalLinkage);
  ++NumComplexBodies;
}

} // namespace

PreservedAnalyses ComplexMathPass::run(Module &M, ModuleAnalysisManager &) {
  if (hasDeviceErrors(M))
    return PreservedAnalyses::all();
  SmallVector<std::tuple<Function *, ComplexFn, bool>, 4> Declared;
  for (Function &F : M) {
    if (!F.isDeclaration() || F.use_empty())
      continue;
    StringRef Name = F.getName();
    bool IsFloat = Name.ends_with("f");
    std::optional<ComplexFn> Fn =
        complexFunction(IsFloat ? Name.drop_back() : Name);
    Type *FP = IsFloat ? Type::getFloatTy(M.getContext())
                       : Type::getDoubleTy(M.getContext());
    if (Fn && hasHostSignature(F, *Fn, FP))
      Declared.push_back({&F, *Fn, IsFloat});
  }
  for (auto [F, Fn, IsFloat] : Declared)
    defineBody(*F, Fn, IsFloat);
  return Declared.empty() ? PreservedAnalyses::all()
                          : PreservedAnalyses::none();
}

} // namespace cot

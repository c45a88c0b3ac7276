//===- GPULibCalls.cpp - C library calls in GPU device code ---------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Device code from the host parse calls the C library as the host does. On
// the GPU:
//   - math functions (sin, expf, ...) and the math intrinsics the NVPTX back
//     end cannot select become calls of libdevice's __nv_* functions;
//   - printf becomes CUDA's vprintf(format, buffer), the buffer holding the
//     (already promoted) arguments, each at its natural alignment;
//   - malloc, free, vprintf and __assertfail are provided by CUDA; any other
//     function the program does not define is an error naming it and a
//     function that calls it.
//
//===----------------------------------------------------------------------===//

#include "OpenMPDevice/NVPTX.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace cot {

/// C math functions libdevice provides as __nv_<name> (both precisions).
static const StringSet<> &libdeviceMath() {
  static const StringSet<> Names = [] {
    StringSet<> S;
    for (StringRef Base :
         {"sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh",
          "tanh", "asinh", "acosh", "atanh", "exp", "exp2", "exp10", "expm1",
          "log", "log2", "log10", "log1p", "logb", "ilogb", "pow", "sqrt",
          "rsqrt", "cbrt", "hypot", "fmod", "remainder", "remquo", "floor",
          "ceil", "round", "trunc", "rint", "nearbyint", "lround", "llround",
          "lrint", "llrint", "fabs", "fmin", "fmax", "fdim", "fma", "erf",
          "erfc", "tgamma", "lgamma", "ldexp", "frexp", "modf", "copysign",
          "nextafter", "scalbn", "scalbln", "sincos", "sinpi", "cospi",
          "j0", "j1", "y0", "y1", "jn", "yn", "nan", "isinf", "isnan",
          "finite", "signbit"}) {
      S.insert(Base);
      S.insert((Base + "f").str());
    }
    return S;
  }();
  return Names;
}

/// Math intrinsics and the libdevice function for each precision.
static std::optional<std::string> libdeviceForIntrinsic(const Function &F) {
  static const std::pair<Intrinsic::ID, StringRef> Table[] = {
      {Intrinsic::sin, "sin"},     {Intrinsic::cos, "cos"},
      {Intrinsic::exp, "exp"},     {Intrinsic::exp2, "exp2"},
      {Intrinsic::exp10, "exp10"}, {Intrinsic::log, "log"},
      {Intrinsic::log2, "log2"},   {Intrinsic::log10, "log10"},
      {Intrinsic::pow, "pow"},     {Intrinsic::powi, ""}};
  for (auto [ID, Base] : Table) {
    if (F.getIntrinsicID() != ID || Base.empty())
      continue;
    Type *T = F.getReturnType();
    if (T->isDoubleTy())
      return ("__nv_" + Base).str();
    if (T->isFloatTy())
      return ("__nv_" + Base + "f").str();
  }
  return std::nullopt;
}

void bindLibdeviceMath(Module &M) {
  for (Function &F : make_early_inc_range(M.functions())) {
    if (!F.isDeclaration() || F.use_empty())
      continue;
    std::optional<std::string> Target;
    if (F.isIntrinsic())
      Target = libdeviceForIntrinsic(F);
    else if (libdeviceMath().contains(F.getName()))
      Target = ("__nv_" + F.getName()).str();
    if (!Target)
      continue;
    FunctionCallee NV = M.getOrInsertFunction(*Target, F.getFunctionType());
    F.replaceAllUsesWith(NV.getCallee());
    if (!F.isIntrinsic())
      F.eraseFromParent();
  }
}

void bindMathToIntrinsics(Module &M) {
  static const std::pair<StringRef, Intrinsic::ID> Table[] = {
      {"sqrt", Intrinsic::sqrt},       {"fabs", Intrinsic::fabs},
      {"floor", Intrinsic::floor},     {"ceil", Intrinsic::ceil},
      {"trunc", Intrinsic::trunc},     {"rint", Intrinsic::rint},
      {"nearbyint", Intrinsic::nearbyint}, {"round", Intrinsic::round},
      {"fmin", Intrinsic::minnum},     {"fmax", Intrinsic::maxnum},
      {"fma", Intrinsic::fma},         {"copysign", Intrinsic::copysign}};
  for (Function &F : make_early_inc_range(M.functions())) {
    StringRef Name = F.getName();
    if (!F.isDeclaration() || !Name.consume_front("__nv_"))
      continue;
    Type *T = F.getReturnType();
    StringRef Base = T->isFloatTy() ? Name.drop_back() : Name;
    if (T->isFloatTy() && !Name.ends_with("f"))
      continue;
    for (auto [Math, ID] : Table)
      if (Base == Math && (T->isFloatTy() || T->isDoubleTy())) {
        F.replaceAllUsesWith(Intrinsic::getDeclaration(&M, ID, {T}));
        F.eraseFromParent();
        break;
      }
  }
}

/// printf(fmt, args...) -> vprintf(fmt, &{args...}).
static void lowerPrintfCall(CallInst *Call, FunctionCallee VPrintf) {
  IRBuilder<> B(Call);
  SmallVector<Type *, 8> Types;
  for (unsigned I = 1; I < Call->arg_size(); ++I)
    Types.push_back(Call->getArgOperand(I)->getType());
  Value *Buffer = ConstantPointerNull::get(B.getPtrTy());
  if (!Types.empty()) {
    auto *BufTy = StructType::get(Call->getContext(), Types);
    Function *F = Call->getFunction();
    IRBuilder<> EntryB(&*F->getEntryBlock().getFirstInsertionPt());
    Buffer = EntryB.CreateAlloca(BufTy, nullptr, "printf.args");
    for (unsigned I = 1; I < Call->arg_size(); ++I)
      B.CreateStore(Call->getArgOperand(I),
                    B.CreateStructGEP(BufTy, Buffer, I - 1));
  }
  Value *Result = B.CreateCall(VPrintf, {Call->getArgOperand(0), Buffer});
  Call->replaceAllUsesWith(Result);
  Call->eraseFromParent();
}

void lowerGPUPrintf(Module &M) {
  Function *Printf = M.getFunction("printf");
  if (!Printf || !Printf->isDeclaration())
    return;
  LLVMContext &Ctx = M.getContext();
  FunctionCallee VPrintf = M.getOrInsertFunction(
      "vprintf", FunctionType::get(Type::getInt32Ty(Ctx),
                                   {PointerType::getUnqual(Ctx),
                                    PointerType::getUnqual(Ctx)},
                                   false));
  for (User *U : make_early_inc_range(Printf->users()))
    if (auto *Call = dyn_cast<CallInst>(U); Call && Call->getCalledFunction() == Printf)
      lowerPrintfCall(Call, VPrintf);
}

Error checkDeviceExterns(Module &M) {
  static const StringSet<> FromCUDA = {"malloc", "free", "vprintf",
                                       "__assertfail"};
  for (Function &F : M) {
    if (!F.isDeclaration() || F.isIntrinsic() || F.use_empty() ||
        FromCUDA.contains(F.getName()))
      continue;
    std::string Caller = "?";
    for (User *U : F.users())
      if (auto *I = dyn_cast<Instruction>(U)) {
        Caller = I->getFunction()->getName().str();
        break;
      }
    return createStringError(
        inconvertibleErrorCode(),
        "device code calls '%s' (in function '%s'), which is not available "
        "on nvptx64-nvidia-cuda",
        F.getName().str().c_str(), Caller.c_str());
  }
  return Error::success();
}

} // namespace cot

//===- LibdeviceMath.cpp - C math in GPU device code ----------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Device code from the host parse calls the C math library as the host does.
// On the GPU, math functions (sin, expf, ...) and the math intrinsics the
// NVPTX back end cannot select become calls of libdevice's __nv_* functions
// (openmp-device-libdevice-math); the device link links libdevice from the
// CUDA toolkit afterwards. Without a toolkit, openmp-device-math-intrinsics
// binds the __nv_* calls that the NVPTX back end implements itself (sqrt,
// fabs, floor, fmin, fma, ...) to LLVM intrinsics; the others still need
// libdevice. The __nv_* functions that take no pointer are marked as
// reading no memory (no errno on the GPU), so that the device link can
// merge repeated calls before libdevice's bodies are inlined.
//
//===----------------------------------------------------------------------===//

#include "OpenMPDevice/Diagnostics.h"
#include "OpenMPDevice/Passes.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "openmp-device-libdevice-math"

STATISTIC(NumBoundToLibdevice, "Math functions bound to libdevice");
STATISTIC(NumBoundToIntrinsics, "libdevice functions bound to intrinsics");

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
          "ceil", "round", "trunc", "rint", "nearbyint", "llround", "llrint",
          "fabs", "fmin", "fmax", "fdim", "fma", "erf", "erfc", "tgamma",
          "lgamma", "ldexp", "frexp", "modf", "copysign", "nextafter",
          "scalbn", "sincos", "sinpi", "cospi",
          "j0", "j1", "y0", "y1", "jn", "yn", "nan", "isinf", "isnan",
          "finite", "signbit"}) {
      S.insert(Base);
      S.insert((Base + "f").str());
    }
    return S;
  }();
  return Names;
}

/// lround and lrint, which libdevice lacks: its llround and llrint (long is
/// 64 bits on both sides, so the types match). scalbln is the device
/// runtime's (deviceRTL/LibC.cpp).
static std::optional<std::string> libdeviceForLong(StringRef Name) {
  for (StringRef Long : {"lround", "lroundf", "lrint", "lrintf"})
    if (Name == Long)
      return ("__nv_l" + Name).str();
  return std::nullopt;
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

/// GPU math sets no errno: a libdevice function that takes no pointer
/// depends on its arguments alone, so that repeated calls (sin(x) * sin(x))
/// can be computed once before libdevice's bodies are inlined.
static void markPure(Function &NV) {
  if (any_of(NV.args(), [](Argument &A) { return A.getType()->isPointerTy(); }))
    return;
  NV.setDoesNotAccessMemory();
  NV.setDoesNotThrow();
  NV.setWillReturn();
}

PreservedAnalyses LibdeviceMathPass::run(Module &M, ModuleAnalysisManager &) {
  if (hasDeviceErrors(M))
    return PreservedAnalyses::all();
  bool Changed = false;
  for (Function &F : make_early_inc_range(M.functions())) {
    if (!F.isDeclaration() || F.use_empty())
      continue;
    std::optional<std::string> Target;
    if (F.isIntrinsic())
      Target = libdeviceForIntrinsic(F);
    else if (libdeviceMath().contains(F.getName()))
      Target = ("__nv_" + F.getName()).str();
    else
      Target = libdeviceForLong(F.getName());
    if (!Target)
      continue;
    FunctionCallee NV = M.getOrInsertFunction(*Target, F.getFunctionType());
    markPure(*cast<Function>(NV.getCallee()));
    LLVM_DEBUG(dbgs() << F.getName() << " -> " << *Target << "\n");
    F.replaceAllUsesWith(NV.getCallee());
    if (!F.isIntrinsic())
      F.eraseFromParent();
    ++NumBoundToLibdevice;
    Changed = true;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

PreservedAnalyses MathToIntrinsicsPass::run(Module &M,
                                            ModuleAnalysisManager &) {
  if (hasDeviceErrors(M))
    return PreservedAnalyses::all();
  bool Changed = false;
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
        ++NumBoundToIntrinsics;
        Changed = true;
        break;
      }
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace cot

//===- Diagnostics.cpp - Errors and remarks of the device passes ----------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// DeviceCodeDiagnostic (Diagnostics.h): errors the device passes send to the
// LLVMContext's diagnostic handler.
//
//===----------------------------------------------------------------------===//

#include "OpenMPDevice/Diagnostics.h"

#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instruction.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace cot {

int DeviceCodeDiagnostic::kind() {
  static const int Kind = getNextAvailablePluginDiagnosticKind();
  return Kind;
}

void DeviceCodeDiagnostic::print(DiagnosticPrinter &DP) const { DP << Msg; }

static constexpr StringLiteral SourceLocationKind = "cot.srcloc";

std::string sourceLocation(const Function *F, const Instruction *At) {
  if (At)
    if (const DebugLoc &DL = At->getDebugLoc())
      return (DL->getFilename() + ":" + Twine(DL.getLine()) + ": ").str();
  if (const DISubprogram *SP = F ? F->getSubprogram() : nullptr)
    return (SP->getFilename() + ":" + Twine(SP->getLine()) + ": ").str();
  const MDNode *Loc = F ? F->getMetadata(SourceLocationKind) : nullptr;
  auto *File = Loc ? dyn_cast<MDString>(Loc->getOperand(0)) : nullptr;
  auto *Line = Loc ? mdconst::dyn_extract<ConstantInt>(Loc->getOperand(1))
                   : nullptr;
  if (File && Line)
    return (File->getString() + ":" + Twine(Line->getZExtValue()) + ": ").str();
  return "";
}

void setSourceLocation(Function &F, StringRef File, unsigned Line) {
  LLVMContext &Ctx = F.getContext();
  F.setMetadata(SourceLocationKind,
                MDNode::get(Ctx, {MDString::get(Ctx, File),
                                  ConstantAsMetadata::get(ConstantInt::get(
                                      Type::getInt32Ty(Ctx), Line))}));
}

void copySourceLocation(const Function &From, Function &To) {
  if (MDNode *Loc = From.getMetadata(SourceLocationKind);
      Loc && !To.getMetadata(SourceLocationKind))
    To.setMetadata(SourceLocationKind, Loc);
}

static constexpr StringLiteral ErrorMark = "cot.device-errors";

void reportDeviceError(Module &M, const Twine &Msg) {
  M.getOrInsertNamedMetadata(ErrorMark);
  M.getContext().diagnose(DeviceCodeDiagnostic(DS_Error, Msg));
}

void reportDeviceError(const Function &F, const Twine &Msg,
                       const Instruction *At) {
  reportDeviceError(*const_cast<Module *>(F.getParent()),
                    sourceLocation(&F, At) + Msg);
}

std::string describeDeviceCall(const Function &Callee, const Instruction *Use) {
  const Function *Caller = Use ? Use->getFunction() : nullptr;
  return (sourceLocation(Caller, Use) + "device code calls '" +
          demangle(Callee.getName()) + "' (in function '" +
          (Caller ? Caller->getName() : "?") + "')")
      .str();
}

void reportUndefinedCallee(const Function &Callee, const Twine &Why) {
  const Instruction *Use = nullptr;
  for (const User *U : Callee.users())
    if ((Use = dyn_cast<Instruction>(U)))
      break;
  reportDeviceError(*const_cast<Module *>(Callee.getParent()),
                    describeDeviceCall(Callee, Use) + ", " + Why);
}

bool hasDeviceErrors(const Module &M) {
  return M.getNamedMetadata(ErrorMark) != nullptr;
}

} // namespace cot

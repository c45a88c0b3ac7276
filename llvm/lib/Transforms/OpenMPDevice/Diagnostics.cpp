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

std::string sourceLocation(const Function *F, const Instruction *At) {
  if (At)
    if (const DebugLoc &DL = At->getDebugLoc())
      return (DL->getFilename() + ":" + Twine(DL.getLine()) + ": ").str();
  if (const DISubprogram *SP = F ? F->getSubprogram() : nullptr)
    return (SP->getFilename() + ":" + Twine(SP->getLine()) + ": ").str();
  return "";
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

bool hasDeviceErrors(const Module &M) {
  return M.getNamedMetadata(ErrorMark) != nullptr;
}

} // namespace cot

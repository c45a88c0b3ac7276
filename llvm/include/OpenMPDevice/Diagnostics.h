//===- Diagnostics.h - Errors and remarks of the device passes --*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The device passes report through the LLVMContext's diagnostic handler,
// never by failing silently: what device code cannot do is a
// DeviceCodeDiagnostic error (file:line when the program has debug info),
// and what they decided (SPMD or generic kernels, globalized locals, loops
// left blocked) are optimization remarks under the pass name
// "openmp-device", which `-Rpass=openmp-device` (clang) or
// `-pass-remarks=openmp-device` (opt) shows.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_OPENMPDEVICE_DIAGNOSTICS_H
#define CLANG_OFFLOAD_OPENMPDEVICE_DIAGNOSTICS_H

#include "llvm/ADT/Twine.h"
#include "llvm/IR/DiagnosticInfo.h"

#include <string>

namespace llvm {
class Function;
class Instruction;
class Module;
} // namespace llvm

namespace cot {

/// The pass name of every remark of the device passes.
inline constexpr char RemarkPassName[] = "openmp-device";

/// An error or warning about device code, with the source location when
/// the program has debug info.
class DeviceCodeDiagnostic : public llvm::DiagnosticInfo {
public:
  DeviceCodeDiagnostic(llvm::DiagnosticSeverity Severity,
                       const llvm::Twine &Msg)
      : DiagnosticInfo(kind(), Severity), Msg(Msg.str()) {}
  void print(llvm::DiagnosticPrinter &DP) const override;
  static bool classof(const DiagnosticInfo *DI) {
    return DI->getKind() == kind();
  }

private:
  static int kind();
  std::string Msg;
};

/// "file:line: " of \p At, else of \p F: from debug info (-g), else from
/// where the compile recorded \p F's source (setSourceLocation: a target
/// construct, a declare target function); empty when neither says.
std::string sourceLocation(const llvm::Function *F,
                           const llvm::Instruction *At = nullptr);

/// Records \p File:\p Line as where \p F comes from (`!cot.srcloc`), which
/// errors name in programs built without -g: Clang's debug info, even
/// locations only, costs more than linear compile time in the number of
/// target regions.
void setSourceLocation(llvm::Function &F, llvm::StringRef File, unsigned Line);

/// Gives \p To the recorded source location of \p From, unless it has one.
void copySourceLocation(const llvm::Function &From, llvm::Function &To);

/// Reports an error in the device code of \p F (at \p At when known).
void reportDeviceError(const llvm::Function &F, const llvm::Twine &Msg,
                       const llvm::Instruction *At = nullptr);

/// Reports an error about the device program \p M as a whole.
void reportDeviceError(llvm::Module &M, const llvm::Twine &Msg);

/// "file:line: device code calls 'Callee' (in function 'Caller')" for the
/// call (or other use) \p Use of \p Callee, or for none when \p Use is null.
std::string describeDeviceCall(const llvm::Function &Callee,
                               const llvm::Instruction *Use);

/// Reports that device code calls \p Callee, which the device program does
/// not define: describeDeviceCall of its first call, then ", <Why>".
void reportUndefinedCallee(const llvm::Function &Callee, const llvm::Twine &Why);

/// Whether a device pass reported an error in \p M. Reporting one marks the
/// module (named metadata `cot.device-errors`); later device passes leave a
/// marked module as it is, so one error is not followed by others it
/// caused.
bool hasDeviceErrors(const llvm::Module &M);

} // namespace cot

#endif // CLANG_OFFLOAD_OPENMPDEVICE_DIAGNOSTICS_H

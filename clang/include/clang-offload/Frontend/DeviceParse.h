//===- DeviceParse.h - A second parse for device-specific source -*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// One parse sees the host's macros. A file that tests a device's macros
// (#ifdef __NVPTX__) is parsed a second time with the device's predefined
// macros, still for the host triple, and the device code of that target is
// taken from the second parse (ARCHITECTURE.md, section 3). So is the device
// code of a file with a metadirective or `begin declare variant` that the
// device decides otherwise than the host (DeviceContextSelectors.h); that
// parse reads the file with the device's choice in its place. Files with
// neither, nearly all, keep the single parse: a preprocessor-only scan tells
// them apart. A preprocessed input (a bundled .i) has its device preprocessing
// with it; where that differs from the host's, it is what the second parse
// reads.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_FRONTEND_DEVICEPARSE_H
#define CLANG_OFFLOAD_FRONTEND_DEVICEPARSE_H

#include "clang-offload/Basic/OffloadTarget.h"
#include "clang-offload/CodeGen/HostOffloadLowering.h"

#include "llvm/ADT/StringMap.h"

namespace clang {
class CompilerInstance;
}

namespace cot {

/// A target whose device code needs a parse of its own, and the files that
/// parse reads with the target's choices of context selectors, by path.
struct DeviceParsePlan {
  OffloadTarget Target;
  llvm::StringMap<std::string> Rewrites;
};

/// The targets of \p Targets whose predefined macros the input of \p Host
/// tests or whose context decides one of its selector pragmas otherwise.
std::vector<DeviceParsePlan>
planDeviceParses(clang::CompilerInstance &Host,
                 llvm::ArrayRef<OffloadTarget> Targets);

/// Has \p CI read its input with the selector pragmas that \p DeviceTriple
/// decides otherwise rewritten to that device's choices (a device's -E).
void useDeviceSelectors(clang::CompilerInstance &CI,
                        llvm::StringRef DeviceTriple);

/// Parses the input of \p Host again with \p T's predefined macros and the
/// files of \p Rewrites in place of theirs, or \p DeviceSource (the input as
/// \p T's device preprocessing left it) when given, and stores its device
/// code in \p Out. Diagnostics go to \p Host's client.
bool runDeviceParse(clang::CompilerInstance &Host, const OffloadTarget &T,
                    llvm::StringRef DeviceSource,
                    const llvm::StringMap<std::string> &Rewrites,
                    DeviceBitcodeMap &Out);

} // namespace cot

#endif // CLANG_OFFLOAD_FRONTEND_DEVICEPARSE_H

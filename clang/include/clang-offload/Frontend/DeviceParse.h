//===- DeviceParse.h - A second parse for device-specific source -*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// One parse sees the host's macros. A file that tests a device's macros
// (#ifdef __NVPTX__) is parsed a second time with the device's predefined
// macros, still for the host triple, and the device code of that target is
// taken from the second parse (ARCHITECTURE.md, section 3). Files without
// such tests, nearly all, keep the single parse: a preprocessor-only scan
// tells them apart. A preprocessed input (a bundled .i) has its device
// preprocessing with it; where that differs from the host's, it is what the
// second parse reads.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_FRONTEND_DEVICEPARSE_H
#define CLANG_OFFLOAD_FRONTEND_DEVICEPARSE_H

#include "clang-offload/Basic/OffloadTarget.h"
#include "clang-offload/CodeGen/HostOffloadLowering.h"

namespace clang {
class CompilerInstance;
}

namespace cot {

/// The offload targets whose predefined macros the input of \p Host tests.
std::vector<OffloadTarget> targetsWithMacroTests(clang::CompilerInstance &Host,
                                                 llvm::ArrayRef<OffloadTarget> Targets);

/// Parses the input of \p Host again with \p T's predefined macros, or
/// \p DeviceSource (the input as \p T's device preprocessing left it) when
/// given, and stores its device code in \p Out. Diagnostics go to \p Host's
/// client.
bool runDeviceParse(clang::CompilerInstance &Host, const OffloadTarget &T,
                    llvm::StringRef DeviceSource, DeviceBitcodeMap &Out);

} // namespace cot

#endif // CLANG_OFFLOAD_FRONTEND_DEVICEPARSE_H

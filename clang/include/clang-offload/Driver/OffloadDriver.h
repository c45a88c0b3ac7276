//===- OffloadDriver.h - bin/clang's entry points ---------------*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// bin/clang is Clang 19's driver used as a library, plus the offload steps:
// it strips the offload options, lets Clang's driver build the host actions,
// adds the offload steps to them (OffloadActions.h) and builds the jobs from
// that graph (OffloadJobs.h).
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_DRIVER_OFFLOADDRIVER_H
#define CLANG_OFFLOAD_DRIVER_OFFLOADDRIVER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace cot {

/// The in-process compile job (`clang -cc1`, Frontend/CC1.h). The driver
/// runs it without depending on the library that implements it: the
/// program passes it in, as Clang's own driver tool does with cc1_main.
using CC1Function = int (*)(llvm::SmallVectorImpl<const char *> &Argv);

/// Runs a driver command line (argv[0] is the program name); compile jobs
/// run in process through \p CC1.
int driverMain(llvm::ArrayRef<const char *> Argv, CC1Function CC1);

/// The directory of our runtime libraries for the compiler \p Executable:
/// <bin>/../lib, as in an LLVM install tree.
std::string runtimeLibDir(llvm::StringRef Executable);

/// The first argument that selects the device-link subcommand
/// (clang-offload/DeviceLink/DeviceLink.h).
constexpr const char *DeviceLinkFlag = "-cot-device-link";

} // namespace cot

#endif // CLANG_OFFLOAD_DRIVER_OFFLOADDRIVER_H

//===- driver.cpp - bin/clang and bin/clang++ -----------------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The program behind bin/clang and bin/clang++. It dispatches on the first
// argument: `-cc1` runs a compile job in process, `-cot-device-link` runs the
// device link, anything else is a driver command line. It is the one place
// that links the driver and the frontend: the driver runs its compile jobs
// through the cc1 entry handed in here.
//
//===----------------------------------------------------------------------===//

#include "clang-offload/DeviceLink/DeviceLink.h"
#include "clang-offload/Driver/OffloadDriver.h"
#include "clang-offload/Frontend/CC1.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/TargetSelect.h"

int main(int Argc, const char **Argv) {
  llvm::InitLLVM X(Argc, Argv);
  llvm::InitializeAllTargets();
  llvm::InitializeAllTargetMCs();
  llvm::InitializeAllAsmPrinters();
  llvm::InitializeAllAsmParsers();

  llvm::SmallVector<const char *, 256> Args(Argv, Argv + Argc);
  if (Args.size() > 1 && llvm::StringRef(Args[1]) == "-cc1")
    return cot::cc1Main(Args);
  if (Args.size() > 1 && llvm::StringRef(Args[1]) == cot::DeviceLinkFlag)
    return cot::deviceLinkMain(Args);
  return cot::driverMain(Args, cot::cc1Main);
}

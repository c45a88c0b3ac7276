//===- Plugin.cpp - The device passes as an opt plugin --------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The entry point of lib/OpenMPDevicePasses.so, so that
//   opt -load-pass-plugin=lib/OpenMPDevicePasses.so \
//       -passes=openmp-device-<name> x.ll
// runs any device pass alone (the tests of test/Device do).
//
//===----------------------------------------------------------------------===//

#include "OpenMPDevice/Passes.h"

#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"

extern "C" LLVM_ATTRIBUTE_WEAK llvm::PassPluginLibraryInfo
llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "OpenMPDevicePasses", "1",
          cot::registerOpenMPDevicePasses};
}

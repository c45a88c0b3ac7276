//===- PassRegistry.cpp - The device passes by name -----------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Registers the passes of Passes.def with a PassBuilder, for the device link
// (which runs them as one pipeline string) and for the pass plugin
// (lib/OpenMPDevicePasses.so, Plugin.cpp) that opt loads, and spells the
// NVPTX lowering pipeline.
//
//===----------------------------------------------------------------------===//

#include "OpenMPDevice/Passes.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Passes/PassBuilder.h"

using namespace llvm;

namespace cot {

static bool addModulePass(StringRef Name, ModulePassManager &MPM) {
#define COT_DEVICE_MODULE_PASS(PassName, ClassName)                            \
  if (Name == PassName) {                                                      \
    MPM.addPass(ClassName());                                                  \
    return true;                                                               \
  }
#define COT_DEVICE_FUNCTION_PASS(PassName, ClassName)
#define COT_DEVICE_LOOP_PASS(PassName, ClassName)
#include "OpenMPDevice/Passes.def"
#undef COT_DEVICE_MODULE_PASS
#undef COT_DEVICE_FUNCTION_PASS
#undef COT_DEVICE_LOOP_PASS
  return false;
}

static bool addFunctionPass(StringRef Name, FunctionPassManager &FPM) {
#define COT_DEVICE_MODULE_PASS(PassName, ClassName)
#define COT_DEVICE_FUNCTION_PASS(PassName, ClassName)                          \
  if (Name == PassName) {                                                      \
    FPM.addPass(ClassName());                                                  \
    return true;                                                               \
  }
#define COT_DEVICE_LOOP_PASS(PassName, ClassName)
#include "OpenMPDevice/Passes.def"
#undef COT_DEVICE_MODULE_PASS
#undef COT_DEVICE_FUNCTION_PASS
#undef COT_DEVICE_LOOP_PASS
  return false;
}

static bool addLoopPass(StringRef Name, LoopPassManager &LPM) {
#define COT_DEVICE_MODULE_PASS(PassName, ClassName)
#define COT_DEVICE_FUNCTION_PASS(PassName, ClassName)
#define COT_DEVICE_LOOP_PASS(PassName, ClassName)                              \
  if (Name == PassName) {                                                      \
    LPM.addPass(ClassName());                                                  \
    return true;                                                               \
  }
#include "OpenMPDevice/Passes.def"
#undef COT_DEVICE_MODULE_PASS
#undef COT_DEVICE_FUNCTION_PASS
#undef COT_DEVICE_LOOP_PASS
  return false;
}

void registerOpenMPDevicePasses(PassBuilder &PB) {
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        return addModulePass(Name, MPM);
      });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, FunctionPassManager &FPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        return addFunctionPass(Name, FPM);
      });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, LoopPassManager &LPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        return addLoopPass(Name, LPM);
      });
}

std::string nvptxLoweringPipeline() {
  return "openmp-device-retarget-nvptx,"
         "openmp-device-conditional-lastprivates,"
         "function(openmp-device-allocate-to-stack,openmp-device-dynamic-allocas,"
         "openmp-device-copyprivate),"
         "openmp-device-complex-math,"
         "openmp-device-libdevice-math,"
         "openmp-device-cyclic-schedules,"
         "openmp-device-kernel-modes,"
         "openmp-device-block-threads,"
         "openmp-device-league-loops,"
         "openmp-device-logical-reductions,"
         "openmp-device-reductions,"
         "openmp-device-spmdize,"
         "openmp-device-globalize,"
         "openmp-device-parallel-regions,"
         "openmp-device-nvptx-kernels,"
         "openmp-device-printf,"
         "openmp-device-indirect-calls";
}

} // namespace cot

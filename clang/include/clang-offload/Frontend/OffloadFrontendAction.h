//===- OffloadFrontendAction.h - Code generation with offloading -*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Wraps Clang's code-generating frontend action for a compile with offload
// targets: our Sema step (OffloadSema.h) sees each function body before Clang
// CodeGen does, and our host lowering (HostOffloadLowering.h) runs first in
// the LLVM pipeline, where it also extracts the device code.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_FRONTEND_OFFLOADFRONTENDACTION_H
#define CLANG_OFFLOAD_FRONTEND_OFFLOADFRONTENDACTION_H

#include "clang-offload/Basic/OffloadTarget.h"
#include "clang-offload/CodeGen/HostOffloadLowering.h"

#include <memory>
#include <vector>

namespace clang {
class CompilerInstance;
class FrontendAction;
} // namespace clang

namespace cot {

std::unique_ptr<clang::FrontendAction>
createOffloadFrontendAction(std::unique_ptr<clang::FrontendAction> CodeGen,
                            clang::CompilerInstance &CI,
                            HostLoweringOptions Opts);

} // namespace cot

#endif // CLANG_OFFLOAD_FRONTEND_OFFLOADFRONTENDACTION_H

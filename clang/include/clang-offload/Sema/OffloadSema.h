//===- OffloadSema.h - The offload Sema step --------------------*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The AST consumer that inserts the helper expressions of every offload
// construct as marker calls (OffloadMarkers.h) before Clang CodeGen sees the
// function. It must come before CodeGen's consumer in a MultiplexConsumer.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_SEMA_OFFLOADSEMA_H
#define CLANG_OFFLOAD_SEMA_OFFLOADSEMA_H

#include "clang/AST/ASTConsumer.h"

#include <cstdint>
#include <memory>

namespace cot {

/// What a translation unit's `#pragma omp requires` directives ask for, as
/// COT_REQUIRES_* bits (OffloadABI.h). It belongs to no construct, so there
/// is no marker call for it: the Sema step records it here and the host
/// lowering, which runs after the whole unit is parsed, emits it.
struct TranslationUnitRequires {
  uint32_t Flags = 0;
};

/// The Sema step's consumer, to run before \p CodeGen (Clang CodeGen's
/// consumer, which it hands definitions that must be emitted after all:
/// static declare variants that only a device selects).
std::unique_ptr<clang::ASTConsumer>
createOffloadSemaConsumer(std::shared_ptr<TranslationUnitRequires> Requires,
                          clang::ASTConsumer *CodeGen);

} // namespace cot

#endif // CLANG_OFFLOAD_SEMA_OFFLOADSEMA_H

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

#include <memory>

namespace cot {

std::unique_ptr<clang::ASTConsumer> createOffloadSemaConsumer();

} // namespace cot

#endif // CLANG_OFFLOAD_SEMA_OFFLOADSEMA_H

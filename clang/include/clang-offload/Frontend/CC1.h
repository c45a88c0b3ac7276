//===- CC1.h - The in-process compiler job ----------------------*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// `clang -cc1 ...`: one parse of one file by Clang's front end. With offload
// targets it adds our Sema step before Clang CodeGen and our host lowering
// and device extraction at the start of the LLVM pipeline.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_FRONTEND_CC1_H
#define CLANG_OFFLOAD_FRONTEND_CC1_H

#include "llvm/ADT/SmallVector.h"

namespace cot {

/// Runs a cc1 command line; Argv[0] is the program, Argv[1] is "-cc1".
int cc1Main(llvm::SmallVectorImpl<const char *> &Argv);

} // namespace cot

#endif // CLANG_OFFLOAD_FRONTEND_CC1_H

//===- NVPTX.h - The nvptx64 target of device code --------------*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The triple and data layout that openmp-device-retarget-nvptx (Passes.h)
// gives device modules, and that the device link's NVPTX tool chain builds
// its target machine for; the address spaces of that target the device
// passes tell memories apart by.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_OPENMPDEVICE_NVPTX_H
#define CLANG_OFFLOAD_OPENMPDEVICE_NVPTX_H

#include "llvm/ADT/StringRef.h"

namespace cot {

constexpr llvm::StringLiteral NVPTXTriple = "nvptx64-nvidia-cuda";
/// The data layout of nvptx64 in LLVM 19.
constexpr llvm::StringLiteral NVPTXDataLayout =
    "e-i64:64-i128:128-v16:16-v32:32-n16:32:64";

/// NVPTX address spaces: global memory, CUDA's shared memory (one copy per
/// block), constant memory and the thread's local memory.
constexpr unsigned GlobalAddressSpace = 1;
constexpr unsigned SharedAddressSpace = 3;
constexpr unsigned ConstantAddressSpace = 4;
constexpr unsigned LocalAddressSpace = 5;

} // namespace cot

#endif // CLANG_OFFLOAD_OPENMPDEVICE_NVPTX_H

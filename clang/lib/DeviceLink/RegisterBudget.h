//===- RegisterBudget.h - Registers of accumulating kernels -----*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// ptxas gives a kernel the registers its schedule wants, but where it can
// pack the kernel into 32 (eight blocks of 256 threads fill an SM of sm_80
// or sm_90) it does, and a loop that accumulates its loads (x += a[i], a
// min or max, a row's dot product) then issues them one or two at a time
// instead of all of an unrolled iteration's at once: on an H200 bench/
// reduce_min_f32 took 65 us against 52 with 40 registers, and rowdot 124
// against 85. The NVPTX device link assembles once with ptxas -v, and where
// a kernel that openmp-device-kernel-traffic found accumulating loads
// (COT_KERNEL_LOAD_ACCUMULATION) got 32 registers or fewer, assembles
// again with `.maxnreg 40` on that kernel's entry (six blocks of 256
// threads an SM). Kernels that ptxas gives more keep its choice: a limit
// changes ptxas's schedule even where it equals the registers ptxas chose
// (bench/ matmul ran twice as long at `.maxnreg 40` as at its own 40; the
// other way round, a version of rowdot that ptxas gave 40 by itself ran
// 135 us against 86 at `.maxnreg 40`, while bench/ reduce's kernels at
// their own 40 run at CUDA's speed: bench/RESULTS.md, 2026-11-29). So do
// kernels whose num_teams clause sets the grid (Kernels.h,
// hasExplicitTeams): the budget serves the launch model's grid, which fills
// the SMs with whatever blocks an SM the registers allow, while the
// program's grid was sized for the blocks that fit at ptxas's count (bench/
// reduce_add_i32_explicit's 1024 blocks of 256 are one wave of an H200 at
// 32 registers and 1.3 at 40: over six rounds, median 57.8 us against 60.0).
// Private to clang/lib/DeviceLink.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_LIB_DEVICELINK_REGISTERBUDGET_H
#define CLANG_OFFLOAD_LIB_DEVICELINK_REGISTERBUDGET_H

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/Module.h"

#include <string>

namespace cot {

/// Registers ptxas packs a kernel into when it can (a full SM).
constexpr unsigned PackedRegisters = 32;
/// Registers a load-accumulating kernel gets instead.
constexpr unsigned AccumulatingRegisters = 40;

/// The kernels of \p M whose loops accumulate loads and whose grid the
/// program does not set.
llvm::StringSet<> loadAccumulatingKernels(const llvm::Module &M);

/// The registers of each entry function in ptxas -v's report \p Report.
llvm::StringMap<unsigned> ptxasRegisters(llvm::StringRef Report);

/// The lines of ptxas -v's report \p Report that are not its information
/// about each function: warnings and errors, for the user.
std::string ptxasMessages(llvm::StringRef Report);

/// Those of \p Kernels that ptxas packed into PackedRegisters or fewer.
llvm::StringSet<> packedKernels(const llvm::StringSet<> &Kernels,
                                const llvm::StringMap<unsigned> &Registers);

/// \p PTX with `.maxnreg Registers` on the entries of \p Kernels.
std::string limitRegisters(llvm::StringRef PTX,
                           const llvm::StringSet<> &Kernels,
                           unsigned Registers);

} // namespace cot

#endif // CLANG_OFFLOAD_LIB_DEVICELINK_REGISTERBUDGET_H

//===- NVPTX.h - Device lowering for NVIDIA GPUs ----------------*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The steps that turn a linked device module (host IR of the outlined target
// regions, ARCHITECTURE.md section 4) into an nvptx64 program, in the order
// the device link runs them:
//   retargetToNVPTX      triple, data layout, attributes; host-only features
//                        are errors naming the function
//   AllocateToStackPass  small allocate-clause storage becomes stack slots
//   bindLibdeviceMath    C math calls to libdevice's __nv_* functions
//   makeDefaultSchedulesCyclic  loops without schedule clauses go cyclic
//   formNVPTXKernels     SPMD and generic kernels, parallel regions,
//                        globalization
//   lowerGPUPrintf       printf to CUDA's vprintf
//   translateIndirectCalls  calls through pointers translate host addresses
//                        of declare target indirect functions
//   PrivateAtomicsPass   (in the O3 pipeline) atomics on thread-private
//                        memory become plain accesses
//   checkDeviceExterns   calls nothing on the GPU defines are errors
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_OPENMPDEVICE_NVPTX_H
#define CLANG_OFFLOAD_OPENMPDEVICE_NVPTX_H

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Support/Error.h"

namespace cot {

constexpr llvm::StringLiteral NVPTXTriple = "nvptx64-nvidia-cuda";
/// The data layout of nvptx64 in LLVM 19.
constexpr llvm::StringLiteral NVPTXDataLayout =
    "e-i64:64-i128:128-v16:16-v32:32-n16:32:64";

/// Retargets \p M to nvptx64. Fails, naming the function, when device code
/// uses what a GPU cannot run: long double, x86 intrinsics or inline
/// assembly, exceptions, thread_local variables, variadic definitions.
llvm::Error retargetToNVPTX(llvm::Module &M);

/// Gives the private copies of `allocate` clauses (and variables of
/// `allocate` directives) of predefined allocators and small constant sizes
/// stack slots instead of device malloc: the __kmpc_alloc call becomes an
/// alloca, its __kmpc_free calls go. Runs before formNVPTXKernels.
struct AllocateToStackPass : llvm::PassInfoMixin<AllocateToStackPass> {
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &);
};

/// Replaces calls of C math functions (sin, expf, ...) and of the math
/// intrinsics the NVPTX back end cannot select by libdevice's __nv_*
/// functions, declared in \p M; link libdevice afterwards.
void bindLibdeviceMath(llvm::Module &M);

/// Makes the loops of constructs without a schedule clause cyclic (chunk 1
/// across threads, one block's worth across teams), so GPU accesses
/// coalesce. Runs before formNVPTXKernels.
void makeDefaultSchedulesCyclic(llvm::Module &M);

/// Without libdevice: binds the __nv_* calls of math functions that the
/// NVPTX back end implements itself (sqrt, fabs, floor, fmin, fma, ...) to
/// LLVM intrinsics. The others still need libdevice.
void bindMathToIntrinsics(llvm::Module &M);

/// Forms the CUDA kernels of `cot.kernels`: SPMD kernels run the region in
/// every thread, generic kernels in each block's main thread with the
/// others waiting in the device runtime's control loop. Lowers
/// __kmpc_fork_teams and __kmpc_fork_call accordingly and moves locals that
/// parallel regions share into team-shared storage.
void formNVPTXKernels(llvm::Module &M);

/// Makes atomic accesses of allocas (a GPU thread's own local memory) plain
/// loads and stores, so SROA can promote them. Runs inside the optimization
/// pipeline, after inlining has exposed the reductions' private copies, and
/// also on optnone functions (-O0 code).
struct PrivateAtomicsPass : llvm::PassInfoMixin<PrivateAtomicsPass> {
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &);
  static bool isRequired() { return true; }
};

/// When the program has `declare target indirect` functions, routes every
/// call through a function pointer via the device runtime's translation of
/// host function addresses. Runs before the device runtime is linked.
void translateIndirectCalls(llvm::Module &M);

/// Rewrites printf calls to CUDA's vprintf(format, argument buffer).
void lowerGPUPrintf(llvm::Module &M);

/// Fails when the device program calls a function that neither it nor the
/// GPU (CUDA's malloc, free, vprintf, __assertfail) defines.
llvm::Error checkDeviceExterns(llvm::Module &M);

} // namespace cot

#endif // CLANG_OFFLOAD_OPENMPDEVICE_NVPTX_H

//===- ForkCalls.h - Fork calls and reach in device code --------*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// What the GPU kernel passes share: Clang's host IR starts a league with
// __kmpc_fork_teams and a parallel region with __kmpc_fork_call, each
// passing its microtask as the third argument; a kernel's reach is every
// defined function its code calls or passes around; and what the passes
// that keep the CFG preserve. Private to
// llvm/lib/Transforms/OpenMPDevice.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_LIB_OPENMPDEVICE_FORKCALLS_H
#define CLANG_OFFLOAD_LIB_OPENMPDEVICE_FORKCALLS_H

#include "OpenMPDevice/Kernels.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"

#include <optional>

namespace cot {

constexpr llvm::StringLiteral ForkCall = "__kmpc_fork_call";
constexpr llvm::StringLiteral ForkTeams = "__kmpc_fork_teams";

/// The function \p I calls directly, if it is a call.
llvm::Function *calledFunction(const llvm::Instruction &I);

bool isCallTo(const llvm::Instruction &I, llvm::StringRef Name);

/// Whether \p F calls the function \p Name.
bool containsCallTo(llvm::Function &F, llvm::StringRef Name);

/// The num_threads value that \p I, when it is Clang's
/// __kmpc_push_num_threads call, pushes for the next parallel region.
llvm::Value *pushedNumThreads(llvm::Instruction &I);

/// The __kmpc_push_num_threads call Clang emits for \p Fork's num_threads
/// clause, just before it, if any.
llvm::CallInst *numThreadsPush(llvm::CallInst &Fork);

/// The num_threads value \p Fork's region starts with in a guarded kernel
/// (__cot_gpu_guarded_parallel_begin's argument): the value pushed just
/// before it, 0 without one, -1 when its function pushes a count elsewhere
/// (the runtime then takes it from thread 0).
llvm::Value *regionNumThreads(llvm::CallInst &Fork);

/// The microtask a fork call runs, when it is a known function.
llvm::Function *microtaskOf(const llvm::CallBase &Fork);

/// Whether \p U is a lifetime or debug marker.
bool isLifetimeOrDebug(const llvm::User *U);

/// The values that carry the pointer parameter \p Param of a microtask:
/// the parameter, GEPs and casts of it, and its reloads from the locals
/// Clang spills it to at -O0 (locals that hold nothing else); nothing when
/// such a local has other users.
std::optional<llvm::SmallVector<llvm::Value *, 8>>
pointerCopies(llvm::Argument &Param);

/// The instructions that use \p Param's copies (pointerCopies) other than
/// to copy it further (GEPs, casts, spills) or to describe it (debug
/// markers); nothing when pointerCopies finds none.
std::optional<llvm::SmallVector<llvm::Instruction *, 8>>
pointerUsers(llvm::Argument &Param);

/// \p Root and the defined functions it calls or passes around
/// (microtasks), transitively.
llvm::SetVector<llvm::Function *> reachableFrom(llvm::Function *Root);

/// A kernel's team code: \p Kernel, the teams regions it starts and the
/// functions Clang outlined from them that they call directly (with -g, the
/// bodies of outlined functions): the code each team runs once, outside
/// parallel regions.
llvm::SetVector<llvm::Function *> teamCodeFunctions(llvm::Function *Kernel);

/// A kernel of `cot.kernels` with its reach.
struct KernelReach {
  KernelInfo K;
  llvm::SetVector<llvm::Function *> Reach;
};
llvm::SmallVector<KernelReach, 8> kernelReaches(llvm::Module &M);

/// The mode each function a kernel reaches is lowered in: generic when any
/// generic kernel reaches it (both modes lower a parallel region
/// differently, and kernel-modes and spmdize make sure no other kernel
/// shares one), guarded for the team code of guarded kernels, else SPMD.
llvm::MapVector<llvm::Function *, KernelMode>
modesOfReachedFunctions(llvm::ArrayRef<KernelReach> Kernels);

/// What a pass that changes instructions but no block preserves: everything
/// when \p Changed is false, else the CFG analyses.
llvm::PreservedAnalyses preservedKeepingCFG(bool Changed);

/// Declares (or finds) the device runtime's function \p Name.
llvm::FunctionCallee runtimeFunction(llvm::Module &M, llvm::StringRef Name,
                                     llvm::Type *Ret,
                                     llvm::ArrayRef<llvm::Type *> Params);

/// The same, for a runtime function that synchronizes threads (convergent).
llvm::FunctionCallee convergentRuntimeFunction(
    llvm::Module &M, llvm::StringRef Name, llvm::Type *Ret,
    llvm::ArrayRef<llvm::Type *> Params);

} // namespace cot

#endif // CLANG_OFFLOAD_LIB_OPENMPDEVICE_FORKCALLS_H

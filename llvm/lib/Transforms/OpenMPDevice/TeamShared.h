//===- TeamShared.h - Team-shared variables in shared memory ----*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A local that every thread of a team must see (the team code's locals that
// parallel regions share, values one thread computes for all) can live in a
// variable of the CUDA block's shared memory when one activation of its
// function at a time exists per block: the sequential code of a kernel's
// construct runs once per team. Such variables are uninitialised globals in
// address space 3, as CUDA's `__shared__` ones; the code uses their generic
// address, which the back end's address-space inference turns into shared
// accesses. A kernel holds at most StaticTeamSharedBudget bytes of them (the
// rest of the 48 KiB CUDA gives a block statically is the device runtime's);
// beyond it locals stay with the runtime's team-shared stack. Private to
// llvm/lib/Transforms/OpenMPDevice.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_LIB_OPENMPDEVICE_TEAMSHARED_H
#define CLANG_OFFLOAD_LIB_OPENMPDEVICE_TEAMSHARED_H

#include "OpenMPDevice/NVPTX.h"

#include "llvm/ADT/Twine.h"
#include "llvm/IR/Constant.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <optional>
#include <string>

namespace cot {

/// Bytes of static team-shared variables one kernel may use.
constexpr uint64_t StaticTeamSharedBudget = 40 * 1024;

/// Whether \p Ptr points into shared memory: a pointer of the shared
/// address space, or one based on such a pointer, a shared variable's
/// among them (the generic address team-shared variables are used
/// through).
bool pointsToSharedMemory(const llvm::Value *Ptr);

/// The shared-memory variable \p Ptr points into, if it is based on one.
llvm::GlobalVariable *sharedVariable(llvm::Value *Ptr);

/// A new team-shared variable of type \p Ty; returns its generic address.
llvm::Constant *createTeamSharedVariable(llvm::Module &M, llvm::Type *Ty,
                                         llvm::Align Alignment,
                                         const llvm::Twine &Name);

/// The bytes \p A allocates, when it is a static alloca of constant size.
std::optional<uint64_t> staticAllocaBytes(const llvm::AllocaInst &A);

/// The source name of the local \p A: its IR name, else (release builds of
/// Clang drop IR names) the variable its debug info declares, if any.
std::string localName(llvm::AllocaInst *A);

/// Replaces the static alloca \p A by a team-shared variable (its lifetime
/// markers go: the variable lives as long as the kernel).
void moveAllocaToTeamShared(llvm::AllocaInst &A);

} // namespace cot

#endif // CLANG_OFFLOAD_LIB_OPENMPDEVICE_TEAMSHARED_H

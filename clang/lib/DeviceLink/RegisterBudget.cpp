//===- RegisterBudget.cpp - Registers of load-accumulating kernels --------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The register budget of the NVPTX device link (RegisterBudget.h): which
// kernels accumulate loads, what ptxas gave them, and their PTX entries
// with a register limit.
//
//===----------------------------------------------------------------------===//

#include "RegisterBudget.h"

#include "OpenMPDevice/KernelTraffic.h"
#include "OpenMPDevice/Kernels.h"

#include "OffloadABI.h"

#include "llvm/ADT/SmallVector.h"

using namespace llvm;

namespace cot {

StringSet<> loadAccumulatingKernels(const Module &M) {
  StringSet<> Kernels;
  for (const Function &F : M.functions())
    if (std::optional<KernelTraffic> T = kernelTrafficOf(F);
        T && (T->Flags & COT_KERNEL_LOAD_ACCUMULATION) && !hasExplicitTeams(F))
      Kernels.insert(F.getName());
  return Kernels;
}

/// ptxas -v reports each function as
///   ptxas info    : Compiling entry function 'NAME' for 'sm_90'
///   ptxas info    : Function properties for NAME
///       0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
///   ptxas info    : Used 40 registers, used 1 barriers, 36 bytes smem, ...
StringMap<unsigned> ptxasRegisters(StringRef Report) {
  static constexpr StringLiteral Entry = "Compiling entry function '";
  static constexpr StringLiteral Used = "Used ";
  StringMap<unsigned> Registers;
  StringRef Current;
  SmallVector<StringRef, 0> Lines;
  Report.split(Lines, '\n');
  for (StringRef Line : Lines) {
    if (size_t At = Line.find(Entry); At != StringRef::npos) {
      Current = Line.substr(At + Entry.size()).split('\'').first;
      continue;
    }
    size_t At = Line.find(Used);
    unsigned N;
    if (Current.empty() || At == StringRef::npos ||
        Line.substr(At + Used.size()).split(' ').first.getAsInteger(10, N))
      continue;
    Registers[Current] = N;
    Current = StringRef();
  }
  return Registers;
}

std::string ptxasMessages(StringRef Report) {
  std::string Messages;
  SmallVector<StringRef, 0> Lines;
  Report.split(Lines, '\n', -1, /*KeepEmpty=*/false);
  for (StringRef Line : Lines)
    if (!Line.starts_with("ptxas info") && !Line.starts_with(" "))
      Messages += (Line + "\n").str();
  return Messages;
}

StringSet<> packedKernels(const StringSet<> &Kernels,
                          const StringMap<unsigned> &Registers) {
  StringSet<> Packed;
  for (const auto &Kernel : Kernels) {
    auto It = Registers.find(Kernel.getKey());
    if (It != Registers.end() && It->second <= PackedRegisters)
      Packed.insert(Kernel.getKey());
  }
  return Packed;
}

/// The NVPTX back end writes an entry as
///   .visible .entry NAME(
///   	.param .u64 NAME_param_0, ...
///   )
///   .reqntid 256, 1, 1
///   {
/// (the performance directives only for some kernels); the limit goes on
/// the line after the parameter list, which holds no parentheses.
std::string limitRegisters(StringRef PTX, const StringSet<> &Kernels,
                           unsigned Registers) {
  static constexpr StringLiteral Entry = ".entry ";
  std::string Out;
  while (true) {
    size_t At = PTX.find(Entry);
    if (At == StringRef::npos)
      break;
    StringRef Name = PTX.substr(At + Entry.size()).take_until([](char C) {
      return C == '(' || C == '\n';
    });
    size_t Close = PTX.find(')', At);
    size_t LineEnd = Close == StringRef::npos ? Close : PTX.find('\n', Close);
    if (LineEnd == StringRef::npos)
      break;
    Out += PTX.take_front(LineEnd + 1);
    if (Kernels.contains(Name))
      Out += ".maxnreg " + std::to_string(Registers) + "\n";
    PTX = PTX.drop_front(LineEnd + 1);
  }
  Out += PTX;
  return Out;
}

} // namespace cot

//===- Doacross.cpp - Cross-iteration dependences of ordered(n) loops -----===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A worksharing loop with ordered(n) whose body has `ordered depend(sink:)`
// and `ordered depend(source)` (doacross) runs its iterations concurrently
// (a static schedule), each waiting for the iterations it names. Clang calls
// __kmpc_doacross_init with the bounds of the n loops in every thread of
// the region, __kmpc_doacross_wait for each sink vector, __kmpc_doacross_post
// for the source and __kmpc_doacross_fini at the end. The region's thread 0
// allocates one bit per iteration of the n loops in device memory and the
// others find it through the team state after a team barrier; a post sets
// the iteration's bit after a device fence, a wait spins on it and fences
// (NVPTX of LLVM 19 selects no acquire or release atomics). A sink vector
// outside the iteration space waits for nothing, as the spec says. Only a
// parallel region's threads share a loop, so the state is per block.
//
//===----------------------------------------------------------------------===//

#include "DeviceRTL.h"

using namespace cot;

namespace {

/// The bounds of one loop of the nest, as Clang passes them (inclusive).
struct DoacrossDim {
  int64_t Lo, Up, St;
};

constexpr uint32_t MaxDoacrossDims = 8;

struct DoacrossLoop {
  uint32_t *Done; // one bit per iteration, row-major over the dims
  uint32_t NumDims;
  int64_t Lo[MaxDoacrossDims], St[MaxDoacrossDims];
  uint64_t Count[MaxDoacrossDims];
};

[[clang::loader_uninitialized]] COT_SHARED DoacrossLoop Doacross;

/// Iterations of one dimension; a trap when the count does not fit.
uint64_t iterationsOf(const DoacrossDim &D) {
  if (D.St == 0)
    fatal();
  if (D.St > 0 ? D.Up < D.Lo : D.Lo < D.Up)
    return 0;
  uint64_t Span = D.St > 0 ? (uint64_t)D.Up - (uint64_t)D.Lo
                           : (uint64_t)D.Lo - (uint64_t)D.Up;
  uint64_t Step = D.St > 0 ? (uint64_t)D.St : 0 - (uint64_t)D.St;
  return Span / Step + 1;
}

/// The linear number of the iteration Vec names, or false when it lies
/// outside the iteration space.
bool iterationNumber(const DoacrossLoop &L, const int64_t *Vec,
                     uint64_t &Number) {
  Number = 0;
  for (uint32_t I = 0; I < L.NumDims; ++I) {
    int64_t Offset;
    if (__builtin_sub_overflow(Vec[I], L.Lo[I], &Offset) ||
        (Offset != 0 && (Offset < 0) != (L.St[I] < 0)))
      return false;
    if (Offset % L.St[I] != 0)
      return false;
    uint64_t Index = (uint64_t)(Offset / L.St[I]);
    if (Index >= L.Count[I])
      return false;
    Number = Number * L.Count[I] + Index;
  }
  return true;
}

} // namespace

COT_ENTRY COT_CONVERGENT void
__kmpc_doacross_init(ident_t *, int32_t, int32_t NumDims,
                     const DoacrossDim *Dims) {
  if (NumDims <= 0 || (uint32_t)NumDims > MaxDoacrossDims)
    fatal();
  if (teamThreadNum() == 0) {
    DoacrossLoop &L = *generic(&Doacross);
    uint64_t Total = 1;
    for (int32_t I = 0; I < NumDims; ++I) {
      L.Lo[I] = Dims[I].Lo;
      L.St[I] = Dims[I].St;
      L.Count[I] = iterationsOf(Dims[I]);
      if (__builtin_mul_overflow(Total, L.Count[I], &Total))
        fatal();
    }
    L.NumDims = (uint32_t)NumDims;
    uint64_t Words = Total / 32 + 1;
    L.Done = (uint32_t *)mallocOrDie(Words * sizeof(uint32_t));
    for (uint64_t W = 0; W < Words; ++W)
      L.Done[W] = 0;
    fenceDevice();
  }
  teamBarrier();
}

/// The word and bit of the iteration \p Vec names; a null word when it
/// lies outside the iteration space.
struct DoneBit {
  uint32_t *Word;
  uint32_t Bit;
};

static DoneBit doneBitOf(const int64_t *Vec) {
  const DoacrossLoop &L = *generic(&Doacross);
  uint64_t Number;
  if (!iterationNumber(L, Vec, Number))
    return {nullptr, 0};
  return {&L.Done[Number / 32], 1u << (Number % 32)};
}

COT_ENTRY void __kmpc_doacross_wait(ident_t *, int32_t, const int64_t *Vec) {
  auto [Word, Bit] = doneBitOf(Vec);
  if (!Word)
    return;
  unsigned Ns = 32;
  while (!(loadRelaxed(Word) & Bit)) {
    __nvvm_nanosleep(Ns);
    if (Ns < 1024)
      Ns *= 2;
  }
  fenceDevice();
}

COT_ENTRY void __kmpc_doacross_post(ident_t *, int32_t, const int64_t *Vec) {
  auto [Word, Bit] = doneBitOf(Vec);
  if (!Word)
    return;
  fenceDevice();
  __atomic_fetch_or(Word, Bit, __ATOMIC_RELAXED);
}

COT_ENTRY COT_CONVERGENT void __kmpc_doacross_fini(ident_t *, int32_t) {
  teamBarrier();
  if (teamThreadNum() == 0)
    free(generic(&Doacross)->Done);
}

//===- Memory.cpp - Dynamic memory in device code -------------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// What device code compiled from host C and C++ calls to get memory, all on
// CUDA's device malloc: the OpenMP allocators (omp_alloc and friends, and
// __kmpc_alloc for `allocate` directives and clauses; every allocator is
// the default memory space on a GPU), and C++ new and delete.
//
// Allocations that must be aligned beyond malloc's 16 bytes get a header:
// malloc'ed block, padding, then in the 16 bytes before the aligned pointer
// the block's address and the size asked for. The OpenMP allocators always
// use it, so omp_free and omp_realloc find the block (and omp_realloc the
// size) whatever the alignment was.
//
//===----------------------------------------------------------------------===//

#include "DeviceRTL.h"

using namespace cot;

namespace {

constexpr uint64_t MallocAlignment = 16;

struct Header {
  void *Block;
  uint64_t Size;
};

Header &headerOf(void *Ptr) { return ((Header *)Ptr)[-1]; }

/// Memory for \p Size bytes at a multiple of \p Align (a power of two),
/// freed with freeAligned; null when device malloc has none left.
void *allocAligned(uint64_t Size, uint64_t Align) {
  if (Align < MallocAlignment)
    Align = MallocAlignment;
  char *Block = (char *)malloc(Size + Align + sizeof(Header));
  if (!Block)
    return nullptr;
  uintptr_t First = (uintptr_t)Block + sizeof(Header);
  auto *Aligned = (char *)((First + Align - 1) & ~(uintptr_t)(Align - 1));
  headerOf(Aligned) = Header{Block, Size};
  return Aligned;
}

void freeAligned(void *Ptr) {
  if (Ptr)
    free(headerOf(Ptr).Block);
}

} // namespace

//===-- OpenMP allocators -------------------------------------------------===//

typedef uintptr_t omp_allocator_handle_t;

COT_EXPORT void *omp_aligned_alloc(size_t Align, size_t Size,
                                   omp_allocator_handle_t) {
  return allocAligned(Size, Align);
}

COT_EXPORT void *omp_alloc(size_t Size, omp_allocator_handle_t) {
  return allocAligned(Size, MallocAlignment);
}

COT_EXPORT void *omp_aligned_calloc(size_t Align, size_t N, size_t Size,
                                    omp_allocator_handle_t) {
  uint64_t Bytes = (uint64_t)N * Size;
  void *P = allocAligned(Bytes, Align);
  if (P)
    __builtin_memset(P, 0, Bytes);
  return P;
}

COT_EXPORT void *omp_calloc(size_t N, size_t Size, omp_allocator_handle_t A) {
  return omp_aligned_calloc(MallocAlignment, N, Size, A);
}

COT_EXPORT void omp_free(void *Ptr, omp_allocator_handle_t) {
  freeAligned(Ptr);
}

/// OpenMP 5.1: the contents up to the smaller size move to the new block;
/// when there is no memory the old block stays.
COT_EXPORT void *omp_realloc(void *Ptr, size_t Size, omp_allocator_handle_t,
                             omp_allocator_handle_t) {
  if (!Ptr)
    return allocAligned(Size, MallocAlignment);
  if (!Size) {
    freeAligned(Ptr);
    return nullptr;
  }
  void *New = allocAligned(Size, MallocAlignment);
  if (New) {
    uint64_t Old = headerOf(Ptr).Size;
    __builtin_memcpy(New, Ptr, Old < Size ? Old : Size);
    freeAligned(Ptr);
  }
  return New;
}

COT_EXPORT void *__kmpc_alloc(int32_t, size_t Size,
                              omp_allocator_handle_t Allocator) {
  return omp_alloc(Size, Allocator);
}

COT_EXPORT void *__kmpc_aligned_alloc(int32_t, size_t Align, size_t Size,
                                      omp_allocator_handle_t Allocator) {
  return omp_aligned_alloc(Align, Size, Allocator);
}

COT_EXPORT void *__kmpc_calloc(int32_t, size_t N, size_t Size,
                               omp_allocator_handle_t Allocator) {
  return omp_calloc(N, Size, Allocator);
}

COT_EXPORT void __kmpc_free(int32_t, void *Ptr,
                            omp_allocator_handle_t Allocator) {
  omp_free(Ptr, Allocator);
}

//===-- C++ new and delete ------------------------------------------------===//
// The Itanium names of the global operators (there are no exceptions on the
// device: a failed new traps, as device malloc exhaustion would otherwise
// hand out null).

COT_EXPORT void *_Znwm(size_t Size) { return mallocOrDie(Size); }
COT_EXPORT void *_Znam(size_t Size) { return mallocOrDie(Size); }
COT_EXPORT void _ZdlPv(void *Ptr) { free(Ptr); }
COT_EXPORT void _ZdaPv(void *Ptr) { free(Ptr); }
COT_EXPORT void _ZdlPvm(void *Ptr, size_t) { free(Ptr); }
COT_EXPORT void _ZdaPvm(void *Ptr, size_t) { free(Ptr); }

// std::align_val_t overloads.
COT_EXPORT void *_ZnwmSt11align_val_t(size_t Size, size_t Align) {
  void *P = allocAligned(Size, Align);
  if (!P)
    fatal();
  return P;
}
COT_EXPORT void *_ZnamSt11align_val_t(size_t Size, size_t Align) {
  return _ZnwmSt11align_val_t(Size, Align);
}
COT_EXPORT void _ZdlPvSt11align_val_t(void *Ptr, size_t) { freeAligned(Ptr); }
COT_EXPORT void _ZdaPvSt11align_val_t(void *Ptr, size_t) { freeAligned(Ptr); }
COT_EXPORT void _ZdlPvmSt11align_val_t(void *Ptr, size_t, size_t) {
  freeAligned(Ptr);
}
COT_EXPORT void _ZdaPvmSt11align_val_t(void *Ptr, size_t, size_t) {
  freeAligned(Ptr);
}

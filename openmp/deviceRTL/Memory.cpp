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
  if (Align & (Align - 1))
    return nullptr; // OpenMP allows powers of two only
  if (Align < MallocAlignment)
    Align = MallocAlignment;
  uint64_t Bytes = Size + Align + sizeof(Header);
  if (Bytes < Size)
    return nullptr;
  char *Block = (char *)malloc(Bytes);
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
// Predefined allocators are the small handles of omp.h (omp_null_allocator
// is 0, the predefined ones 1 to 8); every one is the GPU's global memory.
// omp_init_allocator (OpenMP 5.0, `requires dynamic_allocators` in target
// regions) makes a handle that points to its traits; only alignment and the
// fallback change what allocation does on a GPU.

typedef uintptr_t omp_allocator_handle_t;
typedef uintptr_t omp_memspace_handle_t;
struct omp_alloctrait_t {
  int32_t Key;
  uintptr_t Value;
};

namespace {
// OpenMP's trait keys and values.
enum : int32_t { TraitAlignment = 2, TraitFallback = 5, TraitFbData = 6 };
enum : uintptr_t { FbDefaultMem = 11, FbNull = 12, FbAbort = 13,
                   FbAllocator = 14 };
constexpr omp_allocator_handle_t LastPredefined = 8;

struct UserAllocator {
  uint64_t Alignment;
  uintptr_t Fallback;
  omp_allocator_handle_t FallbackAllocator;
};

UserAllocator *userAllocator(omp_allocator_handle_t A) {
  return A > LastPredefined ? (UserAllocator *)A : nullptr;
}

/// Memory from allocator \p A, following its fallback when there is none.
void *allocFrom(omp_allocator_handle_t A, uint64_t Size, uint64_t Align) {
  for (unsigned Hops = 0; Hops < 16; ++Hops) {
    UserAllocator *U = userAllocator(A);
    uint64_t Want = U && U->Alignment > Align ? U->Alignment : Align;
    if (void *P = allocAligned(Size, Want))
      return P;
    if (!U || U->Fallback == FbNull || U->Fallback == FbDefaultMem)
      return nullptr; // default memory is the memory that just ran out
    if (U->Fallback == FbAbort)
      fatal();
    A = U->FallbackAllocator;
  }
  return nullptr; // a cycle of fallback allocators
}
} // namespace

COT_ENTRY omp_allocator_handle_t
omp_init_allocator(omp_memspace_handle_t, int32_t NumTraits,
                   const omp_alloctrait_t *Traits) {
  UserAllocator U = {MallocAlignment, FbDefaultMem, 0};
  for (int32_t I = 0; I < NumTraits; ++I) {
    uintptr_t V = Traits[I].Value;
    switch (Traits[I].Key) {
    case TraitAlignment:
      if (!V || (V & (V - 1)))
        return 0; // not a power of two: omp_null_allocator
      U.Alignment = V;
      break;
    case TraitFallback:
      U.Fallback = V;
      break;
    case TraitFbData:
      U.FallbackAllocator = V;
      break;
    default:
      break; // sync hints, access, pinning, partitions: no effect here
    }
  }
  auto *Handle = (UserAllocator *)malloc(sizeof(UserAllocator));
  if (!Handle)
    return 0;
  *Handle = U;
  return (omp_allocator_handle_t)Handle;
}

COT_ENTRY void omp_destroy_allocator(omp_allocator_handle_t A) {
  free(userAllocator(A));
}

COT_ENTRY void *omp_aligned_alloc(size_t Align, size_t Size,
                                   omp_allocator_handle_t A) {
  return allocFrom(A, Size, Align);
}

COT_ENTRY void *omp_alloc(size_t Size, omp_allocator_handle_t A) {
  return allocFrom(A, Size, MallocAlignment);
}

COT_ENTRY void *omp_aligned_calloc(size_t Align, size_t N, size_t Size,
                                    omp_allocator_handle_t A) {
  uint64_t Bytes = (uint64_t)N * Size;
  if (Size && Bytes / Size != N)
    return nullptr;
  void *P = allocFrom(A, Bytes, Align);
  if (P)
    __builtin_memset(P, 0, Bytes);
  return P;
}

COT_ENTRY void *omp_calloc(size_t N, size_t Size, omp_allocator_handle_t A) {
  return omp_aligned_calloc(MallocAlignment, N, Size, A);
}

COT_ENTRY void omp_free(void *Ptr, omp_allocator_handle_t) {
  freeAligned(Ptr);
}

/// OpenMP 5.1: the contents up to the smaller size move to the new block;
/// when there is no memory the old block stays.
COT_ENTRY void *omp_realloc(void *Ptr, size_t Size, omp_allocator_handle_t A,
                             omp_allocator_handle_t) {
  if (!Ptr)
    return allocFrom(A, Size, MallocAlignment);
  if (!Size) {
    freeAligned(Ptr);
    return nullptr;
  }
  void *New = allocFrom(A, Size, MallocAlignment);
  if (New) {
    uint64_t Old = headerOf(Ptr).Size;
    __builtin_memcpy(New, Ptr, Old < Size ? Old : Size);
    freeAligned(Ptr);
  }
  return New;
}

/// The storage of a variable in an `allocate` directive or clause: code uses
/// it without a check, so running out stops the kernel with a message
/// rather than letting it fault at a null address.
static void *allocateStorageOrDie(void *P, uint64_t Size) {
  if (P)
    return P;
  struct {
    uint64_t Size;
  } Args = {Size};
  vprintf("device out of memory: %llu bytes for a variable in an allocate "
          "clause or directive (LIBOMPTARGET_HEAP_SIZE sets the device "
          "heap)\n",
          &Args);
  fatal();
}

COT_ENTRY void *__kmpc_alloc(int32_t, size_t Size,
                              omp_allocator_handle_t Allocator) {
  return allocateStorageOrDie(omp_alloc(Size, Allocator), Size);
}

COT_ENTRY void *__kmpc_aligned_alloc(int32_t, size_t Align, size_t Size,
                                      omp_allocator_handle_t Allocator) {
  return allocateStorageOrDie(omp_aligned_alloc(Align, Size, Allocator), Size);
}

COT_ENTRY void *__kmpc_calloc(int32_t, size_t N, size_t Size,
                               omp_allocator_handle_t Allocator) {
  return allocateStorageOrDie(omp_calloc(N, Size, Allocator), N * Size);
}

COT_ENTRY void __kmpc_free(int32_t, void *Ptr,
                            omp_allocator_handle_t Allocator) {
  omp_free(Ptr, Allocator);
}

// `uses_allocators(a(traits))` on a target construct: Clang makes the
// allocator at the region's start and destroys it at its end.
COT_ENTRY omp_allocator_handle_t
__kmpc_init_allocator(int32_t, omp_memspace_handle_t Space, int32_t NumTraits,
                      const omp_alloctrait_t *Traits) {
  return omp_init_allocator(Space, NumTraits, Traits);
}

COT_ENTRY void __kmpc_destroy_allocator(int32_t,
                                         omp_allocator_handle_t Allocator) {
  omp_destroy_allocator(Allocator);
}

//===-- Variable-length arrays --------------------------------------------===//
// openmp-device-dynamic-allocas turns each alloca of run-time size into
// __cot_gpu_vla_push, and llvm.stackrestore and returns into
// __cot_gpu_vla_pop. An array is allocAligned memory whose header keeps the
// array below it in the chain where allocAligned put the size (freeAligned
// reads only the block).

namespace {
struct VlaHeader {
  void *Block;
  void *Below;
};
static_assert(sizeof(VlaHeader) == sizeof(Header), "one header, two uses");

VlaHeader &vlaHeaderOf(void *Array) { return ((VlaHeader *)Array)[-1]; }
} // namespace

COT_ENTRY void *__cot_gpu_vla_push(uint64_t Size, uint64_t Align,
                                   void **Head) {
  void *Array = allocAligned(Size, Align);
  if (!Array) {
    struct {
      uint64_t Size;
      uint32_t Block, Thread;
    } Args = {Size, blockId(), threadId()};
    vprintf("omptarget device: a variable-length array of %llu bytes does "
            "not fit in the device heap (block %u, thread %u; "
            "LIBOMPTARGET_HEAP_SIZE sets the heap)\n",
            &Args);
    fatal();
  }
  vlaHeaderOf(Array).Below = *Head;
  *Head = Array;
  return Array;
}

COT_ENTRY void __cot_gpu_vla_pop(void **Head, void *Mark) {
  for (void *Array = *Head; Array && Array != Mark;) {
    void *Below = vlaHeaderOf(Array).Below;
    freeAligned(Array);
    Array = Below;
  }
  *Head = Mark;
}

//===-- C++ new and delete ------------------------------------------------===//
// The Itanium names of the global operators (there are no exceptions on the
// device: a failed new traps, as device malloc exhaustion would otherwise
// hand out null).

COT_ENTRY void *_Znwm(size_t Size) { return mallocOrDie(Size); }
COT_ENTRY void *_Znam(size_t Size) { return mallocOrDie(Size); }
COT_ENTRY void _ZdlPv(void *Ptr) { free(Ptr); }
COT_ENTRY void _ZdaPv(void *Ptr) { free(Ptr); }
COT_ENTRY void _ZdlPvm(void *Ptr, size_t) { free(Ptr); }
COT_ENTRY void _ZdaPvm(void *Ptr, size_t) { free(Ptr); }

// std::align_val_t overloads.
COT_ENTRY void *_ZnwmSt11align_val_t(size_t Size, size_t Align) {
  void *P = allocAligned(Size, Align);
  if (!P)
    fatal();
  return P;
}
COT_ENTRY void *_ZnamSt11align_val_t(size_t Size, size_t Align) {
  return _ZnwmSt11align_val_t(Size, Align);
}
COT_ENTRY void _ZdlPvSt11align_val_t(void *Ptr, size_t) { freeAligned(Ptr); }
COT_ENTRY void _ZdaPvSt11align_val_t(void *Ptr, size_t) { freeAligned(Ptr); }
COT_ENTRY void _ZdlPvmSt11align_val_t(void *Ptr, size_t, size_t) {
  freeAligned(Ptr);
}
COT_ENTRY void _ZdaPvmSt11align_val_t(void *Ptr, size_t, size_t) {
  freeAligned(Ptr);
}

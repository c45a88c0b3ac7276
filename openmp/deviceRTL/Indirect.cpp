//===- Indirect.cpp - Calls through host function pointers ----------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// `declare target indirect` (OpenMP 5.1): device code may call a function
// through a pointer the host took, which holds the host address. When the
// program has such functions the device lowering routes every call through
// a pointer via __cot_gpu_indirect_function, which looks the address up in
// the table of host and device addresses that libomptarget writes when it
// loads the image; a pointer that is not in it (a device address, such as a
// vtable entry) is returned unchanged.
//
//===----------------------------------------------------------------------===//

#include "DeviceRTL.h"

// Written by libomptarget (Globals.ll defines them externally initialized).
extern "C" uintptr_t *__cot_indirect_table;
extern "C" uint64_t __cot_indirect_count;

COT_ENTRY void *__cot_gpu_indirect_function(void *Fn) {
  const uintptr_t *Table = __cot_indirect_table;
  for (uint64_t I = 0, N = __cot_indirect_count; I < N; ++I)
    if (Table[2 * I] == (uintptr_t)Fn)
      return (void *)Table[2 * I + 1];
  return Fn;
}

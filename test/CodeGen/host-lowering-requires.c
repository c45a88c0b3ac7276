// `#pragma omp requires` becomes one offload entry whose size holds the
// COT_REQUIRES_* bits: unified_address 0x4 | unified_shared_memory 0x8 |
// dynamic_allocators 0x10 = 28. A unit without the directive has none.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -S -emit-llvm -O0 %s -o - | FileCheck %s
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -S -emit-llvm -O0 -DNONE %s -o - | FileCheck %s --check-prefix=NONE

#ifndef NONE
#pragma omp requires unified_shared_memory
#pragma omp requires unified_address, dynamic_allocators
#pragma omp requires atomic_default_mem_order(seq_cst)
#endif

void f(int *P) {
#pragma omp target
  P[0] = 1;
}

// CHECK: @.cot.entry.requires = internal constant { ptr, ptr, i64, i32, i32 } { ptr null, ptr @{{.*}}, i64 28, i32 4, i32 0 }, section "cot_offload_entries"
// NONE-NOT: cot.entry.requires

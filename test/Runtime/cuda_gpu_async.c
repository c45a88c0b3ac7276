// REQUIRES: gpu, ptxas
// Deferred target regions (nowait) on a GPU: the checks of
// cuda_fake_gpu_async.c (dependent regions in order, a mapping another
// thread is still copying in, the encountering thread running on while a
// kernel runs, depend without nowait, a fault in a deferred region) on CUDA
// streams.
// RUN: sh %S/Inputs/cuda_build_image.sh %host-clang %ptxas %t.nv
// RUN: %build-host -fopenmp %s -DNVIMAGE='"%t.nv"' -o %t %link-rt
// RUN: %t | FileCheck %s --check-prefix=GPU-CHECK
// RUN: not %t fault 2>&1 | FileCheck %s --check-prefix=GPU-FAULT
//
// GPU-BUILD: sh %S/Inputs/cuda_build_image.sh %host-clang %ptxas %t.nv
// GPU-BUILD: %build-host -fopenmp %s -DNVIMAGE='"%t.nv"' -o %t %link-rt
// GPU-RUN: %t
// GPU-EXIT: 0
#include "Inputs/cuda_async_program.c"

// GPU-CHECK: chain: ok
// GPU-CHECK-NEXT: independent: ok
// GPU-CHECK-NEXT: b is unmapped
// GPU-CHECK-NEXT: in order without taskwait: ok
// GPU-CHECK-NEXT: copy in flight: ok
// GPU-CHECK-NEXT: the kernel saw the flag the host set after the construct: yes
// GPU-CHECK-NEXT: depend without nowait: a[7] = 68 (expected 68)
// GPU-CHECK-NEXT: the kernel read the linked variable: 77
// GPU-CHECK-NEXT: many: ok
// GPU-CHECK-NEXT: done

// GPU-FAULT: launching a faulting region with nowait
// GPU-FAULT-NEXT: libomptarget: error: kernel 'k_fault' failed (plugin 'cuda'): kernel 'k_fault' failed on cuda device 0: CUDA_ERROR_{{ILLEGAL_ADDRESS|LAUNCH_FAILED}}: {{.+}} at test.c:208:3

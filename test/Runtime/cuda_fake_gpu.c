// The CUDA plugin's queues, pinned staging and events without a GPU: a
// stand-in for the driver (Inputs/cuda_fake_gpu.c) runs each stream's work
// on a thread of its own, later than it is queued, so that a copy or kernel
// the plugin forgets to wait for, or orders wrongly, shows. The program of
// cuda_gpu_basic.c: maps and copies, small ones (through a queue's arena)
// and 48 MiB both ways (through 16 MiB staging buffers, copied by several
// threads or one), launch geometry, globals, omp_target_memcpy.
// RUN: sh %S/Inputs/cuda_build_image.sh %host-clang none %t.nv ptx-only
// RUN: %build-host %s -DNVIMAGE='"%t.nv"' -o %t %link-rt
// RUN: %host-clang -shared -fPIC -pthread %S/Inputs/cuda_fake_gpu.c -o %t-fake.so
// RUN: env LIBOMPTARGET_CUDA_LIBRARY=%t-fake.so LIBOMPTARGET_COPY_THREADS=4 %t | FileCheck %s
// RUN: env LIBOMPTARGET_CUDA_LIBRARY=%t-fake.so LIBOMPTARGET_COPY_THREADS=1 FAKE_GPU_KERNEL_US=0 FAKE_GPU_COPY_US=3000 %t | FileCheck %s
// RUN: env LIBOMPTARGET_CUDA_LIBRARY=%t-fake.so LIBOMPTARGET_COPY_THREADS=x %t 2>&1 | FileCheck %s --check-prefixes=CHECK,BADENV
#include "Inputs/cuda_gpu_program.c"

// CHECK: devices=1
// CHECK: small: ok
// BADENV: libomptarget: warning: LIBOMPTARGET_COPY_THREADS='x' is not a number of threads from 1 to 64; using {{[1-4]}}
// CHECK: staged: ok
// CHECK: num_teams 3 thread_limit 64: grid 3 block 64 device 0 counter 41
// CHECK: num_teams 0 thread_limit 0: grid 32 block 256 device 0 counter 42
// CHECK: num_teams 1 thread_limit 100000: grid 1 block 1024 device 0 counter 43
// CHECK: memcpy rc 0, copied back equal
// CHECK: freed block reused: yes
// CHECK: freed large block reused: yes, not for a much smaller one: yes
// CHECK: done

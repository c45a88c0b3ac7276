// REQUIRES: gpu, ptxas
// The CUDA plugin JIT-compiles the PTX when the image has no cubin for the
// GPU (here: a PTX-only image), and everything works as with a cubin.
// RUN: sh %S/Inputs/cuda_build_image.sh %host-clang %ptxas %t.nv ptx-only
// RUN: %build-host %s -DNVIMAGE='"%t.nv"' -o %t %link-rt
// RUN: env LIBOMPTARGET_INFO=1 %t 2>&1 | FileCheck %s --check-prefix=GPU-CHECK
//
// GPU-BUILD: sh %S/Inputs/cuda_build_image.sh %host-clang %ptxas %t.nv ptx-only
// GPU-BUILD: %build-host %s -DNVIMAGE='"%t.nv"' -o %t %link-rt
// GPU-RUN: env LIBOMPTARGET_INFO=1 %t
// GPU-EXIT: 0
#include "Inputs/cuda_gpu_program.c"

// GPU-CHECK: libomptarget: info: cuda device 0: JIT-compiled the sm_75 PTX for sm_{{[0-9]+}}
// GPU-CHECK: small: ok
// GPU-CHECK: staged: ok
// GPU-CHECK: num_teams 3 thread_limit 64: grid 3 block 64 device 0 counter 41
// GPU-CHECK: memcpy rc 0, copied back equal
// GPU-CHECK: done

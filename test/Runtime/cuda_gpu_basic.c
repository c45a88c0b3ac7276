// REQUIRES: gpu, ptxas
// The CUDA plugin on a GPU with the cubin for its arch (sm_80/89/90/100):
// maps and copies (small, and staged through pinned buffers), a declare
// target global, the device number, launch geometry, omp_target_* memory.
// RUN: sh %S/Inputs/cuda_build_image.sh %host-clang %ptxas %t.nv
// RUN: %build-host %s -DNVIMAGE='"%t.nv"' -o %t %link-rt
// RUN: env LIBOMPTARGET_INFO=1 %t 2>&1 | FileCheck %s --check-prefix=GPU-CHECK
//
// For utils/gpu-bundle.sh (a GPU machine without compilers):
// GPU-BUILD: sh %S/Inputs/cuda_build_image.sh %host-clang %ptxas %t.nv
// GPU-BUILD: %build-host %s -DNVIMAGE='"%t.nv"' -o %t %link-rt
// GPU-RUN: env LIBOMPTARGET_INFO=1 %t
// GPU-EXIT: 0
#include "Inputs/cuda_gpu_program.c"

// GPU-CHECK: libomptarget: info: plugin 'cuda' loaded: devices 0..
// GPU-CHECK: devices={{[1-9]}}
// GPU-CHECK: libomptarget: info: cuda device 0: stack of 4096 bytes per thread
// GPU-CHECK: libomptarget: info: cuda device 0: {{.+}}, sm_{{[0-9]+}}, {{[0-9]+}} SMs
// GPU-CHECK: libomptarget: info: cuda device 0: {{loaded the sm_[0-9]+ cubin|JIT-compiled the sm_75 PTX}}
// GPU-CHECK: libomptarget: info: cuda device 0: the image has no kernel table: the launch model uses occupancy
// GPU-CHECK: libomptarget: info: device 0: declare target 'dev_counter'
// GPU-CHECK: libomptarget: info: cuda device 0: kernel 'k_scale' runs {{[0-9]+}} blocks x 256 threads (default 256 threads; no kernel record, {{[0-9]+}} registers, occupancy {{[0-9]+}} blocks/SM; {{[0-9]+}} blocks/SM by occupancy x {{[0-9]+}} SMs)
// GPU-CHECK: small: ok
// GPU-CHECK: staged: ok
// GPU-CHECK: libomptarget: info: cuda device 0: kernel 'k_info' runs 3 blocks x 64 threads (thread_limit 64, num_teams 3)
// GPU-CHECK: num_teams 3 thread_limit 64: grid 3 block 64 device 0 counter 41
// GPU-CHECK: num_teams 0 thread_limit 0: grid {{[1-9][0-9]*}} block 256 device 0 counter 42
// GPU-CHECK: libomptarget: info: cuda device 0: kernel 'k_info' runs 1 blocks x 1024 threads (thread_limit 100000 clamped to the kernel's maximum 1024, num_teams 1)
// GPU-CHECK: num_teams 1 thread_limit 100000: grid 1 block 1024 device 0 counter 43
// GPU-CHECK: memcpy rc 0, copied back equal
// GPU-CHECK: freed block reused: yes
// GPU-CHECK: freed large block reused: yes, not for a much smaller one: yes
// GPU-CHECK: done

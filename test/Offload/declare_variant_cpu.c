// `declare variant`s for CPUs (match(device={kind(cpu)}) and arch(x86_64),
// with `declare variant` and `begin declare variant`): the host and the
// x86_64 host device call them, a GPU calls the base function, or its
// kind(gpu) variant. A GPU build links although the x86_64 variant holds
// x86 inline assembly that no GPU can run. GPU code called the CPU
// variants.
// RUN: %clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
// RUN: %clang -O0 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t.O0
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.O0 | FileCheck %s
// GPU-BUILD: %clang -O2 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda %s -o %t
// GPU-BUILD: %clang -O0 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda %s -o %t.O0
// GPU-RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t && env OMP_TARGET_OFFLOAD=MANDATORY %t.O0
// GPU-CHECK: device: cpu 0 x86 0 gpu 1 block-cpu 0 block-x86 0 (on device 1)
// GPU-CHECK: host: cpu 1 x86 1 gpu 0 block-cpu 1 block-x86 1
// GPU-CHECK: device: cpu 0 x86 0 gpu 1 block-cpu 0 block-x86 0 (on device 1)
// GPU-CHECK: host: cpu 1 x86 1 gpu 0 block-cpu 1 block-x86 1
#include <omp.h>
#include <stdio.h>

static unsigned cycleCounterLow(void) {
  unsigned Low, High;
  __asm__ volatile("rdtsc" : "=a"(Low), "=d"(High));
  return Low;
}
int onX86(void) { return 1 + (int)(cycleCounterLow() & 0); }

#pragma omp declare target
int onCPU(void) { return 1; }
int onGPU(void) { return 1; }
#pragma omp declare variant(onCPU) match(device = {kind(cpu)})
int cpuBase(void) { return 0; }
#pragma omp declare variant(onX86) match(device = {arch(x86_64)})
int x86Base(void) { return 0; }
#pragma omp declare variant(onGPU) match(device = {kind(gpu)})
int gpuBase(void) { return 0; }

int blockCPU(void) { return 0; }
#pragma omp begin declare variant match(device = {kind(cpu)})
int blockCPU(void) { return 1; }
#pragma omp end declare variant
int blockX86(void) { return 0; }
#pragma omp begin declare variant match(device = {arch(x86_64)})
int blockX86(void) { return 1; }
#pragma omp end declare variant
#pragma omp end declare target

int main(void) {
  int Picks[5] = {-1, -1, -1, -1, -1}, OnDevice = 0;
#pragma omp target map(from : Picks, OnDevice)
  {
    OnDevice = !omp_is_initial_device();
    Picks[0] = cpuBase();
    Picks[1] = x86Base();
    Picks[2] = gpuBase();
    Picks[3] = blockCPU();
    Picks[4] = blockX86();
  }
  // CHECK: device: cpu 1 x86 1 gpu 0 block-cpu 1 block-x86 1 (on device 1)
  printf("device: cpu %d x86 %d gpu %d block-cpu %d block-x86 %d (on device "
         "%d)\n",
         Picks[0], Picks[1], Picks[2], Picks[3], Picks[4], OnDevice);
  // CHECK: host: cpu 1 x86 1 gpu 0 block-cpu 1 block-x86 1
  printf("host: cpu %d x86 %d gpu %d block-cpu %d block-x86 %d\n", cpuBase(),
         x86Base(), gpuBase(), blockCPU(), blockX86());
  return 0;
}

// REQUIRES: gpu
// fork() after the first offload to a GPU: a CUDA context does not survive
// fork(), so the child's next construct on the GPU is a clear error (exit
// 1, no hang, no crash), and the parent goes on offloading.
// RUN: %clang -O1 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t 2>&1 | FileCheck %s --check-prefix=GPU-CHECK
//
// GPU-BUILD: %clang -O1 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda %s -o %t
// GPU-RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t
// GPU-EXIT: 0
#include <omp.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

#include "Inputs/offload_sum.h"

int main(void) {
  // GPU-CHECK: parent before fork: 5050
  printf("parent before fork: %d\n", offload(1));
  fflush(stdout);
  pid_t Pid = fork();
  if (Pid == 0) {
    alarm(60); // A hang becomes a failure.
    printf("child: %d\n", offload(2));
    return 0;
  }
  // GPU-CHECK: libomptarget: error: {{.*}}CUDA cannot be used in a child process that fork() created after the CUDA driver was started{{.*}} at {{.*}}offload_sum.h:7:1
  // GPU-CHECK-NOT: child:
  int Status;
  waitpid(Pid, &Status, 0);
  // GPU-CHECK: child exit status 1
  printf("child exit status %d\n",
         WIFEXITED(Status) ? WEXITSTATUS(Status) : 128 + WTERMSIG(Status));
  // GPU-CHECK: parent after fork: 15150
  printf("parent after fork: %d\n", offload(3));
  return 0;
}

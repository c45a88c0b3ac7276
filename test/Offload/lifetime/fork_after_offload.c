// fork() after the first offload, while another thread keeps mapping data:
// the child never inherits a runtime lock held by a thread it does not have
// (it used to hang), and may offload to the host device again; the parent
// goes on offloading. (A child cannot use a CUDA device the parent started:
// see Runtime/cuda_gpu_fork.c.)
// GPU-SKIP: a child of fork() cannot use CUDA; Runtime/cuda_gpu_fork.c checks its error.
// RUN: %clang -O1 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t -lpthread
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static atomic_int Stop;

/// Holds the device's lock most of the time.
static void *mapForever(void *Arg) {
  static int Data[4096];
  while (!atomic_load(&Stop)) {
#pragma omp target enter data map(to : Data)
#pragma omp target exit data map(from : Data)
  }
  return Arg;
}

#include "Inputs/offload_sum.h"

int main(void) {
  // CHECK: parent before fork: 5050
  printf("parent before fork: %d\n", offload(1));
  fflush(stdout);
  pthread_t Mapper;
  pthread_create(&Mapper, NULL, mapForever, NULL);
  int Failed = 0;
  for (int Child = 0; Child < 20 && !Failed; ++Child) {
    pid_t Pid = fork();
    if (Pid == 0) {
      alarm(60); // A hang becomes a failure.
      _exit(offload(2) == 10100 ? 0 : 1);
    }
    int Status;
    waitpid(Pid, &Status, 0);
    if (!WIFEXITED(Status) || WEXITSTATUS(Status) != 0) {
      printf("child %d: status 0x%x\n", Child, Status);
      ++Failed;
    }
  }
  atomic_store(&Stop, 1);
  pthread_join(Mapper, NULL);
  // CHECK: children that failed: 0
  // CHECK: parent after fork: 15150
  printf("children that failed: %d\n", Failed);
  printf("parent after fork: %d\n", offload(3));
  return 0;
}

// A thread whose construct fails while another thread is ending the process
// with exit() does not turn the exit status into 1: the failure becomes an
// info line and the thread waits for the end (on a GPU the driver shuts
// down at exit, and every later launch fails this way).
// RUN: %clang -O1 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t -lpthread
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_INFO=1 %t | FileCheck %s
#include <omp.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static atomic_int Go;
static int Stderr[2];
static int Unmapped[4];

/// Makes the other thread fail once exit() has begun, then waits for its
/// message, read from the pipe that stands for stderr.
static void failWhileExiting(void) {
  atomic_store(&Go, 1);
  char Buf[8192];
  size_t Len = 0;
  while (Len < sizeof(Buf) - 1) {
    ssize_t N = read(Stderr[0], Buf + Len, sizeof(Buf) - 1 - Len);
    if (N <= 0)
      break;
    Len += (size_t)N;
    Buf[Len] = 0;
    char *Line = strstr(Buf, "libomptarget: info: device 0: 'Unmapped'");
    if (Line && strchr(Line, '\n')) {
      *strchr(Line, '\n') = 0;
      printf("%s\n", Line);
      return;
    }
  }
  printf("no message from the failing thread\n");
}

static void *failingThread(void *Arg) {
  while (!atomic_load(&Go))
    ;
#pragma omp target enter data map(present, to : Unmapped)
  printf("not reached: the construct succeeded\n");
  return Arg;
}

int main(void) {
  // Registered before the first offload, so it runs after libomptarget's
  // own exit handler (atexit handlers run last-registered first).
  atexit(failWhileExiting);
  int OnDevice = 0;
#pragma omp target map(from : OnDevice)
  OnDevice = !omp_is_initial_device();
  // CHECK: first region on the device: 1
  printf("first region on the device: %d\n", OnDevice);
  fflush(stdout);
  if (pipe(Stderr) != 0 || dup2(Stderr[1], 2) < 0)
    return 1;
  pthread_t T;
  pthread_create(&T, NULL, failingThread, NULL);
  exit(0);
}
// CHECK: libomptarget: info: device 0: 'Unmapped' [0x{{[0-9a-f]+}},0x{{[0-9a-f]+}}) is not present on the device (present modifier) (ignored: another thread is ending the process) at {{.*}}exit_while_thread_fails.c:44:1
// CHECK-NOT: not reached

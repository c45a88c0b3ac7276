/* The offload of the fork tests: the sum of 1..100 times X computed on the
 * device, negative when the region ran on the host; and the same in a child
 * process. */
#include <omp.h>

static int offload(int X) {
  int Sum = 0, OnHost = 1;
#pragma omp target teams distribute parallel for reduction(+ : Sum) map(tofrom : OnHost)
  for (int I = 1; I <= 100; ++I) {
    Sum += I * X;
    if (I == 1)
      OnHost = omp_is_initial_device();
  }
  return OnHost ? -Sum : Sum;
}

#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

/* Forks a child that prints "child: <offload(X)>" and exits 0 (a hang
 * fails after 60 s); returns its exit status, 128 + the signal that ended
 * it. */
static inline int offload_in_child(int X) {
  fflush(stdout);
  pid_t Pid = fork();
  if (Pid == 0) {
    alarm(60);
    printf("child: %d\n", offload(X));
    exit(0);
  }
  int Status;
  waitpid(Pid, &Status, 0);
  return WIFEXITED(Status) ? WEXITSTATUS(Status) : 128 + WTERMSIG(Status);
}

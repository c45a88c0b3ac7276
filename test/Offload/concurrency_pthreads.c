// 16 host threads (pthreads), each mapping its own data and launching its
// own target regions repeatedly; the mapping table must stay consistent.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t -lpthread
// RUN: %t | FileCheck %s
#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define NT 16
#define N 256
#define ITERS 20

static int errors[NT];

static void *worker(void *arg) {
  int id = (int)(long)arg;
  int dev = omp_get_default_device();
  int *a = malloc(N * sizeof(int));
  for (int i = 0; i < N; ++i)
    a[i] = id;
  for (int it = 0; it < ITERS; ++it) {
#pragma omp target data map(tofrom : a[0:N])
    {
      if (!omp_target_is_present(a, dev))
        errors[id]++;
#pragma omp target teams distribute parallel for map(tofrom : a[0:N])
      for (int i = 0; i < N; ++i)
        a[i] += 1;
      int local[4] = {id, id, id, id};
#pragma omp target map(tofrom : local) map(to : a[0:N])
      for (int k = 0; k < 4; ++k)
        local[k] += a[k];
      if (local[0] != id + id + it + 1)
        errors[id]++;
    }
    if (omp_target_is_present(a, dev))
      errors[id]++;
  }
  for (int i = 0; i < N; ++i)
    if (a[i] != id + ITERS)
      errors[id]++;
  free(a);
  return NULL;
}

int main(void) {
  pthread_t th[NT];
  for (long t = 0; t < NT; ++t)
    pthread_create(&th[t], NULL, worker, (void *)t);
  int total = 0;
  for (int t = 0; t < NT; ++t) {
    pthread_join(th[t], NULL);
    total += errors[t];
  }
  // CHECK: errors 0
  printf("errors %d\n", total);
  return 0;
}

// 16 host threads (pthreads), each mapping its own data and launching its
// own target regions repeatedly; the mapping table must stay consistent.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t -lpthread
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define NT 16
#define N 256
#define ITERS 20

static int errors[NT];
// The target regions of each thread that ran on the offload device.
static int on_device[NT];

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
      int on_dev = 0;
#pragma omp target teams distribute parallel for map(tofrom : a[0:N], on_dev)
      for (int i = 0; i < N; ++i) {
        a[i] += 1;
        if (i == 0)
          on_dev += !omp_is_initial_device();
      }
      int local[4] = {id, id, id, id};
#pragma omp target map(tofrom : local, on_dev) map(to : a[0:N])
      {
        on_dev += !omp_is_initial_device();
        for (int k = 0; k < 4; ++k)
          local[k] += a[k];
      }
      on_device[id] += on_dev;
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
  int total = 0, regions_on_dev = 0;
  for (int t = 0; t < NT; ++t) {
    pthread_join(th[t], NULL);
    total += errors[t];
    regions_on_dev += on_device[t];
  }
  // CHECK: errors 0
  printf("errors %d\n", total);
  // 16 threads, 20 iterations, 2 regions each.
  // CHECK: regions-on-device 640
  printf("regions-on-device %d\n", regions_on_dev);
  return 0;
}

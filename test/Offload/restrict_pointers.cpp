// __restrict-qualified pointers in is_device_ptr, firstprivate and
// has_device_addr (of a section through one) clauses, as OpenMP ports of
// CUDA kernels write them.
// They failed to compile ("cannot initialize a parameter of type 'const
// volatile void *' with an rvalue of type 'double *__restrict *'"): the
// Sema step's marker took the pointer's address, which does not convert
// implicitly without dropping the qualifier. Every region checks that it
// ran on the device.
// RUN: %clangxx -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

static int fill(double *__restrict Out, const double *__restrict In, int N) {
  int OnHost = 1;
#pragma omp target teams distribute parallel for is_device_ptr(Out, In) map(tofrom : OnHost)
  for (int I = 0; I < N; ++I) {
    if (I == 0)
      OnHost = omp_is_initial_device();
    Out[I] = 2 * In[I];
  }
  return OnHost;
}

static int scale(double *__restrict Out, int N) {
  int OnHost = 1;
#pragma omp target has_device_addr(Out[0 : N]) firstprivate(N) map(tofrom : OnHost)
  {
    OnHost = omp_is_initial_device();
    for (int I = 0; I < N; ++I)
      Out[I] += 1;
  }
  return OnHost;
}

int main() {
  const int N = 100, Dev = omp_get_default_device();
  double Host[N];
  for (int I = 0; I < N; ++I)
    Host[I] = I;
  double *In = (double *)omp_target_alloc(N * sizeof(double), Dev);
  double *Out = (double *)omp_target_alloc(N * sizeof(double), Dev);
  omp_target_memcpy(In, Host, sizeof Host, 0, 0, Dev, omp_get_initial_device());
  int OnHost = fill(Out, In, N) + scale(Out, N);
  // A firstprivate pointer keeps its host value (nothing is translated).
  double *__restrict Private = Host + 5;
  unsigned long Start = (unsigned long)Host;
  long Sum = -1;
#pragma omp target firstprivate(Private, Start) map(tofrom : Sum, OnHost)
  {
    OnHost += omp_is_initial_device();
    Sum = (long)((unsigned long)Private - Start);
  }
  omp_target_memcpy(Host, Out, sizeof Host, 0, 0, omp_get_initial_device(), Dev);
  int Bad = 0;
  for (int I = 0; I < N; ++I)
    Bad += Host[I] != 2 * I + 1;
  omp_target_free(In, Dev);
  omp_target_free(Out, Dev);
  // CHECK: wrong 0, firstprivate offset 40, on host 0
  printf("wrong %d, firstprivate offset %ld, on host %d\n", Bad, Sum, OnHost);
  return 0;
}

// A pointer mapped next to what it points to in a target construct:
// map(to : p) map(tofrom : p[0:n]), map(ps, ps->x), map(ps, ps->q[0:n]).
// Clang passes the pointer by copy, so the kernel argument must be the
// device address of the pointee, and the device copy of the pointer is
// attached to it (checked through omp_get_mapped_ptr while the pointer stays
// mapped). Also with enter/exit data around the region in either order.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define N 16

typedef struct {
  int x;
  int y;
  int *q;
} S;

/// Whether the device copy of the pointer variable *PtrVar holds the device
/// address of Pointee (both must be mapped).
static int attached(void *PtrVar, void *Pointee) {
  int Dev = omp_get_default_device();
  void *DevVar = omp_get_mapped_ptr(PtrVar, Dev);
  void *DevPointee = omp_get_mapped_ptr(Pointee, Dev);
  void *Value = 0;
  if (!DevVar || !DevPointee ||
      omp_target_memcpy(&Value, DevVar, sizeof(Value), 0, 0,
                        omp_get_initial_device(), Dev) != 0)
    return 0;
  return Value == DevPointee;
}

static int sum(const int *A, int From, int To) {
  int S = 0;
  for (int I = From; I < To; ++I)
    S += A[I];
  return S;
}

int main(void) {
  int *p = malloc(N * sizeof(int));
  int *orig = p;
  for (int i = 0; i < N; ++i)
    p[i] = i;
  // Each region adds 1 when it runs on the offload device.
  int on_dev = 0;

  // The form of the report: the pointer and a section of its pointee.
#pragma omp target map(to : p) map(tofrom : p[0:N], on_dev)
  {
    on_dev += !omp_is_initial_device();
    for (int i = 0; i < N; ++i)
      p[i] += 100;
  }
  // CHECK: to-p 100 115 same-ptr 1
  printf("to-p %d %d same-ptr %d\n", p[0], p[N - 1], p == orig);

  // A section that starts inside the allocation, and tofrom on the pointer:
  // the host pointer keeps its value.
#pragma omp target map(tofrom : p, p[4:8], on_dev)
  {
    on_dev += !omp_is_initial_device();
    for (int i = 4; i < 12; ++i)
      p[i] = -p[i];
  }
  // CHECK: offset 103 -104 -111 112 same-ptr 1
  printf("offset %d %d %d %d same-ptr %d\n", p[3], p[4], p[11], p[12],
         p == orig);

  // The pointer and its pointee stay mapped around the region, each on its
  // own: the region attaches the device copy of the pointer.
  int att = 0;
#pragma omp target data map(to : p)
  {
#pragma omp target enter data map(to : p[0:N])
#pragma omp target map(to : p) map(tofrom : p[0:N], on_dev)
    {
      on_dev += !omp_is_initial_device();
      for (int i = 0; i < N; ++i)
        p[i] = i;
    }
    att = attached(&p, p);
#pragma omp target exit data map(from : p[0:N])
  }
  // CHECK: data-attached 1 sum 120
  printf("data-attached %d sum %d\n", att, sum(p, 0, N));

  // enter data of the pointer and its pointee (attached there), then
  // regions that map the section alone, nothing, or both again.
#pragma omp target enter data map(to : p) map(to : p[0:N])
  // CHECK: enter-attached 1
  printf("enter-attached %d\n", attached(&p, p));
#pragma omp target map(tofrom : p[0:N], on_dev)
  {
    on_dev += !omp_is_initial_device();
    for (int i = 0; i < N; ++i)
      p[i] += 1;
  }
#pragma omp target map(tofrom : on_dev)
  {
    on_dev += !omp_is_initial_device();
    for (int i = 0; i < N; ++i)
      p[i] *= 2;
  }
#pragma omp target map(to : p) map(tofrom : p[0:N], on_dev)
  {
    on_dev += !omp_is_initial_device();
    for (int i = 0; i < N; ++i)
      p[i] += 3;
  }
  // CHECK: still-attached 1
  printf("still-attached %d\n", attached(&p, p));
#pragma omp target exit data map(from : p[0:N]) map(release : p)
  // CHECK: enter-exit 5 35 sum 320 same-ptr 1
  printf("enter-exit %d %d sum %d same-ptr %d\n", p[0], p[N - 1], sum(p, 0, N),
         p == orig);

  // Only the pointee entered: the region maps the pointer, attaches it,
  // and the pointee stays until exit data.
#pragma omp target enter data map(to : p[0:N])
#pragma omp target map(to : p) map(tofrom : p[0:N], on_dev)
  {
    on_dev += !omp_is_initial_device();
    for (int i = 0; i < N; ++i)
      p[i] = 7 * i;
  }
  // CHECK: pointee-present 5
  printf("pointee-present %d\n", p[0]);
#pragma omp target exit data map(from : p[0:N])
  // CHECK: pointee-exit 0 105
  printf("pointee-exit %d %d\n", p[0], p[N - 1]);

  // A struct pointer with a member of the pointee.
  S s = {1, 2, p};
  S *ps = &s;
#pragma omp target map(ps, ps->x) map(tofrom : on_dev)
  {
    ps->x = 42;
    on_dev += !omp_is_initial_device();
  }
  // CHECK: struct-member 42 2 same-ptr 1
  printf("struct-member %d %d same-ptr %d\n", s.x, s.y, ps == &s);
#pragma omp target data map(to : ps)
  {
#pragma omp target enter data map(to : ps->x, ps->y)
#pragma omp target map(to : ps) map(tofrom : ps->x, ps->y, on_dev)
    {
      on_dev += !omp_is_initial_device();
      ps->x += 1;
      ps->y += 1;
    }
    att = attached(&ps, &s.x);
#pragma omp target exit data map(from : ps->x, ps->y)
  }
  // CHECK: struct-attached 1 43 3
  printf("struct-attached %d %d %d\n", att, s.x, s.y);

  // A struct pointer with a section behind a pointer member.
#pragma omp target map(to : ps) map(tofrom : ps->q[0:N], on_dev)
  {
    on_dev += !omp_is_initial_device();
    for (int i = 0; i < N; ++i)
      ps->q[i] = i + 1;
  }
  // CHECK: struct-ptr-member 1 16 same-q 1
  printf("struct-ptr-member %d %d same-q %d\n", p[0], p[N - 1], s.q == p);
  // CHECK: regions-on-device 10
  printf("regions-on-device %d\n", on_dev);
  free(p);
  return 0;
}

// C++ member forms: member array sections through a reference parameter,
// explicit this->ptr[lo:len], nested struct member pointers, and members
// of an object reached through a pointer member.
// RUN: %clangxx -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <cstdio>
#include <omp.h>

// The target regions that ran on the offload device.
static int RegionsOnDevice = 0;

struct Inner {
  int n;
  double *p;
};
struct Outer {
  int arr[6] = {0, 1, 2, 3, 4, 5};
  Inner in;
  int *ptr;
  void viaThis() {
    int onDev = 0;
#pragma omp target map(tofrom : this->ptr[2:3]) map(from : onDev)
    {
      onDev = !omp_is_initial_device();
      for (int i = 2; i < 5; ++i)
        this->ptr[i] *= -1;
    }
    RegionsOnDevice += onDev;
  }
};

static void viaRef(Outer &o) {
  int onDev = 0;
#pragma omp target map(tofrom : o.arr[1:2]) map(from : onDev)
  {
    onDev = !omp_is_initial_device();
    o.arr[1] = 10;
    o.arr[2] = 20;
  }
  RegionsOnDevice += onDev;
}

int main() {
  double buf[3] = {1, 2, 3};
  int ints[6] = {1, 2, 3, 4, 5, 6};
  Outer o;
  o.in = {3, buf};
  o.ptr = ints;
  viaRef(o);
  // CHECK: ref-member 0 10 20 3
  std::printf("ref-member %d %d %d %d\n", o.arr[0], o.arr[1], o.arr[2], o.arr[3]);
  o.viaThis();
  // CHECK: this-ptr 2 -3 -4 -5 6
  std::printf("this-ptr %d %d %d %d %d\n", ints[1], ints[2], ints[3], ints[4], ints[5]);
  int onDev = 0;
#pragma omp target map(tofrom : o.in.p[0:o.in.n]) map(to : o.in.n) map(from : onDev)
  {
    onDev = !omp_is_initial_device();
    for (int i = 0; i < o.in.n; ++i)
      o.in.p[i] += 100;
  }
  RegionsOnDevice += onDev;
  // CHECK: nested 101 103
  std::printf("nested %.0f %.0f\n", buf[0], buf[2]);
  Outer *po = &o;
  onDev = 0;
#pragma omp target map(tofrom : po->in.p[1:1], po->arr[5]) map(from : onDev)
  {
    onDev = !omp_is_initial_device();
    po->in.p[1] = -2;
    po->arr[5] = 55;
  }
  RegionsOnDevice += onDev;
  // CHECK: arrow-nested -2 55
  std::printf("arrow-nested %.0f %d\n", buf[1], o.arr[5]);
  // CHECK: regions-on-device 4
  std::printf("regions-on-device %d\n", RegionsOnDevice);
  return 0;
}

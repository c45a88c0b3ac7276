// Lambdas called in target regions (OpenMP 5.0, 2.19.7.1): the closure is
// copied to the device, and its captures refer to device data there: a
// variable captured by reference as if it appeared in a map clause (its
// own map, if any, first), a captured pointer as a zero-length section (the
// data an enclosing target data maps), a captured `this` as if mapped. The
// host's closure still refers to host data afterwards.
// RUN: %clangxx -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <cstdio>
#include <omp.h>

template <class F> void forall(int N, F Body) {
#pragma omp target teams distribute parallel for
  for (int I = 0; I < N; ++I)
    Body(I);
}

/// The closure mapped by a map clause, by reference, to the device or both
/// ways (its fields' host addresses come back, not the device's).
template <class F> void forallMapped(int N, F &Body) {
#pragma omp target teams distribute parallel for map(tofrom : Body)
  for (int I = 0; I < N; ++I)
    Body(I);
}

struct Grid {
  double V[8];
  int OnDevice = 0;
  void twice() {
    forall(8, [=](int I) {
      V[I] *= 2;
      if (I == 0)
        OnDevice = !omp_is_initial_device();
    });
  }
};

int main() {
  // By reference, the variable also in the region's map clause.
  int Acc[2] = {0, 0};
  int OnDevice = 0;
  auto Add = [&Acc, &OnDevice](int V) {
    Acc[0] += V;
    Acc[1] += 1;
    OnDevice = !omp_is_initial_device();
  };
#pragma omp target map(tofrom : Acc)
  for (int I = 1; I <= 4; ++I)
    Add(I);
  // CHECK: by-ref 10 4 on device 1
  std::printf("by-ref %d %d on device %d\n", Acc[0], Acc[1], OnDevice);
  Add(100); // the host's closure still refers to the host's variables
  // CHECK-NEXT: host call 110 5 on device 0
  std::printf("host call %d %d on device %d\n", Acc[0], Acc[1], OnDevice);

  // Pointers by copy and by reference, their data mapped around the calls.
  const int N = 1000;
  double *X = new double[N], *Y = new double[N];
  for (int I = 0; I < N; ++I) {
    X[I] = I;
    Y[I] = 1;
  }
  double A = 2;
  int Ran = 0;
#pragma omp target data map(to : X[0 : N]) map(tofrom : Y[0 : N])
  {
    forall(N, [=](int I) { Y[I] += A * X[I]; });
    forall(N, [&](int I) {
      Y[I] += A * X[I];
      if (I == N - 1)
        Ran = !omp_is_initial_device();
    });
  }
  // CHECK-NEXT: saxpy twice 2001 3997 on device 1
  std::printf("saxpy twice %g %g on device %d\n", Y[N / 2], Y[N - 1], Ran);
  auto Scale = [&](int I) { Y[I] *= A; };
#pragma omp target data map(tofrom : Y[0 : N])
  forallMapped(N, Scale);
  Scale(0); // on the host, with the host's Y
  // CHECK-NEXT: mapped closure 4002 7994, host call 4
  std::printf("mapped closure %g %g, host call %g\n", Y[N / 2], Y[N - 1], Y[0]);

  // A mutable lambda's copy changes on the device only.
  int Calls = 0;
  auto Count = [Calls, &Ran]() mutable {
    ++Calls;
    Ran = Calls;
  };
#pragma omp target
  {
    Count();
    Count();
  }
  int DeviceCalls = Ran;
  Count();
  // CHECK-NEXT: mutable: device copy 2, host copy 1
  std::printf("mutable: device copy %d, host copy %d\n", DeviceCalls, Ran);

  // `this`, captured by a lambda in a member function.
  Grid G;
  for (int I = 0; I < 8; ++I)
    G.V[I] = I;
  G.twice();
  // CHECK-NEXT: this 14 on device 1
  std::printf("this %g on device %d\n", G.V[7], G.OnDevice);
  delete[] X;
  delete[] Y;
  return 0;
}

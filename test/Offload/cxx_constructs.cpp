// Every combined construct from C++, in a class template's member functions.
// RUN: %clangxx -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <cstdio>
#include <omp.h>

template <typename T> struct Kern {
  static const int N = 256;
  T a[N];
  // The first iteration of each region adds 1 when it runs on the device.
  int onDevice = 0;
  long check() const {
    long s = 0;
    for (int i = 0; i < N; ++i)
      s += (long)a[i];
    return s;
  }
  long parallel() {
    int nt = 0;
#pragma omp target parallel num_threads(4) map(tofrom : nt, a, onDevice)
    {
      if (omp_get_thread_num() == 0) {
        nt = omp_get_num_threads();
        onDevice += !omp_is_initial_device();
      }
#pragma omp for
      for (int i = 0; i < N; ++i)
        a[i] = (T)1;
    }
    return check() * (nt > 1);
  }
  long parallelFor() {
#pragma omp target parallel for map(from : a) map(tofrom : onDevice)
    for (int i = 0; i < N; ++i) {
      a[i] = (T)2;
      if (i == 0)
        onDevice += !omp_is_initial_device();
    }
    return check();
  }
  long parallelForSimd() {
#pragma omp target parallel for simd map(from : a) map(tofrom : onDevice)
    for (int i = 0; i < N; ++i) {
      a[i] = (T)3;
      if (i == 0)
        onDevice += !omp_is_initial_device();
    }
    return check();
  }
  long simd() {
#pragma omp target simd map(from : a) map(tofrom : onDevice)
    for (int i = 0; i < N; ++i) {
      a[i] = (T)4;
      if (i == 0)
        onDevice += !omp_is_initial_device();
    }
    return check();
  }
  long teams() {
#pragma omp target teams num_teams(1) map(from : a) map(tofrom : onDevice)
    for (int i = 0; i < N; ++i) {
      a[i] = (T)5;
      if (i == 0)
        onDevice += !omp_is_initial_device();
    }
    return check();
  }
  long teamsDistribute() {
#pragma omp target teams distribute map(from : a) map(tofrom : onDevice)
    for (int i = 0; i < N; ++i) {
      a[i] = (T)6;
      if (i == 0)
        onDevice += !omp_is_initial_device();
    }
    return check();
  }
  long teamsDistributeSimd() {
#pragma omp target teams distribute simd map(from : a) map(tofrom : onDevice)
    for (int i = 0; i < N; ++i) {
      a[i] = (T)7;
      if (i == 0)
        onDevice += !omp_is_initial_device();
    }
    return check();
  }
  long tdpf() {
#pragma omp target teams distribute parallel for map(from : a) map(tofrom : onDevice)
    for (int i = 0; i < N; ++i) {
      a[i] = (T)8;
      if (i == 0)
        onDevice += !omp_is_initial_device();
    }
    return check();
  }
  long tdpfSimd() {
#pragma omp target teams distribute parallel for simd map(from : a) map(tofrom : onDevice)
    for (int i = 0; i < N; ++i) {
      a[i] = (T)9;
      if (i == 0)
        onDevice += !omp_is_initial_device();
    }
    return check();
  }
  long teamsLoop() {
#pragma omp target teams loop map(from : a) map(tofrom : onDevice)
    for (int i = 0; i < N; ++i) {
      a[i] = (T)10;
      if (i == 0)
        onDevice += !omp_is_initial_device();
    }
    return check();
  }
};

template <typename T> void runAll(const char *name) {
  Kern<T> k;
  std::printf("%s %ld %ld %ld %ld %ld %ld %ld %ld %ld %ld", name, k.parallel(),
              k.parallelFor(), k.parallelForSimd(), k.simd(), k.teams(),
              k.teamsDistribute(), k.teamsDistributeSimd(), k.tdpf(),
              k.tdpfSimd(), k.teamsLoop());
  std::printf(" on-device %d\n", k.onDevice);
}

int main() {
  // CHECK: int 256 512 768 1024 1280 1536 1792 2048 2304 2560 on-device 10
  runAll<int>("int");
  // CHECK: float 256 512 768 1024 1280 1536 1792 2048 2304 2560 on-device 10
  runAll<float>("float");
  return 0;
}

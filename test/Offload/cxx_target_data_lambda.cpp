// Target data regions in lambdas, templates and member functions. Code in
// the region that uses a lambda's captures or `this`, directly or through
// the constructs in it, crashed the compiler; so did globals named in the
// clauses of a construct with default(none) there. A lambda in a region with
// use_device_ptr captures the device pointer (its body referred to the
// region's variable of another function, and the program crashed).
// RUN: %clangxx -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <cstdio>

int G = 1;

template <typename T> T scaled(T count, int &onHost) {
  T result = 0;
#pragma omp target data map(tofrom : count)
#pragma omp target teams distribute parallel for default(none)                \
    shared(count, G) map(tofrom : G) num_teams(G) reduction(+ : result)         \
    reduction(max : onHost)
  for (int i = 0; i < 10; ++i) {
    result += count * G;
    onHost = omp_is_initial_device();
  }
  return result;
}

template <typename T> T deviceSum(T *p, int n, int &onHost) {
  T r = 0;
#pragma omp target data map(to : p[0 : n]) use_device_ptr(p)
  {
    auto add = [&]() {
#pragma omp target is_device_ptr(p) map(tofrom : r, onHost)
      {
        for (int i = 0; i < n; i++)
          r += p[i];
        onHost = omp_is_initial_device();
      }
    };
    add();
  }
  return r;
}

struct Vec {
  int data[8];
  int sum(int &onHost) {
    int total = 0;
    auto body = [&]() {
#pragma omp target data map(to : data)
      {
#pragma omp target map(tofrom : total, onHost)
        {
          for (int i = 0; i < 8; ++i)
            total += this->data[i];
          onHost = omp_is_initial_device();
        }
        total *= 2;
      }
    };
    body();
    return total;
  }
};

int main() {
  int count = 123, onHost = -1, hostRuns = 0;
  auto byReference = [&]() {
#pragma omp target data map(tofrom : count)
    {
      count++; // on the host: the region's count is the firstprivate 124
#pragma omp critical
      hostRuns++;
#pragma omp target parallel for default(none) shared(count, G, onHost)         \
    map(tofrom : G, onHost)
      for (int i = 0; i < 10; ++i) {
        if (count != 124)
          G--;
        onHost = omp_is_initial_device();
      }
    }
  };
  byReference();
  // The data region copies the device's 123 back at its end.
  // CHECK: lambda by reference: count 123 G 1 host runs 1 on host 0
  std::printf("lambda by reference: count %d G %d host runs %d on host %d\n",
              count, G, hostRuns, onHost);

  int result = 0;
  onHost = -1;
  auto byValue = [=, &result, &onHost]() {
#pragma omp target data map(to : count)
#pragma omp target map(tofrom : result, onHost)
    {
      result = count * 2;
      onHost = omp_is_initial_device();
    }
  };
  byValue();
  // CHECK: lambda by value: 246 on host 0
  std::printf("lambda by value: %d on host %d\n", result, onHost);

  int intHost = -1, longHost = -1;
  int intSum = scaled(3, intHost);
  long longSum = scaled(4L, longHost);
  // CHECK: templates: 30 40 on host 0 0
  std::printf("templates: %d %ld on host %d %d\n", intSum, longSum, intHost,
              longHost);

  int a[5] = {1, 2, 3, 4, 5};
  onHost = -1;
  int devSum = deviceSum(a, 5, onHost);
  // CHECK: use_device_ptr in a lambda: 15 on host 0
  std::printf("use_device_ptr in a lambda: %d on host %d\n", devSum, onHost);

  Vec v;
  for (int i = 0; i < 8; ++i)
    v.data[i] = i;
  onHost = -1;
  int vecSum = v.sum(onHost);
  // CHECK: member: 56 on host 0
  std::printf("member: %d on host %d\n", vecSum, onHost);
  return 0;
}

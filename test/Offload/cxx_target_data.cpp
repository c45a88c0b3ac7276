// C++: target data, enter/exit data and update on class members.
// RUN: %clangxx -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <cstdio>
#include <omp.h>

class Buffer {
  double *data_;
  int n_;

public:
  explicit Buffer(int n) : data_(new double[n]), n_(n) {
    for (int i = 0; i < n_; ++i)
      data_[i] = i;
#pragma omp target enter data map(to : data_[0:n_])
  }
  ~Buffer() {
#pragma omp target exit data map(delete : data_[0:n_])
    delete[] data_;
  }
  // Returns 1 when the region ran on the offload device.
  int scale(double f) {
    double *d = data_;
    int n = n_;
    int onDev = 0;
#pragma omp target teams distribute parallel for map(from : onDev)
    for (int i = 0; i < n; ++i) {
      d[i] *= f;
      if (i == 0)
        onDev = !omp_is_initial_device();
    }
    return onDev;
  }
  void pull() {
#pragma omp target update from(data_[0:n_])
  }
  bool present() const {
    return omp_target_is_present(data_, omp_get_default_device());
  }
  double at(int i) const { return data_[i]; }
};

int main() {
  bool after;
  {
    Buffer b(10);
    int onDev = b.scale(2);
    // CHECK: before-pull 9 on-device 1
    std::printf("before-pull %.0f on-device %d\n", b.at(9), onDev);
    b.pull();
    // CHECK: after-pull 18 present 1
    std::printf("after-pull %.0f present %d\n", b.at(9), (int)b.present());
  }
  int arr[3] = {1, 2, 3};
  int onDev = 0;
#pragma omp target data map(tofrom : arr)
  {
#pragma omp target map(from : onDev)
    {
      onDev = !omp_is_initial_device();
      arr[1] = 20;
    }
  }
  // CHECK: data 20 on-device 1
  std::printf("data %d on-device %d\n", arr[1], onDev);
  return 0;
}

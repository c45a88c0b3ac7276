// C++: target data, enter/exit data and update on class members.
// RUN: %clangxx -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
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
  void scale(double f) {
    double *d = data_;
    int n = n_;
#pragma omp target teams distribute parallel for
    for (int i = 0; i < n; ++i)
      d[i] *= f;
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
    b.scale(2);
    // CHECK: before-pull 9
    std::printf("before-pull %.0f\n", b.at(9));
    b.pull();
    // CHECK: after-pull 18 present 1
    std::printf("after-pull %.0f present %d\n", b.at(9), (int)b.present());
  }
  int arr[3] = {1, 2, 3};
#pragma omp target data map(tofrom : arr)
  {
#pragma omp target
    arr[1] = 20;
  }
  // CHECK: data 20
  std::printf("data %d\n", arr[1]);
  return 0;
}

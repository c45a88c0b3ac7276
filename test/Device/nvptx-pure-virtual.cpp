// A class with a pure virtual function puts __cxa_pure_virtual in its
// vtable. Device code that keeps the vtable (without -O it always does)
// gets a definition that traps, as nothing on the GPU defines it; the build
// works at every level.
// RUN: rm -rf %t.nocuda && mkdir -p %t.nocuda
// RUN: %clangxx -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 --cuda-path=%t.nocuda %s -o %t -save-temps
// RUN: llvm-dis %t-device-nvptx.bc -o - | FileCheck %s
// RUN: %clangxx -O2 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 --cuda-path=%t.nocuda %s -o %t.O2

struct Shape {
  virtual ~Shape() {}
  virtual int area() const = 0;
};

struct Square : Shape {
  int Side;
  explicit Square(int S) : Side(S) {}
  int area() const override { return Side * Side; }
};

#pragma omp declare target
int areaOf(const Shape &S) { return S.area(); }
#pragma omp end declare target

int area(int Side) {
  int R = 0;
#pragma omp target map(from : R)
  {
    Square Sq(Side);
    R = areaOf(Sq);
  }
  return R;
}

int main() { return area(3) == 9 ? 0 : 1; }

// CHECK: define internal void @__cxa_pure_virtual()
// CHECK-NEXT: entry:
// CHECK-NEXT: call void @llvm.trap()
// CHECK-NEXT: unreachable

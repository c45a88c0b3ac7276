// Device extraction gives device code the dynamic initializers of the
// `declare target` variables it uses, and a kernel that runs them in the
// host's order (recorded in cot.kernels, generic mode); their __cxa_atexit
// registrations go. The initializer of a variable no device code uses
// (iostream's ios_base::Init, a std::string) stays on the host. The host's
// offload entries name the kernel with COT_ENTRY_INITIALIZER (16).
// RUN: %clangxx -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu --offload-device-only -emit-llvm -S %s -o - | FileCheck %s --check-prefix=DEVICE
// RUN: %clangxx -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -emit-llvm -S %s -o - | FileCheck %s --check-prefix=HOST

#pragma omp declare target
#include <iostream>
struct Counter {
  int N;
  Counter() : N(5) {}
  ~Counter() { N = 0; }
};
Counter First;
int twice(int X) { return 2 * X; }
int Second = twice(21);
static std::string Unused = "host";
#pragma omp end declare target

int read() {
  int R = 0;
#pragma omp target map(from : R)
  R = First.N + Second;
  return R;
}

// DEVICE-NOT: __cxa_atexit
// DEVICE-NOT: _ZNSt8ios_base4InitC1Ev
// DEVICE: define weak_odr void @__cot_init_[[INIT:[A-Za-z0-9_]+]]()
// DEVICE-NEXT: call void @__cxx_global_var_init.{{[0-9]+}}()
// DEVICE-NEXT: call void @__cxx_global_var_init.{{[0-9]+}}()
// DEVICE-NEXT: ret void
// DEVICE: !cot.kernels = !{![[K1:[0-9]+]], ![[K2:[0-9]+]]}
// DEVICE: ![[K2]] = !{ptr @__cot_init_[[INIT]], !"generic"}

// HOST: @.cot.entry.__cot_init_[[INIT:[A-Za-z0-9_]+]] = {{.*}} { ptr @__cxx_global_var_init.{{[0-9]+}}, ptr @.cot.entry_name{{.*}}, i64 0, i32 16, i32 0 }

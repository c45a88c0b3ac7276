// Static data members and namespace-scope variables in declare target.
// RUN: %clangxx -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <cstdio>
#include <omp.h>

#pragma omp begin declare target
struct Cfg {
  static int scale;
  static int apply(int x) { return x * scale; }
};
int Cfg::scale = 4;
namespace ns {
double table[3] = {0.5, 1.5, 2.5};
}
#pragma omp end declare target

int main() {
  int r = 0;
  double t = 0;
  int onDev = 0;
#pragma omp target map(from : r, t, onDev)
  {
    onDev = !omp_is_initial_device();
    r = Cfg::apply(5);
    t = ns::table[2];
    Cfg::scale = 10;
  }
  // CHECK: r 20 t 2.5 host-scale 4 on-device 1
  std::printf("r %d t %.1f host-scale %d on-device %d\n", r, t, Cfg::scale, onDev);
#pragma omp target update from(Cfg::scale)
  // CHECK: updated 10
  std::printf("updated %d\n", Cfg::scale);
  return 0;
}

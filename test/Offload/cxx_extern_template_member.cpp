// A target region that calls an inline member of an extern template
// (std::string's operator[]: libstdc++ declares basic_string<char> extern,
// so the program itself gets no definition of it, only the header's body
// for the optimizer). The device code keeps that body where the call is not
// inlined; the host device's image once failed to link with "hidden symbol
// ... isn't defined".
// GPU-SKIP: the region reads a std::string's characters through the copy of its pointer, which on a GPU points to host memory
// RUN: %clangxx -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <cstdio>
#include <omp.h>
#include <string>

int main() {
  std::string Word = "offload";
  char Second = 0, Last = 0;
  int OnDevice = 0;
#pragma omp target map(to : Word) map(from : Second, Last, OnDevice)
  {
    Second = Word[1];
    Last = Word[6];
    OnDevice = !omp_is_initial_device();
  }
  std::printf("on device: %d, characters: %c %c\n", OnDevice, Second, Last);
  return 0;
}
// CHECK: on device: 1, characters: f d

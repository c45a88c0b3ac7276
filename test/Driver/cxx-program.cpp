// bin/clang++ compiles and links C++ (libstdc++) programs.
// RUN: %clangxx -O1 -std=c++17 %s -o %t && %t | FileCheck %s
#include <iostream>
#include <numeric>
#include <vector>

int main() {
  std::vector<int> V(10);
  std::iota(V.begin(), V.end(), 1);
  // CHECK: sum=55
  std::cout << "sum=" << std::accumulate(V.begin(), V.end(), 0) << "\n";
}

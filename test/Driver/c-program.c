// bin/clang compiles and links a C program like clang-19 does.
// RUN: %clang -O2 %s -o %t && %t | FileCheck %s
// RUN: %clang -c %s -o %t.o && %clang %t.o -o %t2 && %t2 | FileCheck %s
#include <stdio.h>
#include <stddef.h>

int main(void) {
  size_t N = sizeof(int);
  // CHECK: hello from C, sizeof(int)=4
  printf("hello from C, sizeof(int)=%zu\n", N);
  return 0;
}

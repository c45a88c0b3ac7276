// --version names clang-offload and its version before Clang's banner; -v
// and -### do so on standard error.
// RUN: %clang --version | FileCheck %s --check-prefix=VERSION
// VERSION: clang-offload version {{[0-9]+\.[0-9]+\.[0-9]+}} (OpenMP offloading compiler built on Clang 19.{{[0-9.]+}})
// VERSION-NEXT: clang version 19
// RUN: %clang -### -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=VERSION

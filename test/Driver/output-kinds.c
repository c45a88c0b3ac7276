// -E, -S, -emit-llvm, -c and -g behave as in clang-19.
// RUN: %clang -E %s | FileCheck %s --check-prefix=PP
// RUN: %clang -S -O2 %s -o - | FileCheck %s --check-prefix=ASM
// RUN: %clang -S -emit-llvm -O0 %s -o - | FileCheck %s --check-prefix=IR
// RUN: %clang -c -emit-llvm %s -o %t.bc && llvm-dis %t.bc -o - | FileCheck %s --check-prefix=IR
// RUN: %clang -c -g %s -o %t.o && llvm-dwarfdump --debug-info %t.o | FileCheck %s --check-prefix=DBG
#define TWICE(x) ((x) * 2)

int twice(int V) { return TWICE(V); }

// PP: int twice(int V) { return ((V) * 2); }
// ASM: twice:
// IR: define {{.*}}i32 @twice(i32
// DBG: DW_AT_name ("twice")

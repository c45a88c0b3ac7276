// -E, -S, -emit-llvm, -c and -g behave as in clang-19.
// RUN: %clang -E %s | FileCheck %s --check-prefix=PP
// RUN: %clang -S -O2 %s -o - | FileCheck %s --check-prefix=ASM
// RUN: %clang -S -emit-llvm -O0 %s -o - | FileCheck %s --check-prefix=IR
// RUN: %clang -c -emit-llvm %s -o %t.bc && llvm-dis %t.bc -o - | FileCheck %s --check-prefix=IR
// RUN: %clang -c -g %s -o %t.o && llvm-dwarfdump --debug-info %t.o | FileCheck %s --check-prefix=DBG
//
// With offload targets each is a bundle whose host part is that output.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -E %s -o %t.i
// RUN: %bundler -unbundle -type=i -input=%t.i -targets=host-x86_64-pc-linux-gnu -output=%t.host.i
// RUN: FileCheck %s --check-prefix=PP < %t.host.i
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -S -O2 %s -o %t.s
// RUN: %bundler -unbundle -type=s -input=%t.s -targets=host-x86_64-pc-linux-gnu -output=%t.host.s
// RUN: FileCheck %s --check-prefix=ASM < %t.host.s
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -S -emit-llvm -O0 %s -o %t.ll
// RUN: %bundler -unbundle -type=ll -input=%t.ll -targets=host-x86_64-pc-linux-gnu -output=%t.host.ll
// RUN: FileCheck %s --check-prefix=IR < %t.host.ll
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -c -emit-llvm %s -o %t.bc
// RUN: %bundler -unbundle -type=bc -input=%t.bc -targets=host-x86_64-pc-linux-gnu -output=%t.host.bc
// RUN: llvm-dis %t.host.bc -o - | FileCheck %s --check-prefix=IR
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -c -g %s -o %t.o
// RUN: llvm-dwarfdump --debug-info %t.o | FileCheck %s --check-prefix=DBG
#define TWICE(x) ((x) * 2)

int twice(int V) { return TWICE(V); }

// PP: int twice(int V) { return ((V) * 2); }
// ASM: twice:
// IR: define {{.*}}i32 @twice(i32
// DBG: DW_AT_name ("twice")

// The Sema step turns error directives that act at compilation (at
// (compilation), or no at clause) into empty statements once Clang has given
// their diagnostics: the host code calls __kmpc_error for the at(execution)
// one only. Offload/error_directive.c runs such a program.
// RUN: %clang -fopenmp -fopenmp-version=52 -fopenmp-targets=x86_64-pc-linux-gnu -S -emit-llvm %s -o %t.ll 2>&1 | FileCheck --check-prefix=COMPILE %s
// RUN: FileCheck %s < %t.ll

// COMPILE-DAG: error-directive.c:[[@LINE+3]]:{{.*}} warning: at compilation
// COMPILE-DAG: error-directive.c:[[@LINE+3]]:{{.*}} warning: by default
void f(void) {
#pragma omp error at(compilation) severity(warning) message("at compilation")
#pragma omp error severity(warning) message("by default")
#pragma omp error at(execution) severity(warning) message("when running")
}
// COMPILE-NOT: when running

// CHECK-LABEL: define {{.*}}void @f(
// CHECK: call void @__kmpc_error(
// CHECK-NOT: call void @__kmpc_error(
// CHECK: ret void

// bin/clang finds its builtin headers (stddef.h, omp.h) relative to itself,
// also after the tree is copied elsewhere.
// RUN: rm -rf %t.dir && mkdir -p %t.dir/bin %t.dir/lib
// RUN: cp %bindir/clang %t.dir/bin/clang
// RUN: cp -r %libdir/clang %t.dir/lib/clang
// RUN: %t.dir/bin/clang -print-resource-dir | FileCheck %s -DDIR=%t.dir
// RUN: %t.dir/bin/clang -fopenmp -fsyntax-only %s
// CHECK: [[DIR]]/lib/clang/19
#include <omp.h>
#include <stdarg.h>
#include <stddef.h>

int threads(void) { return omp_get_max_threads(); }

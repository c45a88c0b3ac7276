// The final values of lastprivate counters of a collapsed non-rectangular
// nest: the inner counter's final expression starts its loop at the outer
// counter's last value and runs it to the end (k = 12 here). Clang's own
// expression used the bounding box of the nest (k = 22). -O1 folds the
// values in the region's copy-out.
// RUN: %clang -O1 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -S -emit-llvm \
// RUN:   %s -o - | FileCheck %s

void f(void) {
  int i, j, k;
#pragma omp target parallel for collapse(3) lastprivate(i, j, k)
  for (i = 0; i < 10; i++)
    for (j = 0; j < 10; j++)
      for (k = i; k < 12; k++)
        ;
}

// CHECK-LABEL: define internal void @__omp_offloading_{{.*}}_f_l11.omp_outlined(
// CHECK-SAME: ptr {{.*}}%[[I:[0-9]+]], ptr {{.*}}%[[J:[0-9]+]], ptr {{.*}}%[[K:[0-9]+]])
// CHECK-NOT: store i32 22
// CHECK-DAG: store i32 10, ptr %[[I]]
// CHECK-DAG: store i32 10, ptr %[[J]]
// CHECK-DAG: store i32 12, ptr %[[K]]

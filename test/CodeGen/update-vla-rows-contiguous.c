// A target update of whole rows of a pointer to variable-length rows
// (u[0:nx][0:ny] with `double (*u)[ny]`) is contiguous storage: one update
// site, no loop over the rows. A block of the rows (u[1:2][1:2]) is not
// contiguous and moves row by row in a loop.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -S -emit-llvm -O0 %s -o - | FileCheck %s

void whole(int nx, int ny, double (*u)[ny]) {
#pragma omp target update from(u[0:nx][0:ny])
}

void block(int nx, int ny, double (*u)[ny]) {
#pragma omp target update from(u[1:2][1:2])
}

// CHECK-LABEL: define {{.*}}void @whole(
// CHECK: call void @__cot_target_update(
// CHECK-NOT: call void @__cot_target_update(
// CHECK-LABEL: define {{.*}}void @block(
// The construct's own site (no entry left), then the loop's.
// CHECK-COUNT-2: call void @__cot_target_update(

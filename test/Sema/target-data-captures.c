// Markers and clause values inside a target data region: Clang marks a
// global named in the clauses of a construct with default(none) as a
// capture of the target data region, which Clang's host CodeGen cannot
// resolve (the compiler crashed). The region's code runs in place of the
// construct, and such references are to the global itself; a global that a
// region around makes private stays that region's copy.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -S -emit-llvm \
// RUN:   -Xclang -disable-llvm-passes %s -o - | FileCheck %s

int G = 1;

void plain(void) {
  int count = 123;
#pragma omp target data map(tofrom : count)
#pragma omp target parallel for default(none) shared(count, G) map(tofrom : G) \
    num_threads(G)
  for (int i = 0; i < 10; ++i)
    if (count != 123)
      G--;
}

// CHECK-LABEL: define {{.*}}void @plain(
// target data (site 1), then the target construct (site 0) in its place:
// G's entry (TARGET_PARAM|TO|FROM = 35) is @G, and so is the value of
// num_threads, which Clang computes before the region.
// CHECK: call void @__cot_site(i32 noundef 1, i32 noundef 1,
// CHECK: call void @__cot_site(i32 noundef 0, i32 noundef 0,
// CHECK: call void @__cot_map(i32 noundef 0, ptr noundef @G, ptr noundef @G, i64 noundef 4, i64 noundef 35,
// CHECK: load i32, ptr @G
// CHECK: call void @__omp_offloading_{{.*}}_plain_l15(
// CHECK: call void @__cot_site_end(i32 noundef 0)
// CHECK: call void @__cot_site_end(i32 noundef 1)

void privatized(void) {
  int count = 123;
#pragma omp parallel firstprivate(G)
#pragma omp target data map(tofrom : count)
#pragma omp target teams default(none) shared(count, G) map(tofrom : G)
  G += count;
}

// Each thread maps its own G: the entry is the parallel region's copy.
// CHECK-LABEL: define internal void @privatized.omp_outlined(
// CHECK: call void @__cot_site(i32 noundef 2, i32 noundef 0,
// CHECK-NOT: @G
// CHECK: call void @__cot_map(i32 noundef 2, ptr noundef %[[PRIV:[0-9a-z.]+]], ptr noundef %[[PRIV]], i64 noundef 4, i64 noundef 35,

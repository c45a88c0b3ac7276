// omp_target_memcpy_rect copies a 2-D and a 3-D sub-block.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int dev = omp_get_default_device();
  int host = omp_get_initial_device();
  // Querying the maximum number of dimensions: both pointers NULL.
  // CHECK: maxdims-ok 1
  printf("maxdims-ok %d\n",
         omp_target_memcpy_rect(NULL, NULL, 0, 0, NULL, NULL, NULL, NULL, NULL, dev, host) >= 3);
  int src[4][5];
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 5; ++j)
      src[i][j] = 10 * i + j;
  int *d = omp_target_alloc(6 * 6 * sizeof(int), dev);
  int zero[36] = {0};
  omp_target_memcpy(d, zero, sizeof(zero), 0, 0, dev, host);
  // Copy src[1..2][2..4] (2x3) to d[3..4][0..2] (6x6 array).
  size_t vol[2] = {2, 3};
  size_t dst_off[2] = {3, 0}, src_off[2] = {1, 2};
  size_t dst_dims[2] = {6, 6}, src_dims[2] = {4, 5};
  int rc = omp_target_memcpy_rect(d, src, sizeof(int), 2, vol, dst_off, src_off,
                                  dst_dims, src_dims, dev, host);
  int out[6][6];
  omp_target_memcpy(out, d, sizeof(out), 0, 0, host, dev);
  // CHECK: rc 0
  printf("rc %d\n", rc);
  // CHECK: row3 12 13 14 0
  printf("row3 %d %d %d %d\n", out[3][0], out[3][1], out[3][2], out[3][3]);
  // CHECK: row4 22 23 24 0
  printf("row4 %d %d %d %d\n", out[4][0], out[4][1], out[4][2], out[4][3]);
  // CHECK: untouched 0 0
  printf("untouched %d %d\n", out[2][0], out[5][2]);
  // The block is in the memory a region on the device sees.
  int seen = 0, on_dev = 0;
#pragma omp target is_device_ptr(d) map(from : seen, on_dev)
  {
    on_dev = !omp_is_initial_device();
    seen = d[3 * 6 + 1];
  }
  // CHECK: region sees 13 on-device 1
  printf("region sees %d on-device %d\n", seen, on_dev);
  omp_target_free(d, dev);

  // 3-D host to host through the device: cube[1][1..2][0..1] from a 2x3x4.
  double cube[2][3][4], res[2][2] = {{0, 0}, {0, 0}};
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 4; ++k)
        cube[i][j][k] = 100 * i + 10 * j + k;
  size_t v3[3] = {1, 2, 2}, so3[3] = {1, 1, 0}, do3[3] = {0, 0, 0};
  size_t sd3[3] = {2, 3, 4}, dd3[3] = {1, 2, 2};
  double *dc = omp_target_alloc(sizeof(res), dev);
  rc = omp_target_memcpy_rect(dc, cube, sizeof(double), 3, v3, do3, so3, dd3, sd3, dev, host);
  omp_target_memcpy(res, dc, sizeof(res), 0, 0, host, dev);
  // CHECK: 3d rc 0: 110 111 120 121
  printf("3d rc %d: %.0f %.0f %.0f %.0f\n", rc, res[0][0], res[0][1], res[1][0], res[1][1]);
  omp_target_free(dc, dev);
  return 0;
}

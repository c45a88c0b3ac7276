// Second translation unit of multi_tu_implicit.c.
#include <omp.h>

#pragma omp begin declare target
double k_scale(double x) { return 2.0 * x; }
#pragma omp end declare target

// Returns 1 when the region ran on the offload device.
int k_fill(double *p, int n) {
  int on = 0;
#pragma omp target teams distribute parallel for map(from : p[0:n], on)
  for (int i = 0; i < n; ++i) {
    p[i] = 3.0 * i;
    if (i == 0)
      on = !omp_is_initial_device();
  }
  return on;
}

// A second library member for static_library.c.
#include <omp.h>

// *on_device: 1 when the region ran on the offload device.
int extra_sum(int n, int *on_device) {
  int s = 0, on = 0;
#pragma omp target teams distribute parallel for reduction(+ : s) map(from : on)
  for (int i = 0; i < n; ++i) {
    s += i;
    if (i == 0)
      on = !omp_is_initial_device();
  }
  *on_device = on;
  return s;
}

// Shared library input of shared_library.c.
#include <omp.h>

#pragma omp declare target
static int so_scale = 6;
static int so_mul(int x) { return x * so_scale; }
#pragma omp end declare target

// *on_device: 1 when the region ran on the offload device.
int so_kernel(int x, int *on_device) {
  int r = 0, on = 0;
#pragma omp target map(from : r, on)
  {
    r = so_mul(x);
    on = !omp_is_initial_device();
  }
  *on_device = on;
  return r;
}

// Second translation unit of multi_tu.c and static_library.c.
#include <omp.h>

#pragma omp declare target
int lib_offset = 100;
int lib_square(int x) { return x * x; }
#pragma omp end declare target

// *on_device: 1 when the region ran on the offload device.
int lib_kernel(int x, int *on_device) {
  int r = 0, on = 0;
#pragma omp target map(from : r, on)
  {
    r = lib_square(x);
    on = !omp_is_initial_device();
  }
  *on_device = on;
  return r;
}

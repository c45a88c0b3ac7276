// Shared library input of shared_library.c.
#pragma omp declare target
static int so_scale = 6;
static int so_mul(int x) { return x * so_scale; }
#pragma omp end declare target

int so_kernel(int x) {
  int r = 0;
#pragma omp target map(from : r)
  r = so_mul(x);
  return r;
}

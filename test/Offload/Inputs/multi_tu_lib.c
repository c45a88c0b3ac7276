// Second translation unit of multi_tu.c and static_library.c.
#pragma omp declare target
int lib_offset = 100;
int lib_square(int x) { return x * x; }
#pragma omp end declare target

int lib_kernel(int x) {
  int r = 0;
#pragma omp target map(from : r)
  r = lib_square(x);
  return r;
}

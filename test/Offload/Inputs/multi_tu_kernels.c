// Second translation unit of multi_tu_implicit.c.
#pragma omp begin declare target
double k_scale(double x) { return 2.0 * x; }
#pragma omp end declare target

void k_fill(double *p, int n) {
#pragma omp target teams distribute parallel for map(from : p[0:n])
  for (int i = 0; i < n; ++i)
    p[i] = 3.0 * i;
}

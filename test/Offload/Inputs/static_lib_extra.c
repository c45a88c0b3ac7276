// A second library member for static_library.c.
int extra_sum(int n) {
  int s = 0;
#pragma omp target teams distribute parallel for reduction(+ : s)
  for (int i = 0; i < n; ++i)
    s += i;
  return s;
}

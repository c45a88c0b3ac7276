// Header with a template and an inline function containing target regions,
// instantiated in several translation units (multi_tu_template.cpp).
#ifndef TMPL_KERNEL_H
#define TMPL_KERNEL_H
template <typename T> T tk_sum(const T *a, int n) {
  T s = 0;
#pragma omp target teams distribute parallel for reduction(+ : s) map(to : a[0:n])
  for (int i = 0; i < n; ++i)
    s += a[i];
  return s;
}

inline int tk_inline(int x) {
  int r = 0;
#pragma omp target map(from : r)
  r = x * 2;
  return r;
}
#endif

// Header with a template and an inline function containing target regions,
// instantiated in several translation units (multi_tu_template.cpp).
#ifndef TMPL_KERNEL_H
#define TMPL_KERNEL_H
#include <omp.h>

// The regions of these functions that ran on the offload device (counted on
// the host, one variable for the whole program).
inline int tk_regions_on_device = 0;

template <typename T> T tk_sum(const T *a, int n) {
  T s = 0;
  int on = 0;
#pragma omp target teams distribute parallel for reduction(+ : s) map(to : a[0:n]) \
    map(from : on)
  for (int i = 0; i < n; ++i) {
    s += a[i];
    if (i == 0)
      on = !omp_is_initial_device();
  }
  tk_regions_on_device += on;
  return s;
}

inline int tk_inline(int x) {
  int r = 0, on = 0;
#pragma omp target map(from : r, on)
  {
    r = x * 2;
    on = !omp_is_initial_device();
  }
  tk_regions_on_device += on;
  return r;
}
#endif

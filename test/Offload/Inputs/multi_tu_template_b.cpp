// Second translation unit of multi_tu_template.cpp.
#include "tmpl_kernel.h"
int other_tu(int n) {
  int a[8];
  for (int i = 0; i < 8; ++i)
    a[i] = n;
  return tk_sum(a, 8) + tk_inline(n);
}

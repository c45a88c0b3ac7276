// Two kernels for the launch model's tests: a streaming one and one whose
// threads each walk their own stretch of memory (CSR SpMV).
void launch_triad(double *a, const double *b, const double *c, int n) {
#pragma omp target teams distribute parallel for map(to : b[0:n], c[0:n]) map(from : a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = b[i] + 3.0 * c[i];
}

void launch_spmv(const int *rowptr, const int *col, const double *val,
                 const double *x, double *y, int n, int nnz) {
#pragma omp target teams distribute parallel for map(to : rowptr[0:n + 1], col[0:nnz], val[0:nnz], x[0:n]) map(from : y[0:n])
  for (int i = 0; i < n; i++) {
    double s = 0;
    for (int k = rowptr[i]; k < rowptr[i + 1]; k++)
      s += val[k] * x[col[k]];
    y[i] = s;
  }
}

#include "kernels.h"

#pragma omp declare target
double scaled(double X, double Factor) { return X * Factor; }
#pragma omp end declare target

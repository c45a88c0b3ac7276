// The library's device function, declare target so that target regions in
// other files can call it.
#pragma omp declare target
double scaled(double X, double Factor);
#pragma omp end declare target

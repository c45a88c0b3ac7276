// The README's demo: y = a*x + y computed in a target region, which runs
// through libomptarget on the first offload device: a GPU when the program
// was built for nvptx64-nvidia-cuda and one is there, else the host device
// (x86_64-pc-linux-gnu, which has its own memory). LIBOMPTARGET_INFO=1
// shows the mappings and the launch.
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  const int N = 1 << 20;
  const float A = 2.0f;
  float *X = malloc(N * sizeof(float));
  float *Y = malloc(N * sizeof(float));
  for (int I = 0; I < N; ++I) {
    X[I] = (float)I;
    Y[I] = 1.0f;
  }

  int OnDevice = 0;
#pragma omp target teams distribute parallel for map(to : X[0:N])            \
    map(tofrom : Y[0:N]) map(from : OnDevice)
  for (int I = 0; I < N; ++I) {
    if (I == 0)
      OnDevice = !omp_is_initial_device();
    Y[I] = A * X[I] + Y[I];
  }

  int Errors = 0;
  for (int I = 0; I < N; ++I)
    Errors += Y[I] != A * (float)I + 1.0f;
  printf("saxpy of %d elements on %s: %s\n", N,
         OnDevice ? "an offload device" : "the host",
         Errors ? "FAILED" : "ok");
  free(X);
  free(Y);
  return Errors != 0;
}

/* Nowait launch probe (issue 12, item 4): launch_nowait's loop (10000
 * `target teams distribute parallel for nowait` regions of 1024
 * iterations, one taskwait) against the driver's own launch rate in the
 * same process: an empty kernel launched with cuLaunchKernel the same
 * number of times on a non-blocking stream, then one wait. The gap between
 * the two is the host time of our runtime and libomp's task per region;
 * the raw loop shows what the CUDA context of an OpenMP program costs a
 * launch. Also prints the context switches per region (getrusage) of the
 * process and of the encountering thread. The loop mirrors bench/launches.c's
 * and shares its constants and check (ref.h). Not part of bench/build.sh:
 *   build/bin/clang -O2 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda \
 *     --offload-arch=sm_90 -I/usr/local/cuda/include \
 *     bench/probes/nowait_launch.c -o nowait_launch \
 *     -L/usr/local/cuda/lib64/stubs -lcuda
 *   ./nowait_launch [REGIONS [raw]]   (default 10000; `raw`: the driver's
 *                                      loop alone, no target region) */
#define _GNU_SOURCE
#include "../ref.h"

#include <cuda.h>
#include <sys/resource.h>

#define ROUNDS 4

static const char *EmptyKernel =
    ".version 7.8\n.target sm_90\n.address_size 64\n"
    ".visible .entry empty(.param .u64 a, .param .u64 b, .param .u64 c)\n"
    "{\nret;\n}\n";

#define CHECK(Call)                                                            \
  do {                                                                         \
    CUresult R = (Call);                                                       \
    if (R != CUDA_SUCCESS) {                                                   \
      fprintf(stderr, "%s failed: %d\n", #Call, (int)R);                       \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

/* Microseconds per region of the nowait loop. */
static double nowaitLoop(const double *A, double *Rows, int Regions) {
  double Start = bench_now();
  for (int M = 0; M < Regions; M++) {
#pragma omp target teams distribute parallel for nowait
    for (int I = 0; I < LAUNCH_ITERS; I++)
      Rows[(size_t)M * LAUNCH_ITERS + I] = A[I] + M;
  }
#pragma omp taskwait
  return (bench_now() - Start) / Regions * 1e6;
}

/* Microseconds per launch of the raw loop; *InCall: the part in the call. */
static double rawLoop(CUfunction Fn, CUstream Stream, int Launches,
                      double *InCall) {
  unsigned long long Arg = 0;
  void *Params[3] = {&Arg, &Arg, &Arg};
  double Start = bench_now(), Calls = 0;
  for (int M = 0; M < Launches; M++) {
    double Before = bench_now();
    CHECK(cuLaunchKernel(Fn, 4, 1, 1, 256, 1, 1, 0, Stream, Params, NULL));
    Calls += bench_now() - Before;
  }
  CHECK(cuStreamSynchronize(Stream));
  *InCall = Calls / Launches * 1e6;
  return (bench_now() - Start) / Launches * 1e6;
}

int main(int argc, char **argv) {
  int Regions = argc > 1 ? atoi(argv[1]) : 10000;
  int RawOnly = argc > 2 && !strcmp(argv[2], "raw");
  if (Regions < 1 || Regions > (1 << 20) || (argc > 2 && !RawOnly)) {
    fprintf(stderr, "usage: %s [REGIONS (1 to %d) [raw]]\n", argv[0], 1 << 20);
    return 2;
  }
  static double A[LAUNCH_ITERS];
  double *Rows = bench_malloc(sizeof(double) * (size_t)Regions * LAUNCH_ITERS);
  if (!RawOnly)
    bench_require_gpu("nowait_launch");
  CUdevice Dev;
  CUcontext Ctx;
  CUmodule Mod;
  CUfunction Fn;
  CUstream Stream;
  CHECK(cuInit(0));
  CHECK(cuDeviceGet(&Dev, 0));
  CHECK(cuDevicePrimaryCtxRetain(&Ctx, Dev));
  CHECK(cuCtxSetCurrent(Ctx));
  CHECK(cuModuleLoadData(&Mod, EmptyKernel));
  CHECK(cuModuleGetFunction(&Fn, Mod, "empty"));
  CHECK(cuStreamCreate(&Stream, CU_STREAM_NON_BLOCKING));
  double InCall;
  if (RawOnly) {
    for (int R = 0; R < ROUNDS; R++) {
      double Raw = rawLoop(Fn, Stream, Regions, &InCall);
      printf("raw launch %.2f us (%.2f in the call)\n", Raw, InCall);
    }
    return 0;
  }
#pragma omp target data map(to : A) map(from : Rows[0:(size_t)Regions * LAUNCH_ITERS])
  for (int R = 0; R < ROUNDS; R++) {
    struct rusage P0, P1, T0, T1;
    getrusage(RUSAGE_SELF, &P0);
    getrusage(RUSAGE_THREAD, &T0);
    double Nowait = nowaitLoop(A, Rows, Regions);
    getrusage(RUSAGE_SELF, &P1);
    getrusage(RUSAGE_THREAD, &T1);
    double Raw = rawLoop(Fn, Stream, Regions, &InCall);
    printf("nowait region %.2f us, raw launch %.2f us (%.2f in the call); "
           "switches a region: process %.2f voluntary, encountering thread "
           "%.2f\n",
           Nowait, Raw, InCall,
           (double)(P1.ru_nvcsw - P0.ru_nvcsw) / Regions,
           (double)(T1.ru_nvcsw - T0.ru_nvcsw) / Regions);
  }
  launch_rows_check(Rows, A, Regions, "openmp");
  return 0;
}

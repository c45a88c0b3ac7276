/* Host side of deviceRTL-gpu.test: loads the PTX (JIT for the GPU at hand)
 * with the CUDA driver API through dlopen (no CUDA headers or libraries at
 * build time), runs the kernels of deviceRTL-gpu-kernels.cpp and checks what
 * they recorded. Prints one line per check and "ALL PASSED" at the end. */
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int CUresult;
typedef int CUdevice;
typedef void *CUcontext, *CUmodule, *CUfunction, *CUstream;
typedef unsigned long long CUdeviceptr;

static CUresult (*cuInit)(unsigned);
static CUresult (*cuDeviceGet)(CUdevice *, int);
static CUresult (*cuCtxCreate)(CUcontext *, unsigned, CUdevice);
static CUresult (*cuModuleLoadData)(CUmodule *, const void *);
static CUresult (*cuModuleGetFunction)(CUfunction *, CUmodule, const char *);
static CUresult (*cuModuleGetGlobal)(CUdeviceptr *, size_t *, CUmodule,
                                     const char *);
static CUresult (*cuMemAlloc)(CUdeviceptr *, size_t);
static CUresult (*cuMemsetD8)(CUdeviceptr, unsigned char, size_t);
static CUresult (*cuMemcpyHtoD)(CUdeviceptr, const void *, size_t);
static CUresult (*cuMemcpyDtoH)(void *, CUdeviceptr, size_t);
static CUresult (*cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned,
                                  unsigned, unsigned, unsigned, unsigned,
                                  CUstream, void **, void **);
static CUresult (*cuCtxSynchronize)(void);

static int Failures = 0;
#define CU(X)                                                                  \
  do {                                                                         \
    CUresult R_ = (X);                                                         \
    if (R_) {                                                                  \
      fprintf(stderr, "%s failed: %d\n", #X, R_);                              \
      exit(2);                                                                 \
    }                                                                          \
  } while (0)
static void check(int Ok, const char *What, long long Got, long long Want) {
  printf("%s %s (got %lld, want %lld)\n", Ok ? "ok  " : "FAIL", What, Got,
         Want);
  if (!Ok)
    ++Failures;
}

static void *sym(void *H, const char *N) {
  void *P = dlsym(H, N);
  if (!P) {
    fprintf(stderr, "missing %s\n", N);
    exit(2);
  }
  return P;
}

static char *readFile(const char *Path) {
  FILE *F = fopen(Path, "rb");
  if (!F) {
    perror(Path);
    exit(2);
  }
  fseek(F, 0, SEEK_END);
  long N = ftell(F);
  fseek(F, 0, SEEK_SET);
  char *B = malloc(N + 1);
  if (fread(B, 1, N, F) != (size_t)N)
    exit(2);
  B[N] = 0;
  fclose(F);
  return B;
}

enum { NSlots = 32 };
static const char *SlotNames[] = {
    "main thread queries", "region1 queries", "critical count",
    "single count", "reduction sum", "reduce_nowait codes",
    "nested serialized region", "region2 (40 threads) queries",
    "region2 counter barrier", "region3 (64 threads) queries",
    "master count", "masked(5) count", "copyprivate", "if(0) region",
    "region3 named barrier", "reduce codes", "omp_get_wtime advances",
    "omp_get_device_num", "team ids", "alloc_shared (shared, then malloc)",
    "__kmpc_fork_call fallback", "task runs", "ordered iterations"};

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s kernels.ptx|cubin [generic-stages]\n",
            argv[0]);
    return 2;
  }
  void *H = dlopen("libcuda.so.1", RTLD_NOW);
  if (!H) {
    fprintf(stderr, "no libcuda: %s\n", dlerror());
    return 2;
  }
  *(void **)&cuInit = sym(H, "cuInit");
  *(void **)&cuDeviceGet = sym(H, "cuDeviceGet");
  *(void **)&cuCtxCreate = sym(H, "cuCtxCreate_v2");
  *(void **)&cuModuleLoadData = sym(H, "cuModuleLoadData");
  *(void **)&cuModuleGetFunction = sym(H, "cuModuleGetFunction");
  *(void **)&cuModuleGetGlobal = sym(H, "cuModuleGetGlobal_v2");
  *(void **)&cuMemAlloc = sym(H, "cuMemAlloc_v2");
  *(void **)&cuMemsetD8 = sym(H, "cuMemsetD8_v2");
  *(void **)&cuMemcpyHtoD = sym(H, "cuMemcpyHtoD_v2");
  *(void **)&cuMemcpyDtoH = sym(H, "cuMemcpyDtoH_v2");
  *(void **)&cuLaunchKernel = sym(H, "cuLaunchKernel");
  *(void **)&cuCtxSynchronize = sym(H, "cuCtxSynchronize");

  CUdevice Dev;
  CUcontext Ctx;
  CUmodule Mod;
  CU(cuInit(0));
  CU(cuDeviceGet(&Dev, 0));
  CU(cuCtxCreate(&Ctx, 0, Dev));
  char *Image = readFile(argv[1]);
  CU(cuModuleLoadData(&Mod, Image));

  /* The plugin's job: tell the image its device number. */
  CUdeviceptr DevNum;
  size_t Bytes;
  int Seven = 7;
  CU(cuModuleGetGlobal(&DevNum, &Bytes, Mod, "__cot_device_num"));
  CU(cuMemcpyHtoD(DevNum, &Seven, sizeof(int)));

  /* SPMD: teams distribute parallel for reduction, both kinds. */
  CUfunction Spmd, Down, Generic;
  CU(cuModuleGetFunction(&Spmd, Mod, "spmd_kernel"));
  CU(cuModuleGetFunction(&Down, Mod, "spmd_down_kernel"));
  CU(cuModuleGetFunction(&Generic, Mod, "generic_kernel"));
  int Stages = argc > 2 ? atoi(argv[2]) : -1;
  for (int Kind = 0; Kind < 2 && Stages == -1; ++Kind) {
    int N = 1000003, Blocks = Kind ? 37 : 3907, Threads = 256;
    CUdeviceptr Cover, Sum, Codes;
    CU(cuMemAlloc(&Cover, N * sizeof(int)));
    CU(cuMemAlloc(&Sum, 8));
    CU(cuMemAlloc(&Codes, 4 * sizeof(int)));
    CU(cuMemsetD8(Cover, 0, N * sizeof(int)));
    CU(cuMemsetD8(Sum, 0, 8));
    CU(cuMemsetD8(Codes, 0, 4 * sizeof(int)));
    void *Params[] = {&Cover, &N, &Sum, &Codes, &Kind};
    CU(cuLaunchKernel(Spmd, Blocks, 1, 1, Threads, 1, 1, 0, 0, Params, 0));
    CU(cuCtxSynchronize());
    int *C = malloc(N * sizeof(int)), Cd[4];
    long long S;
    CU(cuMemcpyDtoH(C, Cover, N * sizeof(int)));
    CU(cuMemcpyDtoH(&S, Sum, 8));
    CU(cuMemcpyDtoH(Cd, Codes, sizeof(Cd)));
    int Bad = 0;
    for (int I = 0; I < N; ++I)
      Bad += C[I] != 2;
    printf("-- SPMD kernel, %s schedule kinds\n",
           Kind ? "cyclic (91/33)" : "blocked (92/34)");
    check(Bad == 0, "static+dynamic loops cover each iteration twice", Bad, 0);
    check(S == (long long)N * (N - 1) / 2, "reduction sum", S,
          (long long)N * (N - 1) / 2);
    check(Cd[0] == 2, "parallel-level reduce_nowait returns 1", Cd[0], 2);
    check(Cd[1] == 4, "teams-level reduce_nowait returns 2", Cd[1], 4);
    check(Cd[2] == 0, "queries in the parallel region", Cd[2], 0);
    check(Cd[3] == 0, "queries at teams level", Cd[3], 0);
    free(C);
  }
  if (Stages == -1) {
    long long N = 100000;
    CUdeviceptr Cover;
    CU(cuMemAlloc(&Cover, N * sizeof(int)));
    CU(cuMemsetD8(Cover, 0, N * sizeof(int)));
    void *Params[] = {&Cover, &N};
    CU(cuLaunchKernel(Down, 5, 1, 1, 96, 1, 1, 0, 0, Params, 0));
    CU(cuCtxSynchronize());
    int *C = malloc(N * sizeof(int));
    CU(cuMemcpyDtoH(C, Cover, N * sizeof(int)));
    int Bad = 0;
    for (long long I = 0; I < N; ++I)
      Bad += C[I] != ((N - 1 - I) % 3 == 0);
    printf("-- SPMD kernel, 64-bit loop with step -3\n");
    check(Bad == 0, "each iteration once", Bad, 0);
    free(C);
  }

  /* Generic mode. */
  {
    int Blocks = 6, Threads = 128, N = 5003;
    CUdeviceptr R, Cover, Seq, Lock, LockCount;
    CU(cuMemAlloc(&R, Blocks * NSlots * sizeof(int)));
    CU(cuMemAlloc(&Cover, Blocks * N * sizeof(int)));
    CU(cuMemAlloc(&Seq, Blocks * N * sizeof(int)));
    CU(cuMemAlloc(&Lock, 8));
    CU(cuMemAlloc(&LockCount, 4));
    CU(cuMemsetD8(R, 0, Blocks * NSlots * sizeof(int)));
    CU(cuMemsetD8(Cover, 0, Blocks * N * sizeof(int)));
    CU(cuMemsetD8(Seq, 0xff, Blocks * N * sizeof(int)));
    CU(cuMemsetD8(Lock, 0, 8));
    CU(cuMemsetD8(LockCount, 0, 4));
    void *Params[] = {&R, &Cover, &Seq, &N, &Lock, &LockCount, &Stages};
    CU(cuLaunchKernel(Generic, Blocks, 1, 1, Threads, 1, 1, 0, 0, Params, 0));
    CU(cuCtxSynchronize());
    if (Stages != -1) {
      printf("generic kernel, stages %d: ran\n", Stages);
      return 0;
    }
    int *Rh = malloc(Blocks * NSlots * sizeof(int));
    int *C = malloc(Blocks * N * sizeof(int));
    int *Sq = malloc(Blocks * N * sizeof(int));
    int LC;
    CU(cuMemcpyDtoH(Rh, R, Blocks * NSlots * sizeof(int)));
    CU(cuMemcpyDtoH(C, Cover, Blocks * N * sizeof(int)));
    CU(cuMemcpyDtoH(Sq, Seq, Blocks * N * sizeof(int)));
    CU(cuMemcpyDtoH(&LC, LockCount, 4));
    int B = Threads;
    long long Want[] = {1,  B,  B, 1, (long long)B * (B - 1) / 2, 4, B, 40,
                        40, 64, 1, 1, 64, 1, 64, 4, 1, 7, 1, 11, 1, 1, N};
    printf("-- generic kernel, %d blocks of %d threads\n", Blocks, Threads);
    for (int S = 0; S < (int)(sizeof(Want) / sizeof(Want[0])); ++S) {
      int Good = 1;
      long long Got = Want[S];
      for (int Bk = 0; Bk < Blocks; ++Bk)
        if (Rh[Bk * NSlots + S] != Want[S]) {
          Good = 0;
          Got = Rh[Bk * NSlots + S];
        }
      check(Good, SlotNames[S], Got, Want[S]);
    }
    int BadCover = 0, BadSeq = 0;
    for (int I = 0; I < Blocks * N; ++I) {
      BadCover += C[I] != 3;
      BadSeq += Sq[I] != I % N;
    }
    check(BadCover == 0, "static+dynamic+guided loops cover each iteration",
          BadCover, 0);
    check(BadSeq == 0, "ordered iterations in order", BadSeq, 0);
    check(LC == Blocks * Threads, "omp lock across teams", LC,
          Blocks * Threads);
  }
  printf(Failures ? "%d FAILED\n" : "ALL PASSED\n", Failures);
  return Failures != 0;
}

/* Kernel probe (issue 12): times one kernel of a PTX file through the CUDA
 * driver API, so that the PTX our device link emits (-save-temps=obj keeps
 * it as NAME-device-nvptx-ptx.ptx), hand-edited variants of it and nvcc's
 * PTX of a CUDA twin (nvcc -ptx) run the same launch side by side: how
 * bench/RESULTS.md took heat's kernel apart. Not part of bench/build.sh:
 *   gcc -O2 -I/usr/local/cuda/include bench/probes/ptxbench.c -o ptxbench \
 *     -L/usr/local/cuda/lib64/stubs -lcuda
 *   ./ptxbench FILE.ptx KERNEL GRID BLOCK ITERS ARG...
 * ARG: u32:N, u64:N, f64:X (kernel parameters by value) or buf:BYTES (a
 * device buffer, each byte 0x3f). CARVEOUT=PERCENT sets the kernel's
 * preferred shared-memory carveout; STREAM=nonblocking launches on a
 * CU_STREAM_NON_BLOCKING stream (libomptarget's kind) instead of the
 * default stream; STACK=BYTES sets CU_LIMIT_STACK_SIZE as libomptarget
 * does. Prints the best of five batches of ITERS launches (after 20
 * warm-up launches) per launch, GPU time and the host's time in the
 * launch calls, and the kernel's registers, local and static shared
 * memory. */
#include <cuda.h>
#include <stdio.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>
#define CK(x) do { CUresult r_ = (x); if (r_ != CUDA_SUCCESS) { const char *s; cuGetErrorString(r_, &s); fprintf(stderr, "%s: %s\n", #x, s); exit(1);} } while (0)
int main(int argc, char **argv) {
  if (argc < 6) { fprintf(stderr, "usage\n"); return 2; }
  FILE *f = fopen(argv[1], "rb"); if (!f) { perror(argv[1]); return 1; }
  fseek(f, 0, SEEK_END); long n = ftell(f); rewind(f);
  char *ptx = malloc(n + 1); fread(ptx, 1, n, f); ptx[n] = 0; fclose(f);
  CK(cuInit(0)); CUdevice dev; CK(cuDeviceGet(&dev, 0)); CUcontext ctx;
  CK(cuDevicePrimaryCtxRetain(&ctx, dev)); CK(cuCtxSetCurrent(ctx));
  CUmodule mod; char log[8192] = {0};
  CUjit_option o[2] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *ov[2] = {log, (void *)(size_t)sizeof log};
  if (cuModuleLoadDataEx(&mod, ptx, 2, o, ov) != CUDA_SUCCESS) { fprintf(stderr, "jit: %s\n", log); return 1; }
  CUfunction fn; CK(cuModuleGetFunction(&fn, mod, argv[2]));
  unsigned grid = atoi(argv[3]), block = atoi(argv[4]); int iters = atoi(argv[5]);
  int na = argc - 6; void **params = calloc(na, sizeof(void *));
  unsigned long long *store = calloc(na, 8);
  for (int i = 0; i < na; ++i) {
    char *a = argv[6 + i];
    if (!strncmp(a, "u32:", 4)) { *(unsigned *)&store[i] = strtoul(a + 4, 0, 0); }
    else if (!strncmp(a, "u64:", 4)) { store[i] = strtoull(a + 4, 0, 0); }
    else if (!strncmp(a, "f64:", 4)) { double d = atof(a + 4); memcpy(&store[i], &d, 8); }
    else if (!strncmp(a, "buf:", 4)) { size_t b = strtoull(a + 4, 0, 0); CUdeviceptr p; CK(cuMemAlloc(&p, b)); CK(cuMemsetD8(p, 0x3f, b)); store[i] = p; }
    else { fprintf(stderr, "bad arg %s\n", a); return 2; }
    params[i] = &store[i];
  }
  CUstream st = 0;
  if (getenv("STREAM") && !strcmp(getenv("STREAM"), "nonblocking")) CK(cuStreamCreate(&st, CU_STREAM_NON_BLOCKING));
  if (getenv("STACK")) CK(cuCtxSetLimit(CU_LIMIT_STACK_SIZE, strtoull(getenv("STACK"), 0, 0)));
  if (getenv("CARVEOUT")) CK(cuFuncSetAttribute(fn, CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT, atoi(getenv("CARVEOUT"))));
  int regs, lmem, smem; cuFuncGetAttribute(&regs, CU_FUNC_ATTRIBUTE_NUM_REGS, fn);
  cuFuncGetAttribute(&lmem, CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES, fn);
  cuFuncGetAttribute(&smem, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, fn);
  for (int i = 0; i < 20; ++i) CK(cuLaunchKernel(fn, grid, 1, 1, block, 1, 1, 0, st, params, 0));
  CK(cuCtxSynchronize());
  CUevent e0, e1; CK(cuEventCreate(&e0, 0)); CK(cuEventCreate(&e1, 0));
  float best = 1e30f;
  double bestHost = 1e30;
  for (int rep = 0; rep < 5; ++rep) {
    struct timespec h0, h1;
    CK(cuEventRecord(e0, st));
    clock_gettime(CLOCK_MONOTONIC, &h0);
    for (int i = 0; i < iters; ++i) CK(cuLaunchKernel(fn, grid, 1, 1, block, 1, 1, 0, st, params, 0));
    clock_gettime(CLOCK_MONOTONIC, &h1);
    CK(cuEventRecord(e1, st)); CK(cuEventSynchronize(e1));
    float ms; CK(cuEventElapsedTime(&ms, e0, e1)); if (ms < best) best = ms;
    double host = (h1.tv_sec - h0.tv_sec) * 1e6 + (h1.tv_nsec - h0.tv_nsec) / 1e3;
    if (host < bestHost) bestHost = host;
  }
  printf("%-28s %-12s %8.2f us  host %6.2f us  regs %d lmem %d smem %d\n", argv[1], "", best * 1000 / iters, bestHost / iters, regs, lmem, smem);
  return 0;
}

// The CUDA side of the latency work of issue 12 (bench/RESULTS.md): costs
// of the driver calls the runtime makes, the sequences a target region
// could use (A, B, C: what one wait instead of three, polling, pinned
// staging and combined copies are worth), CUDA's own twins of latency.c
// (B0, B8, C0, C4, E0), and host-side strategies for pageable copies (D:
// staging chunk sizes, threads, streaming stores, cuMemHostRegister). Not
// part of bench/build.sh:
//   nvcc -O2 -arch=sm_90 -Xcompiler -mavx2 bench/probes/cuda_costs.cu \
//     -o cuda_costs -lcuda
//   ./cuda_costs [quick]     (quick: 64 MiB copies, fewer variants)
// Prints "P <name> <value> <unit>" lines.
#include <cuda.h>
#include <cuda_runtime.h>
#include <immintrin.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <algorithm>
#include <thread>
#include <vector>

#define CK(x)                                                                  \
  do {                                                                         \
    CUresult r_ = (x);                                                         \
    if (r_) {                                                                  \
      const char *s_;                                                          \
      cuGetErrorName(r_, &s_);                                                 \
      printf("FAIL %s:%d %s -> %s\n", __FILE__, __LINE__, #x, s_);            \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)
#define CKR(x)                                                                 \
  do {                                                                         \
    cudaError_t r_ = (x);                                                      \
    if (r_) {                                                                  \
      printf("FAIL %s:%d %s -> %s\n", __FILE__, __LINE__, #x,                 \
             cudaGetErrorString(r_));                                          \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

static double now() {
  timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

__global__ void k_empty() {}
__global__ void k_inc(int *p) { *p += 1; }
__global__ void k_inc_val(int *out, long v) { *out = (int)v + 1; }
__global__ void k_inc3(int *a, int *b, int *c) {
  *a += 1;
  *b += 2;
  *c += 3;
}
__global__ void k_small(float *a, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += gridDim.x * blockDim.x)
    a[i] = a[i] * 2.0f + 1.0f;
}

static CUstream PT = CU_STREAM_PER_THREAD;
static CUfunction fEmpty, fInc, fIncVal, fInc3, fSmall;

// Median over Reps of (time of Iters calls of F) / Iters, in microseconds.
template <typename F> static double med_us(int Reps, int Iters, F f) {
  std::vector<double> T;
  f(); // warm-up
  for (int r = 0; r < Reps; ++r) {
    double t0 = now();
    for (int i = 0; i < Iters; ++i)
      f();
    T.push_back((now() - t0) / Iters * 1e6);
  }
  std::sort(T.begin(), T.end());
  return T[T.size() / 2];
}

static void P(const char *n, double v, const char *u) {
  printf("P %-44s %10.3f %s\n", n, v, u);
  fflush(stdout);
}

static void launch(CUfunction f, unsigned g, unsigned b, CUstream s,
                   void **args) {
  CK(cuLaunchKernel(f, g, 1, 1, b, 1, 1, 0, s, args, nullptr));
}

// Copies with non-temporal stores (dst 16-byte aligned or not: handles edges).
static void nt_memcpy(void *dst, const void *src, size_t n) {
  char *d = (char *)dst;
  const char *s = (const char *)src;
  while (((uintptr_t)d & 31) && n) {
    *d++ = *s++;
    --n;
  }
  size_t v = n / 32;
  for (size_t i = 0; i < v; ++i) {
    __m256i x = _mm256_loadu_si256((const __m256i *)(s + 32 * i));
    _mm256_stream_si256((__m256i *)(d + 32 * i), x);
  }
  _mm_sfence();
  memcpy(d + 32 * v, s + 32 * v, n - 32 * v);
}

// A tiny pool of copy threads: copy(dst, src, n) split over K workers.
struct Pool {
  int K;
  std::vector<std::thread> T;
  pthread_barrier_t start, done;
  char *d;
  const char *s;
  size_t n;
  bool nt = false, quit = false;
  Pool(int K) : K(K) {
    pthread_barrier_init(&start, nullptr, K + 1);
    pthread_barrier_init(&done, nullptr, K + 1);
    for (int i = 0; i < K; ++i)
      T.emplace_back([this, i] {
        for (;;) {
          pthread_barrier_wait(&start);
          if (quit)
            return;
          size_t per = (n / this->K + 63) & ~size_t(63);
          size_t b = std::min(n, per * i), e = std::min(n, b + per);
          if (nt)
            nt_memcpy(d + b, s + b, e - b);
          else
            memcpy(d + b, s + b, e - b);
          pthread_barrier_wait(&done);
        }
      });
  }
  void copy(void *dst, const void *src, size_t bytes) {
    d = (char *)dst;
    s = (const char *)src;
    n = bytes;
    pthread_barrier_wait(&start);
    pthread_barrier_wait(&done);
  }
  ~Pool() {
    quit = true;
    pthread_barrier_wait(&start);
    for (auto &t : T)
      t.join();
  }
};

static void host_copy(Pool *pool, bool nt, void *d, const void *s, size_t n) {
  if (pool) {
    pool->nt = nt;
    pool->copy(d, s, n);
  } else if (nt)
    nt_memcpy(d, s, n);
  else
    memcpy(d, s, n);
}

// Staged D2H of Size bytes through two pinned buffers of Chunk bytes.
static void staged_d2h(char *dst, CUdeviceptr src, size_t size, size_t chunk,
                       void **stg, CUevent *ev, CUstream s, Pool *pool,
                       bool nt) {
  size_t chunks = (size + chunk - 1) / chunk;
  auto issue = [&](size_t i) {
    size_t off = i * chunk, n = std::min(chunk, size - off);
    CK(cuMemcpyDtoHAsync(stg[i & 1], src + off, n, s));
    CK(cuEventRecord(ev[i & 1], s));
  };
  for (size_t i = 0; i < chunks && i < 2; ++i)
    issue(i);
  for (size_t i = 0; i < chunks; ++i) {
    CK(cuEventSynchronize(ev[i & 1]));
    size_t off = i * chunk, n = std::min(chunk, size - off);
    host_copy(pool, nt, dst + off, stg[i & 1], n);
    if (i + 2 < chunks)
      issue(i + 2);
  }
}

static void staged_h2d(CUdeviceptr dst, const char *src, size_t size,
                       size_t chunk, void **stg, CUevent *ev, CUstream s,
                       Pool *pool, bool nt) {
  size_t off = 0;
  for (unsigned i = 0; off < size; ++i) {
    unsigned b = i & 1;
    size_t n = std::min(chunk, size - off);
    if (i >= 2)
      CK(cuEventSynchronize(ev[b]));
    host_copy(pool, nt, stg[b], src + off, n);
    CK(cuMemcpyHtoDAsync(dst + off, stg[b], n, s));
    CK(cuEventRecord(ev[b], s));
    off += n;
  }
  CK(cuStreamSynchronize(s));
}

int main(int argc, char **argv) {
  bool quick = argc > 1;
  CKR(cudaFree(0));
  CUcontext ctx;
  CK(cuCtxGetCurrent(&ctx));
  cudaFuncGetAttributes(nullptr, k_empty); // ensure module loaded
  CKR(cudaGetFuncBySymbol(&fEmpty, (const void *)k_empty));
  CKR(cudaGetFuncBySymbol(&fInc, (const void *)k_inc));
  CKR(cudaGetFuncBySymbol(&fIncVal, (const void *)k_inc_val));
  CKR(cudaGetFuncBySymbol(&fInc3, (const void *)k_inc3));
  CKR(cudaGetFuncBySymbol(&fSmall, (const void *)k_small));
  cudaDeviceProp prop;
  CKR(cudaGetDeviceProperties(&prop, 0));
  printf("GPU %s\n", prop.name);

  CUstream NB, Created2;
  CK(cuStreamCreate(&NB, CU_STREAM_NON_BLOCKING));
  CK(cuStreamCreate(&Created2, CU_STREAM_NON_BLOCKING));
  CUdeviceptr dX, dY, dZ, dA;
  CK(cuMemAlloc(&dX, 256));
  CK(cuMemAlloc(&dY, 256));
  CK(cuMemAlloc(&dZ, 256));
  CK(cuMemAlloc(&dA, 1024 * sizeof(float)));
  CK(cuMemsetD8(dX, 0, 256));
  int *pin;
  CK(cuMemHostAlloc((void **)&pin, 4096, CU_MEMHOSTALLOC_PORTABLE));
  int hx = 0;
  const int R = 7, I = quick ? 200 : 2000;

  // --- A: per-call costs ---
  P("A1 cuCtxSetCurrent(same)", med_us(R, I, [&] { CK(cuCtxSetCurrent(ctx)); }), "us");
  {
    void *a[] = {};
    P("A2 launch+sync per-thread stream", med_us(R, I, [&] { launch(fEmpty, 1, 1, PT, a); CK(cuStreamSynchronize(PT)); }), "us");
    P("A3 launch+sync created non-blocking", med_us(R, I, [&] { launch(fEmpty, 1, 1, NB, a); CK(cuStreamSynchronize(NB)); }), "us");
    P("A4 launch+sync legacy stream", med_us(R, I, [&] { launch(fEmpty, 1, 1, 0, a); CK(cuStreamSynchronize(0)); }), "us");
    P("A4b launch+ctxsync legacy", med_us(R, I, [&] { launch(fEmpty, 1, 1, 0, a); CK(cuCtxSynchronize()); }), "us");
    P("A2b launch 256thr+sync per-thread", med_us(R, I, [&] { launch(fEmpty, 1, 256, PT, a); CK(cuStreamSynchronize(PT)); }), "us");
    P("A2c launch+spin query per-thread", med_us(R, I, [&] { launch(fEmpty, 1, 1, PT, a); while (cuStreamQuery(PT) == CUDA_ERROR_NOT_READY) ; }), "us");
    P("A5 launch enqueue only (x100 then sync)", med_us(R, I / 10, [&] { for (int k = 0; k < 100; ++k) launch(fEmpty, 1, 1, NB, a); CK(cuStreamSynchronize(NB)); }) / 100, "us");
  }
  P("A6 HtoDAsync 4B pinned enqueue (x100)", med_us(R, I / 10, [&] { for (int k = 0; k < 100; ++k) CK(cuMemcpyHtoDAsync(dX, pin, 4, NB)); CK(cuStreamSynchronize(NB)); }) / 100, "us");
  P("A7 HtoDAsync 4B pageable + sync", med_us(R, I, [&] { CK(cuMemcpyHtoDAsync(dX, &hx, 4, PT)); CK(cuStreamSynchronize(PT)); }), "us");
  P("A7b HtoDAsync 4B pinned + sync", med_us(R, I, [&] { CK(cuMemcpyHtoDAsync(dX, pin, 4, PT)); CK(cuStreamSynchronize(PT)); }), "us");
  P("A7c DtoHAsync 4B pageable + sync", med_us(R, I, [&] { CK(cuMemcpyDtoHAsync(&hx, dX, 4, PT)); CK(cuStreamSynchronize(PT)); }), "us");
  P("A7d DtoHAsync 4B pinned + sync", med_us(R, I, [&] { CK(cuMemcpyDtoHAsync(pin, dX, 4, PT)); CK(cuStreamSynchronize(PT)); }), "us");
  P("A7e cuMemcpyHtoD 4B (sync API)", med_us(R, I, [&] { CK(cuMemcpyHtoD(dX, &hx, 4)); }), "us");
  P("A7f cuMemcpyDtoH 4B (sync API)", med_us(R, I, [&] { CK(cuMemcpyDtoH(&hx, dX, 4)); }), "us");
  P("A7g cuMemsetD32Async 1 word + sync", med_us(R, I, [&] { CK(cuMemsetD32Async(dX, 5, 1, NB)); CK(cuStreamSynchronize(NB)); }), "us");
  {
    CUevent e;
    CK(cuEventCreate(&e, CU_EVENT_DISABLE_TIMING));
    P("A8 eventRecord+query (idle)", med_us(R, I, [&] { CK(cuEventRecord(e, NB)); cuEventQuery(e); }), "us");
    CK(cuStreamSynchronize(NB));
    P("A9 streamWaitEvent (complete event)", med_us(R, I, [&] { CK(cuStreamWaitEvent(Created2, e, 0)); }), "us");
    P("A10 streamQuery idle", med_us(R, I, [&] { cuStreamQuery(NB); }), "us");
    P("A11 eventQuery complete", med_us(R, I, [&] { cuEventQuery(e); }), "us");
    P("A11b eventSynchronize complete", med_us(R, I, [&] { cuEventSynchronize(e); }), "us");
  }
  P("A12 cudaMemcpy 4B H2D pageable", med_us(R, I, [&] { CKR(cudaMemcpy((void *)dX, &hx, 4, cudaMemcpyHostToDevice)); }), "us");
  P("A12b cudaMemcpy 4B D2H pageable", med_us(R, I, [&] { CKR(cudaMemcpy(&hx, (void *)dX, 4, cudaMemcpyDeviceToHost)); }), "us");
  P("A13 cuMemAlloc+cuMemFree 256B", med_us(R, I / 10, [&] { CUdeviceptr p; CK(cuMemAlloc(&p, 256)); CK(cuMemFree(p)); }), "us");
  P("A14 cuMemAlloc+cuMemFree 128MB", med_us(3, 5, [&] { CUdeviceptr p; CK(cuMemAlloc(&p, 128 << 20)); CK(cuMemFree(p)); }), "us");
  P("A15b cuMemHostAlloc+Free 4MB", med_us(3, 5, [&] { void *p; CK(cuMemHostAlloc(&p, 4 << 20, CU_MEMHOSTALLOC_PORTABLE)); CK(cuMemFreeHost(p)); }), "us");
  {
    CUevent e;
    CK(cuEventCreate(&e, CU_EVENT_DISABLE_TIMING));
    P("A8b eventRecord only (busy-free stream)", med_us(R, I, [&] { CK(cuEventRecord(e, NB)); }), "us");
  }
  P("A15 cuMemHostAlloc+Free 64KB", med_us(3, 20, [&] { void *p; CK(cuMemHostAlloc(&p, 65536, CU_MEMHOSTALLOC_PORTABLE)); CK(cuMemFreeHost(p)); }), "us");
  {
    CUdeviceptr p;
    CK(cuMemAlloc(&p, 4096));
    unsigned mt = 0;
    P("A16 cuPointerGetAttribute(host pageable)", med_us(R, I, [&] { cuPointerGetAttribute(&mt, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, (CUdeviceptr)&hx); }), "us");
    CK(cuMemFree(p));
  }

  // --- B: one scalar tofrom region ---
  {
    int *hv = (int *)malloc(64);
    hv[0] = 0;
    void *ai[] = {&dX};
    P("B0 cudaMemcpy H2D + inc<<<1,1>>> + cudaMemcpy D2H",
      med_us(R, I, [&] {
        CKR(cudaMemcpy((void *)dX, hv, 4, cudaMemcpyHostToDevice));
        k_inc<<<1, 1>>>((int *)dX);
        CKR(cudaMemcpy(hv, (void *)dX, 4, cudaMemcpyDeviceToHost));
      }), "us");
    P("B1 current: pageable H2D+sync, launch+sync, D2H+sync (per-thread)",
      med_us(R, I, [&] {
        CK(cuCtxSetCurrent(ctx));
        CK(cuMemcpyHtoDAsync(dX, hv, 4, PT));
        CK(cuStreamSynchronize(PT));
        CK(cuCtxSetCurrent(ctx));
        launch(fInc, 1, 1, PT, ai);
        CK(cuStreamSynchronize(PT));
        CK(cuCtxSetCurrent(ctx));
        CK(cuMemcpyDtoHAsync(hv, dX, 4, PT));
        CK(cuStreamSynchronize(PT));
      }), "us");
    for (int si = 0; si < 2; ++si) {
      CUstream s = si ? NB : PT;
      P(si ? "B2 pinned staged, one sync (created stream)"
           : "B2 pinned staged, one sync (per-thread stream)",
        med_us(R, I, [&] {
          pin[0] = hv[0];
          CK(cuMemcpyHtoDAsync(dX, pin, 4, s));
          launch(fInc, 1, 1, s, ai);
          CK(cuMemcpyDtoHAsync(pin + 16, dX, 4, s));
          CK(cuStreamSynchronize(s));
          hv[0] = pin[16];
        }), "us");
    }
    P("B3 pinned staged, spin on cuStreamQuery",
      med_us(R, I, [&] {
        pin[0] = hv[0];
        CK(cuMemcpyHtoDAsync(dX, pin, 4, NB));
        launch(fInc, 1, 1, NB, ai);
        CK(cuMemcpyDtoHAsync(pin + 16, dX, 4, NB));
        while (cuStreamQuery(NB) == CUDA_ERROR_NOT_READY)
          ;
        hv[0] = pin[16];
      }), "us");
    P("B3b pinned staged, event record + spin eventQuery",
      [&] {
        CUevent e;
        CK(cuEventCreate(&e, CU_EVENT_DISABLE_TIMING));
        return med_us(R, I, [&] {
          pin[0] = hv[0];
          CK(cuMemcpyHtoDAsync(dX, pin, 4, NB));
          launch(fInc, 1, 1, NB, ai);
          CK(cuMemcpyDtoHAsync(pin + 16, dX, 4, NB));
          CK(cuEventRecord(e, NB));
          while (cuEventQuery(e) == CUDA_ERROR_NOT_READY)
            ;
          hv[0] = pin[16];
        });
      }(), "us");
    P("B4 pageable H2D async (no sync) + launch + pinned D2H + sync",
      med_us(R, I, [&] {
        CK(cuMemcpyHtoDAsync(dX, hv, 4, NB));
        launch(fInc, 1, 1, NB, ai);
        CK(cuMemcpyDtoHAsync(pin + 16, dX, 4, NB));
        CK(cuStreamSynchronize(NB));
        hv[0] = pin[16];
      }), "us");
    P("B5 value arg + pinned D2H + sync",
      med_us(R, I, [&] {
        long v = hv[0];
        void *av[] = {&dX, &v};
        launch(fIncVal, 1, 1, NB, av);
        CK(cuMemcpyDtoHAsync(pin + 16, dX, 4, NB));
        CK(cuStreamSynchronize(NB));
        hv[0] = pin[16];
      }), "us");
    void *a3[] = {&dX, &dY, &dZ};
    P("B6 3 scalars: 3 H2D + launch + 3 D2H pinned, one sync",
      med_us(R, I, [&] {
        pin[0] = hv[0]; pin[1] = hv[1]; pin[2] = hv[2];
        CK(cuMemcpyHtoDAsync(dX, pin, 4, NB));
        CK(cuMemcpyHtoDAsync(dY, pin + 1, 4, NB));
        CK(cuMemcpyHtoDAsync(dZ, pin + 2, 4, NB));
        launch(fInc3, 1, 1, NB, a3);
        CK(cuMemcpyDtoHAsync(pin + 16, dX, 4, NB));
        CK(cuMemcpyDtoHAsync(pin + 17, dY, 4, NB));
        CK(cuMemcpyDtoHAsync(pin + 18, dZ, 4, NB));
        CK(cuStreamSynchronize(NB));
        hv[0] = pin[16]; hv[1] = pin[17]; hv[2] = pin[18];
      }), "us");
    CUdeviceptr c0 = dX, c1 = dX + 4, c2 = dX + 8;
    void *a3c[] = {&c0, &c1, &c2};
    P("B7 3 scalars combined: 1 H2D + launch + 1 D2H pinned, one sync",
      med_us(R, I, [&] {
        pin[0] = hv[0]; pin[1] = hv[1]; pin[2] = hv[2];
        CK(cuMemcpyHtoDAsync(dX, pin, 12, NB));
        launch(fInc3, 1, 1, NB, a3c);
        CK(cuMemcpyDtoHAsync(pin + 16, dX, 12, NB));
        CK(cuStreamSynchronize(NB));
        hv[0] = pin[16]; hv[1] = pin[17]; hv[2] = pin[18];
      }), "us");
    P("B8 CUDA 3 scalars: 3 cudaMemcpy H2D + launch + 3 D2H",
      med_us(R, I, [&] {
        CKR(cudaMemcpy((void *)dX, hv, 4, cudaMemcpyHostToDevice));
        CKR(cudaMemcpy((void *)dY, hv + 1, 4, cudaMemcpyHostToDevice));
        CKR(cudaMemcpy((void *)dZ, hv + 2, 4, cudaMemcpyHostToDevice));
        k_inc3<<<1, 1>>>((int *)dX, (int *)dY, (int *)dZ);
        CKR(cudaMemcpy(hv, (void *)dX, 4, cudaMemcpyDeviceToHost));
        CKR(cudaMemcpy(hv + 1, (void *)dY, 4, cudaMemcpyDeviceToHost));
        CKR(cudaMemcpy(hv + 2, (void *)dZ, 4, cudaMemcpyDeviceToHost));
      }), "us");
  }

  // --- C: small kernel on present data ---
  {
    int n = 1024;
    void *as[] = {&dA, &n};
    P("C0 CUDA small<<<4,256>>> + cudaDeviceSynchronize",
      med_us(R, I, [&] { k_small<<<4, 256>>>((float *)dA, 1024); CKR(cudaDeviceSynchronize()); }), "us");
    P("C1 driver small 4x256 + streamSync per-thread",
      med_us(R, I, [&] { launch(fSmall, 4, 256, PT, as); CK(cuStreamSynchronize(PT)); }), "us");
    P("C2 driver small 4x256 + streamSync created",
      med_us(R, I, [&] { launch(fSmall, 4, 256, NB, as); CK(cuStreamSynchronize(NB)); }), "us");
    P("C3 driver small 1056x256 (occupancy grid) + sync",
      med_us(R, I, [&] { launch(fSmall, 1056, 256, NB, as); CK(cuStreamSynchronize(NB)); }), "us");
    float *h = (float *)malloc(4096);
    P("C4 CUDA map-like: cudaMemcpy 4KB H2D + small + D2H",
      med_us(R, I, [&] {
        CKR(cudaMemcpy((void *)dA, h, 4096, cudaMemcpyHostToDevice));
        k_small<<<4, 256>>>((float *)dA, 1024);
        CKR(cudaMemcpy(h, (void *)dA, 4096, cudaMemcpyDeviceToHost));
      }), "us");
    P("C5 pinned staged 4KB + small + D2H, one sync",
      med_us(R, I, [&] {
        memcpy(pin, h, 4096 - 64);
        CK(cuMemcpyHtoDAsync(dA, pin, 4096 - 64, NB));
        launch(fSmall, 4, 256, NB, as);
        CK(cuMemcpyDtoHAsync(pin, dA, 4096 - 64, NB));
        CK(cuStreamSynchronize(NB));
        memcpy(h, pin, 4096 - 64);
      }), "us");
  }

  // --- D: large pageable copies ---
  size_t big = quick ? (64u << 20) : (256u << 20);
  char *hb = (char *)malloc(big), *hb2 = (char *)malloc(big);
  memset(hb, 1, big);
  memset(hb2, 2, big);
  CUdeviceptr db;
  CK(cuMemAlloc(&db, big));
  auto gbs = [&](double us) { return big / (us * 1e-6) / 1e9; };
  P("D0 cudaMemcpy H2D pageable", gbs(med_us(5, 1, [&] { CKR(cudaMemcpy((void *)db, hb, big, cudaMemcpyHostToDevice)); })), "GB/s");
  P("D0b cudaMemcpy D2H pageable", gbs(med_us(5, 1, [&] { CKR(cudaMemcpy(hb, (void *)db, big, cudaMemcpyDeviceToHost)); })), "GB/s");
  P("D5 host memcpy pageable->pageable 1 thread", gbs(med_us(5, 1, [&] { memcpy(hb2, hb, big); })), "GB/s");
  P("D5b host nt_memcpy pageable->pageable 1 thread", gbs(med_us(5, 1, [&] { nt_memcpy(hb2, hb, big); })), "GB/s");
  {
    void *pb;
    CK(cuMemHostAlloc(&pb, big, CU_MEMHOSTALLOC_PORTABLE));
    P("D4 pinned DMA H2D (whole)", gbs(med_us(5, 1, [&] { CK(cuMemcpyHtoDAsync(db, pb, big, NB)); CK(cuStreamSynchronize(NB)); })), "GB/s");
    P("D4b pinned DMA D2H (whole)", gbs(med_us(5, 1, [&] { CK(cuMemcpyDtoHAsync(pb, db, big, NB)); CK(cuStreamSynchronize(NB)); })), "GB/s");
    P("D5c host memcpy pinned->pageable 1 thread", gbs(med_us(5, 1, [&] { memcpy(hb2, pb, big); })), "GB/s");
    P("D5d host memcpy pageable->pinned 1 thread", gbs(med_us(5, 1, [&] { memcpy(pb, hb, big); })), "GB/s");
    CK(cuMemFreeHost(pb));
  }
  {
    double t0 = now();
    CK(cuMemHostRegister(hb, big, CU_MEMHOSTREGISTER_PORTABLE));
    double t1 = now();
    CK(cuMemcpyDtoHAsync(hb, db, big, NB));
    CK(cuStreamSynchronize(NB));
    double t2 = now();
    CK(cuMemHostUnregister(hb));
    double t3 = now();
    P("D3 cuMemHostRegister (ms)", (t1 - t0) * 1e3, "ms");
    P("D3b D2H into registered", gbs((t2 - t1) * 1e6), "GB/s");
    P("D3c cuMemHostUnregister (ms)", (t3 - t2) * 1e3, "ms");
    P("D3d register+D2H+unregister", gbs((t3 - t0) * 1e6), "GB/s");
  }
  void *stg[2];
  CUevent ev[2];
  size_t maxChunk = 16u << 20;
  for (int i = 0; i < 2; ++i) {
    CK(cuMemHostAlloc(&stg[i], maxChunk, CU_MEMHOSTALLOC_PORTABLE));
    CK(cuEventCreate(&ev[i], CU_EVENT_DISABLE_TIMING));
  }
  Pool *pools[9] = {};
  for (int k : {2, 4, 8})
    pools[k] = new Pool(k);
  char name[128];
  for (size_t chunk : {size_t(1) << 20, size_t(4) << 20, size_t(16) << 20})
    for (int k : {1, 2, 4, 8})
      for (int nt = 0; nt < 2; ++nt) {
        if (quick && (k == 8 || chunk == (size_t(1) << 20)))
          continue;
        Pool *pool = k > 1 ? pools[k] : nullptr;
        snprintf(name, sizeof name, "D1 staged D2H chunk %zuM thr %d%s",
                 chunk >> 20, k, nt ? " nt" : "");
        P(name, gbs(med_us(3, 1, [&] { staged_d2h(hb2, db, big, chunk, stg, ev, NB, pool, nt); })), "GB/s");
        snprintf(name, sizeof name, "D2 staged H2D chunk %zuM thr %d%s",
                 chunk >> 20, k, nt ? " nt" : "");
        P(name, gbs(med_us(3, 1, [&] { staged_h2d(db, hb, big, chunk, stg, ev, NB, pool, nt); })), "GB/s");
      }
  // correctness of the staged path
  staged_h2d(db, hb, big, 4 << 20, stg, ev, NB, pools[4], true);
  memset(hb2, 0, big);
  staged_d2h(hb2, db, big, 4 << 20, stg, ev, NB, pools[4], true);
  printf("staged round trip %s\n", memcmp(hb, hb2, big) ? "WRONG" : "ok");

  // --- E: enter/exit round trip 128 MB (CUDA twin) ---
  {
    size_t n = 128u << 20;
    P("E0 cudaMalloc+H2D+D2H+cudaFree 128MB (ms)",
      med_us(5, 1, [&] {
        void *p;
        CKR(cudaMalloc(&p, n));
        CKR(cudaMemcpy(p, hb, n, cudaMemcpyHostToDevice));
        CKR(cudaMemcpy(hb, p, n, cudaMemcpyDeviceToHost));
        CKR(cudaFree(p));
      }) / 1e3, "ms");
  }
  for (int k : {2, 4, 8})
    delete pools[k];
  printf("probe done\n");
  return 0;
}

// 10. Reductions per operator and type, hand-written CUDA: a grid-stride
// loop, warp shuffles, one value per warp in shared memory, and per block
// one atomic where CUDA has one for the type and operator, otherwise a
// partial result per block and a second one-block kernel. The result is
// set to the initial value before and copied back after each kernel (inside
// the timing, as the OpenMP reduction's map(tofrom: x) does).
#include "cuda_common.h"
#include <limits>

template <typename T> struct cpx { T re, im; };
template <typename T> __host__ __device__ bool operator!=(cpx<T> a, cpx<T> b) {
  return a.re != b.re || a.im != b.im;
}

// Operators: combine two values; the identity is given by the host.
struct Add {
  template <typename T> __host__ __device__ static T apply(T a, T b) {
    return a + b;
  }
  template <typename T>
  __host__ __device__ static cpx<T> apply(cpx<T> a, cpx<T> b) {
    return {a.re + b.re, a.im + b.im};
  }
  template <typename T> static T identity() { return T(); }
};
struct Mul {
  template <typename T> __host__ __device__ static T apply(T a, T b) {
    return a * b;
  }
  template <typename T> static T identity() { return T(1); }
};
struct Min {
  template <typename T> __host__ __device__ static T apply(T a, T b) {
    return b < a ? b : a;
  }
  template <typename T> static T identity() {
    return std::numeric_limits<T>::max();
  }
};
struct Max {
  template <typename T> __host__ __device__ static T apply(T a, T b) {
    return b > a ? b : a;
  }
  template <typename T> static T identity() {
    return std::numeric_limits<T>::lowest();
  }
};
struct And {
  template <typename T> __host__ __device__ static T apply(T a, T b) {
    return a & b;
  }
  template <typename T> static T identity() { return ~T(0); }
};
struct Or {
  template <typename T> __host__ __device__ static T apply(T a, T b) {
    return a | b;
  }
  template <typename T> static T identity() { return T(0); }
};
struct Xor {
  template <typename T> __host__ __device__ static T apply(T a, T b) {
    return a ^ b;
  }
  template <typename T> static T identity() { return T(0); }
};
struct Land {
  template <typename T> __host__ __device__ static T apply(T a, T b) {
    return a && b;
  }
  template <typename T> static T identity() { return T(1); }
};
struct Lor {
  template <typename T> __host__ __device__ static T apply(T a, T b) {
    return a || b;
  }
  template <typename T> static T identity() { return T(0); }
};

// One atomic per block where CUDA has it (ok), else a second pass.
template <typename Op, typename T> struct BlockAtomic {
  static constexpr bool ok = false;
  __device__ static void apply(T *, T) {}
};
#define ATOMIC(OP, T, CALL)                                                    \
  template <> struct BlockAtomic<OP, T> {                                      \
    static constexpr bool ok = true;                                           \
    __device__ static void apply(T *p, T v) { CALL; }                          \
  };
typedef unsigned long long ull;
ATOMIC(Add, int, atomicAdd(p, v))
ATOMIC(Add, long, atomicAdd((ull *)p, (ull)v))
ATOMIC(Add, float, atomicAdd(p, v))
ATOMIC(Add, double, atomicAdd(p, v))
ATOMIC(Add, cpx<float>, (atomicAdd(&p->re, v.re), atomicAdd(&p->im, v.im)))
ATOMIC(Add, cpx<double>, (atomicAdd(&p->re, v.re), atomicAdd(&p->im, v.im)))
ATOMIC(Min, int, atomicMin(p, v))
ATOMIC(Min, long, atomicMin((long long *)p, (long long)v))
ATOMIC(Max, int, atomicMax(p, v))
ATOMIC(Max, long, atomicMax((long long *)p, (long long)v))
ATOMIC(And, int, atomicAnd(p, v))
ATOMIC(And, long, atomicAnd((ull *)p, (ull)v))
ATOMIC(Or, int, atomicOr(p, v))
ATOMIC(Or, long, atomicOr((ull *)p, (ull)v))
ATOMIC(Xor, int, atomicXor(p, v))
ATOMIC(Xor, long, atomicXor((ull *)p, (ull)v))
// v is 0 or 1, and so is the initial value (ref.h): & and | are && and ||.
ATOMIC(Land, int, atomicAnd(p, v))
ATOMIC(Land, long, atomicAnd((ull *)p, (ull)v))
ATOMIC(Lor, int, atomicOr(p, v))
ATOMIC(Lor, long, atomicOr((ull *)p, (ull)v))

template <typename T> __device__ T shfl_down(T v, int d) {
  return __shfl_down_sync(0xffffffffu, v, d);
}
template <typename T> __device__ cpx<T> shfl_down(cpx<T> v, int d) {
  return {shfl_down(v.re, d), shfl_down(v.im, d)};
}

// The block's value in thread 0 (blockDim.x a multiple of 32, <= 1024).
template <typename Op, typename T> __device__ T block_reduce(T v, T ident) {
  __shared__ T warp_part[32];
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  for (int d = 16; d > 0; d /= 2)
    v = Op::apply(v, shfl_down(v, d));
  if (lane == 0)
    warp_part[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = lane < (int)blockDim.x / 32 ? warp_part[lane] : ident;
    for (int d = 16; d > 0; d /= 2)
      v = Op::apply(v, shfl_down(v, d));
  }
  return v;
}

template <typename Op, typename T>
__global__ void reduce(const T *__restrict__ a, long n, T ident, T *out,
                       T *partial) {
  T v = ident;
  for (long i = blockIdx.x * (long)blockDim.x + threadIdx.x; i < n;
       i += (long)gridDim.x * blockDim.x)
    v = Op::apply(v, a[i]);
  v = block_reduce<Op>(v, ident);
  if (threadIdx.x == 0) {
    if constexpr (BlockAtomic<Op, T>::ok)
      BlockAtomic<Op, T>::apply(out, v);
    else
      partial[blockIdx.x] = v;
  }
}

// Second pass: one block combines the partial results into *out.
template <typename Op, typename T>
__global__ void finish(const T *__restrict__ partial, int m, T ident, T *out) {
  T v = ident;
  for (int i = threadIdx.x; i < m; i += blockDim.x)
    v = Op::apply(v, partial[i]);
  v = block_reduce<Op>(v, ident);
  if (threadIdx.x == 0)
    *out = Op::apply(*out, v);
}

template <typename T> static double as_double(T v) { return (double)v; }
template <typename T> static double as_double(cpx<T> v) { return v.re; }

// Times reduce<Op> over a[0:n] from init on a grid x block launch.
template <typename Op, typename T>
static void run(const char *name, const T *a, long n, T init, T ident, int grid,
                int block, double *t, int reps) {
  T want = init;
  for (long i = 0; i < n; i++)
    want = Op::apply(want, a[i]);
  T *da = dev_alloc<T>(n), *dout = dev_alloc<T>(1), *dpart = dev_alloc<T>(grid);
  CK(cudaMemcpy(da, a, sizeof(T) * n, cudaMemcpyHostToDevice));
  for (int r = -1; r < reps; r++) {
    T x = init;
    double t0 = bench_now();
    CK(cudaMemcpy(dout, &x, sizeof(T), cudaMemcpyHostToDevice));
    reduce<Op><<<grid, block>>>(da, n, ident, dout, dpart);
    CK_LAUNCH();
    if (!BlockAtomic<Op, T>::ok) {
      finish<Op><<<1, BLOCK>>>(dpart, grid, ident, dout);
      CK_LAUNCH();
    }
    CK(cudaMemcpy(&x, dout, sizeof(T), cudaMemcpyDeviceToHost));
    double t1 = bench_now();
    if (r >= 0)
      t[r] = t1 - t0;
    if (x != want)
      bench_fail(name, "cuda", "result of repetition", r, as_double(x),
                 as_double(want));
  }
  CK(cudaFree(da));
  CK(cudaFree(dout));
  CK(cudaFree(dpart));
  bench_report(name, "cuda", t, reps, 1.0, (double)sizeof(T) * n, "GB/s");
}

// Occupancy grid of 256-thread blocks, as in dot.cu.
template <typename Op, typename T> static int full_grid() {
  int sms = 0, per_sm = 0;
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, reduce<Op, T>,
                                                   BLOCK, 0));
  return sms * per_sm;
}

template <typename Op, typename T>
static void run_full(const char *name, const T *a, long n, T init, double *t,
                     int reps) {
  run<Op>(name, a, n, init, Op::template identity<T>(), full_grid<Op, T>(),
          BLOCK, t, reps);
}

int main() {
  cuda_start("reduce");
  const long n = reduce_n();
  const int reps = bench_reps(10);
  int *i32 = (int *)bench_malloc(sizeof(int) * n);
  long *i64 = (long *)bench_malloc(sizeof(long) * n);
  float *f32 = (float *)bench_malloc(sizeof(float) * n);
  double *f64 = (double *)bench_malloc(sizeof(double) * n);
  double *re_im = (double *)bench_malloc(2 * sizeof(double) * n);
  cpx<float> *c32 = (cpx<float> *)bench_malloc(sizeof(cpx<float>) * n);
  double *t = (double *)bench_malloc(sizeof(double) * reps);
  printf("INFO reduce cuda n=%ld\n", n);

#define RUN_INT(OP, OPNAME, R)                                                 \
  for (long i = 0; i < n; i++) {                                               \
    i32[i] = (int)reduce_int_elem(R, i, n, 0);                                 \
    i64[i] = (long)reduce_int_elem(R, i, n, 1);                                \
  }                                                                            \
  run_full<OP>("reduce_" OPNAME "_i32", i32, n, (int)reduce_int_init(R, 0), t, \
               reps);                                                          \
  run_full<OP>("reduce_" OPNAME "_i64", i64, n, (long)reduce_int_init(R, 1),   \
               t, reps);
#define RUN_REAL(OP, OPNAME, R)                                                \
  for (long i = 0; i < n; i++) {                                               \
    f32[i] = (float)reduce_real_elem(R, i, n, 0);                              \
    f64[i] = reduce_real_elem(R, i, n, 1);                                     \
  }                                                                            \
  run_full<OP>("reduce_" OPNAME "_f32", f32, n, (float)reduce_real_init(R), t, \
               reps);                                                          \
  run_full<OP>("reduce_" OPNAME "_f64", f64, n, reduce_real_init(R), t, reps);

  RUN_INT(Add, "add", R_ADD)
  // explicit geometry: the OpenMP version's num_teams x num_threads
  run<Add>("reduce_add_i32_explicit", i32, n, (int)reduce_int_init(R_ADD, 0), 0,
           REDUCE_TEAMS, REDUCE_THREADS, t, reps);
  // generic-mode variant: the same work, so the same kernel
  run_full<Add>("reduce_add_i32_generic", i32, n,
                (int)reduce_int_init(R_ADD, 0), t, reps);
  RUN_INT(Mul, "mul", R_MUL)
  RUN_INT(Min, "min", R_MIN)
  RUN_INT(Max, "max", R_MAX)
  RUN_INT(And, "and", R_AND)
  RUN_INT(Or, "or", R_OR)
  RUN_INT(Xor, "xor", R_XOR)
  RUN_INT(Land, "land", R_LAND)
  RUN_INT(Lor, "lor", R_LOR)
  RUN_REAL(Add, "add", R_ADD)
  run_full<Add>("reduce_add_f64_generic", f64, n, reduce_real_init(R_ADD), t,
                reps);
  RUN_REAL(Mul, "mul", R_MUL)
  RUN_REAL(Min, "min", R_MIN)
  RUN_REAL(Max, "max", R_MAX)
  RUN_REAL(Land, "land", R_LAND)
  RUN_REAL(Lor, "lor", R_LOR)

  reduce_complex_init(re_im, n, 0);
  for (long i = 0; i < n; i++)
    c32[i] = {(float)re_im[2 * i], (float)re_im[2 * i + 1]};
  run_full<Add>("reduce_add_c32", c32, n, cpx<float>{5.0f, -1.0f}, t, reps);
  reduce_complex_init(re_im, n, 1);
  run_full<Add>("reduce_add_c64", (const cpx<double> *)re_im, n,
                cpx<double>{5.0, -1.0}, t, reps);
  return 0;
}

// The launch model's analysis (openmp-device-kernel-traffic) on the kernels
// the optimizing NVPTX device link forms: each kernel's class and traffic
// per iteration of its distributed loop, as -Rpass-analysis shows them and
// as the image's kernel table carries them (kept by -save-temps), and
// whether a loop accumulates streaming loads (dot, matmul's inner product,
// the key hash; the device link's register budget). At -O0
// kernels call the region instead of holding it: no analysis, no table.
// RUN: rm -rf %t && mkdir -p %t/nocuda
// RUN: %clang -O2 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 --cuda-path=%t/nocuda -Rpass-analysis=openmp-device %s -shared -o %t/k.so -save-temps 2>&1 | FileCheck %s
// RUN: test -s %t/k.so-device-kernel-table.bin
// RUN: %clang -O0 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 --cuda-path=%t/nocuda -Rpass-analysis=openmp-device %s -shared -o %t/k0.so -save-temps 2>&1 | FileCheck %s --check-prefix=O0 --allow-empty
// RUN: not test -e %t/k0.so-device-kernel-table.bin
// O0-NOT: remark

// CHECK-DAG: remark: kernel '{{.*}}triad_l[[@LINE+2]]' is streaming: per iteration 24 B coalesced, 0 B uncoalesced, 0 B indirect, 0 B uniform, 2 operations, 0 thread streams [-Rpass-analysis=openmp-device]
void triad(double *a, const double *b, const double *c, long n) {
#pragma omp target teams distribute parallel for map(to : b[0:n], c[0:n]) map(from : a[0:n])
  for (long i = 0; i < n; i++)
    a[i] = b[i] + 3.0 * c[i];
}

// Each thread walks its row's values and column indices: two streams.
// Neighbouring rows share their bounds (rowptr[i + 1] is the next row's
// rowptr[i]).
// CHECK-DAG: remark: kernel '{{.*}}spmv_l[[@LINE+3]]' is thread-stretches: per iteration 16 B coalesced, 192 B uncoalesced, 128 B indirect, 0 B uniform, 32 operations, 2 thread streams holding 256 B of L1 a thread, neighbour reuse [-Rpass-analysis=openmp-device]
void spmv(const int *rowptr, const int *col, const double *val,
          const double *x, double *y, int n, int nnz) {
#pragma omp target teams distribute parallel for map(to : rowptr[0:n + 1], col[0:nnz], val[0:nnz], x[0:n]) map(from : y[0:n])
  for (int i = 0; i < n; i++) {
    double s = 0;
    for (int k = rowptr[i]; k < rowptr[i + 1]; k++)
      s += val[k] * x[col[k]];
    y[i] = s;
  }
}

// The teams reduction's one atomic per block.
// CHECK-DAG: remark: kernel '{{.*}}dot_l[[@LINE+3]]' is streaming: per iteration 16 B coalesced, {{.*}}, atomics, loads accumulated in a loop [-Rpass-analysis=openmp-device]
double dot(const double *a, const double *b, int n) {
  double sum = 0;
#pragma omp target teams distribute parallel for reduction(+ : sum) map(to : a[0:n], b[0:n]) map(tofrom : sum)
  for (int i = 0; i < n; i++)
    sum += a[i] * b[i];
  return sum;
}

// collapse(2): the rows of a point's neighbours coalesce like its own, and
// neighbouring points load each other's elements of uo (a stencil).
// CHECK-DAG: remark: kernel '{{.*}}jacobi_l[[@LINE+2]]' is streaming: per iteration 40 B coalesced, 0 B uncoalesced, 0 B indirect, 0 B uniform, 4 operations, 0 thread streams, neighbour reuse [-Rpass-analysis=openmp-device]
void jacobi(double *un, const double *uo, int n) {
#pragma omp target teams distribute parallel for collapse(2) map(to : uo[0:n * n]) map(tofrom : un[0:n * n])
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      un[i * n + j] = 0.25 * (uo[(i - 1) * n + j] + uo[(i + 1) * n + j] +
                              uo[i * n + j - 1] + uo[i * n + j + 1]);
}

// Two loads of one array that move apart from lane to lane (b[i] and
// b[n - 1 - i]) are not a stencil.
// CHECK-DAG: remark: kernel '{{.*}}mirror_l[[@LINE+2]]' is streaming: per iteration 24 B coalesced, 0 B uncoalesced, 0 B indirect, 0 B uniform, 1 operations, 0 thread streams [-Rpass-analysis=openmp-device]
void mirror(double *a, const double *b, long n) {
#pragma omp target teams distribute parallel for map(to : b[0:n]) map(from : a[0:n])
  for (long i = 0; i < n; i++)
    a[i] = b[i] + b[n - 1 - i];
}

// A's row is the same for neighbouring threads, B's column coalesces.
// CHECK-DAG: remark: kernel '{{.*}}matmul_l[[@LINE+2]]' is streaming: per iteration 68 B coalesced, 0 B uncoalesced, 0 B indirect, 64 B uniform, 32 operations, 0 thread streams, loads accumulated in a loop [-Rpass-analysis=openmp-device]
void matmul(const float *A, const float *B, float *C, int n) {
#pragma omp target teams distribute parallel for collapse(2) map(to : A[0:n * n], B[0:n * n]) map(from : C[0:n * n])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      float s = 0;
      for (int k = 0; k < n; k++)
        s += A[i * n + k] * B[k * n + j];
      C[i * n + j] = s;
    }
}

// A 64-byte key per thread, hashed 12 bytes a round (HeCBench's
// jenkins-hash): a thread stream, but neighbouring keys are half a line
// apart, so a thread holds 64 bytes of L1.
// CHECK-DAG: remark: kernel '{{.*}}keys_l[[@LINE+3]]' is thread-stretches: {{.*}} 1 thread streams holding 64 B of L1 a thread, loads accumulated in a loop [-Rpass-analysis=openmp-device]
void keys(const unsigned *key, const unsigned *len, unsigned *out,
          unsigned long n) {
#pragma omp target teams distribute parallel for map(to : key[0:n * 16], len[0:n]) map(from : out[0:n])
  for (unsigned long id = 0; id < n; id++) {
    const unsigned *k = key + id * 16;
    unsigned h = len[id];
    for (unsigned l = len[id]; l > 12; l -= 12, k += 3)
      h = (h ^ k[0] ^ k[1] ^ k[2]) * 16777619u;
    out[id] = h;
  }
}

// Integer hashing: 5 operations a round, 32 rounds, per 4 bytes stored.
// CHECK-DAG: remark: kernel '{{.*}}hash_l[[@LINE+2]]' is compute: per iteration 4 B coalesced, 0 B uncoalesced, 0 B indirect, 0 B uniform, 160 operations, 0 thread streams [-Rpass-analysis=openmp-device]
void hash(unsigned *out, int n) {
#pragma omp target teams distribute parallel for map(from : out[0:n])
  for (int i = 0; i < n; i++) {
    unsigned h = (unsigned)i;
    for (int r = 0; r < 32; r++) {
      h ^= h >> 16;
      h *= 0x45d9f3bu;
      h ^= h >> 13;
    }
    out[i] = h;
  }
}

// A 64-byte record per thread, walked three words at a time and then its
// tail: the tail loop starts where the first stopped, in the same slot, so
// one stream keeps 64 B of L1 a thread (neighbouring threads share a line).
// CHECK-DAG: remark: kernel '{{.*}}records_l[[@LINE+3]]' is thread-stretches: per iteration 8 B coalesced, 256 B uncoalesced, 0 B indirect, 0 B uniform, 130 operations, 1 thread streams holding 64 B of L1 a thread, loads accumulated in a loop [-Rpass-analysis=openmp-device]
void records(const unsigned *rec, const unsigned *words, unsigned *out,
             long n) {
#pragma omp target teams distribute parallel for map(to : rec[0:16 * n], words[0:n]) map(from : out[0:n])
  for (long i = 0; i < n; i++) {
    const unsigned *r = rec + i * 16;
    unsigned w = words[i], a = w, b = w, c = w;
    while (w > 3) {
      a = (a ^ r[0]) * 0x9e3779b1u;
      b += r[1] + a;
      c ^= r[2] ^ b;
      w -= 3;
      r += 3;
    }
    for (unsigned k = 0; k < w; k++)
      c = (c + r[k]) * 0x85ebca6bu;
    out[i] = a ^ b ^ c;
  }
}

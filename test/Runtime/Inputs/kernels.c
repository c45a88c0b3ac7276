/* Device image for the runtime tests: kernels in the host-device ABI
 * `void name(void **Args)`. */
#include <stdint.h>

int omp_is_initial_device(void);
int omp_get_device_num(void);
int omp_get_num_devices(void);
int omp_get_initial_device(void);

int dev_global = 42; /* the image's initialiser: each device starts from it */

/* x[0:n] += 1 */
void k_add(void **A) {
  int *X = A[0];
  long N = (long)A[1];
  for (long I = 0; I < N; ++I)
    X[I] += 1;
}

/* x[0:n] = v */
void k_set(void **A) {
  int *X = A[0];
  int V = (int)(intptr_t)A[1];
  long N = (long)A[2];
  for (long I = 0; I < N; ++I)
    X[I] = V;
}

/* dst[0:n] = src[0:n] */
void k_copy(void **A) {
  int *D = A[0], *S = A[1];
  long N = (long)A[2];
  for (long I = 0; I < N; ++I)
    D[I] = S[I];
}

struct S {
  int A;
  int *P;
  int N;
};
/* s->a += 1; s->p[0:n] *= 2 */
void k_struct(void **A) {
  struct S *S = A[0];
  S->A += 1;
  for (int I = 0; I < S->N; ++I)
    S->P[I] *= 2;
}

/* out[0] = bits of the second argument */
void k_record(void **A) {
  uintptr_t *Out = A[0];
  Out[0] = (uintptr_t)A[1];
}

void k_devinfo(void **A) {
  int *Out = A[0];
  Out[0] = omp_is_initial_device();
  Out[1] = omp_get_device_num();
  Out[2] = omp_get_num_devices();
  Out[3] = omp_get_initial_device();
  Out[4] = dev_global;
  dev_global += 1;
}

/* A[0]: private 16 bytes (firstprivate when copied in); out[0] = its sum,
 * then scribbles over it. */
void k_private(void **A) {
  char *P = A[0];
  int *Out = A[1];
  int Sum = 0;
  for (int I = 0; I < 16; ++I) {
    Sum += P[I];
    P[I] = 99;
  }
  Out[0] = Sum;
}

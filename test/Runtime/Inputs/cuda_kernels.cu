/* Kernels for the CUDA plugin's GPU tests (test/Runtime/cuda_gpu_*.c), in
 * the form the plugin expects (OffloadABI.h): extern "C", every parameter
 * pointer-sized, grid-stride loops so any launch geometry is correct.
 * Built with clang's CUDA device compilation (no CUDA headers) to PTX, and
 * with ptxas to cubins; see Inputs/cuda_build_image.sh. */
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))

static __device__ long tid() { return __nvvm_read_ptx_sreg_tid_x(); }
static __device__ long first() {
  return (long)__nvvm_read_ptx_sreg_ctaid_x() * __nvvm_read_ptx_sreg_ntid_x() +
         __nvvm_read_ptx_sreg_tid_x();
}
static __device__ long stride() {
  return (long)__nvvm_read_ptx_sreg_nctaid_x() * __nvvm_read_ptx_sreg_ntid_x();
}

/* Set by the runtime when the image is loaded. */
__device__ int __cot_device_num = -1;
/* A declare-target global: the runtime copies the host value in. */
__device__ long dev_counter = 41; /* the image starts from its initialiser */
/* declare target link(linked): the runtime points it at linked's mapping. */
__device__ long *linked_ptr = 0;

extern "C" __global__ void k_scale(double *A, long N) {
  for (long I = first(); I < N; I += stride())
    A[I] = 2.0 * A[I] + 1.0;
}

/* Out[0..3] = grid size, block size, device number, dev_counter. */
extern "C" __global__ void k_info(long *Out) {
  if (first() == 0) {
    Out[0] = __nvvm_read_ptx_sreg_nctaid_x();
    Out[1] = __nvvm_read_ptx_sreg_ntid_x();
    Out[2] = __cot_device_num;
    Out[3] = dev_counter;
    dev_counter += 1;
  }
}

/* Writes through Bad, an address that is not device memory. */
extern "C" __global__ void k_fault(long Bad, long N) {
  volatile double *P = (volatile double *)Bad;
  if (tid() == 0)
    P[first()] = (double)N;
}

/* A[i] = 3 A[i] + Step: applied in another order, steps give another
 * result (the ordering tests of cuda_*_async.c). */
extern "C" __global__ void k_step(double *A, long N, long Step) {
  for (long I = first(); I < N; I += stride())
    A[I] = 3.0 * A[I] + (double)Step;
}

/* A[i] += B[i]. */
extern "C" __global__ void k_add_from(double *A, const double *B, long N) {
  for (long I = first(); I < N; I += stride())
    A[I] += B[I];
}

/* Waits until *Flag is non-zero (10 s at most); Out[0] = 1 if it was seen.
 * Another queue's copy or kernel sets the flag while this one runs. */
extern "C" __global__ void k_wait(volatile long *Flag, long *Out) {
  if (first() != 0)
    return;
  unsigned long long Start = __nvvm_read_ptx_sreg_globaltimer();
  long Seen = 0;
  while (!(Seen = *Flag != 0) &&
         __nvvm_read_ptx_sreg_globaltimer() - Start < 10000000000ull)
    ;
  Out[0] = Seen;
}

/* *Flag = 1. */
extern "C" __global__ void k_raise(volatile long *Flag) {
  if (first() == 0)
    *Flag = 1;
}

/* Out[0] = linked[0] through the link pointer, or -1 while it is null. */
extern "C" __global__ void k_link_read(long *Out) {
  if (first() == 0)
    Out[0] = linked_ptr ? linked_ptr[0] : -1;
}

/* A stand-in for libcuda.so.1 that emulates one GPU on the host, so that the
 * CUDA plugin's asynchronous paths (streams, events, pinned staging, the
 * deferred target tasks built on them) run in the tests of machines without
 * a GPU (LIBOMPTARGET_CUDA_LIBRARY points the plugin at it).
 *
 *  - Device memory is host memory, tracked: a copy or kernel that touches
 *    anything else fails (CUDA_ERROR_INVALID_VALUE, or the context's sticky
 *    CUDA_ERROR_ILLEGAL_ADDRESS for a kernel), as a wrong translation would
 *    on a GPU.
 *  - Each stream is a queue of operations run in order by a thread of its
 *    own, later than they are enqueued: every kernel first sleeps
 *    FAKE_GPU_KERNEL_US (default 2000) microseconds and every copy
 *    FAKE_GPU_COPY_US (default 200), so work that the plugin forgets to wait
 *    for, or orders wrongly across streams, really is not done yet.
 *  - Copies keep the driver's rules for host memory: from or to pinned
 *    memory (cuMemHostAlloc) they are asynchronous and read/write the host
 *    buffer when they run; with pageable memory host to device waits for the
 *    stream, then takes the data at once, and device to host is complete on
 *    return.
 *  - Events mark a point in a stream; cuStreamWaitEvent makes another stream
 *    wait for it.
 *  - Kernels: those of cuda_kernels.cu, written in C; globals __cot_device_num
 *    and dev_counter.
 * FAKE_GPU_LOG=1 prints each operation as it runs (stderr);
 * FAKE_GPU_REPORT_AT_EXIT=1 prints at exit how many kernels have run. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef int CUresult;
enum {
  OK = 0,
  INVALID_VALUE = 1,
  OUT_OF_MEMORY = 2,
  INVALID_HANDLE = 400,
  NOT_FOUND = 500,
  NOT_READY = 600,
  ILLEGAL_ADDRESS = 700
};

static pthread_mutex_t Mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t Progress = PTHREAD_COND_INITIALIZER;
static int Sticky; /* the context's sticky error */
static unsigned KernelUs = 2000, CopyUs = 200;
static int Log;

/*===-- Memory ------------------------------------------------------------===*/

struct Block {
  char *Begin;
  size_t Size;
  int Pinned;
  struct Block *Next;
};
static struct Block *Blocks;

static struct Block *findBlock(const void *P, size_t Size, int Pinned) {
  for (struct Block *B = Blocks; B; B = B->Next)
    if (B->Pinned == Pinned && (const char *)P >= B->Begin &&
        (const char *)P - B->Begin <= (long)B->Size &&
        Size <= B->Size - (size_t)((const char *)P - B->Begin))
      return B;
  return NULL;
}

static void *addBlock(size_t Size, int Pinned) {
  struct Block *B = malloc(sizeof(*B));
  B->Begin = aligned_alloc(256, (Size + 255) & ~(size_t)255);
  B->Size = Size;
  B->Pinned = Pinned;
  B->Next = Blocks;
  Blocks = B;
  return B->Begin;
}

static int removeBlock(void *P, int Pinned) {
  for (struct Block **L = &Blocks; *L; L = &(*L)->Next)
    if ((*L)->Begin == P && (*L)->Pinned == Pinned) {
      struct Block *B = *L;
      *L = B->Next;
      free(B->Begin);
      free(B);
      return OK;
    }
  return INVALID_VALUE;
}

static int isDevice(const void *P, size_t Size) {
  return findBlock(P, Size, 0) != NULL;
}
static int isPinned(const void *P, size_t Size) {
  return findBlock(P, Size, 1) != NULL;
}

/*===-- Streams -----------------------------------------------------------===*/

enum OpKind { OpCopy, OpKernel, OpWait };
struct Stream;
struct Op {
  enum OpKind Kind;
  void *Dst;
  const void *Src;
  size_t Size;
  int Kernel;
  long Args[8];
  unsigned Grid, Block;
  struct Stream *WaitFor; /* OpWait: until WaitFor->Done >= Target */
  unsigned long Target;
  struct Op *Next;
};

struct Stream {
  struct Op *Head, *Tail;
  unsigned long Enqueued, Done;
  pthread_t Thread;
  int Started;
};

struct Event {
  struct Stream *S; /* null: never recorded (complete) */
  unsigned long Target;
};

static void sleepUs(unsigned Us) {
  if (!Us)
    return;
  struct timespec T = {Us / 1000000, (long)(Us % 1000000) * 1000};
  while (nanosleep(&T, &T))
    ;
}

static void runKernel(struct Op *O);
static long KernelsRun; /* FAKE_GPU_REPORT_AT_EXIT */
static long readCount(const long *Count);

static void *streamMain(void *Arg) {
  struct Stream *S = Arg;
  pthread_mutex_lock(&Mu);
  for (;;) {
    while (!S->Head)
      pthread_cond_wait(&Progress, &Mu);
    struct Op *O = S->Head;
    if (O->Kind == OpWait) {
      while (O->WaitFor->Done < O->Target)
        pthread_cond_wait(&Progress, &Mu);
    } else {
      pthread_mutex_unlock(&Mu);
      sleepUs(O->Kind == OpKernel ? KernelUs : CopyUs);
      pthread_mutex_lock(&Mu);
      if (Log)
        fprintf(stderr, "fake gpu: stream %p runs %s\n", (void *)S,
                O->Kind == OpKernel ? "a kernel" : "a copy");
      if (!Sticky) {
        if (O->Kind == OpCopy)
          memcpy(O->Dst, O->Src, O->Size);
        else {
          runKernel(O);
          ++KernelsRun;
        }
      }
    }
    S->Head = O->Next;
    if (!S->Head)
      S->Tail = NULL;
    free(O);
    ++S->Done;
    pthread_cond_broadcast(&Progress);
  }
  return NULL;
}

static struct Stream LegacyStream;
static __thread struct Stream *PerThread;

/* Mu held. */
static struct Stream *stream(void *Handle) {
  struct Stream *S = Handle;
  if (Handle == NULL || Handle == (void *)0x1)
    S = &LegacyStream;
  else if (Handle == (void *)0x2) {
    if (!PerThread)
      PerThread = calloc(1, sizeof(struct Stream));
    S = PerThread;
  }
  if (!S->Started) {
    S->Started = 1;
    pthread_create(&S->Thread, NULL, streamMain, S);
    pthread_detach(S->Thread);
  }
  return S;
}

/* Mu held. */
static void enqueue(struct Stream *S, struct Op *O) {
  O->Next = NULL;
  if (S->Tail)
    S->Tail->Next = O;
  else
    S->Head = O;
  S->Tail = O;
  ++S->Enqueued;
  pthread_cond_broadcast(&Progress);
}

/* Mu held. */
static void drain(struct Stream *S) {
  while (S->Done < S->Enqueued)
    pthread_cond_wait(&Progress, &Mu);
}

static CUresult copyOp(struct Stream *S, void *Dst, const void *Src,
                       size_t Size) {
  struct Op *O = calloc(1, sizeof(*O));
  O->Kind = OpCopy;
  O->Dst = Dst;
  O->Src = Src;
  O->Size = Size;
  enqueue(S, O);
  return OK;
}

/*===-- Kernels and globals ----------------------------------------------===*/

static int *DeviceNum;     /* __cot_device_num */
static long *DevCounter;   /* dev_counter */
static long **LinkedPtr;   /* linked_ptr */

enum { KScale = 1, KInfo, KFault, KStep, KAddFrom, KWait, KRaise, KLinkRead };
static const struct {
  const char *Name;
  int NumArgs;
} Kernels[] = {{"", 0},          {"k_scale", 2},    {"k_info", 1},
               {"k_fault", 2},   {"k_step", 3},     {"k_add_from", 3},
               {"k_wait", 2},    {"k_raise", 1},
               {"k_link_read", 1}};

/* A kernel's access to N elements of Size bytes at P; Mu held. */
static int deviceRange(long P, long N, size_t Size) {
  if (!isDevice((void *)P, (size_t)N * Size)) {
    Sticky = ILLEGAL_ADDRESS;
    return 0;
  }
  return 1;
}

/* Runs with Mu held, except k_wait, which releases it while it waits. */
static void runKernel(struct Op *O) {
  long *A = O->Args;
  switch (O->Kernel) {
  case KScale: /* A[i] = 2 A[i] + 1 */
    if (deviceRange(A[0], A[1], sizeof(double)))
      for (long I = 0; I < A[1]; ++I)
        ((double *)A[0])[I] = 2.0 * ((double *)A[0])[I] + 1.0;
    break;
  case KInfo:
    if (deviceRange(A[0], 4, sizeof(long))) {
      long *Out = (long *)A[0];
      Out[0] = O->Grid;
      Out[1] = O->Block;
      Out[2] = *DeviceNum;
      Out[3] = *DevCounter;
      *DevCounter += 1;
    }
    break;
  case KFault:
    Sticky = ILLEGAL_ADDRESS;
    break;
  case KStep: /* A[i] = 3 A[i] + Step */
    if (deviceRange(A[0], A[1], sizeof(double)))
      for (long I = 0; I < A[1]; ++I)
        ((double *)A[0])[I] = 3.0 * ((double *)A[0])[I] + (double)A[2];
    break;
  case KAddFrom: /* A[i] += B[i] */
    if (deviceRange(A[0], A[2], sizeof(double)) &&
        deviceRange(A[1], A[2], sizeof(double)))
      for (long I = 0; I < A[2]; ++I)
        ((double *)A[0])[I] += ((double *)A[1])[I];
    break;
  case KWait: /* until *Flag != 0, 10 s at most; Out[0] = 1 if it was seen */
    if (deviceRange(A[0], 1, sizeof(long)) &&
        deviceRange(A[1], 1, sizeof(long))) {
      volatile long *Flag = (volatile long *)A[0];
      int Seen = 0;
      for (int I = 0; I < 10000 && !(Seen = *Flag != 0); ++I) {
        pthread_mutex_unlock(&Mu);
        sleepUs(1000);
        pthread_mutex_lock(&Mu);
      }
      *(long *)A[1] = Seen;
    }
    break;
  case KLinkRead: /* Out[0] = linked[0] through the link pointer, or -1 */
    if (deviceRange(A[0], 1, sizeof(long)))
      *(long *)A[0] = !*LinkedPtr                      ? -1
                      : deviceRange((long)*LinkedPtr, 1, sizeof(long))
                          ? **LinkedPtr
                          : -2;
    break;
  case KRaise:
    if (deviceRange(A[0], 1, sizeof(long)))
      *(volatile long *)A[0] = 1;
    break;
  }
}

/*===-- The driver API ----------------------------------------------------===*/

#define LOCKED(Body)                                                           \
  do {                                                                         \
    pthread_mutex_lock(&Mu);                                                   \
    CUresult R_ = (Body);                                                      \
    pthread_mutex_unlock(&Mu);                                                 \
    return R_;                                                                 \
  } while (0)

static unsigned envUs(const char *Name, unsigned Default) {
  const char *V = getenv(Name);
  return V && *V ? (unsigned)strtoul(V, NULL, 10) : Default;
}

/* Registered by cuInit, as the real driver registers its teardown: it runs
 * after the exit handlers of the plugin and the runtime, which start later. */
static void reportKernelsAtExit(void) {
  printf("fake gpu: at exit, %ld kernels have run\n", readCount(&KernelsRun));
  fflush(stdout);
}
CUresult cuInit(unsigned Flags) {
  (void)Flags;
  KernelUs = envUs("FAKE_GPU_KERNEL_US", 2000);
  CopyUs = envUs("FAKE_GPU_COPY_US", 200);
  Log = getenv("FAKE_GPU_LOG") != NULL;
  if (getenv("FAKE_GPU_REPORT_AT_EXIT"))
    atexit(reportKernelsAtExit);
  return OK;
}
CUresult cuDriverGetVersion(int *V) {
  *V = 12000;
  return OK;
}
CUresult cuGetErrorName(CUresult E, const char **S) {
  switch (E) {
  case INVALID_VALUE: *S = "CUDA_ERROR_INVALID_VALUE"; return OK;
  case OUT_OF_MEMORY: *S = "CUDA_ERROR_OUT_OF_MEMORY"; return OK;
  case INVALID_HANDLE: *S = "CUDA_ERROR_INVALID_HANDLE"; return OK;
  case NOT_FOUND: *S = "CUDA_ERROR_NOT_FOUND"; return OK;
  case NOT_READY: *S = "CUDA_ERROR_NOT_READY"; return OK;
  case ILLEGAL_ADDRESS: *S = "CUDA_ERROR_ILLEGAL_ADDRESS"; return OK;
  }
  return INVALID_VALUE;
}
CUresult cuGetErrorString(CUresult E, const char **S) {
  switch (E) {
  case ILLEGAL_ADDRESS: *S = "an illegal memory access was encountered"; return OK;
  case OUT_OF_MEMORY: *S = "out of memory"; return OK;
  case INVALID_VALUE: *S = "invalid argument"; return OK;
  }
  return INVALID_VALUE;
}
CUresult cuDeviceGetCount(int *N) {
  *N = 1;
  return OK;
}
CUresult cuDeviceGet(int *D, int Ordinal) {
  *D = Ordinal;
  return Ordinal == 0 ? OK : INVALID_VALUE;
}
CUresult cuDeviceGetName(char *Name, int Len, int D) {
  (void)D;
  snprintf(Name, (size_t)Len, "Fake GPU");
  return OK;
}
CUresult cuDeviceGetAttribute(int *V, int Attr, int D) {
  (void)D;
  switch (Attr) {
  case 1: *V = 1024; break;        /* max threads per block */
  case 5: *V = 0x7fffffff; break;  /* max grid x */
  case 16: *V = 4; break;          /* SMs */
  case 75: *V = 9; break;          /* compute capability */
  case 76: *V = 0; break;
  case 81: *V = 228 << 10; break;  /* shared memory per SM */
  case 83: *V = 1; break;          /* managed memory */
  default: *V = 0;
  }
  return OK;
}
CUresult cuDevicePrimaryCtxRetain(void **Ctx, int D) {
  (void)D;
  *Ctx = (void *)0x1000;
  return OK;
}
CUresult cuDevicePrimaryCtxRelease_v2(int D) {
  (void)D;
  return OK;
}
CUresult cuCtxSetCurrent(void *Ctx) { return Ctx ? OK : INVALID_VALUE; }
CUresult cuCtxSetLimit(int Limit, size_t V) {
  (void)Limit;
  (void)V;
  return OK;
}
CUresult cuMemGetInfo_v2(size_t *Free, size_t *Total) {
  *Free = *Total = (size_t)16 << 30;
  return OK;
}
CUresult cuMemAlloc_v2(unsigned long long *P, size_t Size) {
  if (Size > ((size_t)16 << 30))
    return OUT_OF_MEMORY;
  pthread_mutex_lock(&Mu);
  *P = (unsigned long long)addBlock(Size, 0);
  pthread_mutex_unlock(&Mu);
  return OK;
}
CUresult cuMemFree_v2(unsigned long long P) {
  LOCKED(removeBlock((void *)P, 0));
}
/* Managed memory: reached by host and device alike, as device memory is
 * here. */
CUresult cuMemAllocManaged(unsigned long long *P, size_t Size,
                           unsigned Flags) {
  (void)Flags;
  return cuMemAlloc_v2(P, Size);
}
CUresult cuMemHostAlloc(void **P, size_t Size, unsigned Flags) {
  (void)Flags;
  pthread_mutex_lock(&Mu);
  *P = addBlock(Size, 1);
  pthread_mutex_unlock(&Mu);
  return OK;
}
CUresult cuMemFreeHost(void *P) { LOCKED(removeBlock(P, 1)); }

CUresult cuMemcpyHtoDAsync_v2(unsigned long long Dst, const void *Src,
                              size_t Size, void *Stream) {
  pthread_mutex_lock(&Mu);
  CUresult R = Sticky;
  struct Stream *S = stream(Stream);
  if (!R && !isDevice((void *)Dst, Size))
    R = INVALID_VALUE;
  if (!R && isPinned(Src, Size))
    R = copyOp(S, (void *)Dst, Src, Size);
  else if (!R) { /* pageable: the stream first, then staged at once */
    drain(S);
    memcpy((void *)Dst, Src, Size);
  }
  pthread_mutex_unlock(&Mu);
  return R;
}
CUresult cuMemcpyDtoHAsync_v2(void *Dst, unsigned long long Src, size_t Size,
                              void *Stream) {
  pthread_mutex_lock(&Mu);
  CUresult R = Sticky;
  struct Stream *S = stream(Stream);
  if (!R && !isDevice((void *)Src, Size))
    R = INVALID_VALUE;
  if (!R && isPinned(Dst, Size))
    R = copyOp(S, Dst, (void *)Src, Size);
  else if (!R) { /* pageable: complete on return */
    drain(S);
    R = Sticky;
    if (!R)
      memcpy(Dst, (void *)Src, Size);
  }
  pthread_mutex_unlock(&Mu);
  return R;
}
CUresult cuMemcpyDtoDAsync_v2(unsigned long long Dst, unsigned long long Src,
                              size_t Size, void *Stream) {
  pthread_mutex_lock(&Mu);
  CUresult R = Sticky;
  if (!R && (!isDevice((void *)Dst, Size) || !isDevice((void *)Src, Size)))
    R = INVALID_VALUE;
  if (!R)
    R = copyOp(stream(Stream), (void *)Dst, (void *)Src, Size);
  pthread_mutex_unlock(&Mu);
  return R;
}
CUresult cuMemcpyPeerAsync(unsigned long long Dst, void *DstCtx,
                           unsigned long long Src, void *SrcCtx, size_t Size,
                           void *Stream) {
  (void)DstCtx;
  (void)SrcCtx;
  return cuMemcpyDtoDAsync_v2(Dst, Src, Size, Stream);
}

CUresult cuStreamCreate(void **S, unsigned Flags) {
  (void)Flags;
  *S = calloc(1, sizeof(struct Stream));
  return OK;
}
/* The stream's thread stays (idle): nothing is freed. */
CUresult cuStreamDestroy_v2(void *S) {
  (void)S;
  return OK;
}
CUresult cuStreamSynchronize(void *Stream) {
  pthread_mutex_lock(&Mu);
  drain(stream(Stream));
  CUresult R = Sticky;
  pthread_mutex_unlock(&Mu);
  return R;
}
CUresult cuStreamQuery(void *Stream) {
  pthread_mutex_lock(&Mu);
  struct Stream *S = stream(Stream);
  CUresult R = Sticky ? Sticky : S->Done < S->Enqueued ? NOT_READY : OK;
  pthread_mutex_unlock(&Mu);
  return R;
}
CUresult cuStreamWaitEvent(void *Stream, void *Event, unsigned Flags) {
  (void)Flags;
  pthread_mutex_lock(&Mu);
  struct Event *E = Event;
  if (E->S) {
    struct Op *O = calloc(1, sizeof(*O));
    O->Kind = OpWait;
    O->WaitFor = E->S;
    O->Target = E->Target;
    enqueue(stream(Stream), O);
  }
  pthread_mutex_unlock(&Mu);
  return OK;
}
CUresult cuCtxSynchronize(void) {
  pthread_mutex_lock(&Mu);
  drain(stream((void *)0x2));
  drain(&LegacyStream);
  CUresult R = Sticky;
  pthread_mutex_unlock(&Mu);
  return R;
}

CUresult cuEventCreate(void **E, unsigned Flags) {
  (void)Flags;
  *E = calloc(1, sizeof(struct Event));
  return OK;
}
/* A count for the tests, read under the driver's lock. */
static long readCount(const long *Count) {
  pthread_mutex_lock(&Mu);
  long N = *Count;
  pthread_mutex_unlock(&Mu);
  return N;
}
static long EventsRecorded;
/* For the tests: how many events the plugin has recorded. */
long fake_gpu_events_recorded(void) { return readCount(&EventsRecorded); }
CUresult cuEventRecord(void *Event, void *Stream) {
  pthread_mutex_lock(&Mu);
  ++EventsRecorded;
  struct Event *E = Event;
  E->S = stream(Stream);
  E->Target = E->S->Enqueued;
  pthread_mutex_unlock(&Mu);
  return OK;
}
CUresult cuEventQuery(void *Event) {
  pthread_mutex_lock(&Mu);
  struct Event *E = Event;
  CUresult R = Sticky ? Sticky : E->S && E->S->Done < E->Target ? NOT_READY : OK;
  pthread_mutex_unlock(&Mu);
  return R;
}
CUresult cuEventSynchronize(void *Event) {
  pthread_mutex_lock(&Mu);
  struct Event *E = Event;
  while (E->S && E->S->Done < E->Target)
    pthread_cond_wait(&Progress, &Mu);
  CUresult R = Sticky;
  pthread_mutex_unlock(&Mu);
  return R;
}
CUresult cuEventDestroy_v2(void *E) {
  free(E);
  return OK;
}

CUresult cuModuleLoadDataEx(void **M, const void *Image, unsigned N,
                            int *Opts, void **Vals) {
  (void)Image;
  for (unsigned I = 0; I < N; ++I) /* empty JIT logs */
    if (Opts[I] == 3 || Opts[I] == 5)
      *(char *)Vals[I] = '\0';
  pthread_mutex_lock(&Mu);
  if (!DeviceNum) {
    DeviceNum = addBlock(sizeof(int), 0);
    *DeviceNum = -1;
    DevCounter = addBlock(sizeof(long), 0);
    *DevCounter = 41;
    LinkedPtr = addBlock(sizeof(long *), 0);
    *LinkedPtr = NULL;
  }
  pthread_mutex_unlock(&Mu);
  *M = (void *)0x2000;
  return OK;
}
CUresult cuModuleUnload(void *M) {
  (void)M;
  return OK;
}
CUresult cuModuleGetFunction(void **F, void *M, const char *Name) {
  (void)M;
  for (int I = 1; I < (int)(sizeof(Kernels) / sizeof(Kernels[0])); ++I)
    if (!strcmp(Name, Kernels[I].Name)) {
      *F = (void *)(intptr_t)I;
      return OK;
    }
  return NOT_FOUND;
}
CUresult cuModuleGetGlobal_v2(unsigned long long *P, size_t *Size, void *M,
                              const char *Name) {
  (void)M;
  if (!strcmp(Name, "__cot_device_num")) {
    *P = (unsigned long long)DeviceNum;
    *Size = sizeof(int);
    return OK;
  }
  if (!strcmp(Name, "linked_ptr")) {
    *P = (unsigned long long)LinkedPtr;
    *Size = sizeof(long *);
    return OK;
  }
  if (!strcmp(Name, "dev_counter")) {
    *P = (unsigned long long)DevCounter;
    *Size = sizeof(long);
    return OK;
  }
  return NOT_FOUND;
}
CUresult cuFuncGetAttribute(int *V, int Attr, void *F) {
  (void)F;
  *V = Attr == 0 ? 1024 : 32;
  return OK;
}
CUresult cuOccupancyMaxActiveBlocksPerMultiprocessor(int *N, void *F,
                                                      int Threads,
                                                      size_t Shared) {
  (void)F;
  (void)Threads;
  (void)Shared;
  *N = 8;
  return OK;
}
static pthread_t LaunchingThreads[8];
static long NumLaunchingThreads;
/* For the tests: how many threads have called cuLaunchKernel (at most 8
 * are told apart). */
int fake_gpu_launching_threads(void) {
  return (int)readCount(&NumLaunchingThreads);
}
static void noteLaunchingThread(void) {
  pthread_t Self = pthread_self();
  for (long I = 0; I < NumLaunchingThreads; ++I)
    if (pthread_equal(LaunchingThreads[I], Self))
      return;
  if (NumLaunchingThreads < 8)
    LaunchingThreads[NumLaunchingThreads++] = Self;
}
CUresult cuLaunchKernel(void *F, unsigned Gx, unsigned Gy, unsigned Gz,
                        unsigned Bx, unsigned By, unsigned Bz, unsigned Shared,
                        void *Stream, void **Params, void **Extra) {
  (void)Gy;
  (void)Gz;
  (void)By;
  (void)Bz;
  (void)Shared;
  (void)Extra;
  int K = (int)(intptr_t)F;
  if (K <= 0 || K >= (int)(sizeof(Kernels) / sizeof(Kernels[0])))
    return INVALID_HANDLE;
  struct Op *O = calloc(1, sizeof(*O));
  O->Kind = OpKernel;
  O->Kernel = K;
  O->Grid = Gx;
  O->Block = Bx;
  for (int I = 0; I < Kernels[K].NumArgs; ++I) /* values taken now */
    memcpy(&O->Args[I], Params[I], sizeof(long));
  pthread_mutex_lock(&Mu);
  noteLaunchingThread();
  CUresult R = Sticky;
  if (!R)
    enqueue(stream(Stream), O);
  else
    free(O);
  pthread_mutex_unlock(&Mu);
  return R;
}

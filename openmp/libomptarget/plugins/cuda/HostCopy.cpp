//===- HostCopy.cpp - Copies between host buffers with several threads ----===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// See HostCopy.h. A copy of at least 2 x MinPiece bytes is cut into one
// piece per thread; the caller queues all but the first for the helpers,
// copies the first, takes back queued pieces no helper has started, and
// waits for the rest. Pieces of several callers share the one queue.
//
//===----------------------------------------------------------------------===//

#include "HostCopy.h"

#include "Environment.h"
#include "Message.h"

#include <sched.h>

#include <algorithm>
#include <condition_variable>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <mutex>
#include <thread>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

using namespace cot;

namespace {

constexpr size_t MinPiece = 512u << 10;
constexpr int MaxThreads = 64;

/// memcpy that bypasses the cache for the destination where the CPU can.
void streamingCopy(char *Dst, const char *Src, size_t Size) {
#if defined(__SSE2__)
  while (Size && (reinterpret_cast<uintptr_t>(Dst) & 15)) {
    *Dst++ = *Src++;
    --Size;
  }
  size_t Vectors = Size / 16;
  for (size_t I = 0; I < Vectors; ++I)
    _mm_stream_si128(
        reinterpret_cast<__m128i *>(Dst) + I,
        _mm_loadu_si128(reinterpret_cast<const __m128i *>(Src) + I));
  _mm_sfence();
  memcpy(Dst + 16 * Vectors, Src + 16 * Vectors, Size - 16 * Vectors);
#else
  memcpy(Dst, Src, Size);
#endif
}

void copyPiece(char *Dst, const char *Src, size_t Size, bool Streaming) {
  if (Streaming)
    streamingCopy(Dst, Src, Size);
  else
    memcpy(Dst, Src, Size);
}

/// One hostCopy call: its pieces not yet finished.
struct Job {
  int Pending = 0;
};

struct Piece {
  char *Dst;
  const char *Src;
  size_t Size;
  bool Streaming;
  Job *Owner;
};

class CopyPool {
public:
  void copy(char *Dst, const char *Src, size_t Size, bool Streaming) {
    int Parts = (int)std::min<size_t>(Threads, Size / MinPiece);
    if (Parts < 2) {
      copyPiece(Dst, Src, Size, Streaming);
      return;
    }
    startHelpers();
    // Pieces are multiples of 64 bytes, so streaming stores stay aligned.
    size_t Per = (Size / Parts + 63) & ~size_t(63);
    Job J;
    {
      std::lock_guard<std::mutex> Lock(Mu);
      for (int I = 1; I < Parts; ++I) {
        size_t Begin = std::min(Size, Per * I);
        size_t End = I + 1 == Parts ? Size : std::min(Size, Begin + Per);
        Queue.push_back({Dst + Begin, Src + Begin, End - Begin, Streaming, &J});
        ++J.Pending;
      }
    }
    Work.notify_all();
    copyPiece(Dst, Src, std::min(Per, Size), Streaming);
    std::unique_lock<std::mutex> Lock(Mu);
    // Pieces no helper has taken yet: copy them here.
    for (auto It = Queue.begin(); It != Queue.end();) {
      if (It->Owner != &J) {
        ++It;
        continue;
      }
      Piece P = *It;
      It = Queue.erase(It);
      Lock.unlock();
      copyPiece(P.Dst, P.Src, P.Size, P.Streaming);
      Lock.lock();
      --J.Pending;
      It = Queue.begin();
    }
    Done.wait(Lock, [&] { return J.Pending == 0; });
  }

  static CopyPool &get() {
    static auto *P = new CopyPool(); // never destroyed: helpers may run
    return *P;
  }

private:
  int Threads = 1; // the caller included (LIBOMPTARGET_COPY_THREADS)
  bool Started = false;
  std::mutex Mu;
  std::condition_variable Work, Done;
  std::deque<Piece> Queue;

  CopyPool() {
    cpu_set_t Set;
    int Cpus =
        sched_getaffinity(0, sizeof(Set), &Set) == 0 ? CPU_COUNT(&Set) : 1;
    int64_t N = std::min(4, std::max(Cpus, 1));
    if (readEnvInteger("LIBOMPTARGET_COPY_THREADS", 1, MaxThreads, N) ==
        EnvValue::Invalid)
      warning("LIBOMPTARGET_COPY_THREADS='%s' is not a number of threads "
              "from 1 to %d; using %lld",
              getenv("LIBOMPTARGET_COPY_THREADS"), MaxThreads, (long long)N);
    Threads = (int)N;
  }

  void startHelpers() {
    std::lock_guard<std::mutex> Lock(Mu);
    if (Started)
      return;
    Started = true;
    for (int I = 1; I < Threads; ++I)
      std::thread([this] { helper(); }).detach();
  }

  void helper() {
    std::unique_lock<std::mutex> Lock(Mu);
    for (;;) {
      Work.wait(Lock, [&] { return !Queue.empty(); });
      Piece P = Queue.front();
      Queue.pop_front();
      Lock.unlock();
      copyPiece(P.Dst, P.Src, P.Size, P.Streaming);
      Lock.lock();
      if (--P.Owner->Pending == 0)
        Done.notify_all();
    }
  }
};

} // namespace

void cot::cuda::hostCopy(void *Dst, const void *Src, size_t Size,
                         bool Streaming) {
  CopyPool::get().copy(static_cast<char *>(Dst), static_cast<const char *>(Src),
                       Size, Streaming);
}

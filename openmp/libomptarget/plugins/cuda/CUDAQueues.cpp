//===- CUDAQueues.cpp - CUDA queues, waiting for them, events -------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A queue is a non-blocking CUDA stream with its pinned arena and the host
// writes of its device-to-host copies (CUDAMemory.cpp). Waiting for a queue
// (advance) goes through those writes in the order they were queued: a
// small one waits for the stream, then copies out of the arena; a staged
// one copies each chunk out of its buffer as it arrives and queues the next
// chunk into that buffer. Then the stream itself is waited for, so kernels
// without copies after them are done too, and the queue's arena and
// staging buffers are free again.
//
// A blocking wait is one cuStreamSynchronize (cuEventSynchronize for a
// staged chunk). Polling cuStreamQuery first was measured on an H200 too:
// it saved 1.5 us once and cost 1 to 3 us the next day (an empty target
// region 8.7 -> 11.6 us), so waits block as CUDA's own do. queue_query
// polls; once it finds the stream idle it still synchronises once, since
// the driver prints device printf output at synchronising calls, which
// cuStreamQuery is not.
//
// Events come from a per-device pool (cuEventCreate with timing disabled).
// An event remembers the kernel queued last before it, so that a fault
// found by querying the event names a kernel, as a queue's wait does.
//
//===----------------------------------------------------------------------===//

#include "CUDAPlugin.h"
#include "HostCopy.h"

#include <algorithm>
#include <cstring>

using namespace cot;
using namespace cot::cuda;

namespace {

/// Whether R says "not yet"; otherwise R is the outcome.
bool notReady(CUresult R) { return R == CUDA_ERROR_NOT_READY; }

/// What a failure found while waiting for Q means: its kernel failed, or
/// its copies did.
Error queueFailed(const CUDAQueue &Q, CUresult R) {
  if (const std::string *Kernel = Q.Kernel.load(std::memory_order_acquire))
    return kernelFailed(*Kernel, Q.Dev, R);
  return Error::make("copies on cuda device %d failed: %s", Q.Dev,
                     errorText(R).c_str());
}

/// Q's work is done (or has failed): its arena and buffers are free again.
void reset(DeviceState &D, CUDAQueue &Q) {
  for (HostWrite &W : Q.Writes)
    returnStaging(D, W.Buffers);
  Q.Writes.clear();
  returnStaging(D, Q.Held);
  Q.ArenaUsed = 0;
  Q.Kernel.store(nullptr, std::memory_order_release);
}

} // namespace

Error cot::cuda::kernelFailed(const std::string &Kernel, int32_t Dev,
                              CUresult R) {
  bool Fault = R == CUDA_ERROR_ILLEGAL_ADDRESS || R == CUDA_ERROR_LAUNCH_FAILED;
  return Error::make(
      "kernel '%s' failed on cuda device %d: %s%s", Kernel.c_str(), Dev,
      errorText(R).c_str(),
      Fault ? " (an access out of bounds, to unmapped host memory, or past "
              "the thread's stack: LIBOMPTARGET_STACK_SIZE sets the stack)"
            : "");
}

CUresult cot::cuda::waitForStream(CUstream S) {
  return cu.StreamSynchronize(S);
}

std::vector<StagingBuffer *> cot::cuda::takeStaging(DeviceState &D,
                                                    size_t Want) {
  std::vector<StagingBuffer *> Got;
  std::lock_guard<std::mutex> Lock(D.PoolMu);
  while (Got.size() < Want && !D.FreeStaging.empty()) {
    Got.push_back(D.FreeStaging.back());
    D.FreeStaging.pop_back();
  }
  while (Got.size() < Want && D.StagingBuffers < MaxStagingBuffers) {
    auto B = std::make_unique<StagingBuffer>();
    if (cu.MemHostAlloc(&B->Host, StagingChunk, CU_MEMHOSTALLOC_PORTABLE))
      break;
    if (cu.EventCreate(&B->Done, CU_EVENT_DISABLE_TIMING)) {
      cu.MemFreeHost(B->Host);
      break;
    }
    ++D.StagingBuffers;
    Got.push_back(B.release());
  }
  return Got;
}

void cot::cuda::returnStaging(DeviceState &D,
                              std::vector<StagingBuffer *> &Buffers) {
  std::lock_guard<std::mutex> Lock(D.PoolMu);
  D.FreeStaging.insert(D.FreeStaging.end(), Buffers.begin(), Buffers.end());
  Buffers.clear();
}

Error CUDAPlugin::createQueueImpl(int32_t Dev,
                                  std::unique_ptr<GenericQueue> &Out) {
  DeviceState *D = nullptr;
  if (Error E = use(Dev, D))
    return E;
  auto Q = std::make_unique<CUDAQueue>();
  if (CUresult R = cu.StreamCreate(&Q->Stream, CU_STREAM_NON_BLOCKING))
    return Error::make("cannot create a stream on cuda device %d: %s", Dev,
                       errorText(R).c_str());
  Out = std::move(Q);
  return Error::success();
}

Error CUDAPlugin::advance(CUDAQueue &Q, bool Blocking, bool &Done) {
  DeviceState *D = nullptr;
  if (Error E = use(Q.Dev, D))
    return E;
  Done = false;
  // Whether the stream has been seen idle since the last chunk was queued.
  bool StreamIdle = false;
  auto StreamDone = [&](CUresult &R) {
    if (!StreamIdle) {
      R = Blocking ? waitForStream(Q.Stream) : cu.StreamQuery(Q.Stream);
      StreamIdle = !R;
    }
    return StreamIdle;
  };
  CUresult R = CUDA_SUCCESS;
  while (!Q.Writes.empty()) {
    HostWrite &W = Q.Writes.front();
    if (W.Arena) {
      if (!StreamDone(R))
        break;
      memcpy(W.Dst, W.Arena, W.Size);
      Q.Writes.pop_front();
      continue;
    }
    size_t Chunks = (W.Size + StagingChunk - 1) / StagingChunk;
    while (W.Copied < Chunks) {
      StagingBuffer &B = *W.Buffers[W.Copied % W.Buffers.size()];
      R = Blocking ? cu.EventSynchronize(B.Done) : cu.EventQuery(B.Done);
      if (R)
        break;
      size_t Off = W.Copied * StagingChunk;
      hostCopy(W.Dst + Off, B.Host, std::min(StagingChunk, W.Size - Off),
               /*Streaming=*/true);
      ++W.Copied;
      if (W.Issued < Chunks) {
        StreamIdle = false;
        if ((R = queueChunk(Q, W)))
          break;
      }
    }
    if (R)
      break;
    returnStaging(*D, W.Buffers);
    Q.Writes.pop_front();
  }
  // Found idle by cuStreamQuery: synchronise once for device printf.
  if (Q.Writes.empty() && !R && StreamDone(R) &&
      (Blocking || !(R = cu.StreamSynchronize(Q.Stream))))
    Done = true;
  if (R && !notReady(R)) {
    Error E = queueFailed(Q, R);
    reset(*D, Q);
    return E;
  }
  if (Done)
    reset(*D, Q);
  return Error::success();
}

Error CUDAPlugin::waitQueueImpl(GenericQueue &Queue) {
  bool Done = false;
  return advance(static_cast<CUDAQueue &>(Queue), /*Blocking=*/true, Done);
}

Error CUDAPlugin::queryQueueImpl(GenericQueue &Queue, bool &Done) {
  return advance(static_cast<CUDAQueue &>(Queue), /*Blocking=*/false, Done);
}

Error CUDAPlugin::recordEventImpl(GenericQueue &Queue, void *&Event) {
  auto &Q = static_cast<CUDAQueue &>(Queue);
  DeviceState *D = nullptr;
  if (Error E = use(Q.Dev, D))
    return E;
  CUevent Ev = nullptr;
  {
    std::lock_guard<std::mutex> Lock(D->PoolMu);
    if (!D->FreeEvents.empty()) {
      Ev = D->FreeEvents.back();
      D->FreeEvents.pop_back();
    }
  }
  CUresult R = Ev ? CUDA_SUCCESS : cu.EventCreate(&Ev, CU_EVENT_DISABLE_TIMING);
  if (!R)
    R = cu.EventRecord(Ev, Q.Stream);
  if (R)
    return Error::make("cannot record an event on cuda device %d: %s", Q.Dev,
                       errorText(R).c_str());
  if (const std::string *Kernel = Q.Kernel.load(std::memory_order_acquire)) {
    std::lock_guard<std::mutex> Lock(D->PoolMu);
    D->EventKernels[Ev] = *Kernel;
  }
  Event = Ev;
  return Error::success();
}

Error CUDAPlugin::queryEventImpl(int32_t Dev, void *Event, bool &Done) {
  DeviceState *D = nullptr;
  if (Error E = use(Dev, D))
    return E;
  auto *Ev = static_cast<CUevent>(Event);
  CUresult R = cu.EventQuery(Ev);
  Done = !notReady(R);
  // Once the work is done, one synchronising call: the driver prints the
  // kernels' printf output at those, not at queries.
  if (!R)
    R = cu.EventSynchronize(Ev);
  if (!R || notReady(R))
    return Error::success();
  std::string Kernel;
  {
    std::lock_guard<std::mutex> Lock(D->PoolMu);
    auto It = D->EventKernels.find(Ev);
    if (It != D->EventKernels.end())
      Kernel = It->second;
  }
  if (!Kernel.empty())
    return kernelFailed(Kernel, Dev, R);
  return Error::make("work on cuda device %d failed: %s", Dev,
                     errorText(R).c_str());
}

Error CUDAPlugin::waitEventImpl(GenericQueue &Queue, void *Event) {
  auto &Q = static_cast<CUDAQueue &>(Queue);
  DeviceState *D = nullptr;
  if (Error E = use(Q.Dev, D))
    return E;
  if (CUresult R = cu.StreamWaitEvent(Q.Stream, static_cast<CUevent>(Event), 0))
    return Error::make("cannot order work on cuda device %d after an event: "
                       "%s",
                       Q.Dev, errorText(R).c_str());
  return Error::success();
}

Error CUDAPlugin::destroyEventImpl(int32_t Dev, void *Event) {
  DeviceState &D = Devices[(size_t)Dev];
  std::lock_guard<std::mutex> Lock(D.PoolMu);
  D.EventKernels.erase(static_cast<CUevent>(Event));
  D.FreeEvents.push_back(static_cast<CUevent>(Event));
  return Error::success();
}

/*===- PluginAPI.h - The libomptarget <-> plugin interface -------*- C -*-===*\
|*                                                                            *|
|* Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions. *|
|*                                                                            *|
|*===----------------------------------------------------------------------===*|
|*
|* A plugin is a shared library `libomptarget.rtl.<name>.so` in the directory
|* of libomptarget.so. It exports one function, COT_PLUGIN_ENTRY_NAME, that
|* returns a table of function pointers. libomptarget dlopens plugins on first
|* use, asks each how many devices it drives and numbers them consecutively.
|* This C table is the ABI between libomptarget and the plugin .so files; in
|* our plugins the generic plugin layer (plugins/common/GenericPlugin.h)
|* implements it on top of each vendor's hooks.
|*
|* Conventions:
|*  - Device numbers passed to a plugin are its own (0 .. num_devices()-1).
|*  - Functions returning int32_t return 0 on success. On failure they leave a
|*    message for the calling thread in last_error().
|*  - Copies and launches go to a queue (queue_create: an ordered stream of
|*    work on one device, a CUDA stream) and return once they are queued;
|*    work of different queues may overlap. With a null queue they complete
|*    (and their failure is known) before they return. A plugin may run
|*    queued work at once (the host plugin does). Host memory a copy reads
|*    may be reused as soon as the call returns; host memory a copy writes
|*    holds the data once queue_wait (or queue_query) has said the queue is
|*    done. Events order one queue's work after another's.
|*  - Every function may be called from several host threads at once for
|*    different devices and queues (one queue is used by one thread at a
|*    time); libomptarget serialises calls that change one device's images.
|*  - Sizes are int64_t: a negative size is a failure (nothing is allocated
|*    or copied); data_alloc of 0 bytes returns a minimal block.
|*
\*===----------------------------------------------------------------------===*/

#ifndef CLANG_OFFLOAD_PLUGINAPI_H
#define CLANG_OFFLOAD_PLUGINAPI_H

#include "OffloadABI.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define COT_PLUGIN_API_VERSION 7
#define COT_PLUGIN_ENTRY_NAME "__cot_plugin_get_api"

enum {
  /* Device code can dereference host addresses (same address space). */
  COT_PLUGIN_SHARES_HOST_ADDRESS_SPACE = 0x1
};

/* queue_query: the queue still has work to do. */
#define COT_QUEUE_BUSY 2

/* What libomptarget knows about a launch, for the plugin's own reports of
 * faults in the kernel (the host plugin's signal handler). */
typedef struct {
  const char *KernelName;
  int32_t DeviceId;          /* libomptarget's device number */
  const cot_source_loc *Loc; /* the target construct, or null */
} cot_launch_site;

/* The grid a launch ran with, as the plugin chose it (for the runtime's
 * reports: LIBOMPTARGET_SUMMARY, _PROFILE, _DEBUG): blocks (teams) and
 * threads per block. */
typedef struct {
  int64_t Blocks;
  int32_t Threads;
  int32_t Reserved;
} cot_launch_grid;

/* What data_alloc allocates. */
enum {
  COT_MEMORY_DEVICE = 0, /* device memory */
  COT_MEMORY_HOST = 1,   /* host memory the device can access (GPU: pinned) */
  COT_MEMORY_SHARED = 2  /* memory both reach, migrating (GPU: managed) */
};

/* An interop object's foreign-runtime properties (`#pragma omp interop`,
 * omp_get_interop_*). Present says which of the handles have a value. */
enum {
  COT_INTEROP_HAS_DEVICE = 0x1,
  COT_INTEROP_HAS_CONTEXT = 0x2,
  COT_INTEROP_HAS_TARGETSYNC = 0x4
};
typedef struct {
  int32_t ForeignRuntime;         /* omp_ifr_* of omp.h; 0: none (the host) */
  uint32_t Present;               /* COT_INTEROP_HAS_* */
  const char *ForeignRuntimeName; /* "cuda", "host" */
  int64_t Device;                 /* the foreign device (CUdevice) */
  void *DeviceContext;            /* CUcontext */
  void *TargetSync;               /* CUstream */
} cot_interop_info;

typedef struct cot_plugin_api {
  int32_t Version; /* COT_PLUGIN_API_VERSION */
  uint32_t Flags;  /* COT_PLUGIN_* */
  const char *Name; /* "x86_64", "cuda" */

  /* Starts the plugin. Non-zero: the plugin cannot run here; why_unavailable
   * says why (no libcuda, no GPU). Called once, before everything else. */
  int32_t (*init)(void);
  const char *(*why_unavailable)(void);
  int32_t (*num_devices)(void);
  /* The COT_REQUIRES_* features (OffloadABI.h) that Dev can give a program,
   * known before init_device. When it lacks one a program requires, *Why
   * (if set) says what is missing. */
  uint32_t (*device_features)(int32_t Dev, const char **Why);
  int32_t (*init_device)(int32_t Dev);

  /* Whether this plugin can run an image built for Triple/Arch. */
  int32_t (*is_image_compatible)(const char *Triple, const char *Arch,
                                 const void *Image, size_t Size);
  /* Loads an image onto Dev; returns a handle or null (see last_error). */
  void *(*load_image)(int32_t Dev, const void *Image, size_t Size);
  int32_t (*unload_image)(int32_t Dev, void *ImageHandle);
  /* Device address of a global, or null; *Size gets its size when known. */
  void *(*lookup_global)(void *ImageHandle, const char *Name, uint64_t *Size);
  /* Kernel handle for launch(), or null. */
  void *(*lookup_kernel)(void *ImageHandle, const char *Name);

  /* Size bytes of memory of Kind (COT_MEMORY_*), or null. */
  void *(*data_alloc)(int32_t Dev, int64_t Size, int32_t Kind);
  /* Frees what data_alloc gave, of any kind. */
  int32_t (*data_free)(int32_t Dev, void *Ptr);
  /* Queue: see the conventions above (null: synchronous). */
  int32_t (*copy_to_device)(int32_t Dev, void *DevDst, const void *HostSrc,
                            int64_t Size, void *Queue);
  int32_t (*copy_from_device)(int32_t Dev, void *HostDst, const void *DevSrc,
                              int64_t Size, void *Queue);
  /* Both pointers on devices of this plugin; complete on return. */
  int32_t (*copy_device_to_device)(int32_t SrcDev, const void *DevSrc,
                                   int32_t DstDev, void *DevDst, int64_t Size);

  /* Runs Kernel with ArgValues[0..NumArgs) (pointer-sized values, see
   * OffloadABI.h), which may be reused once it returns. The geometry comes
   * from Params: NumTeams/ThreadLimit when given (non-zero), else the
   * plugin's choice, which TripCount (when known) bounds. Site names the
   * kernel and its construct; Grid (may be null) gets the grid the kernel
   * runs with. With a queue, a fault in the kernel is the failure of the
   * queue_wait/queue_query that finds it (the message names the kernel);
   * without one, of the launch. */
  int32_t (*launch)(int32_t Dev, void *Kernel, void **ArgValues,
                    int32_t NumArgs, const cot_launch_params *Params,
                    const cot_launch_site *Site, cot_launch_grid *Grid,
                    void *Queue);

  /* `#pragma omp interop`: fills Info for an interop object of Dev, with a
   * synchronisation object (a stream) when TargetSync; interop_sync waits
   * for the work queued on it; interop_release frees what init made. */
  int32_t (*interop_init)(int32_t Dev, int32_t TargetSync,
                          cot_interop_info *Info);
  int32_t (*interop_sync)(int32_t Dev, const cot_interop_info *Info);
  int32_t (*interop_release)(int32_t Dev, cot_interop_info *Info);

  /* Queues. queue_create gives an empty queue (null on failure, see
   * last_error). queue_wait returns when everything queued has finished and
   * host memory that copies write holds the data (non-zero: the failure of
   * a queued copy or kernel). queue_query does the same without blocking,
   * or returns COT_QUEUE_BUSY while work remains. queue_destroy takes a
   * queue that has been waited for; it may be kept for a later
   * queue_create. */
  void *(*queue_create)(int32_t Dev);
  int32_t (*queue_wait)(int32_t Dev, void *Queue);
  int32_t (*queue_query)(int32_t Dev, void *Queue);
  int32_t (*queue_destroy)(int32_t Dev, void *Queue);
  /* event_record marks the work queued on Queue so far in *Event (null
   * when there is nothing to wait for: a plugin whose queued work is done
   * when it is queued); event_wait makes work queued on Queue later start
   * after the marked work. event_query returns 0 once the marked work has
   * finished, COT_QUEUE_BUSY before, non-zero on its failure; it may be
   * called from any thread while the queue's thread queues more work (it
   * finishes no copies into host memory: only queue_wait and queue_query
   * do). */
  int32_t (*event_record)(int32_t Dev, void *Queue, void **Event);
  int32_t (*event_wait)(int32_t Dev, void *Queue, void *Event);
  int32_t (*event_destroy)(int32_t Dev, void *Event);
  int32_t (*event_query)(int32_t Dev, void *Event);

  /* The calling thread's last failure message ("" if none). */
  const char *(*last_error)(void);
} cot_plugin_api;

typedef const cot_plugin_api *(*cot_plugin_get_api_fn)(void);

#ifdef __cplusplus
}
#endif

#endif /* CLANG_OFFLOAD_PLUGINAPI_H */

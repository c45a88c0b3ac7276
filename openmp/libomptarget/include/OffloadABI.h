/*===- OffloadABI.h - The compiler <-> libomptarget interface ---*- C -*-===*\
|*                                                                            *|
|* Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions. *|
|*                                                                            *|
|*===----------------------------------------------------------------------===*|
|*
|* The one contract between code that clang-offload generates and the runtime
|* (libomptarget and its plugins). The compiler's host lowering emits calls to
|* the entry points below and the data structures they take; the runtime
|* implements them. Both sides include this header, so a change here is a
|* change to both, never to one.
|*
|* Plain C so the runtime can be built without libLLVM and so the layouts are
|* exact: every struct has only fixed-width fields and pointers.
|*
\*===----------------------------------------------------------------------===*/

#ifndef CLANG_OFFLOAD_OFFLOADABI_H
#define CLANG_OFFLOAD_OFFLOADABI_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Bumped whenever a layout or an entry point below changes meaning. The
 * registration call carries it so a stale binary fails loudly. */
#define COT_ABI_VERSION 2

/* The runtime's libraries (libomptarget, its plugins, the device runtime)
 * are built with hidden visibility; this marks what they export: the entry
 * points below, the omp_* routines, a plugin's entry (PluginAPI.h) and the
 * device runtime's entry points. */
#define COT_EXPORT __attribute__((visibility("default")))

/* The triples of the offload targets: NVIDIA GPUs and the x86_64 host
 * device. */
#define COT_NVPTX_TRIPLE "nvptx64-nvidia-cuda"
#define COT_HOST_DEVICE_TRIPLE "x86_64-pc-linux-gnu"

/*===-- Map types ---------------------------------------------------------===*/
/* One 64-bit word per map entry. The low bits follow the OpenMP map-type
 * semantics; the top 16 bits name the entry's parent (index + 1) for struct
 * members and pointer attachments. */
enum {
  COT_MAP_TO = 0x1,          /* copy host -> device on entry             */
  COT_MAP_FROM = 0x2,        /* copy device -> host on exit              */
  COT_MAP_ALWAYS = 0x4,      /* copy even if already present             */
  COT_MAP_DELETE = 0x8,      /* drop the mapping whatever its count      */
  COT_MAP_PTR_AND_OBJ = 0x10,/* base is a host pointer variable: attach  */
  COT_MAP_TARGET_PARAM = 0x20,/* entry becomes the next kernel argument  */
  COT_MAP_RETURN_PARAM = 0x40,/* use_device_ptr/addr: return device addr */
  COT_MAP_PRIVATE = 0x80,    /* firstprivate/private: no mapping         */
  COT_MAP_LITERAL = 0x100,   /* base holds a value, passed as is         */
  COT_MAP_IMPLICIT = 0x200,  /* implicit map, for diagnostics only       */
  COT_MAP_CLOSE = 0x400,     /* close modifier (a hint)                  */
  COT_MAP_PRESENT = 0x1000,  /* present modifier: must already be mapped */
  COT_MAP_NON_CONTIG = 0x100000000000ull /* reserved                    */
};
#define COT_MAP_MEMBER_OF_SHIFT 48
#define COT_MAP_MEMBER_OF_MASK 0xffff000000000000ull
/* Parent index of an entry, or -1 when it has none. */
#define COT_MAP_MEMBER_OF(Type)                                                \
  ((int32_t)(((uint64_t)(Type) >> COT_MAP_MEMBER_OF_SHIFT) & 0xffff) - 1)

/*===-- Source locations --------------------------------------------------===*/
/* Every construct passes where it is in the source, for diagnostics and
 * LIBOMPTARGET_INFO. The compiler emits one constant per construct. */
typedef struct {
  const char *File;
  const char *Function;
  int32_t Line;
  int32_t Column;
} cot_source_loc;

/*===-- Map lists ---------------------------------------------------------===*/
/* The map entries of one construct, as parallel arrays built on the host
 * stack by generated code. Names[i] is the source text of the mapped
 * expression ("a[0:n]"), or null. */
typedef struct {
  int32_t Count;
  int32_t Reserved;
  void **Bases;
  void **Begins;
  int64_t *Sizes;
  uint64_t *Types;
  const char **Names;
} cot_map_list;

/*===-- Offload entries and images ----------------------------------------===*/
/* One entry per kernel and per declare-target global, emitted by the
 * compiler into the section COT_ENTRIES_SECTION of each host object. For a
 * kernel, HostAddr is the host fallback function (it is also the key that
 * launches use); for a global it is the host variable. Name is the symbol in
 * the device image. */
typedef struct {
  void *HostAddr;
  const char *Name;
  uint64_t Size;
  uint32_t Flags;
  uint32_t Reserved;
} cot_offload_entry;

enum {
  COT_ENTRY_KERNEL = 0x0,
  COT_ENTRY_GLOBAL = 0x1,
  COT_ENTRY_LINK = 0x2, /* declare target link: device holds a pointer */
  /* The `#pragma omp requires` clauses of one translation unit: HostAddr is
   * null, Size holds COT_REQUIRES_* bits. */
  COT_ENTRY_REQUIRES = 0x4,
  /* A `declare target indirect` function: HostAddr is the host function,
   * Name a device global that holds the device function's address. */
  COT_ENTRY_INDIRECT = 0x8,
  /* The kernel that runs the dynamic initializers (constructors, values
   * computed at start-up) of declare target variables: HostAddr is a host
   * function used as a key, Name the kernel. The runtime launches it with
   * one team when it loads the image, before any other kernel. */
  COT_ENTRY_INITIALIZER = 0x10
};

/* What a program requires of its devices (`#pragma omp requires`). A device
 * that cannot give all of it is not used by the program.
 * COT_REQUIRES_OFFLOAD_MANDATORY is no requires clause: the translation unit
 * was compiled with -fopenmp-offload-mandatory, and the program offloads as
 * with OMP_TARGET_OFFLOAD=MANDATORY unless OMP_TARGET_OFFLOAD is set. */
enum {
  COT_REQUIRES_REVERSE_OFFLOAD = 0x2,
  COT_REQUIRES_UNIFIED_ADDRESS = 0x4,
  COT_REQUIRES_UNIFIED_SHARED_MEMORY = 0x8,
  COT_REQUIRES_DYNAMIC_ALLOCATORS = 0x10,
  COT_REQUIRES_OFFLOAD_MANDATORY = 0x100
};

#define COT_ENTRIES_SECTION "cot_offload_entries"

/* A device image for one target triple, embedded in the executable by the
 * device link step. For x86_64 it is an ELF shared object; for nvptx64 it is
 * PTX text followed by zero or more cubins (see the CUDA plugin). */
typedef struct {
  const char *Triple;
  const char *Arch; /* "" when the image is not arch-specific */
  const void *ImageStart;
  const void *ImageEnd;
} cot_device_image;

/* What the registration constructor of an executable or shared library
 * passes to the runtime. */
typedef struct {
  int32_t Version; /* COT_ABI_VERSION */
  int32_t NumImages;
  const cot_device_image *Images;
  const cot_offload_entry *EntriesBegin;
  const cot_offload_entry *EntriesEnd;
} cot_binary_desc;

/*===-- Kernel entry convention -------------------------------------------===*/
/* In a host-device (x86_64) image every kernel is exported as
 *   void <Name>(void **Args);
 * where Args[i] holds the i-th kernel argument as a pointer-sized value: a
 * translated device address for mapped data, the bits of the value for
 * literals (COT_MAP_LITERAL). The compiler's device extraction emits that
 * wrapper around the outlined target function. */
typedef void (*cot_host_kernel_fn)(void **Args);

/* Globals a host-device image defines so device code knows where it runs. */
#define COT_DEVICE_NUM_SYMBOL "__cot_device_num"

/* The GPU device runtime's debug output level, a uint32_t the device link
 * defines as a constant in each GPU image (-fopenmp-target-debug=<level>; 0
 * without it): 1 reports what the device runtime decides (kernel starts,
 * overflows to global memory, serialized regions, failed allocations), 2
 * also every parallel region a generic kernel starts. */
#define COT_DEVICE_DEBUG_SYMBOL "__cot_device_debug"

/*===-- NVPTX device images -----------------------------------------------===*/
/* An nvptx64 image is a small container of PTX and cubins for one program:
 *   cot_nv_image_header, then Count cot_nv_image_part records, then the
 *   payloads at the offsets the parts give (offsets from the image start).
 * The CUDA plugin loads the cubin whose SM matches the GPU, else JIT-compiles
 * the PTX (PTX text is NUL-terminated). */
#define COT_NV_IMAGE_MAGIC "COTNVIMG"
typedef struct {
  char Magic[8];  /* COT_NV_IMAGE_MAGIC, not NUL-terminated */
  uint32_t Version; /* 1 */
  uint32_t Count;
} cot_nv_image_header;

enum {
  COT_NV_PART_PTX = 0,
  COT_NV_PART_CUBIN = 1,
  /* At most one per image, optional (images of older compilers and of -O0
   * builds have none): the kernel table below. Its Sm is 0. */
  COT_NV_PART_KERNEL_TABLE = 2
};

typedef struct {
  uint32_t Kind; /* COT_NV_PART_* */
  uint32_t Sm;   /* e.g. 90 for sm_90; for PTX the arch it was built for */
  uint64_t Offset;
  uint64_t Size;
} cot_nv_image_part;

/* The kernel table: what the compiler's analysis of each kernel
 * (openmp-device-kernel-traffic) found, for the CUDA plugin's launch model
 * (docs/Runtime.md, "Launch"). Layout of the part:
 *   cot_kernel_table_header, then Count records of RecordSize bytes each,
 *   then the kernels' NUL-terminated names, which the records locate by
 *   offset from the start of the part.
 * A later version appends fields to cot_kernel_record and raises RecordSize
 * (readers take the fields that RecordSize covers, the others as 0); a change
 * of meaning raises Version (readers ignore a table of a version they do not
 * know, and a kernel without a record gets the model's defaults). */
#define COT_KERNEL_TABLE_VERSION 1

typedef struct {
  uint32_t Version;    /* COT_KERNEL_TABLE_VERSION */
  uint32_t RecordSize; /* bytes per record; at least 12 (NameOffset, Class,
                          Flags) */
  uint32_t Count;
  uint32_t Reserved;
} cot_kernel_table_header;

/* What limits a kernel, from its code (paper 003, section 6). */
enum {
  /* Not analysed (a generic-mode kernel whose work is in its parallel
   * regions' functions, or one with no memory access in view). */
  COT_KERNEL_CLASS_UNKNOWN = 0,
  /* Memory-bound, and neighbouring threads access neighbouring addresses
   * (coalesced) or the same one: STREAM triad, stencils. */
  COT_KERNEL_CLASS_STREAMING = 1,
  /* Arithmetic per byte moved above the analysis' threshold. */
  COT_KERNEL_CLASS_COMPUTE = 2,
  /* Each thread walks its own contiguous stretch of memory in an inner loop
   * (CSR SpMV's row, a row-major row per thread): a warp's accesses do not
   * coalesce and are served by L1 only while every thread's current lines
   * stay there. */
  COT_KERNEL_CLASS_THREAD_STRETCHES = 3,
  /* Most bytes move through data-dependent addresses (gathers/scatters). */
  COT_KERNEL_CLASS_GATHER = 4
};

enum {
  /* Atomic updates of global memory (a teams reduction's one per block, or
   * the program's atomics). */
  COT_KERNEL_ATOMICS = 0x1,
  /* Memory accesses in loops nested inside an iteration of the distributed
   * loop. */
  COT_KERNEL_INNER_LOOPS = 0x2,
  /* An iteration loads coalesced elements of one array at several offsets
   * from its own index (a stencil: u[i-1], u[i], u[i+n]), so neighbouring
   * iterations read the same lines: the grid should sweep memory as one
   * front, while those lines are still in L2. */
  COT_KERNEL_NEIGHBOUR_REUSE = 0x4,
  /* A loop carries a value that its loads feed (a reduction's partial
   * result, a dot product): each of a thread's iterations can have its loads
   * in flight at once, given the registers to hold them. The device link
   * gives such a kernel 40 registers where ptxas packed it into 32 or fewer
   * (docs/Design.md, "Registers"). */
  COT_KERNEL_LOAD_ACCUMULATION = 0x8
};

/* Counts are per iteration of the kernel's distributed loop (a thread's
 * share of the loop, one iteration at a time), inner loops weighted by their
 * trip count when the compiler knows it and by 16 otherwise, saturated at
 * UINT32_MAX. Bytes are global-memory bytes accessed (loaded, stored or
 * updated) by one thread. */
typedef struct {
  uint32_t NameOffset; /* from the start of the part */
  uint32_t Class;      /* COT_KERNEL_CLASS_* */
  uint32_t Flags;      /* COT_KERNEL_* */
  uint32_t CoalescedBytes;   /* neighbouring threads, neighbouring addresses */
  uint32_t UncoalescedBytes; /* neighbouring threads, addresses far apart */
  uint32_t IndirectBytes;    /* addresses that depend on loaded data */
  uint32_t UniformBytes;     /* the same address in every thread of a warp */
  uint32_t ArithOps;         /* arithmetic on the data (not addresses) */
  /* Distinct contiguous stretches each thread walks at once (SpMV: 2, the
   * row's values and column indices). */
  uint32_t ThreadStreams;
  /* Bytes of L1 that each thread's streams keep in use: a 128-byte line per
   * stream, less when neighbouring threads' stretches start less than a
   * line apart (they then share lines). 0 (an older compiler): 128 per
   * stream. */
  uint32_t StreamL1Bytes;
} cot_kernel_record;

/* In an nvptx64 image each kernel is a CUDA kernel whose parameters are all
 * pointer-sized (a pointer or a 64-bit integer); the plugin passes
 * ArgValues[i] as parameter i. */

/*===-- NVPTX device runtime (libomptarget-nvptx.bc) ----------------------===*/
/* Entry points that code generated by our device lowering calls, besides the
 * libomp ABI (__kmpc_*) and the omp_* API that the device runtime also
 * implements with the host signatures (device code comes from host IR).
 *
 * Kernel modes: a kernel calls exactly one init and the matching deinit.
 *  - SPMD: every thread of every block runs the region; parallel regions are
 *    direct calls bracketed by __cot_gpu_spmd_parallel_begin/end.
 *  - Generic: __cot_gpu_generic_init returns 1 in each block's main thread,
 *    which runs the sequential code; the other threads wait inside it for
 *    parallel regions (__cot_gpu_parallel) and return 0 when the main
 *    thread calls __cot_gpu_generic_deinit. */
typedef void (*cot_gpu_parallel_fn)(void **Args);
/* Runs a parallel region's function in one thread. The device lowering
 * emits one per generic kernel, a switch over the regions the kernel can
 * reach that calls them directly (indirectly only for unknown ones: the
 * inspector-executor scheme of "Coordinating GPU threads for OpenMP 4.0"). */
typedef void (*cot_gpu_dispatch_fn)(cot_gpu_parallel_fn Fn, void **Args);

/* TeamsPerThread is 1 when the kernel has a teams level that every thread
 * runs (SPMD), which makes the data a parallel region shares the thread's
 * own; 0 when the region's shared data is shared by the block's threads. */
void __cot_gpu_spmd_init(int32_t TeamsPerThread);
void __cot_gpu_spmd_deinit(void);
void __cot_gpu_spmd_parallel_begin(void);
void __cot_gpu_spmd_parallel_end(void);
/* Dispatch runs the parallel regions' functions (null: call them). */
int32_t __cot_gpu_generic_init(cot_gpu_dispatch_fn Dispatch);
void __cot_gpu_generic_deinit(void);

/* A parallel region in generic mode, called by the main thread only. Fn is
 * called (through the kernel's dispatch function) by each thread of the
 * region with a copy of Args[0..NumArgs) in team-shared memory. NumThreads 0
 * means the default (the block); IfCond 0 runs the region on the main thread
 * alone. Returns when all are done. */
void __cot_gpu_parallel(cot_gpu_parallel_fn Fn, void **Args, int32_t NumArgs,
                        int32_t NumThreads, int32_t IfCond);

/* Reductions (the device lowering's replacement of __kmpc_reduce{_nowait}).
 * Privates and Scratch are lists of NumItems pointers, to the calling
 * thread's private copies and to scratch copies of the same sizes (Sizes, in
 * bytes); Combine is Clang's reduce function (Privates[i] op= Scratch[i]).
 * Where the calling threads share the target (all threads of an SPMD block
 * at teams level, the threads of an active parallel region that the block
 * shares), all of them call it together: their copies are combined into
 * thread 0's, which gets 2 (update the shared copy with the atomic code);
 * the others get 0 (nothing to do). Elsewhere it answers as __kmpc_reduce.
 * __cot_gpu_reduce_block is the same where the compiler knows that every
 * thread of the block shares the target (the teams code of an SPMD kernel
 * with a teams level). __cot_gpu_end_reduce ends the blocking form, called
 * by every thread. __cot_gpu_combine_block, called by every thread of the
 * block, combines their copies into thread 0's and returns nothing: the
 * teams reduction of a guarded kernel whose threads each keep a copy of the
 * teams' private variable, before thread 0 updates the shared copy. */
typedef void (*cot_gpu_reduce_fn)(void *Lhs, void *Rhs);
int32_t __cot_gpu_reduce(void **Privates, void **Scratch, const uint32_t *Sizes,
                         int32_t NumItems, cot_gpu_reduce_fn Combine);
int32_t __cot_gpu_reduce_block(void **Privates, void **Scratch,
                               const uint32_t *Sizes, int32_t NumItems,
                               cot_gpu_reduce_fn Combine);
void __cot_gpu_combine_block(void **Privates, void **Scratch,
                             const uint32_t *Sizes, int32_t NumItems,
                             cot_gpu_reduce_fn Combine);
void __cot_gpu_end_reduce(void);

/* A guarded kernel's team-code local that parallel regions reduce into,
 * each thread of the block keeping a copy of its own (the device lowering
 * decides). In each such region __cot_gpu_reduce_all replaces
 * __cot_gpu_reduce: every thread of the region gets the combination of all
 * their copies in its own (the same bits in every thread) and 1 (combine
 * it into the target with the plain code). After the region, every thread
 * of the block calls __cot_gpu_guarded_copy_sync on its copy of the target
 * (Bytes of them, at most COT_GUARDED_COPY_MAX_BYTES) with the region's
 * num_threads value (0 without the clause): where the region had fewer
 * threads than the block, the others get thread 0's copy. */
#define COT_GUARDED_COPY_MAX_BYTES 32
int32_t __cot_gpu_reduce_all(void **Privates, void **Scratch,
                             const uint32_t *Sizes, int32_t NumItems,
                             cot_gpu_reduce_fn Combine);
void __cot_gpu_guarded_copy_sync(void *Copy, uint32_t Bytes,
                                 int32_t NumThreads);

/* Calls through function pointers in device code go through this when the
 * program has `declare target indirect` functions: it returns the device
 * function of a host function's address, and any other pointer unchanged.
 * The runtime fills the table (COT_INDIRECT_TABLE_SYMBOL, pairs of host
 * and device addresses, COT_INDIRECT_COUNT_SYMBOL of them, a uint64_t)
 * when it loads the image. */
void *__cot_gpu_indirect_function(void *Fn);
#define COT_INDIRECT_TABLE_SYMBOL "__cot_indirect_table"
#define COT_INDIRECT_COUNT_SYMBOL "__cot_indirect_count"

/* Team-shared storage for locals of the sequential part that parallel
 * regions use (globalization): shared memory while it lasts, then global
 * memory. Frees are in reverse order of allocation. */
void *__cot_gpu_alloc_shared(uint64_t Size);
void __cot_gpu_free_shared(void *Ptr, uint64_t Size);

/* Allocas of run-time size (variable-length arrays, scan buffers) in device
 * memory: push allocates Size bytes at a multiple of Align and makes them
 * *Head, chained to the array below; pop frees the arrays above Mark (a
 * value *Head had) and sets *Head to Mark. A failed allocation is a device
 * error naming the size (all ones: the size overflowed). */
void *__cot_gpu_vla_push(uint64_t Size, uint64_t Align, void **Head);
void __cot_gpu_vla_pop(void **Head, void *Mark);

/* `single copyprivate`: __kmpc_copyprivate with the size of each of the
 * Count variables List points to, so that the single thread (DidIt) can
 * copy them and the list to device memory, from which the team's other
 * threads run CopyFn (their list, the copies). */
void __cot_gpu_copyprivate(void **List, uint32_t Count, const uint64_t *Sizes,
                           void (*CopyFn)(void *, void *), int32_t DidIt);

/*===-- Entry points the compiler calls -----------------------------------===*/
/* Registration, from the constructor/destructor the device link step adds. */
void __cot_register_binary(const cot_binary_desc *Desc);
void __cot_unregister_binary(const cot_binary_desc *Desc);

/* Device numbers as written by the user; COT_DEVICE_DEFAULT when the
 * construct has no device clause. OpenMP 5.2 gives -1 (omp_initial_device)
 * and -2 (omp_invalid_device) meanings of their own, so the default is a
 * value no program writes. */
#define COT_DEVICE_DEFAULT (-0x7fffffffffffffffLL - 1)
#define COT_DEVICE_INITIAL (-1)
#define COT_DEVICE_INVALID (-2)

/* Launch parameters of a target region. Zero means "not given". */
typedef struct {
  int32_t NumTeams;
  int32_t ThreadLimit;
  int32_t NumArgs;   /* number of TARGET_PARAM entries, in capture order */
  int32_t Flags;     /* COT_LAUNCH_* */
  /* Iterations of a combined construct's distribute loop (its collapsed
   * loops), evaluated before the construct; 0 when unknown. */
  int64_t TripCount;
  /* Threads of each team's parallel region as the construct asks for them
   * (num_threads of a combined construct's parallel part, 1 when its
   * if(parallel:) is false); 0 when not given. GPUs launch no more threads
   * per block; the host device leaves it to libomp. */
  int32_t NumThreads;
} cot_launch_params;

enum {
  COT_LAUNCH_NOWAIT = 0x1,
  COT_LAUNCH_IF_FALSE = 0x2, /* if(false): run the host fallback */
  /* The threads of a team share each team's iterations (distribute
   * parallel for); otherwise a team's main thread runs them. */
  COT_LAUNCH_THREADS_SHARE_ITERATIONS = 0x4,
  /* A nowait region without depend clauses: no task orders it, so its work
   * may be queued on the device where the construct is met, in the order
   * the thread meets such constructs (the task then only waits for it). */
  COT_LAUNCH_NO_DEPEND = 0x8,
  /* An in_reduction clause: the region adds to the original reduction
   * variables through their mappings, which every such region shares, so
   * such regions run one at a time. */
  COT_LAUNCH_IN_REDUCTION = 0x10
};

/* libomp's loop schedule kinds (enum sched_type in libomp's kmp.h), as
 * generated code passes them to __kmpc_for_static_init_* and
 * __kmpc_dispatch_init_*; the device runtime and the device passes read
 * them. Bits 29 and 30 are the monotonic/nonmonotonic modifiers. */
enum {
  COT_SCHED_STATIC_CHUNKED = 33,
  COT_SCHED_STATIC = 34,
  COT_SCHED_DYNAMIC_CHUNKED = 35,
  COT_SCHED_GUIDED_CHUNKED = 36,
  COT_SCHED_RUNTIME = 37,
  COT_SCHED_AUTO = 38,
  COT_SCHED_STATIC_GREEDY = 40,
  COT_SCHED_STATIC_BALANCED = 41,
  COT_SCHED_GUIDED_ITERATIVE = 42,
  COT_SCHED_GUIDED_ANALYTICAL = 43,
  COT_SCHED_STATIC_STEAL = 44,
  COT_SCHED_STATIC_BALANCED_CHUNKED = 45,
  COT_SCHED_GUIDED_SIMD = 46,
  COT_SCHED_RUNTIME_SIMD = 47,
  COT_SCHED_ORDERED_LOWER = 64,
  COT_SCHED_ORDERED_UPPER = 72,
  COT_SCHED_DISTRIBUTE_STATIC_CHUNKED = 91,
  COT_SCHED_DISTRIBUTE_STATIC = 92,
  COT_SCHED_NOMERGE_OFFSET = 160 - 32, /* kmp_nm_* = kmp_sch_* + 128 */
  /* Device-only kinds, which the device lowering puts in the place of the
   * default schedules of an SPMD `distribute parallel for` (never from
   * Clang): the league of all the kernel's threads takes the iterations
   * cyclically, iteration k on global thread k % (teams x threads). The
   * distribute loop gives each team the whole range once; the thread loop
   * gives a thread its first iteration and the league's size as stride. */
  COT_SCHED_LEAGUE_DISTRIBUTE = 220,
  COT_SCHED_LEAGUE_STATIC = 221,
  COT_SCHED_KIND_MASK = (1 << 29) - 1
};

/* Runs the target region whose host fallback is HostFn on the device.
 * Returns 0 when it ran there; non-zero tells the caller to run HostFn on the
 * host (offload disabled, no device, no image for this region). Fatal
 * errors (mandatory offload impossible, device faults, map errors) end the
 * program with a message naming Loc. */
int32_t __cot_target_launch(int64_t DeviceId, void *HostFn,
                            const cot_map_list *Maps,
                            const cot_launch_params *Params,
                            const cot_source_loc *Loc);

/* target data begin/end, enter data, exit data and update. IfFalse skips the
 * construct (the if clause). For use_device_ptr/addr entries
 * (COT_MAP_RETURN_PARAM) begin writes the device address into Begins[i]. */
void __cot_target_data_begin(int64_t DeviceId, const cot_map_list *Maps,
                             const cot_source_loc *Loc);
void __cot_target_data_end(int64_t DeviceId, const cot_map_list *Maps,
                           const cot_source_loc *Loc);
void __cot_target_update(int64_t DeviceId, const cot_map_list *Maps,
                         const cot_source_loc *Loc);

/* Deferred target regions (nowait or depend). The encountering thread
 * records the launch for Task, the libomp task that stands for the region,
 * with copies of the map list and parameters as they are now. The task's
 * entry function, wherever and whenever libomp runs it, calls
 * __cot_target_run_deferred(Task): it launches as __cot_target_launch does
 * and returns 0, or non-zero when the task must run the host fallback. */
void __cot_target_defer(void *Task, int64_t DeviceId, void *HostFn,
                        const cot_map_list *Maps,
                        const cot_launch_params *Params,
                        const cot_source_loc *Loc);
int32_t __cot_target_run_deferred(void *Task);

#ifdef __cplusplus
}
#endif

#endif /* CLANG_OFFLOAD_OFFLOADABI_H */

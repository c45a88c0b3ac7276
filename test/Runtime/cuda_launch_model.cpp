// The CUDA plugin's launch model (plugins/cuda/LaunchModel.cpp), its launch
// cache files (LaunchCache.cpp) and the kernel table parser (NVImage.cpp),
// without a GPU: the grids the model picks for the facts of an H100, the
// search's candidates, cache files written, read back, corrupt and stale,
// and the kernel table the compiler writes (kept by -save-temps).
// RUN: rm -rf %t && mkdir -p %t/nocuda
// RUN: %clang -O2 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 --cuda-path=%t/nocuda %S/Inputs/launch_kernels.c -shared -o %t/k.so -save-temps
// RUN: %host-clang++ -std=c++17 -g -O1 -fsanitize=address,undefined -fno-sanitize-recover=all -I%srcroot/openmp/libomptarget/include -I%srcroot/openmp/libomptarget/support -I%srcroot/openmp/libomptarget/plugins/cuda %s %srcroot/openmp/libomptarget/plugins/cuda/LaunchModel.cpp %srcroot/openmp/libomptarget/plugins/cuda/LaunchCache.cpp %srcroot/openmp/libomptarget/plugins/cuda/NVImage.cpp %srcroot/openmp/libomptarget/support/Message.cpp %srcroot/openmp/libomptarget/support/Environment.cpp -o %t/model
// RUN: env ASAN_OPTIONS=detect_leaks=0 %t/model %t/cache %t/k.so-device-kernel-table.bin | FileCheck %s
#include "LaunchCache.h"
#include "LaunchModel.h"
#include "NVImage.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>

using namespace cot::cuda;

// An H100: 132 SMs, 228 KiB of shared memory per SM, 2048 threads and 32
// blocks per SM.
static const GpuFacts H100{132, 0x7fffffff, 233472};
static int occupancy(int Threads) { return std::min(2048 / Threads, 32); }

static KernelFacts kernel(uint32_t Class, uint32_t Flags = 0,
                          uint32_t Streams = 0) {
  KernelFacts K;
  K.Registers = 32;
  K.HasRecord = true;
  K.Record.Class = Class;
  K.Record.Flags = Flags;
  K.Record.CoalescedBytes = 24;
  K.Record.ArithOps = 2;
  K.Record.ThreadStreams = Streams;
  return K;
}

static void show(const char *What, const KernelFacts &K, LaunchRequest L,
                 const GpuFacts &Gpu = H100) {
  Geometry G = modelGeometry(Gpu, K, L, occupancy);
  printf("%s: %lld x %d (%s)\n", What, G.Blocks, G.Threads, G.Why.c_str());
}

static LaunchRequest loop(int64_t Trips) { return {0, 0, Trips, true}; }

static void model() {
  KernelFacts NoRecord;
  NoRecord.Registers = 40;
  show("no record", NoRecord, loop(0));
  // CHECK: no record: 1056 x 256 (default 256 threads; no kernel record, 40 registers, occupancy 8 blocks/SM; 8 blocks/SM by occupancy x 132 SMs)
  show("no record, short", NoRecord, loop(100000));
  // CHECK: no record, short: 391 x 256 (default 256 threads; no kernel record, 40 registers, occupancy 8 blocks/SM; 8 blocks/SM by occupancy x 132 SMs, cut to the trip count 100000 / 256 threads)
  show("streaming", kernel(COT_KERNEL_CLASS_STREAMING), loop(1 << 26));
  // CHECK: streaming: 4224 x 256 (default 256 threads; streaming kernel (per iteration 24 B coalesced, 2 operations), 32 registers, occupancy 8 blocks/SM; 32 blocks/SM (4 waves of 8) x 132 SMs)
  show("streaming, unknown trip count", kernel(COT_KERNEL_CLASS_STREAMING),
       loop(0));
  // CHECK: streaming, unknown trip count: 1056 x 256 ({{.*}}; 8 blocks/SM by occupancy (trip count unknown) x 132 SMs)
  show("compute", kernel(COT_KERNEL_CLASS_COMPUTE), loop(1 << 20));
  // CHECK: compute: 4096 x 256 ({{.*}}; 32 blocks/SM (4 waves of 8) x 132 SMs, cut to the trip count 1048576 / 256 threads)
  show("atomics", kernel(COT_KERNEL_CLASS_STREAMING, COT_KERNEL_ATOMICS),
       loop(1 << 26));
  // CHECK: atomics: 1056 x 256 (default 256 threads; streaming kernel with atomics (per iteration 24 B coalesced, 2 operations), 32 registers, occupancy 8 blocks/SM; 8 blocks/SM by occupancy (one wave for the atomics) x 132 SMs)
  // A stencil sweeps memory as one front: one wave; not when compute bound.
  show("stencil",
       kernel(COT_KERNEL_CLASS_STREAMING, COT_KERNEL_NEIGHBOUR_REUSE),
       loop(1 << 26));
  // CHECK: stencil: 1056 x 256 (default 256 threads; streaming kernel with neighbour reuse (per iteration 24 B coalesced, 2 operations), 32 registers, occupancy 8 blocks/SM; 8 blocks/SM by occupancy (one wave, one front through memory for the neighbours' lines) x 132 SMs)
  show("stencil, short",
       kernel(COT_KERNEL_CLASS_GATHER, COT_KERNEL_NEIGHBOUR_REUSE),
       loop(100000));
  // CHECK: stencil, short: 391 x 256 ({{.*}}; 8 blocks/SM by occupancy (one wave, {{.*}}) x 132 SMs, cut to the trip count 100000 / 256 threads)
  show("compute stencil",
       kernel(COT_KERNEL_CLASS_COMPUTE, COT_KERNEL_NEIGHBOUR_REUSE),
       loop(1 << 26));
  // CHECK: compute stencil: 4224 x 256 ({{.*}}; 32 blocks/SM (4 waves of 8) x 132 SMs)
  for (uint32_t Streams : {1u, 2u, 3u, 8u}) {
    char What[32];
    snprintf(What, sizeof(What), "stretches %u", Streams);
    show(What, kernel(COT_KERNEL_CLASS_THREAD_STRETCHES, 0, Streams),
         loop(1 << 23));
  }
  // CHECK: stretches 1: 660 x 256 ({{.*}}; L1 of 171 KiB holds 1 streams' 128-B lines for 1368 threads: 5 blocks/SM x 132 SMs)
  // CHECK: stretches 2: 396 x 256 ({{.*}}; L1 of 171 KiB holds 2 streams' 128-B lines for 684 threads: 3 blocks/SM x 132 SMs)
  // CHECK: stretches 3: 264 x 256 ({{.*}}; L1 of 171 KiB holds 3 streams' 128-B lines for 456 threads: 2 blocks/SM x 132 SMs)
  // CHECK: stretches 8: 132 x 256 ({{.*}}; L1 of 171 KiB holds 8 streams' 128-B lines for 171 threads: 1 blocks/SM x 132 SMs)
  show("stretches, few rows", kernel(COT_KERNEL_CLASS_THREAD_STRETCHES, 0, 2),
       loop(40000));
  // CHECK: stretches, few rows: 157 x 256 ({{.*}}: 3 blocks/SM x 132 SMs, cut to the trip count 40000 / 256 threads)
  // Neighbouring threads' stretches half a line apart (a 64-byte record
  // each): L1 holds them at full occupancy, so nothing is limited and the
  // kernel's strided accesses make it one iteration per thread.
  KernelFacts Records = kernel(COT_KERNEL_CLASS_THREAD_STRETCHES, 0, 1);
  Records.Record.UncoalescedBytes = 60;
  Records.Record.StreamL1Bytes = 64;
  show("stretches sharing lines", Records, loop(1 << 24));
  // CHECK: stretches sharing lines: 65536 x 256 ({{.*}}; L1 of 171 KiB holds 1 streams' 64 B (lines shared by neighbouring threads) for 2736 threads at full occupancy; one iteration per thread: the trip count 16777216 / 256 threads (uncoalesced accesses: blocks in iteration order))
  Records.Record.StreamL1Bytes = 96;
  Records.Record.ThreadStreams = 2;
  show("two streams sharing lines", Records, loop(1 << 24));
  // CHECK: two streams sharing lines: 924 x 256 ({{.*}}; L1 of 171 KiB holds 2 streams' 96 B (lines shared by neighbouring threads) for 1824 threads: 7 blocks/SM x 132 SMs)
  // Strided (uncoalesced) accesses: one iteration per thread, so that the
  // iterations that share a sector run together; not for compute kernels.
  KernelFacts Transpose = kernel(COT_KERNEL_CLASS_STREAMING);
  Transpose.Record.UncoalescedBytes = 4;
  show("uncoalesced", Transpose, loop(1 << 26));
  // CHECK: uncoalesced: 262144 x 256 (default 256 threads; streaming kernel (per iteration 24 B coalesced, 4 B uncoalesced, 2 operations), 32 registers, occupancy 8 blocks/SM; one iteration per thread: the trip count 67108864 / 256 threads (uncoalesced accesses: blocks in iteration order))
  show("uncoalesced, unknown trip count", Transpose, loop(0));
  // CHECK: uncoalesced, unknown trip count: 1056 x 256 ({{.*}}; 8 blocks/SM by occupancy (trip count unknown) x 132 SMs)
  Transpose.Record.Class = COT_KERNEL_CLASS_COMPUTE;
  show("uncoalesced compute", Transpose, loop(1 << 26));
  // CHECK: uncoalesced compute: 4224 x 256 ({{.*}}; 32 blocks/SM (4 waves of 8) x 132 SMs)
  show("gather", kernel(COT_KERNEL_CLASS_GATHER), loop(1000000));
  // CHECK: gather: 3907 x 256 ({{.*}}; 32 blocks/SM (4 waves of 8) x 132 SMs, cut to the trip count 1000000 / 256 threads)
  show("unknown class", kernel(COT_KERNEL_CLASS_UNKNOWN), loop(1 << 26));
  // CHECK: unknown class: 1056 x 256 ({{.*}}; 8 blocks/SM by occupancy x 132 SMs)
  // A loop too short for 132 blocks of 256: smaller blocks.
  show("small", kernel(COT_KERNEL_CLASS_STREAMING), loop(1024));
  // CHECK: small: 32 x 32 (32 threads, to spread the trip count 1024 over 132 SMs; {{.*}}, occupancy 32 blocks/SM; 128 blocks/SM (4 waves of 32) x 132 SMs, cut to the trip count 1024 / 32 threads)
  show("smaller", kernel(COT_KERNEL_CLASS_STREAMING), loop(20000));
  // CHECK: smaller: 125 x 160 (160 threads, to spread the trip count 20000 over 132 SMs; {{.*}})
  show("huge", kernel(COT_KERNEL_CLASS_STREAMING), loop(INT64_MAX));
  // CHECK: huge: 4224 x 256 ({{.*}}; 32 blocks/SM (4 waves of 8) x 132 SMs)
  show("small grid", kernel(COT_KERNEL_CLASS_STREAMING), loop(INT64_MAX),
       {132, 1000, 233472});
  // CHECK: small grid: 1000 x 256 ({{.*}}; 32 blocks/SM (4 waves of 8) x 132 SMs, clamped to the maximum grid size)
  // The user's num_teams and thread_limit win, clamped.
  show("num_teams", kernel(COT_KERNEL_CLASS_STREAMING), {3, 64, 1 << 26, true});
  // CHECK: num_teams: 3 x 64 (thread_limit 64, num_teams 3)
  KernelFacts Small = kernel(COT_KERNEL_CLASS_STREAMING);
  Small.MaxThreads = 512;
  show("thread_limit", Small, {0, 100000, 1 << 26, true});
  // CHECK: thread_limit: 2112 x 512 (thread_limit 100000 clamped to the kernel's maximum 512; {{.*}}, occupancy 4 blocks/SM; 16 blocks/SM (4 waves of 4) x 132 SMs)
  show("thread_limit, small", kernel(COT_KERNEL_CLASS_STREAMING),
       {0, 128, 1000, true});
  // CHECK: thread_limit, small: 8 x 128 (thread_limit 128; {{.*}}, cut to the trip count 1000 / 128 threads)
  // A combined construct's num_threads makes the blocks (an SPMD kernel's
  // parallel region is the whole block), within thread_limit.
  show("num_threads", kernel(COT_KERNEL_CLASS_STREAMING),
       {1024, 0, 1 << 26, true, 256});
  // CHECK: num_threads: 1024 x 256 (num_threads 256, num_teams 1024)
  show("num_threads, thread_limit", kernel(COT_KERNEL_CLASS_STREAMING),
       {0, 128, 1000, true, 64});
  // CHECK: num_threads, thread_limit: 16 x 64 (num_threads 64; {{.*}}, cut to the trip count 1000 / 64 threads)
  show("num_threads, large", Small, {0, 0, 1 << 26, true, 4096});
  // CHECK: num_threads, large: {{[0-9]+}} x 512 (num_threads 4096 clamped to the kernel's maximum 512;
  show("num_teams huge", kernel(COT_KERNEL_CLASS_STREAMING),
       {0x7fffffff, 0, 0, true});
  // CHECK: num_teams huge: 2147483647 x 256 (default 256 threads, num_teams 2147483647)
  // Generic mode (a team's main thread runs its iterations): one block an
  // iteration at most, whatever the class.
  show("generic", kernel(COT_KERNEL_CLASS_STREAMING), {0, 0, 50, false});
  // CHECK: generic: 50 x 256 (default 256 threads; a team's main thread runs the iterations, 32 registers, occupancy 8 blocks/SM; 8 blocks/SM by occupancy x 132 SMs, cut to the trip count 50)

  Geometry M =
      modelGeometry(H100, kernel(COT_KERNEL_CLASS_THREAD_STRETCHES, 0, 2),
                    loop(1 << 23), occupancy);
  printf("candidates:");
  for (GridChoice C : searchCandidates(H100, loop(1 << 23), M, occupancy))
    printf(" %s", describeChoice(C).c_str());
  printf("\n");
  // CHECK: candidates: 1 blocks/SM 2 blocks/SM 3 blocks/SM 4 blocks/SM 8 blocks/SM 16 blocks/SM 32 blocks/SM every useful block
  printf("candidates, short:");
  for (GridChoice C : searchCandidates(H100, loop(300 * 256), M, occupancy))
    printf(" %s", describeChoice(C).c_str());
  printf("\n");
  // CHECK: candidates, short: 1 blocks/SM 2 blocks/SM 3 blocks/SM
  printf("candidates, unknown trip count:");
  for (GridChoice C : searchCandidates(H100, loop(0), M, occupancy))
    printf(" %s", describeChoice(C).c_str());
  printf("\n");
  // CHECK: candidates, unknown trip count: 1 blocks/SM 2 blocks/SM 3 blocks/SM 4 blocks/SM 8 blocks/SM 16 blocks/SM 32 blocks/SM
  Geometry All = choiceGeometry(H100, loop(1 << 20), {256, 0});
  printf("every useful block: %lld x %d (%s)\n", All.Blocks, All.Threads,
         All.Why.c_str());
  // CHECK: every useful block: 4096 x 256 (one iteration per thread: the trip count 1048576 / 256 threads)
  All = choiceGeometry(H100, {0, 0, 100, false}, {256, 0});
  printf("every useful block, generic: %lld x %d (%s)\n", All.Blocks,
         All.Threads, All.Why.c_str());
  // CHECK: every useful block, generic: 100 x 256 (one block per iteration: the trip count 100)
  printf("trip classes: %d %d %d %d %d\n", tripClass(0), tripClass(1),
         tripClass(3), tripClass(1 << 26), tripClass(INT64_MAX));
  // CHECK: trip classes: 0 1 2 27 63
}

static void writeText(const std::string &Path, const std::string &Text) {
  std::ofstream(Path) << Text;
}

static void readBack(const char *What, const std::string &Path,
                     const LaunchCacheKey &Key) {
  std::vector<CachedGrid> Grids;
  cot::Error E = readLaunchCache(Path, Key, Grids);
  printf("%s: %s", What, E ? E.message().c_str() : "ok");
  for (const CachedGrid &G : Grids)
    printf(", class %d limit %d: %d threads %s %.3g s", G.TripClass,
           G.ThreadLimit, G.Choice.Threads, describeChoice(G.Choice).c_str(),
           G.SecondsPerIteration);
  printf("\n");
}

static void cache(const std::string &Dir) {
  LaunchCacheKey Key{"__omp_offloading_spmv_l9", contentHash("image", 5),
                     "NVIDIA H200 sm_90"};
  std::string Path = launchCachePath(Dir + "/a/b", Key);
  readBack("missing", Path, Key);
  // CHECK: missing: ok
  std::vector<CachedGrid> Grids = {{23, 0, {256, 2}, 1.1e-10},
                                   {27, 128, {128, 0}, 4.5e-12}};
  cot::Error E = writeLaunchCache(Path, Key, Grids);
  printf("write: %s\n", E ? E.message().c_str() : "ok");
  // CHECK: write: ok
  readBack("round trip", Path, Key);
  // CHECK: round trip: ok, class 23 limit 0: 256 threads 2 blocks/SM 1.1e-10 s, class 27 limit 128: 128 threads every useful block 4.5e-12 s
  LaunchCacheKey Other = Key;
  Other.Gpu = "NVIDIA H100 80GB HBM3 sm_90";
  readBack("other GPU", Path, Other);
  // CHECK: other GPU: is stale: line 4 is 'gpu NVIDIA H200 sm_90', not 'gpu NVIDIA H100 80GB HBM3 sm_90'
  Other = Key;
  Other.ImageHash ^= 1;
  readBack("other image", Path, Other);
  // CHECK: other image: is stale: line 3 is 'image {{[0-9a-f]+}}', not 'image {{[0-9a-f]+}}'
  printf("paths differ by image: %d, GPU: %d, kernel: %d\n",
         launchCachePath(Dir, Key) != launchCachePath(Dir, Other),
         launchCachePath(Dir, Key) !=
             launchCachePath(Dir, {Key.Kernel, Key.ImageHash, "NVIDIA H100"}),
         launchCachePath(Dir, Key) !=
             launchCachePath(Dir, {"k2", Key.ImageHash, Key.Gpu}));
  // CHECK: paths differ by image: 1, GPU: 1, kernel: 1

  std::string Head = "clang-offload launch cache 1\nkernel " + Key.Kernel +
                     "\nimage " + Path.substr(Path.rfind('/') + 1, 16) +
                     "\ngpu NVIDIA H200 sm_90\n";
  std::string Bad = Dir + "/bad.grid";
  struct {
    const char *What;
    std::string Text;
  } Cases[] = {
      {"empty", ""},
      {"garbage", "junk\n"},
      {"format 2", "clang-offload launch cache 2\n"},
      {"short", "clang-offload launch cache 1\nkernel x\n"},
      {"no grid", Head + "grid\n"},
      {"threads 0", Head + "grid trip-class 23 thread-limit 0 threads 0 "
                           "blocks-per-sm 2 seconds-per-iteration 1e-10\n"},
      {"blocks x", Head + "grid trip-class 23 thread-limit 0 threads 256 "
                          "blocks-per-sm x seconds-per-iteration 1e-10\n"},
      {"all unknown", Head + "grid trip-class 0 thread-limit 0 threads 256 "
                             "blocks-per-sm all seconds-per-iteration 1\n"},
      {"class 99", Head + "grid trip-class 99 thread-limit 0 threads 256 "
                          "blocks-per-sm 2 seconds-per-iteration 1e-10\n"},
      {"nan", Head + "grid trip-class 23 thread-limit 0 threads 256 "
                     "blocks-per-sm 2 seconds-per-iteration nan\n"},
      {"trailing", Head + "grid trip-class 23 thread-limit 0 threads 256 "
                          "blocks-per-sm 2 seconds-per-iteration 1e-10 x\n"},
      {"good", Head + "grid trip-class 23 thread-limit 0 threads 256 "
                      "blocks-per-sm 2 seconds-per-iteration 1e-10\n"},
  };
  for (auto &C : Cases) {
    writeText(Bad, C.Text);
    readBack(C.What, Bad, Key);
  }
  // CHECK: empty: is corrupt: it does not start with 'clang-offload launch cache 1'
  // CHECK: garbage: is corrupt: it does not start with 'clang-offload launch cache 1'
  // CHECK: format 2: is stale: format '2' (this runtime reads 1)
  // CHECK: short: is stale: line 2 is 'kernel x', not 'kernel __omp_offloading_spmv_l9'
  // CHECK: no grid: is corrupt: line 5: not a grid line
  // CHECK: threads 0: is corrupt: line 5: 0 threads per block
  // CHECK: blocks x: is corrupt: line 5: blocks per SM 'x' is not 'all' or 1 to 65536
  // CHECK: all unknown: is corrupt: line 5: 'all' blocks for an unknown trip count
  // CHECK: class 99: is corrupt: line 5: trip class 99 is not between 0 and 64
  // CHECK: nan: is corrupt: line 5: not a grid line
  // CHECK: trailing: is corrupt: line 5: not a grid line
  // CHECK: good: ok, class 23 limit 0: 256 threads 2 blocks/SM 1e-10 s

  E = writeLaunchCache("/proc/no/such/dir/x.grid", Key, Grids);
  printf("unwritable: %s\n", E ? E.message().c_str() : "ok");
  // CHECK: unwritable: cannot create directory '/proc/no': {{.+}}

  setenv("LIBOMPTARGET_LAUNCH_CACHE", "/somewhere", 1);
  printf("dir: %s\n", launchCacheDir().c_str());
  setenv("LIBOMPTARGET_LAUNCH_CACHE", "OFF", 1);
  printf("dir off: '%s'\n", launchCacheDir().c_str());
  unsetenv("LIBOMPTARGET_LAUNCH_CACHE");
  setenv("XDG_CACHE_HOME", "/xdg", 1);
  printf("dir xdg: %s\n", launchCacheDir().c_str());
  unsetenv("XDG_CACHE_HOME");
  setenv("HOME", "/home/u", 1);
  printf("dir home: %s\n", launchCacheDir().c_str());
  // CHECK: dir: /somewhere
  // CHECK: dir off: ''
  // CHECK: dir xdg: /xdg/clang-offload/launch
  // CHECK: dir home: /home/u/.cache/clang-offload/launch
}

/// A kernel table with Count records of RecordSize bytes (the fields that
/// fit) and their names.
static std::vector<char> table(uint32_t Version, uint32_t RecordSize,
                               std::vector<std::string> Names) {
  cot_kernel_table_header H{Version, RecordSize, (uint32_t)Names.size(), 0};
  std::vector<char> Out((const char *)&H, (const char *)&H + sizeof(H));
  size_t NameAt = sizeof(H) + Names.size() * RecordSize;
  for (size_t I = 0; I < Names.size(); ++I) {
    cot_kernel_record R{};
    R.NameOffset = (uint32_t)NameAt;
    R.Class = COT_KERNEL_CLASS_THREAD_STRETCHES;
    R.ThreadStreams = 2;
    std::vector<char> Bytes(RecordSize, 0);
    memcpy(Bytes.data(), &R, std::min<size_t>(RecordSize, sizeof(R)));
    Out.insert(Out.end(), Bytes.begin(), Bytes.end());
    NameAt += Names[I].size() + 1;
  }
  for (const std::string &N : Names)
    Out.insert(Out.end(), N.c_str(), N.c_str() + N.size() + 1);
  return Out;
}

static void parseTable(const char *What, const std::vector<char> &Bytes) {
  char *Copy = static_cast<char *>(malloc(Bytes.size() ? Bytes.size() : 1));
  memcpy(Copy, Bytes.data(), Bytes.size());
  std::vector<NVKernelRecord> Records;
  uint32_t Unknown = 0;
  cot::Error E = parseKernelTable(
      {COT_NV_PART_KERNEL_TABLE, 0, Copy, Bytes.size()}, Records, Unknown);
  printf("%s: %s", What, E ? E.message().c_str() : "ok");
  if (Unknown)
    printf(", unknown version %u", Unknown);
  for (const NVKernelRecord &R : Records)
    printf(", %s class %u streams %u", R.Name.c_str(), R.Record.Class,
           R.Record.ThreadStreams);
  printf("\n");
  free(Copy);
}

static void kernelTables(const char *Compiled) {
  parseTable("two", table(1, sizeof(cot_kernel_record), {"a", "bb"}));
  // CHECK: two: ok, a class 3 streams 2, bb class 3 streams 2
  parseTable("newer records", table(1, sizeof(cot_kernel_record) + 8, {"a"}));
  // CHECK: newer records: ok, a class 3 streams 2
  parseTable("older records", table(1, 12, {"a"}));
  // CHECK: older records: ok, a class 3 streams 0
  parseTable("version 2", table(2, 40, {"a"}));
  // CHECK: version 2: ok, unknown version 2
  parseTable("tiny records", table(1, 8, {"a"}));
  // CHECK: tiny records: kernel table records of 8 bytes are smaller than 12
  parseTable("short", std::vector<char>(10));
  // CHECK: short: kernel table of 10 bytes is smaller than its 16-byte header
  std::vector<char> T = table(1, sizeof(cot_kernel_record), {"a", "a"});
  parseTable("duplicate", T);
  // CHECK: duplicate: kernel table: kernel 'a' has two records
  T = table(1, sizeof(cot_kernel_record), {"a"});
  uint32_t Count = 0x10000000;
  memcpy(T.data() + 8, &Count, 4);
  parseTable("count", T);
  // CHECK: count: kernel table: 268435456 records of 40 bytes do not fit in 58 bytes
  T = table(1, sizeof(cot_kernel_record), {"a"});
  uint32_t Into = 20;
  memcpy(T.data() + 16, &Into, 4);
  parseTable("name in records", T);
  // CHECK: name in records: kernel table: record 0's name at offset 20 is not a NUL-terminated name after the records
  T = table(1, sizeof(cot_kernel_record), {"abc"});
  T.pop_back();
  parseTable("no NUL", T);
  // CHECK: no NUL: kernel table: record 0's name at offset 56 is not a NUL-terminated name after the records

  std::ifstream In(Compiled, std::ios::binary);
  std::vector<char> Real((std::istreambuf_iterator<char>(In)),
                         std::istreambuf_iterator<char>());
  parseTable("compiled", Real);
  // CHECK: compiled: ok
  // CHECK-DAG: , {{[^,]*}}launch_spmv_l{{[0-9]+}} class 3 streams 2
  // CHECK-DAG: , {{[^,]*}}launch_triad_l{{[0-9]+}} class 1 streams 0
}

int main(int Argc, char **Argv) {
  if (Argc != 3)
    return 2;
  model();
  cache(Argv[1]);
  kernelTables(Argv[2]);
  return 0;
}

// The CUDA plugin's nvptx64 container parser (plugins/cuda/NVImage.cpp) on
// corrupt containers, kernel tables included: each gets a precise error and
// none crashes or reads outside the image (ASan/UBSan, plus mutation
// loops). Then the plugin itself, without a GPU: image compatibility, and
// init failing with a reason. No GPU or CUDA needed.
// RUN: %host-clang++ -std=c++17 -g -O1 -fsanitize=address,undefined -fno-sanitize-recover=all -I%srcroot/openmp/libomptarget/include -I%srcroot/openmp/libomptarget/support -I%srcroot/openmp/libomptarget/plugins/cuda %s %srcroot/openmp/libomptarget/plugins/cuda/NVImage.cpp %srcroot/openmp/libomptarget/support/Message.cpp %srcroot/openmp/libomptarget/support/Environment.cpp -DPLUGIN='"%libdir/libomptarget.rtl.cuda.so"' -ldl -o %t
// RUN: env ASAN_OPTIONS=detect_leaks=0 %t | FileCheck %s
#include "NVImage.h"
#include "OffloadABI.h"
#include "PluginAPI.h"

#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

using namespace cot::cuda;

static const char Ptx[] = ".version 7.0\n.target sm_75\n.address_size 64\n";
static const char Cubin[] = "\x7f" "ELF fake cubin";

struct Builder {
  std::vector<cot_nv_image_part> Parts;
  std::vector<char> Payload;
  void add(uint32_t Kind, uint32_t Sm, const void *Data, size_t Size) {
    Parts.push_back({Kind, Sm, Payload.size(), Size});
    const char *P = static_cast<const char *>(Data);
    Payload.insert(Payload.end(), P, P + Size);
  }
  std::vector<char> build() const {
    cot_nv_image_header H;
    memcpy(H.Magic, COT_NV_IMAGE_MAGIC, 8);
    H.Version = 1;
    H.Count = (uint32_t)Parts.size();
    size_t Table = sizeof(H) + Parts.size() * sizeof(cot_nv_image_part);
    std::vector<char> Out(Table + Payload.size());
    memcpy(Out.data(), &H, sizeof(H));
    for (size_t I = 0; I < Parts.size(); ++I) {
      cot_nv_image_part P = Parts[I];
      P.Offset += Table;
      memcpy(Out.data() + sizeof(H) + I * sizeof(P), &P, sizeof(P));
    }
    memcpy(Out.data() + Table, Payload.data(), Payload.size());
    return Out;
  }
};

static std::vector<char> valid() {
  Builder B;
  B.add(COT_NV_PART_CUBIN, 90, Cubin, sizeof(Cubin) - 1);
  B.add(COT_NV_PART_PTX, 75, Ptx, sizeof(Ptx)); // with its NUL
  B.add(COT_NV_PART_CUBIN, 80, Cubin, sizeof(Cubin) - 1);
  return B.build();
}

// Parses a heap copy of exactly Size bytes, so ASan sees any overread.
static bool parse(const std::vector<char> &Img, std::vector<NVImagePart> &Parts,
                  std::string &Error, size_t Size) {
  char *Copy = static_cast<char *>(malloc(Size ? Size : 1));
  memcpy(Copy, Img.data(), Size);
  cot::Error E = parseNVImage(Copy, Size, Parts);
  bool Ok = !E;
  Error = E.message();
  for (const NVImagePart &P : Parts)
    if (P.Data < Copy || P.Size > Size ||
        P.Data + P.Size > Copy + Size) {
      printf("part outside the image\n");
      exit(1);
    }
  free(Copy);
  return Ok;
}

static void expect(const char *What, std::vector<char> Img, size_t Size = ~0ul) {
  std::vector<NVImagePart> Parts;
  std::string Error;
  if (Size == ~0ul)
    Size = Img.size();
  bool Ok = parse(Img, Parts, Error, Size);
  printf("%s: %s\n", What, Ok ? "ok" : Error.c_str());
}

template <typename T> static void poke(std::vector<char> &Img, size_t At, T V) {
  memcpy(Img.data() + At, &V, sizeof(V));
}

constexpr size_t H = sizeof(cot_nv_image_header);
constexpr size_t P = sizeof(cot_nv_image_part);
// Field offsets of part I.
constexpr size_t kind(size_t I) { return H + I * P; }
constexpr size_t sm(size_t I) { return H + I * P + 4; }
constexpr size_t offset(size_t I) { return H + I * P + 8; }
constexpr size_t size(size_t I) { return H + I * P + 16; }

int main() {
  std::vector<char> Img = valid();
  {
    std::vector<NVImagePart> Parts;
    std::string Error;
    bool Ok = parse(Img, Parts, Error, Img.size());
    printf("valid: %s, %s\n", Ok ? "ok" : Error.c_str(),
           describeNVImage(Parts).c_str());
    // CHECK: valid: ok, sm_90 cubin, sm_75 PTX, sm_80 cubin
    // Selection uses the image in place, so parse the original.
    if (parseNVImage(Img.data(), Img.size(), Parts))
      return 1;
    for (uint32_t Sm : {90u, 80u, 86u, 70u}) {
      const NVImagePart *Ptx = nullptr;
      const NVImagePart *C = selectNVImagePart(Parts, Sm, &Ptx);
      printf("sm_%u: cubin %s, ptx %s\n", Sm,
             C ? ("sm_" + std::to_string(C->Sm)).c_str() : "none",
             Ptx ? ("sm_" + std::to_string(Ptx->Sm)).c_str() : "none");
    }
    // CHECK-NEXT: sm_90: cubin sm_90, ptx sm_75
    // CHECK-NEXT: sm_80: cubin sm_80, ptx sm_75
    // CHECK-NEXT: sm_86: cubin none, ptx sm_75
    // CHECK-NEXT: sm_70: cubin none, ptx sm_75
  }

  expect("empty", Img, 0);
  // CHECK: empty: corrupt nvptx64 image: 0 bytes is smaller than the 16-byte header
  expect("short", Img, 15);
  // CHECK: short: corrupt nvptx64 image: 15 bytes is smaller than the 16-byte header
  { auto B = Img; B[3] = 'x'; expect("magic", B); }
  // CHECK: magic: corrupt nvptx64 image: bad magic (expected "COTNVIMG")
  { auto B = Img; poke<uint32_t>(B, 8, 2); expect("version", B); }
  // CHECK: version: corrupt nvptx64 image: unsupported container version 2 (expected 1)
  { auto B = Img; poke<uint32_t>(B, 12, 0); expect("count0", B); }
  // CHECK: count0: corrupt nvptx64 image: it holds no PTX or cubin
  { auto B = Img; poke<uint32_t>(B, 12, 0xffffffffu); expect("count", B); }
  // CHECK: count: corrupt nvptx64 image: 4294967295 parts do not fit in {{[0-9]+}} bytes
  expect("truncated-table", Img, H + P + 3);
  // CHECK: truncated-table: corrupt nvptx64 image: 3 parts do not fit in 43 bytes
  expect("truncated-payload", Img, Img.size() - 1);
  // CHECK: truncated-payload: corrupt nvptx64 image: part 2 [offset {{[0-9]+}}, size 15] lies outside
  { auto B = Img; poke<uint32_t>(B, kind(1), 7); expect("kind", B); }
  // CHECK: kind: corrupt nvptx64 image: part 1 has unknown kind 7
  { auto B = Img; poke<uint64_t>(B, offset(0), 4); expect("in-header", B); }
  // CHECK: in-header: corrupt nvptx64 image: part 0 [offset 4, size 15] lies outside the {{[0-9]+}}-byte payload area [88, {{[0-9]+}})
  { auto B = Img; poke<uint64_t>(B, offset(1), ~0ull - 2); expect("offset", B); }
  // CHECK: offset: corrupt nvptx64 image: part 1 [offset 18446744073709551613, size {{[0-9]+}}] lies outside
  { auto B = Img; poke<uint64_t>(B, size(1), ~0ull); expect("overflow", B); }
  // CHECK: overflow: corrupt nvptx64 image: part 1 [offset {{[0-9]+}}, size 18446744073709551615] lies outside
  { auto B = Img; poke<uint64_t>(B, size(2), 0); expect("empty-part", B); }
  // CHECK: empty-part: corrupt nvptx64 image: part 2 is empty
  { auto B = Img; poke<uint64_t>(B, size(1), sizeof(Ptx) - 1); expect("no-nul", B); }
  // CHECK: no-nul: corrupt nvptx64 image: PTX part 1 is not NUL-terminated
  { auto B = Img; B[H + 3 * P] = 'X'; expect("not-elf", B); }
  // CHECK: not-elf: corrupt nvptx64 image: cubin part 0 (sm_90) is not an ELF file
  (void)sm;

  // A kernel table part (OffloadABI.h): checked with the container, skipped
  // when the code to load is chosen.
  std::vector<char> TableBytes;
  {
    cot_kernel_table_header TH{COT_KERNEL_TABLE_VERSION,
                               sizeof(cot_kernel_record), 1, 0};
    cot_kernel_record R{};
    R.NameOffset = sizeof(TH) + sizeof(R);
    R.Class = COT_KERNEL_CLASS_STREAMING;
    const char *Name = "k_scale";
    TableBytes.insert(TableBytes.end(), (const char *)&TH,
                      (const char *)&TH + sizeof(TH));
    TableBytes.insert(TableBytes.end(), (const char *)&R,
                      (const char *)&R + sizeof(R));
    TableBytes.insert(TableBytes.end(), Name, Name + strlen(Name) + 1);
  }
  auto WithTable = [&](int Tables, bool Code) {
    Builder B;
    if (Code)
      B.add(COT_NV_PART_PTX, 75, Ptx, sizeof(Ptx));
    for (int I = 0; I < Tables; ++I)
      B.add(COT_NV_PART_KERNEL_TABLE, 0, TableBytes.data(), TableBytes.size());
    return B.build();
  };
  std::vector<char> Tabled = WithTable(1, true);
  {
    std::vector<NVImagePart> Parts;
    if (parseNVImage(Tabled.data(), Tabled.size(), Parts))
      return 1;
    const NVImagePart *Ptx = nullptr;
    const NVImagePart *C = selectNVImagePart(Parts, 90, &Ptx);
    std::vector<NVKernelRecord> Records;
    uint32_t Unknown = 0;
    bool Ok = !parseKernelTable(*kernelTablePart(Parts), Records, Unknown);
    printf("table: %s; cubin %s, ptx sm_%u; records %d %zu %s class %u\n",
           describeNVImage(Parts).c_str(), C ? "yes" : "none",
           Ptx ? Ptx->Sm : 0, Ok, Records.size(),
           Records.empty() ? "" : Records[0].Name.c_str(),
           Records.empty() ? 0 : Records[0].Record.Class);
  }
  // CHECK: table: sm_75 PTX, kernel table; cubin none, ptx sm_75; records 1 1 k_scale class 1
  expect("two-tables", WithTable(2, true));
  // CHECK: two-tables: corrupt nvptx64 image: part 2 is a second kernel table
  expect("table-only", WithTable(1, false));
  // CHECK: table-only: corrupt nvptx64 image: it holds no PTX or cubin
  {
    auto B = Tabled;
    poke<uint32_t>(B, H + 2 * P + sizeof(Ptx) + 4, 8); // RecordSize
    expect("table-records", B);
  }
  // CHECK: table-records: corrupt nvptx64 image: part 1: kernel table records of 8 bytes are smaller than 12

  // Mutations: random bytes of the header and table overwritten, random
  // truncations. Every outcome is fine as long as nothing crashes or reads
  // outside the image (checked by ASan and parse()).
  std::mt19937 Rng(12345);
  unsigned Accepted = 0, Rejected = 0;
  for (int Iter = 0; Iter < 50000; ++Iter) {
    std::vector<char> B = Img;
    int Flips = 1 + Rng() % 4;
    for (int F = 0; F < Flips; ++F) {
      size_t At = Rng() % (Rng() % 4 ? H + 3 * P : B.size());
      B[At] = (char)(Rng() % 3 ? Rng() : (Rng() % 2 ? 0 : 0xff));
    }
    size_t Size = Rng() % 8 ? B.size() : Rng() % (B.size() + 1);
    std::vector<NVImagePart> Parts;
    std::string Error;
    if (parse(B, Parts, Error, Size))
      ++Accepted;
    else if (Error.rfind("corrupt nvptx64 image: ", 0) == 0)
      ++Rejected;
    else {
      printf("unexpected error text: %s\n", Error.c_str());
      return 1;
    }
  }
  printf("mutations: %u accepted + %u rejected\n", Accepted, Rejected);
  // CHECK: mutations: {{[0-9]+}} accepted + {{[0-9]+}} rejected
  // The same with a kernel table, its bytes mutated too.
  Accepted = Rejected = 0;
  for (int Iter = 0; Iter < 20000; ++Iter) {
    std::vector<char> B = Tabled;
    int Flips = 1 + Rng() % 4;
    for (int F = 0; F < Flips; ++F)
      B[Rng() % B.size()] = (char)(Rng() % 3 ? Rng() : (Rng() % 2 ? 0 : 0xff));
    size_t Size = Rng() % 8 ? B.size() : Rng() % (B.size() + 1);
    std::vector<NVImagePart> Parts;
    std::string Error;
    if (parse(B, Parts, Error, Size))
      ++Accepted;
    else if (Error.rfind("corrupt nvptx64 image: ", 0) == 0)
      ++Rejected;
    else {
      printf("unexpected error text: %s\n", Error.c_str());
      return 1;
    }
  }
  printf("table mutations: %u accepted + %u rejected\n", Accepted, Rejected);
  // CHECK: table mutations: {{[1-9][0-9]*}} accepted + {{[1-9][0-9]*}} rejected

  // The plugin without a driver.
  void *Lib = dlopen(PLUGIN, RTLD_NOW | RTLD_LOCAL);
  if (!Lib) {
    printf("cannot load the plugin: %s\n", dlerror());
    return 1;
  }
  auto Get = (cot_plugin_get_api_fn)dlsym(Lib, COT_PLUGIN_ENTRY_NAME);
  const cot_plugin_api *Api = Get();
  printf("plugin %s, version %d\n", Api->Name, Api->Version);
  // CHECK: plugin cuda, version 7
  const char *T = "nvptx64-nvidia-cuda";
  printf("compatible: %d %d %d %d %d\n",
         Api->is_image_compatible(T, "sm_90", Img.data(), Img.size()),
         Api->is_image_compatible("x86_64-pc-linux-gnu", "", Img.data(),
                                  Img.size()),
         Api->is_image_compatible(T, "", Ptx, sizeof(Ptx)),
         Api->is_image_compatible(T, "", Img.data(), 5),
         Api->is_image_compatible(nullptr, "", Img.data(), Img.size()));
  // CHECK: compatible: 1 0 0 0 0
  setenv("LIBOMPTARGET_CUDA_LIBRARY", "/nonexistent/libcuda.so.1", 1);
  int32_t Rc = Api->init();
  const char *Why = Api->why_unavailable();
  printf("init: %d, devices %d, one line: %d, why: %s\n", Rc,
         Api->num_devices(), strchr(Why, '\n') == nullptr, Why);
  // CHECK: init: 1, devices 0, one line: 1, why: no CUDA driver: /nonexistent/libcuda.so.1: cannot open shared object file
  printf("load_image: %p %s\n", Api->load_image(0, Img.data(), 20),
         Api->last_error());
  // CHECK: load_image: (nil) cuda device 0 does not exist (0 devices)
  printf("data_alloc: %p %s\n", Api->data_alloc(0, 16, COT_MEMORY_DEVICE), Api->last_error());
  // CHECK: data_alloc: (nil) cuda device 0 does not exist (0 devices)
  return 0;
}

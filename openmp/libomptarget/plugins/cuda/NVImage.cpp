//===- NVImage.cpp - Parsing the nvptx64 image container ------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "NVImage.h"
#include "OffloadABI.h"

#include <algorithm>
#include <cstring>

namespace cot::cuda {

namespace {

constexpr size_t MagicSize = sizeof(((cot_nv_image_header *)nullptr)->Magic);
static_assert(sizeof(COT_NV_IMAGE_MAGIC) - 1 == MagicSize,
              "the magic fills the header's Magic field");
static_assert(sizeof(cot_nv_image_header) == 16, "container layout");
static_assert(sizeof(cot_nv_image_part) == 24, "container layout");

// A cubin is an ELF file.
constexpr char ElfMagic[4] = {0x7f, 'E', 'L', 'F'};

} // namespace

bool hasNVImageMagic(const void *Image, size_t Size) {
  return Image && Size >= MagicSize &&
         memcmp(Image, COT_NV_IMAGE_MAGIC, MagicSize) == 0;
}

Error parseNVImage(const void *Image, size_t Size,
                   std::vector<NVImagePart> &Parts) {
  Parts.clear();
  const char *Base = static_cast<const char *>(Image);
  if (!Image || Size < sizeof(cot_nv_image_header))
    return Error::make(
        "corrupt nvptx64 image: %zu bytes is smaller than the %zu-byte header",
        Size, sizeof(cot_nv_image_header));
  if (!hasNVImageMagic(Image, Size))
    return Error::make("corrupt nvptx64 image: bad magic (expected \"%s\")",
                       COT_NV_IMAGE_MAGIC);
  cot_nv_image_header H;
  memcpy(&H, Base, sizeof(H));
  if (H.Version != 1)
    return Error::make(
        "corrupt nvptx64 image: unsupported container version %u (expected 1)",
        H.Version);
  if (H.Count == 0)
    return Error::make("corrupt nvptx64 image: it holds no PTX or cubin");
  size_t TableEnd = sizeof(H);
  size_t MaxParts = (Size - sizeof(H)) / sizeof(cot_nv_image_part);
  if (H.Count > MaxParts)
    return Error::make(
        "corrupt nvptx64 image: %u parts do not fit in %zu bytes", H.Count,
        Size);
  TableEnd += (size_t)H.Count * sizeof(cot_nv_image_part);
  for (uint32_t I = 0; I < H.Count; ++I) {
    cot_nv_image_part P;
    memcpy(&P, Base + sizeof(H) + (size_t)I * sizeof(P), sizeof(P));
    if (P.Kind != COT_NV_PART_PTX && P.Kind != COT_NV_PART_CUBIN &&
        P.Kind != COT_NV_PART_KERNEL_TABLE)
      return Error::make("corrupt nvptx64 image: part %u has unknown kind %u",
                         I, P.Kind);
    if (P.Offset < TableEnd || P.Offset > Size || P.Size > Size - P.Offset)
      return Error::make("corrupt nvptx64 image: part %u [offset %llu, size "
                         "%llu] lies outside the %zu-byte "
                         "payload area [%zu, %zu)",
                         I, (unsigned long long)P.Offset,
                         (unsigned long long)P.Size, Size - TableEnd, TableEnd,
                         Size);
    if (P.Size == 0)
      return Error::make("corrupt nvptx64 image: part %u is empty", I);
    const char *Data = Base + P.Offset;
    if (P.Kind == COT_NV_PART_PTX && !memchr(Data, 0, P.Size))
      return Error::make(
          "corrupt nvptx64 image: PTX part %u is not NUL-terminated", I);
    if (P.Kind == COT_NV_PART_CUBIN &&
        (P.Size < sizeof(ElfMagic) ||
         memcmp(Data, ElfMagic, sizeof(ElfMagic)) != 0))
      return Error::make(
          "corrupt nvptx64 image: cubin part %u (sm_%u) is not an ELF file", I,
          P.Sm);
    if (P.Kind == COT_NV_PART_KERNEL_TABLE) {
      if (kernelTablePart(Parts))
        return Error::make(
            "corrupt nvptx64 image: part %u is a second kernel table", I);
      std::vector<NVKernelRecord> Records;
      uint32_t UnknownVersion = 0;
      if (Error E = parseKernelTable({P.Kind, P.Sm, Data, (size_t)P.Size},
                                     Records, UnknownVersion))
        return Error::make("corrupt nvptx64 image: part %u: %s", I,
                           E.message().c_str());
    }
    Parts.push_back({P.Kind, P.Sm, Data, (size_t)P.Size});
  }
  if (std::all_of(Parts.begin(), Parts.end(), [](const NVImagePart &P) {
        return P.Kind == COT_NV_PART_KERNEL_TABLE;
      }))
    return Error::make("corrupt nvptx64 image: it holds no PTX or cubin");
  return Error::success();
}

Error parseKernelTable(const NVImagePart &Table,
                       std::vector<NVKernelRecord> &Records,
                       uint32_t &UnknownVersion) {
  Records.clear();
  UnknownVersion = 0;
  cot_kernel_table_header H;
  if (Table.Size < sizeof(H))
    return Error::make("kernel table of %zu bytes is smaller than its "
                       "%zu-byte header",
                       Table.Size, sizeof(H));
  memcpy(&H, Table.Data, sizeof(H));
  if (H.Version != COT_KERNEL_TABLE_VERSION) {
    UnknownVersion = H.Version;
    return Error::success();
  }
  constexpr size_t MinRecord = 3 * sizeof(uint32_t); // NameOffset..Flags
  if (H.RecordSize < MinRecord)
    return Error::make("kernel table records of %u bytes are smaller than "
                       "%zu",
                       H.RecordSize, MinRecord);
  size_t Room = Table.Size - sizeof(H);
  if (H.Count > Room / H.RecordSize)
    return Error::make("kernel table: %u records of %u bytes do not fit in "
                       "%zu bytes",
                       H.Count, H.RecordSize, Table.Size);
  size_t NamesStart = sizeof(H) + (size_t)H.Count * H.RecordSize;
  for (uint32_t I = 0; I < H.Count; ++I) {
    NVKernelRecord R;
    memset(&R.Record, 0, sizeof(R.Record));
    memcpy(&R.Record, Table.Data + sizeof(H) + (size_t)I * H.RecordSize,
           std::min<size_t>(H.RecordSize, sizeof(R.Record)));
    uint32_t At = R.Record.NameOffset;
    const char *End = At >= NamesStart && At < Table.Size
                          ? static_cast<const char *>(
                                memchr(Table.Data + At, 0, Table.Size - At))
                          : nullptr;
    if (!End || End == Table.Data + At)
      return Error::make("kernel table: record %u's name at offset %u is not "
                         "a NUL-terminated name after the records",
                         I, At);
    R.Name.assign(Table.Data + At, End);
    for (const NVKernelRecord &Known : Records)
      if (Known.Name == R.Name)
        return Error::make("kernel table: kernel '%s' has two records",
                           R.Name.c_str());
    Records.push_back(std::move(R));
  }
  return Error::success();
}

const NVImagePart *kernelTablePart(const std::vector<NVImagePart> &Parts) {
  for (const NVImagePart &P : Parts)
    if (P.Kind == COT_NV_PART_KERNEL_TABLE)
      return &P;
  return nullptr;
}

const NVImagePart *selectNVImagePart(const std::vector<NVImagePart> &Parts,
                                     uint32_t Sm, const NVImagePart **Ptx) {
  const NVImagePart *Cubin = nullptr, *Best = nullptr, *Lowest = nullptr;
  for (const NVImagePart &P : Parts) {
    if (P.Kind == COT_NV_PART_KERNEL_TABLE)
      continue;
    if (P.Kind == COT_NV_PART_CUBIN) {
      if (P.Sm == Sm && !Cubin)
        Cubin = &P;
      continue;
    }
    if (P.Sm <= Sm && (!Best || P.Sm > Best->Sm))
      Best = &P;
    if (!Lowest || P.Sm < Lowest->Sm)
      Lowest = &P;
  }
  if (Ptx)
    *Ptx = Best ? Best : Lowest;
  return Cubin;
}

std::string describeNVImage(const std::vector<NVImagePart> &Parts) {
  std::string S;
  for (const NVImagePart &P : Parts) {
    if (!S.empty())
      S += ", ";
    if (P.Kind == COT_NV_PART_KERNEL_TABLE)
      S += "kernel table";
    else
      S += "sm_" + std::to_string(P.Sm) +
           (P.Kind == COT_NV_PART_CUBIN ? " cubin" : " PTX");
  }
  return S;
}

} // namespace cot::cuda

//===- NVImage.cpp - Parsing the nvptx64 image container ------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "NVImage.h"
#include "OffloadABI.h"

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
    if (P.Kind != COT_NV_PART_PTX && P.Kind != COT_NV_PART_CUBIN)
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
    Parts.push_back({P.Kind, P.Sm, Data, (size_t)P.Size});
  }
  return Error::success();
}

const NVImagePart *selectNVImagePart(const std::vector<NVImagePart> &Parts,
                                     uint32_t Sm, const NVImagePart **Ptx) {
  const NVImagePart *Cubin = nullptr, *Best = nullptr, *Lowest = nullptr;
  for (const NVImagePart &P : Parts) {
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
    S += "sm_" + std::to_string(P.Sm) +
         (P.Kind == COT_NV_PART_CUBIN ? " cubin" : " PTX");
  }
  return S;
}

} // namespace cot::cuda

//===- NVImage.cpp - Parsing the nvptx64 image container ------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "NVImage.h"
#include "OffloadABI.h"

#include <cstdarg>
#include <cstdio>
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

bool fail(std::string &Error, const char *Fmt, ...)
    __attribute__((format(printf, 2, 3)));
bool fail(std::string &Error, const char *Fmt, ...) {
  char Buf[512];
  va_list Ap;
  va_start(Ap, Fmt);
  vsnprintf(Buf, sizeof(Buf), Fmt, Ap);
  va_end(Ap);
  Error = std::string("corrupt nvptx64 image: ") + Buf;
  return false;
}

} // namespace

bool hasNVImageMagic(const void *Image, size_t Size) {
  return Image && Size >= MagicSize &&
         memcmp(Image, COT_NV_IMAGE_MAGIC, MagicSize) == 0;
}

bool parseNVImage(const void *Image, size_t Size,
                  std::vector<NVImagePart> &Parts, std::string &Error) {
  Parts.clear();
  const char *Base = static_cast<const char *>(Image);
  if (!Image || Size < sizeof(cot_nv_image_header))
    return fail(Error, "%zu bytes is smaller than the %zu-byte header", Size,
                sizeof(cot_nv_image_header));
  if (!hasNVImageMagic(Image, Size))
    return fail(Error, "bad magic (expected \"%s\")", COT_NV_IMAGE_MAGIC);
  cot_nv_image_header H;
  memcpy(&H, Base, sizeof(H));
  if (H.Version != 1)
    return fail(Error, "unsupported container version %u (expected 1)",
                H.Version);
  if (H.Count == 0)
    return fail(Error, "it holds no PTX or cubin");
  size_t TableEnd = sizeof(H);
  size_t MaxParts = (Size - sizeof(H)) / sizeof(cot_nv_image_part);
  if (H.Count > MaxParts)
    return fail(Error, "%u parts do not fit in %zu bytes", H.Count, Size);
  TableEnd += (size_t)H.Count * sizeof(cot_nv_image_part);
  for (uint32_t I = 0; I < H.Count; ++I) {
    cot_nv_image_part P;
    memcpy(&P, Base + sizeof(H) + (size_t)I * sizeof(P), sizeof(P));
    if (P.Kind != COT_NV_PART_PTX && P.Kind != COT_NV_PART_CUBIN)
      return fail(Error, "part %u has unknown kind %u", I, P.Kind);
    if (P.Offset < TableEnd || P.Offset > Size || P.Size > Size - P.Offset)
      return fail(Error,
                  "part %u [offset %llu, size %llu] lies outside the %zu-byte "
                  "payload area [%zu, %zu)",
                  I, (unsigned long long)P.Offset, (unsigned long long)P.Size,
                  Size - TableEnd, TableEnd, Size);
    if (P.Size == 0)
      return fail(Error, "part %u is empty", I);
    const char *Data = Base + P.Offset;
    if (P.Kind == COT_NV_PART_PTX && !memchr(Data, 0, P.Size))
      return fail(Error, "PTX part %u is not NUL-terminated", I);
    if (P.Kind == COT_NV_PART_CUBIN &&
        (P.Size < sizeof(ElfMagic) ||
         memcmp(Data, ElfMagic, sizeof(ElfMagic)) != 0))
      return fail(Error, "cubin part %u (sm_%u) is not an ELF file", I, P.Sm);
    Parts.push_back({P.Kind, P.Sm, Data, (size_t)P.Size});
  }
  return true;
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

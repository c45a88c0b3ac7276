//===- NVImage.h - Parsing the nvptx64 image container --------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The container format is in OffloadABI.h ("NVPTX device images"). The
// parser trusts nothing in it: every count, offset and size is checked
// against the image size (without overflow) before a payload is touched, and
// the image need not be aligned. It has no CUDA dependency, so the lit suite
// tests it on machines without a GPU (test/Runtime/cuda_image_parser.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef COT_CUDA_NVIMAGE_H
#define COT_CUDA_NVIMAGE_H

#include "Message.h"
#include "OffloadABI.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace cot::cuda {

struct NVImagePart {
  uint32_t Kind; // COT_NV_PART_*
  uint32_t Sm;
  const char *Data; // inside the image
  size_t Size;
};

/// One kernel's record of the image's kernel table: the fields its
/// RecordSize covers, the others 0.
struct NVKernelRecord {
  std::string Name;
  cot_kernel_record Record;
};

/// Whether Image starts with COT_NV_IMAGE_MAGIC.
bool hasNVImageMagic(const void *Image, size_t Size);

/// Splits a container into its parts; an Error naming the first problem
/// found when the container is malformed (a kernel table included).
Error parseNVImage(const void *Image, size_t Size,
                   std::vector<NVImagePart> &Parts);

/// The records of a kernel table part; an Error when it is malformed. A
/// table of a version this parser does not know gives no records and sets
/// UnknownVersion to it (0 otherwise).
Error parseKernelTable(const NVImagePart &Table,
                       std::vector<NVKernelRecord> &Records,
                       uint32_t &UnknownVersion);

/// The kernel table part of Parts, or null.
const NVImagePart *kernelTablePart(const std::vector<NVImagePart> &Parts);

/// The part to load on a GPU of compute capability Sm (major*10+minor): the
/// cubin built for exactly Sm, else null. Ptx gets the PTX to JIT: the one
/// built for the highest arch not above Sm, else the lowest one, else null.
const NVImagePart *selectNVImagePart(const std::vector<NVImagePart> &Parts,
                                     uint32_t Sm, const NVImagePart **Ptx);

/// "sm_80 cubin, sm_90 cubin, sm_75 PTX, kernel table", for messages.
std::string describeNVImage(const std::vector<NVImagePart> &Parts);

} // namespace cot::cuda

#endif // COT_CUDA_NVIMAGE_H

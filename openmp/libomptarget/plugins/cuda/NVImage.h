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

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace cot::cuda {

struct NVImagePart {
  uint32_t Kind; // COT_NV_PART_PTX or COT_NV_PART_CUBIN
  uint32_t Sm;
  const char *Data; // inside the image
  size_t Size;
};

/// Whether Image starts with COT_NV_IMAGE_MAGIC.
bool hasNVImageMagic(const void *Image, size_t Size);

/// Splits a container into its parts; an Error naming the first problem
/// found when the container is malformed.
Error parseNVImage(const void *Image, size_t Size,
                   std::vector<NVImagePart> &Parts);

/// The part to load on a GPU of compute capability Sm (major*10+minor): the
/// cubin built for exactly Sm, else null. Ptx gets the PTX to JIT: the one
/// built for the highest arch not above Sm, else the lowest one, else null.
const NVImagePart *selectNVImagePart(const std::vector<NVImagePart> &Parts,
                                     uint32_t Sm, const NVImagePart **Ptx);

/// "sm_80 cubin, sm_90 cubin, sm_75 PTX", for messages.
std::string describeNVImage(const std::vector<NVImagePart> &Parts);

} // namespace cot::cuda

#endif // COT_CUDA_NVIMAGE_H

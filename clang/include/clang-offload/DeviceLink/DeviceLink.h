//===- DeviceLink.h - Device images at link time ----------------*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The device link step (ARCHITECTURE.md, section 3, step 4), the library
// cotDeviceLink (clang/lib/DeviceLink). The driver adds it before the host
// link as `clang -cot-device-link -targets=... -o wrapper.o inputs...`
// (OffloadDriver.h, DeviceLinkFlag): it collects the device modules
// embedded in the link's objects and archives, links them per target, has
// the target's device tool chain build an image, and writes an object that
// embeds the images and registers them with libomptarget when the program
// starts.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_DEVICELINK_DEVICELINK_H
#define CLANG_OFFLOAD_DEVICELINK_DEVICELINK_H

#include "llvm/ADT/ArrayRef.h"

namespace cot {

/// Runs `bin/clang -cot-device-link ...` (argv[0] is the program name);
/// returns the exit status.
int deviceLinkMain(llvm::ArrayRef<const char *> Argv);

} // namespace cot

#endif // CLANG_OFFLOAD_DEVICELINK_DEVICELINK_H

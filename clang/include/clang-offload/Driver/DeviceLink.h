//===- DeviceLink.h - Device images at link time ----------------*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The device link step (ARCHITECTURE.md, section 3, step 4), run by the
// driver as `clang -cot-device-link -targets=... -o wrapper.o inputs...`
// before the host link: it collects the device modules embedded in the
// link's objects and archives, links them per target, builds a device image
// per target, and writes an object that embeds the images and registers them
// with libomptarget when the program starts.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_DRIVER_DEVICELINK_H
#define CLANG_OFFLOAD_DRIVER_DEVICELINK_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace llvm {
class Module;
}

namespace cot {

/// A device image ready to embed.
struct WrappedImage {
  std::string Triple;
  std::string Arch;
  std::string Bytes;
};

/// Writes the host object that embeds \p Images and registers them (and the
/// program's offload entries) with libomptarget from a constructor.
llvm::Error writeImageWrapper(llvm::StringRef OutputPath,
                              llvm::StringRef HostTriple,
                              llvm::ArrayRef<WrappedImage> Images);

/// Compiles \p M to an object file at \p Path for the module's triple.
llvm::Error emitObjectFile(llvm::Module &M, llvm::StringRef Path,
                           llvm::Reloc::Model Reloc,
                           llvm::CodeGenOptLevel Level);

} // namespace cot

#endif // CLANG_OFFLOAD_DRIVER_DEVICELINK_H

//===- ImageWrapper.h - Device images in a host object ----------*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The last step of the device link: the object that embeds the images the
// device tool chains built and registers them with libomptarget; and the
// object-file emission the host-device tool chain shares with it. Private
// to clang/lib/DeviceLink.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_LIB_DEVICELINK_IMAGEWRAPPER_H
#define CLANG_OFFLOAD_LIB_DEVICELINK_IMAGEWRAPPER_H

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

/// Compiles \p M to an object file (or assembly) at \p Path for the
/// module's triple.
llvm::Error emitObjectFile(
    llvm::Module &M, llvm::StringRef Path, llvm::Reloc::Model Reloc,
    llvm::CodeGenOptLevel Level,
    llvm::CodeGenFileType Type = llvm::CodeGenFileType::ObjectFile);

} // namespace cot

#endif // CLANG_OFFLOAD_LIB_DEVICELINK_IMAGEWRAPPER_H

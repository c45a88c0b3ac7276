//===- OutputFiles.h - All-or-nothing output of the bundler -----*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The bundler computes every output in memory, then hands them to an
// OutputFiles, which writes them so that a failed run leaves every path as
// it was (docs/Bundler.md, "Output files"):
//   - a regular file, or a path that does not exist yet, is written to a
//     temporary file in its directory and renamed into place once every
//     output has been written; a file it replaces is kept (hard link or
//     copy) until all renames succeeded, and put back if one fails;
//   - a symbolic link is followed: the file it points to is replaced, the
//     link stays; a link to nothing is refused;
//   - a character device (/dev/null) or a FIFO is written in place, as
//     upstream tools do; `-` is standard output;
//   - anything else (a directory, a block device, a socket) is refused.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_TOOLS_BUNDLER_OUTPUTFILES_H
#define CLANG_OFFLOAD_TOOLS_BUNDLER_OUTPUTFILES_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace cot {

class OutputFiles {
public:
  /// Adds an output; nothing is written before commit().
  void add(llvm::StringRef Path, llvm::StringRef Contents) {
    Files.push_back({Path.str(), Contents.str()});
  }

  /// Writes every output, or none of the regular files on failure.
  llvm::Error commit();

private:
  struct File {
    std::string Path;
    std::string Contents;
  };
  std::vector<File> Files;
};

} // namespace cot

#endif // CLANG_OFFLOAD_TOOLS_BUNDLER_OUTPUTFILES_H

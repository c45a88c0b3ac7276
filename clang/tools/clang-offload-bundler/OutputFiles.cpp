//===- OutputFiles.cpp - All-or-nothing output of the bundler -------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Writes the bundler's outputs in three steps, so that a failure leaves the
// regular files as they were (OutputFiles.h):
//   1. every regular output goes to a temporary file next to its
//      destination (a full disk shows here, before anything changed);
//   2. outputs that cannot be replaced (standard output, character devices,
//      FIFOs) are written in place;
//   3. the temporaries are renamed over their destinations; the file a
//      rename replaces is kept under a backup name until every rename
//      succeeded, and renamed back if a later one fails.
//
//===----------------------------------------------------------------------===//

#include "OutputFiles.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Errc.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

using namespace llvm;

namespace cot {
namespace {

Error pathError(StringRef Path, const Twine &What) {
  return createStringError(inconvertibleErrorCode(), "'" + Path + "': " + What);
}

/// How one output gets written.
struct Destination {
  enum KindTy { Replace, InPlace, Stdout } Kind;
  /// The file written: the output path, or for a symbolic link the file it
  /// points to.
  std::string Path;
  /// Replace only: whether a file is there, and its permissions.
  bool Exists = false;
  sys::fs::perms Permissions = sys::fs::perms_not_known;
};

/// Decides how \p Path is written, following symbolic links.
Expected<Destination> destinationOf(StringRef Path) {
  if (Path == "-")
    return Destination{Destination::Stdout, ""};
  sys::fs::file_status Status;
  std::error_code EC = sys::fs::status(Path, Status, /*Follow=*/false);
  if (EC == errc::no_such_file_or_directory)
    return Destination{Destination::Replace, Path.str()};
  if (EC)
    return pathError(Path, EC.message());
  std::string Target = Path.str();
  if (Status.type() == sys::fs::file_type::symlink_file) {
    SmallString<256> Real;
    if (std::error_code LinkEC = sys::fs::real_path(Path, Real))
      return pathError(Path, "a symbolic link whose file cannot be reached (" +
                                 LinkEC.message() +
                                 "); name the output file itself");
    Target = std::string(Real);
    if (std::error_code TargetEC = sys::fs::status(Target, Status))
      return pathError(Target, TargetEC.message());
  }
  switch (Status.type()) {
  case sys::fs::file_type::regular_file:
    return Destination{Destination::Replace, Target, true, Status.permissions()};
  case sys::fs::file_type::character_file:
  case sys::fs::file_type::fifo_file:
    return Destination{Destination::InPlace, Target};
  case sys::fs::file_type::directory_file:
    return pathError(Path, "is a directory");
  default:
    return pathError(Path, "is not a regular file, a character device or a "
                           "FIFO; cannot write the output there");
  }
}

/// Writes \p Contents to an open descriptor; \p Path names it in errors.
Error writeAll(raw_fd_ostream &OS, StringRef Path, StringRef Contents) {
  OS << Contents;
  OS.flush();
  if (!OS.has_error())
    return Error::success();
  std::error_code EC = OS.error();
  OS.clear_error();
  return pathError(Path, EC.message());
}

/// Writes standard output, a character device or a FIFO without replacing it.
Error writeInPlace(const Destination &D, StringRef Contents) {
  if (D.Kind == Destination::Stdout)
    return writeAll(outs(), "-", Contents);
  int FD;
  if (std::error_code EC =
          sys::fs::openFileForWrite(D.Path, FD, sys::fs::CD_OpenExisting))
    return pathError(D.Path, EC.message());
  raw_fd_ostream OS(FD, /*shouldClose=*/true);
  return writeAll(OS, D.Path, Contents);
}

/// Keeps the file at \p Path under a new unique name in its directory: a
/// hard link, so that \p Path itself stays until it is replaced, or where
/// the file system has none, a rename.
Expected<std::string> backUp(StringRef Path) {
  std::error_code EC;
  for (int Attempt = 0; Attempt < 16; ++Attempt) {
    SmallString<256> Backup;
    sys::fs::createUniquePath(Path + ".bak-%%%%%%", Backup,
                              /*MakeAbsolute=*/false);
    EC = sys::fs::create_hard_link(Path, Backup);
    if (EC == errc::file_exists)
      continue;
    if (EC)
      EC = sys::fs::rename(Path, Backup);
    if (!EC)
      return std::string(Backup);
    break;
  }
  return pathError(Path, "cannot keep the file it replaces: " + EC.message());
}

/// A rename done in step 3, and the backup that undoes it.
struct Renamed {
  std::string Path;
  std::optional<std::string> Backup;
};

/// Puts back the files that the renames in \p Done replaced, last first.
void undoRenames(ArrayRef<Renamed> Done) {
  for (const Renamed &R : llvm::reverse(Done)) {
    if (R.Backup)
      sys::fs::rename(*R.Backup, R.Path);
    else
      sys::fs::remove(R.Path);
  }
}

} // namespace

Error OutputFiles::commit() {
  std::vector<Destination> Dests;
  for (const File &F : Files) {
    Expected<Destination> D = destinationOf(F.Path);
    if (!D)
      return D.takeError();
    Dests.push_back(std::move(*D));
  }

  // 1. Temporaries next to the regular outputs.
  std::vector<std::optional<sys::fs::TempFile>> Temps(Files.size());
  auto Discard = [&](Error E) {
    for (std::optional<sys::fs::TempFile> &T : Temps)
      if (T)
        consumeError(T->discard());
    return E;
  };
  for (size_t I = 0; I < Files.size(); ++I) {
    const Destination &D = Dests[I];
    if (D.Kind != Destination::Replace)
      continue;
    Expected<sys::fs::TempFile> T = sys::fs::TempFile::create(
        D.Path + ".tmp-%%%%%%", sys::fs::all_read | sys::fs::all_write);
    if (!T)
      return Discard(pathError(D.Path, toString(T.takeError())));
    Temps[I].emplace(std::move(*T));
    // A replaced file keeps its mode.
    if (D.Exists)
      if (std::error_code EC =
              sys::fs::setPermissions(Temps[I]->FD, D.Permissions))
        return Discard(pathError(D.Path, EC.message()));
    raw_fd_ostream OS(Temps[I]->FD, /*shouldClose=*/false);
    if (Error E = writeAll(OS, D.Path, Files[I].Contents))
      return Discard(std::move(E));
  }

  // 2. Outputs written in place.
  for (size_t I = 0; I < Files.size(); ++I)
    if (Dests[I].Kind != Destination::Replace)
      if (Error E = writeInPlace(Dests[I], Files[I].Contents))
        return Discard(std::move(E));

  // 3. Renames, undone together if one fails.
  std::vector<Renamed> Done;
  for (size_t I = 0; I < Files.size(); ++I) {
    const Destination &D = Dests[I];
    if (D.Kind != Destination::Replace)
      continue;
    Renamed R{D.Path, std::nullopt};
    if (D.Exists) {
      Expected<std::string> Backup = backUp(D.Path);
      if (!Backup) {
        undoRenames(Done);
        return Discard(Backup.takeError());
      }
      R.Backup = std::move(*Backup);
    }
    if (std::error_code EC = sys::fs::rename(Temps[I]->TmpName, D.Path)) {
      if (R.Backup)
        sys::fs::rename(*R.Backup, D.Path);
      undoRenames(Done);
      return Discard(pathError(D.Path, EC.message()));
    }
    // Renamed: closes the descriptor and forgets the temporary name.
    consumeError(Temps[I]->keep());
    Temps[I].reset();
    Done.push_back(std::move(R));
  }
  for (const Renamed &R : Done)
    if (R.Backup)
      sys::fs::remove(*R.Backup);
  return Error::success();
}

} // namespace cot

//===- OffloadJobs.h - Jobs from the offload action graph -------*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Binds the actions of an OffloadGraph (OffloadActions.h) to tools and
// builds the compilation's jobs from them, the way Clang's driver builds
// its own: the host steps of a source compile with Clang's cc1 tool
// (preprocessor, compiler, backend and, with the integrated assembler,
// assembler collapsed into one job unless -save-temps), given the offload
// targets and the device files the job writes; device preprocessing with
// Clang's tool and the device's macros; bundling and unbundling with
// clang-offload-bundler; a link's device steps with one device-link job;
// the host link with Clang's linker tool plus the packaged images and
// libomptarget. Steps that carry no device code are Clang's, built by
// Clang's driver. -###, -v and execution then show and run these jobs.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_DRIVER_OFFLOADJOBS_H
#define CLANG_OFFLOAD_DRIVER_OFFLOADJOBS_H

#include "clang-offload/Driver/OffloadActions.h"
#include "clang-offload/Driver/OffloadOptions.h"

#include <memory>
#include <string>

namespace clang::driver {
class Compilation;
}

namespace cot {

/// What the device link and host link jobs need beyond the graph.
struct OffloadJobOptions {
  const OffloadOptions &Options;
  std::string Executable;    ///< this compiler, which runs the device link
  std::string RuntimeLibDir; ///< libomptarget and the plugins
};

/// Owns the tools and argument lists that the jobs refer to: keep it until
/// the compilation has run.
class OffloadJobs {
public:
  OffloadJobs(clang::driver::Compilation &C, const OffloadGraph &G,
              const OffloadJobOptions &Opts);
  ~OffloadJobs();

  /// Builds the jobs of every action of the compilation (the graph's
  /// outputs), in an order that runs each after its inputs.
  void build();

private:
  class Impl;
  std::unique_ptr<Impl> P;
};

} // namespace cot

#endif // CLANG_OFFLOAD_DRIVER_OFFLOADJOBS_H

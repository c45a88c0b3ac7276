//===- OffloadActions.h - The offload action graph --------------*- C++ -*-===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// What an offloading compilation does, as data (ARCHITECTURE.md, sections 3
// and 4): Clang's driver builds the host actions of the command line
// without its offload options; OffloadGraph adds the offload steps to them,
// each one of Clang's Action kinds with its offload kind and, for device
// steps, its target and GPU arch:
//
//   host compile      the one parse (preprocessor, compiler) and the host
//                     backend, whose LLVM pipeline lowers the offload
//                     constructs and extracts the device code: a device
//                     "backend, {compiler}, ir" per target, made by the
//                     host backend's job (with the input as preprocessed
//                     for the target as a second input where the compile
//                     reads one: a bundled .i, or -save-temps)
//   device preprocess -E: the input preprocessed with a target's macros
//   bundle / unbundle outputs a user asked for (-E, -S, -emit-llvm, -c)
//                     hold host and device code (clang-offload-bundler);
//                     .i, .ii, .ll, .bc and .s inputs are unbundled
//   device link       per target, the device code of the program ("linker",
//                     ir), lowered and optimized for the oldest GPU arch
//   device backend    PTX for that arch, or an x86_64 object
//   device assemble   a cubin per GPU arch (when ptxas is there), or the
//                     host device's shared object ("linker", image)
//   package           the images wrapped into a host object that registers
//                     them ("clang-offload-packager", object)
//   host link         Clang's link, plus that object and libomptarget
//
// With --offload-device-only the device steps of each output kind are the
// outputs. OffloadJobs.h builds the jobs from the graph; print() is
// -ccc-print-phases, in upstream Clang's format.
//
//===----------------------------------------------------------------------===//

#ifndef CLANG_OFFLOAD_DRIVER_OFFLOADACTIONS_H
#define CLANG_OFFLOAD_DRIVER_OFFLOADACTIONS_H

#include "clang-offload/Driver/OffloadToolChain.h"

#include "clang/Driver/Action.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <utility>
#include <vector>

namespace clang::driver {
class Compilation;
}

namespace llvm {
class raw_ostream;
}

namespace cot {

/// A device step: one of Clang's job actions, marked as OpenMP device
/// offloading and bound to a GPU arch (or none), so that it prints as
/// upstream Clang prints device actions.
template <typename JobActionT> class DeviceAction final : public JobActionT {
public:
  template <typename InputT>
  DeviceAction(InputT &&Input, clang::driver::types::ID Type, const char *Arch)
      : JobActionT(Input, Type) {
    this->OffloadingDeviceKind = clang::driver::Action::OFK_OpenMP;
    this->OffloadingArch = Arch;
  }
};

/// One device input of the device link job: an object or archive of the
/// host link (no target), or a target's device code.
struct DeviceLinkInput {
  const clang::driver::Action *Action;
  const OffloadToolChain *Target;
};

class OffloadGraph {
public:
  /// Adds the offload steps for \p Targets to the host actions of \p C and
  /// makes the result C's actions. Fails for what the graph cannot express
  /// (--offload-device-only of an input that is not source).
  static llvm::Expected<std::unique_ptr<OffloadGraph>>
  build(clang::driver::Compilation &C, llvm::ArrayRef<OffloadToolChain> Targets,
        bool DeviceOnly);

  /// Prints the graph as -ccc-print-phases does: host steps
  /// "(host-openmp)", device steps "(device-openmp[, arch])", and an
  /// "offload" line naming the target where a device result enters a host
  /// step.
  void print(llvm::raw_ostream &OS) const;

  llvm::ArrayRef<OffloadToolChain> targets() const { return Targets; }
  bool deviceOnly() const { return DeviceOnly; }

  /// The target of a device step; null for a host step.
  const OffloadToolChain *deviceTarget(const clang::driver::Action *A) const {
    return DeviceTargets.lookup(A);
  }
  /// Whether \p A is a host step of an input with device parts: its jobs
  /// are the offload graph's, not Clang's.
  bool isOffloadHostStep(const clang::driver::Action *A) const {
    return HostSteps.contains(A);
  }
  /// Whether \p A is a host step of a source compile, whose job lowers the
  /// offload constructs (and so needs the offload targets).
  bool lowersOffload(const clang::driver::Action *A) const {
    return LoweringSteps.contains(A);
  }
  /// The device code that the host backend \p Backend's job extracts, one
  /// step per target.
  llvm::ArrayRef<clang::driver::Action *>
  extractedBy(const clang::driver::Action *Backend) const;
  /// The host output of the compile whose backend job extracts the device
  /// code \p Device (building it builds that job).
  const clang::driver::Action *
  hostOutputFor(const clang::driver::Action *Device) const {
    return Extracting.lookup(Device);
  }
  /// Per target, the step whose output is the input preprocessed for that
  /// target, which the compile \p Compile parses where it differs from the
  /// host's: the unbundling of a bundled .i, or with -save-temps the device
  /// preprocessing. Empty if none.
  llvm::ArrayRef<clang::driver::Action *>
  deviceSourcesOf(const clang::driver::Action *Compile) const;
  /// Whether \p A is the last step of a device link job: the package step
  /// of a link, or a device-only assembly output.
  bool endsDeviceLink(const clang::driver::Action *A) const {
    return LinkInputs.count(A);
  }
  /// The inputs of the device link job that ends with \p A, in link order.
  llvm::ArrayRef<DeviceLinkInput>
  deviceLinkInputs(const clang::driver::Action *A) const;
  /// Whether \p A is a host link that takes the offload runtime.
  bool isOffloadLink(const clang::driver::Action *A) const {
    return OffloadLinks.contains(A);
  }

private:
  OffloadGraph(clang::driver::Compilation &C,
               llvm::ArrayRef<OffloadToolChain> Targets, bool DeviceOnly)
      : C(C), Targets(Targets), DeviceOnly(DeviceOnly) {}

  class Builder;
  friend class Builder;

  clang::driver::Compilation &C;
  llvm::ArrayRef<OffloadToolChain> Targets;
  bool DeviceOnly;
  llvm::DenseMap<const clang::driver::Action *, const OffloadToolChain *>
      DeviceTargets;
  llvm::DenseSet<const clang::driver::Action *> HostSteps, LoweringSteps;
  llvm::DenseMap<const clang::driver::Action *,
                 llvm::SmallVector<clang::driver::Action *, 2>>
      Extracted;
  llvm::DenseMap<const clang::driver::Action *, const clang::driver::Action *>
      Extracting;
  llvm::DenseMap<const clang::driver::Action *,
                 llvm::SmallVector<clang::driver::Action *, 2>>
      DeviceSources;
  llvm::DenseMap<const clang::driver::Action *, std::vector<DeviceLinkInput>>
      LinkInputs;
  llvm::DenseSet<const clang::driver::Action *> OffloadLinks;
};

} // namespace cot

#endif // CLANG_OFFLOAD_DRIVER_OFFLOADACTIONS_H

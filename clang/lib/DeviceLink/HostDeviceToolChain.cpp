//===- HostDeviceToolChain.cpp - Device images for the host device --------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The x86_64-pc-linux-gnu device tool chain (DeviceToolChain.h): the pass
// pipeline "openmp-device-conditional-lastprivates,openmp-device-host-kernels,
// default<O...>" (printed with -v)
// gives each kernel the host plugin's entry and optimizes (-S stops at its
// assembly), and the image is an ELF shared object, linked by our own driver
// against libomptarget-hostdevice.a (the device side of the omp_* API) with
// -Bsymbolic so that the image's own definitions win over the program's
// when the host plugin dlopens it. -z defs makes a function that device
// code calls and nothing defines a link error; the linker's messages are
// followed by the file:line of each such call, from the device program.
//
//===----------------------------------------------------------------------===//

#include "DeviceToolChain.h"
#include "ImageWrapper.h"
#include "OpenMPDevice/Diagnostics.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Target/TargetMachine.h"

using namespace llvm;

namespace cot {
namespace {

CodeGenOptLevel codeGenLevel(OptimizationLevel Level) {
  return Level == OptimizationLevel::O0 ? CodeGenOptLevel::None
                                        : CodeGenOptLevel::Default;
}

/// The symbols GNU ld's \p Output names in "undefined reference to `NAME'"
/// (mangled: the link passes --no-demangle), each once.
SmallVector<std::string, 4> undefinedReferences(StringRef Output) {
  static constexpr StringLiteral Marker = "undefined reference to `";
  SmallVector<std::string, 4> Names;
  for (size_t At = Output.find(Marker); At != StringRef::npos;
       At = Output.find(Marker)) {
    Output = Output.drop_front(At + Marker.size());
    std::string Name =
        Output.take_until([](char C) { return C == '\''; }).str();
    if (!is_contained(Names, Name))
      Names.push_back(std::move(Name));
  }
  return Names;
}

/// After a failed link: where device code calls each function the linker
/// found no definition of (the linker knows no source locations without
/// -g; the device program does).
void reportUndefinedCallees(Module &M, StringRef LinkerErrors) {
  for (const std::string &Name : undefinedReferences(LinkerErrors))
    if (Function *F = M.getFunction(Name); F && F->isDeclaration())
      reportUndefinedCallee(*F, "which no device code defines (a function "
                                "defined in another file needs '#pragma omp "
                                "declare target' at its definition)");
}

/// Links the host device's shared object from \p Args, forwarding the
/// linker's messages; when it fails, says where device code calls what is
/// undefined.
Error linkSharedObject(Module &M, ArrayRef<StringRef> Args,
                       const ToolChainContext &Opts) {
  Expected<std::string> ErrorsFile =
      Opts.Temps.create("device-x86_64-link", "err");
  if (!ErrorsFile)
    return ErrorsFile.takeError();
  Error LinkError = runCommand(Args, Opts.Verbose, *ErrorsFile);
  auto Errors = MemoryBuffer::getFile(*ErrorsFile);
  if (Errors)
    errs() << (*Errors)->getBuffer();
  if (LinkError && Errors)
    reportUndefinedCallees(M, (*Errors)->getBuffer());
  return LinkError;
}

/// Builds the shared object that the host plugin loads.
Expected<std::string> buildSharedObject(Module &M, OptimizationLevel Level,
                                        const ToolChainContext &Opts) {
  TempFiles &Temps = Opts.Temps;
  Expected<std::string> Obj = Temps.create("device-x86_64", "o");
  Expected<std::string> Image = Temps.create("device-x86_64", "so");
  if (!Obj)
    return Obj.takeError();
  if (!Image)
    return Image.takeError();
  if (Error E = emitObjectFile(M, *Obj, Reloc::PIC_, codeGenLevel(Level)))
    return std::move(E);

  std::string HostDeviceLib = Opts.RuntimeLibDir + "/libomptarget-hostdevice.a";
  // -z defs: a function that device code calls and nothing defines (not
  // declare target, defined in no object of the link) is a link error naming
  // it and the region's source file, not a dlopen failure at run time.
  // libatomic has the size-generic __atomic_* functions that Clang calls for
  // atomics on objects without lock-free instructions (the atomic path of a
  // complex reduction, `omp atomic` on a large struct), as the host program
  // links it for its own copy of the region.
  SmallVector<StringRef, 16> Args = {Opts.Executable, "-shared",
                                     "-fopenmp",      "-o",
                                     *Image,          *Obj,
                                     HostDeviceLib,   "-Wl,-Bsymbolic",
                                     "-Wl,-z,defs",   "-Wl,--as-needed",
                                     "-lstdc++",      "-lm",
                                     "-latomic",      "-Wl,--no-demangle"};
  if (Error E = linkSharedObject(M, Args, Opts))
    return std::move(E);
  auto Bytes = MemoryBuffer::getFile(*Image);
  if (!Bytes)
    return createFileError(*Image, Bytes.getError());
  return (*Bytes)->getBuffer().str();
}

class HostDeviceToolChain : public DeviceToolChain {
public:
  HostDeviceToolChain(StringRef Triple, const ToolChainContext &Ctx)
      : DeviceToolChain(Ctx), Triple(Triple) {}

  Expected<std::string> buildImage(Module &M,
                                   OptimizationLevel Level) override {
    if (Error E = lowerAndOptimize(M, Level))
      return std::move(E);
    return buildSharedObject(M, Level, Ctx);
  }

  Expected<std::string> buildAssembly(Module &M,
                                      OptimizationLevel Level) override {
    if (Error E = lowerAndOptimize(M, Level))
      return std::move(E);
    Expected<std::string> Asm = Ctx.Temps.create("device-x86_64", "s");
    if (!Asm)
      return Asm.takeError();
    if (Error E = emitObjectFile(M, *Asm, Reloc::PIC_, codeGenLevel(Level),
                                 CodeGenFileType::AssemblyFile))
      return std::move(E);
    auto Text = MemoryBuffer::getFile(*Asm);
    if (!Text)
      return createFileError(*Asm, Text.getError());
    return (*Text)->getBuffer().str();
  }

private:
  std::string Triple;

  /// The host's code generation costs and vectorizers, as Clang's -O2 and
  /// -O3 have them: without a target machine the optimizer saw no vector
  /// registers, and its tuning left the vectorizers off (device loops ran
  /// scalar, about twice as slow as Debian clang-19's host-device code).
  Error lowerAndOptimize(Module &M, OptimizationLevel Level) {
    Expected<std::unique_ptr<TargetMachine>> TM =
        targetMachineFor(Triple, "", Reloc::PIC_, codeGenLevel(Level));
    if (!TM)
      return TM.takeError();
    PipelineTuningOptions Tuning;
    Tuning.LoopVectorization = Tuning.SLPVectorization =
        Level.getSpeedupLevel() > 1;
    if (Error E = runDevicePipeline(M, Triple,
                                    "openmp-device-conditional-lastprivates,"
                                    "openmp-device-host-kernels," +
                                        defaultPipeline(Level),
                                    TM->get(), Ctx.Verbose, {}, Tuning))
      return E;
    if (Ctx.Temps.keeping())
      return saveBitcode(M, Ctx.Temps.create("device-" + Triple, "bc"));
    return Error::success();
  }
};

} // namespace

std::unique_ptr<DeviceToolChain>
createHostDeviceToolChain(StringRef Triple, const ToolChainContext &Ctx) {
  return std::make_unique<HostDeviceToolChain>(Triple, Ctx);
}

} // namespace cot

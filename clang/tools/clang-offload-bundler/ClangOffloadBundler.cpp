//===- ClangOffloadBundler.cpp - bin/clang-offload-bundler ----------------===//
//
// Part of clang-offload. Command line front end of the OffloadBundler
// library: bundles the host and device versions of one compilation into one
// file, unbundles them again, or lists the targets of a bundle.
//
//   clang-offload-bundler -type=o -targets=host-x86_64-pc-linux-gnu,...
//       -input=h.o -input=d.bc -output=a.o            # bundle
//   ... -unbundle -input=a.o -output=h.o -output=d.bc  # unbundle
//   ... -list -input=a.o                               # list
//
// All outputs are computed in memory and handed to OutputFiles, which
// writes them so that a failure leaves every output path as it was. See
// docs/Bundler.md.
//
//===----------------------------------------------------------------------===//

#include "OutputFiles.h"
#include "clang-offload/OffloadBundler/OffloadBundler.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/BinaryFormat/Magic.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <map>

using namespace llvm;

static cl::OptionCategory BundlerCategory("clang-offload-bundler options");

static cl::opt<std::string>
    TypeOpt("type", cl::value_desc("type"), cl::cat(BundlerCategory),
            cl::desc("File type: i, ii, ll, s (text); bc, gch, ast, pcm, ptx, "
                     "cubin, fatbin, bin, img (binary); o (object); a "
                     "(archive, -unbundle and -list only)"));
static cl::list<std::string>
    TargetsOpt("targets", cl::CommaSeparated, cl::value_desc("id,..."),
               cl::cat(BundlerCategory),
               cl::desc("Target ids <kind>-<triple>[-<arch>], kind host or "
                        "openmp; the host first when bundling"));
static cl::list<std::string> InputOpt("input", cl::value_desc("file"),
                                      cl::cat(BundlerCategory),
                                      cl::desc("Input file (repeatable)"));
static cl::list<std::string>
    InputsOpt("inputs", cl::CommaSeparated, cl::value_desc("file,..."),
              cl::cat(BundlerCategory),
              cl::desc("Comma-separated input files (older form)"));
static cl::list<std::string> OutputOpt("output", cl::value_desc("file"),
                                       cl::cat(BundlerCategory),
                                       cl::desc("Output file (repeatable)"));
static cl::list<std::string>
    OutputsOpt("outputs", cl::CommaSeparated, cl::value_desc("file,..."),
               cl::cat(BundlerCategory),
               cl::desc("Comma-separated output files (older form)"));
static cl::opt<bool> UnbundleOpt("unbundle", cl::cat(BundlerCategory),
                                 cl::desc("Unbundle instead of bundling"));
static cl::opt<bool> ListOpt("list", cl::cat(BundlerCategory),
                             cl::desc("Print the target ids of the input"));
static cl::opt<bool> AllowMissingOpt(
    "allow-missing-bundles", cl::cat(BundlerCategory),
    cl::desc("When unbundling, write an empty file for a target that the "
             "input does not contain instead of failing"));

static const char *ToolName = "clang-offload-bundler";

static Error makeError(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

/// Prefixes an error with the file it is about: `'a.o': <what>`.
static Error fileError(StringRef Path, Error E) {
  return makeError("'" + Path + "': " + toString(std::move(E)));
}

/// Merges the repeatable and the comma-separated form of a file list,
/// keeping the order in which they appeared on the command line.
static std::vector<std::string> mergeLists(const cl::list<std::string> &One,
                                           const cl::list<std::string> &Many) {
  std::multimap<unsigned, std::string> ByPosition;
  for (size_t I = 0; I < One.size(); ++I)
    ByPosition.emplace(One.getPosition(I), One[I]);
  for (size_t I = 0; I < Many.size(); ++I)
    ByPosition.emplace(Many.getPosition(I), Many[I]);
  std::vector<std::string> Result;
  for (auto &[Pos, Name] : ByPosition)
    Result.push_back(Name);
  return Result;
}

static Expected<std::unique_ptr<MemoryBuffer>> readInput(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(
      Path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!Buf)
    return makeError("'" + Path + "': " + Buf.getError().message());
  return std::move(*Buf);
}

static Expected<std::vector<cot::TargetID>> parseTargets() {
  std::vector<cot::TargetID> Targets;
  StringSet<> Seen;
  for (const std::string &T : TargetsOpt) {
    Expected<cot::TargetID> ID = cot::parseTargetID(T);
    if (!ID)
      return ID.takeError();
    if (!Seen.insert(ID->str()).second)
      return makeError("target '" + T + "' given twice");
    Targets.push_back(std::move(*ID));
  }
  return Targets;
}

/// Entries of `Buf` read as `Type`; an empty list means "not a bundle".
/// An object type whose input is not an object file (bitcode from -flto,
/// say) is read as a binary bundle, as it was written.
static Expected<std::vector<cot::BundleEntry>>
readAnyBundle(MemoryBufferRef Buf, const cot::FileType &Type) {
  if (Type.Format == cot::BundleFormat::Object &&
      (Buf.getBuffer().starts_with(cot::BundleMagic) ||
       !identify_magic(Buf.getBuffer()).is_object() ||
       identify_magic(Buf.getBuffer()) == file_magic::bitcode))
    return cot::readBinaryBundle(Buf);
  return cot::readBundle(Buf, Type);
}

static Error doList(const cot::FileType &Type,
                    const std::vector<std::string> &Inputs,
                    const std::vector<std::string> &Outputs) {
  if (Inputs.size() != 1)
    return makeError("-list needs exactly one input, got " +
                     Twine(Inputs.size()));
  if (!Outputs.empty())
    return makeError("-list takes no -output");
  Expected<std::unique_ptr<MemoryBuffer>> Buf = readInput(Inputs[0]);
  if (!Buf)
    return Buf.takeError();
  std::vector<std::string> IDs;
  if (Type.Format == cot::BundleFormat::Archive) {
    StringSet<> Seen;
    if (Error E = cot::forEachArchiveBundle(
            **Buf, [&](StringRef, ArrayRef<cot::BundleEntry> Entries) {
              for (const cot::BundleEntry &Entry : Entries)
                if (Seen.insert(Entry.ID).second)
                  IDs.push_back(Entry.ID);
              return Error::success();
            }))
      return fileError(Inputs[0], std::move(E));
  } else {
    Expected<std::vector<cot::BundleEntry>> Entries =
        readAnyBundle(**Buf, Type);
    if (!Entries)
      return fileError(Inputs[0], Entries.takeError());
    for (const cot::BundleEntry &Entry : *Entries)
      IDs.push_back(Entry.ID);
  }
  for (const std::string &ID : IDs)
    outs() << ID << '\n';
  return Error::success();
}

static Error doBundle(const cot::FileType &Type,
                      const std::vector<cot::TargetID> &Targets,
                      const std::vector<std::string> &Inputs,
                      const std::vector<std::string> &Outputs) {
  if (Type.Format == cot::BundleFormat::Archive)
    return makeError("type 'a' can only be unbundled or listed; bundle the "
                     "objects, then archive them with llvm-ar");
  if (Inputs.size() != Targets.size())
    return makeError("number of inputs (" + Twine(Inputs.size()) +
                     ") does not match number of targets (" +
                     Twine(Targets.size()) + ")");
  if (Outputs.size() != 1)
    return makeError("bundling needs exactly one output, got " +
                     Twine(Outputs.size()));
  if (!Targets.front().isHost())
    return makeError("the first target must be the host target, got '" +
                     Targets.front().str() + "'");
  for (size_t I = 1; I < Targets.size(); ++I)
    if (Targets[I].isHost())
      return makeError("only one host target is allowed, got '" +
                       Targets[I].str() + "' as well");

  std::vector<std::unique_ptr<MemoryBuffer>> Bufs;
  std::vector<cot::BundleEntry> Entries;
  for (size_t I = 0; I < Inputs.size(); ++I) {
    Expected<std::unique_ptr<MemoryBuffer>> Buf = readInput(Inputs[I]);
    if (!Buf)
      return Buf.takeError();
    if (Type.Format == cot::BundleFormat::Text) {
      // A marker line inside an input would make the bundle unreadable.
      Expected<std::vector<cot::BundleEntry>> Inner =
          cot::readTextBundle(**Buf, Type.Comment);
      if (!Inner || !Inner->empty()) {
        if (!Inner)
          consumeError(Inner.takeError());
        return makeError("'" + Inputs[I] +
                         "': input contains offload bundle marker lines");
      }
    }
    Entries.push_back({Targets[I].str(), (*Buf)->getBuffer()});
    Bufs.push_back(std::move(*Buf));
  }

  cot::OutputFiles Out;
  file_magic HostMagic = identify_magic(Bufs[0]->getBuffer());
  if (Type.Format == cot::BundleFormat::Object && HostMagic.is_object() &&
      HostMagic != file_magic::bitcode) {
    Expected<SmallVector<char, 0>> Obj = cot::writeObjectBundle(
        *Bufs[0], Entries[0].ID, ArrayRef(Entries).drop_front());
    if (!Obj)
      return fileError(Inputs[0], Obj.takeError());
    Out.add(Outputs[0], StringRef(Obj->data(), Obj->size()));
  } else {
    std::string Data;
    raw_string_ostream OS(Data);
    Error E = Type.Format == cot::BundleFormat::Text
                  ? cot::writeTextBundle(OS, Type.Comment, Entries)
                  : cot::writeBinaryBundle(OS, Entries);
    if (E)
      return fileError(Outputs[0], std::move(E));
    Out.add(Outputs[0], OS.str());
  }
  return Out.commit();
}

static Error doUnbundle(const cot::FileType &Type,
                        const std::vector<cot::TargetID> &Targets,
                        const std::vector<std::string> &Inputs,
                        const std::vector<std::string> &Outputs) {
  if (Inputs.size() != 1)
    return makeError("unbundling needs exactly one input, got " +
                     Twine(Inputs.size()));
  if (Outputs.size() != Targets.size())
    return makeError("number of outputs (" + Twine(Outputs.size()) +
                     ") does not match number of targets (" +
                     Twine(Targets.size()) + ")");
  StringSet<> SeenOutputs;
  for (const std::string &O : Outputs)
    if (!SeenOutputs.insert(O).second)
      return makeError("output '" + O + "' given twice");

  const std::string &Input = Inputs[0];
  Expected<std::unique_ptr<MemoryBuffer>> BufOrErr = readInput(Input);
  if (!BufOrErr)
    return BufOrErr.takeError();
  MemoryBuffer &Buf = **BufOrErr;
  cot::OutputFiles Out;

  if (Type.Format == cot::BundleFormat::Archive) {
    for (size_t I = 0; I < Targets.size(); ++I) {
      if (Targets[I].isHost()) {
        Out.add(Outputs[I], Buf.getBuffer());
        continue;
      }
      Expected<SmallVector<char, 0>> Ar =
          cot::extractArchiveTarget(Buf, Targets[I].str());
      if (!Ar)
        return fileError(Input, Ar.takeError());
      Out.add(Outputs[I], StringRef(Ar->data(), Ar->size()));
    }
    return Out.commit();
  }

  Expected<std::vector<cot::BundleEntry>> Entries = readAnyBundle(Buf, Type);
  if (!Entries)
    return fileError(Input, Entries.takeError());
  bool IsBundle = !Entries->empty();
  bool IsObject = Type.Format == cot::BundleFormat::Object &&
                  identify_magic(Buf.getBuffer()).is_object() &&
                  identify_magic(Buf.getBuffer()) != file_magic::bitcode;
  for (size_t I = 0; I < Targets.size(); ++I) {
    std::string ID = Targets[I].str();
    auto Found = llvm::find_if(
        *Entries, [&](const cot::BundleEntry &E) { return E.ID == ID; });
    if (Found != Entries->end()) {
      Out.add(Outputs[I], Found->Payload);
      continue;
    }
    // The host code of a plain file, or of an object whose offload sections
    // the compiler wrote (no host marker), is the file itself.
    if (Targets[I].isHost() && (!IsBundle || IsObject)) {
      Out.add(Outputs[I], Buf.getBuffer());
      continue;
    }
    if (AllowMissingOpt) {
      Out.add(Outputs[I], "");
      continue;
    }
    if (!IsBundle)
      return makeError("'" + Input +
                       "': not an offload bundle, so it has no code for "
                       "target '" +
                       ID + "' (use -allow-missing-bundles for an empty file)");
    return makeError("'" + Input + "': no bundle entry for target '" + ID +
                     "' (use -allow-missing-bundles for an empty file)");
  }
  return Out.commit();
}

static Error run() {
  if (UnbundleOpt && ListOpt)
    return makeError("-unbundle and -list cannot be used together");
  if (TypeOpt.empty())
    return makeError("no file type given (-type=<type>)");
  Expected<cot::FileType> Type = cot::parseFileType(TypeOpt);
  if (!Type)
    return Type.takeError();
  std::vector<std::string> Inputs = mergeLists(InputOpt, InputsOpt);
  std::vector<std::string> Outputs = mergeLists(OutputOpt, OutputsOpt);
  if (ListOpt)
    return doList(*Type, Inputs, Outputs);

  if (TargetsOpt.empty())
    return makeError("no targets given (-targets=<id>,...)");
  Expected<std::vector<cot::TargetID>> Targets = parseTargets();
  if (!Targets)
    return Targets.takeError();
  if (Inputs.empty())
    return makeError("no input given (-input=<file>)");
  if (UnbundleOpt)
    return doUnbundle(*Type, *Targets, Inputs, Outputs);
  return doBundle(*Type, *Targets, Inputs, Outputs);
}

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  cl::HideUnrelatedOptions(BundlerCategory);
  cl::ParseCommandLineOptions(
      argc, argv,
      "Bundles the host and device code of an offloading compilation into "
      "one file, and unbundles it again.\n");
  if (Error E = run()) {
    handleAllErrors(std::move(E), [](const ErrorInfoBase &EI) {
      WithColor::error(errs(), ToolName) << EI.message() << '\n';
    });
    return 1;
  }
  return 0;
}

//===- OffloadActions.cpp - The offload action graph ----------------------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Rewrites the host actions Clang's driver built into the offload action
// graph (OffloadActions.h). Each input's host steps form a chain from its
// input action to the output it is compiled to; the builder recognizes the
// chain (source, bundled source, IR, assembly, object), adds the unbundling
// and the device steps, and either bundles the chain's output with its
// device parts or hands them to the device link. Chains that carry no device
// code (-fsyntax-only, -M, headers, .S) stay Clang's.
//
//===----------------------------------------------------------------------===//

#include "clang-offload/Driver/OffloadActions.h"

#include "clang/Driver/Compilation.h"
#include "clang/Driver/Driver.h"
#include "clang/Driver/Options.h"
#include "clang/Driver/Types.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Option/Arg.h"
#include "llvm/Support/raw_ostream.h"

#include <map>

using namespace clang::driver;
using namespace llvm;

namespace cot {
namespace {

/// The host steps of one input, bottom up, as Clang's driver built them.
struct HostChain {
  InputAction *Input = nullptr;
  PreprocessJobAction *Preprocess = nullptr;
  CompileJobAction *Compile = nullptr;
  BackendJobAction *Backend = nullptr;
  AssembleJobAction *Assemble = nullptr;
  /// The lowest step, whose input is Input.
  Action *First = nullptr;
  /// The highest step (the chain's output), or Input itself.
  Action *Top = nullptr;
};

/// Walks from \p Top down through single-input job actions to the input.
/// Returns std::nullopt for anything else (a chain Clang built with steps
/// the offload graph does not know).
std::optional<HostChain> findHostChain(Action *Top) {
  HostChain Chain;
  Chain.Top = Top;
  Action *A = Top;
  while (!isa<InputAction>(A)) {
    if (A->getInputs().size() != 1)
      return std::nullopt;
    if (auto *P = dyn_cast<PreprocessJobAction>(A))
      Chain.Preprocess = P;
    else if (auto *Cm = dyn_cast<CompileJobAction>(A))
      Chain.Compile = Cm;
    else if (auto *B = dyn_cast<BackendJobAction>(A))
      Chain.Backend = B;
    else if (auto *As = dyn_cast<AssembleJobAction>(A))
      Chain.Assemble = As;
    else
      return std::nullopt;
    Chain.First = A;
    A = A->getInputs().front();
  }
  Chain.Input = cast<InputAction>(A);
  return Chain;
}

/// What an input is to the offload graph.
enum class InputKind {
  Source,        ///< C or C++: compiled once for host and devices
  BundledSource, ///< .i/.ii, maybe bundled with device preprocessing
  BundledCode,   ///< .ll/.bc/.s, maybe bundled with device IR
  LinkerInput,   ///< object, archive, -l: the device link reads it as is
  Other          ///< carries no device code
};

InputKind classify(const InputAction &Input) {
  switch (Input.getType()) {
  case types::TY_C:
  case types::TY_CXX:
    return InputKind::Source;
  case types::TY_PP_C:
  case types::TY_PP_CXX:
    return InputKind::BundledSource;
  case types::TY_LLVM_IR:
  case types::TY_LLVM_BC:
  case types::TY_PP_Asm:
    return InputKind::BundledCode;
  case types::TY_Object: {
    const opt::Option &Opt = Input.getInputArg().getOption();
    return Opt.matches(options::OPT_INPUT) || Opt.matches(options::OPT_l)
               ? InputKind::LinkerInput
               : InputKind::Other;
  }
  default:
    return InputKind::Other;
  }
}

/// The type of the device code bundled with a host output of type \p
/// Type: textual IR in the text bundles of assembly and IR, else bitcode.
types::ID deviceCodeTypeFor(types::ID Type) {
  return Type == types::TY_PP_Asm || Type == types::TY_LLVM_IR
             ? types::TY_LLVM_IR
             : types::TY_LLVM_BC;
}

} // namespace

class OffloadGraph::Builder {
public:
  Builder(OffloadGraph &G) : G(G), C(G.C) {}

  Error run();

private:
  OffloadGraph &G;
  Compilation &C;
  ActionList Outputs;
  /// An input the graph cannot compile as asked (set once).
  std::optional<std::string> Problem;

  template <typename JobActionT, typename InputT>
  Action *device(const OffloadToolChain &Target, StringRef Arch,
                 InputT &&Input, types::ID Type) {
    const char *BoundArch = Arch.empty() ? nullptr : Arch.data();
    Action *A = C.MakeAction<DeviceAction<JobActionT>>(
        std::forward<InputT>(Input), Type, BoundArch);
    G.DeviceTargets[A] = &Target;
    return A;
  }

  Action *unbundle(HostChain &Chain);
  void claim(const HostChain &Chain);
  SmallVector<Action *, 2> extractDeviceCode(HostChain &Chain,
                                             types::ID DeviceType,
                                             ArrayRef<Action *> Sources);
  Action *deviceIRFrom(Action *Unbundle, const OffloadToolChain &Target,
                       types::ID DeviceType);
  SmallVector<Action *, 2> deviceParts(HostChain &Chain, types::ID DeviceType);
  Error addOutput(Action *Top);
  Error addDeviceOnlyOutputs(HostChain &Chain);
  void addDeviceAssembly(Action *DeviceCode, const OffloadToolChain &Target);
  Error rewriteLink(LinkJobAction &Link);
  SmallVector<Action *, 4> buildImages(const OffloadToolChain &Target,
                                      ActionList &DeviceCode);
};

/// A bundled input: the host steps read the host part; device steps take
/// their part from the same unbundling.
Action *OffloadGraph::Builder::unbundle(HostChain &Chain) {
  claim(Chain);
  Action *U = C.MakeAction<OffloadUnbundlingJobAction>(Chain.Input);
  if (Chain.First)
    Chain.First->getInputs().front() = U;
  else
    Chain.Top = U;
  return U;
}

/// Marks the host steps of an input with device parts as the graph's.
void OffloadGraph::Builder::claim(const HostChain &Chain) {
  for (Action *Step : {static_cast<Action *>(Chain.Preprocess),
                       static_cast<Action *>(Chain.Compile),
                       static_cast<Action *>(Chain.Backend),
                       static_cast<Action *>(Chain.Assemble)})
    if (Step)
      G.HostSteps.insert(Step);
}

/// The device code the host backend's LLVM pipeline extracts from the one
/// parse, per target; where the compile reads the input as preprocessed for
/// each target (\p Sources), a parse of that where it differs.
SmallVector<Action *, 2>
OffloadGraph::Builder::extractDeviceCode(HostChain &Chain,
                                         types::ID DeviceType,
                                         ArrayRef<Action *> Sources) {
  claim(Chain);
  SmallVector<Action *, 2> Parts;
  for (auto [I, Target] : enumerate(G.Targets)) {
    Action *Part =
        device<BackendJobAction>(Target, "", Chain.Compile, DeviceType);
    if (!Sources.empty())
      Part->getInputs().push_back(Sources[I]);
    G.Extracting[Part] = Chain.Top;
    Parts.push_back(Part);
  }
  if (!Sources.empty())
    G.DeviceSources[Chain.Compile].assign(Sources.begin(), Sources.end());
  G.LoweringSteps.insert(Chain.Compile);
  G.LoweringSteps.insert(Chain.Backend);
  G.Extracted[Chain.Backend] = Parts;
  return Parts;
}

/// The device IR an unbundling gives for \p Target; converted to text by a
/// device backend step where text is wanted and the input was a binary
/// bundle (.bc).
Action *OffloadGraph::Builder::deviceIRFrom(Action *Unbundle,
                                            const OffloadToolChain &Target,
                                            types::ID DeviceType) {
  if (DeviceType != types::TY_LLVM_IR ||
      Unbundle->getType() != types::TY_LLVM_BC)
    return Unbundle;
  return device<BackendJobAction>(Target, "", Unbundle, types::TY_LLVM_IR);
}

/// The device parts of an output whose host part \p Chain makes, device
/// code as \p DeviceType; none for a chain that carries no device code.
SmallVector<Action *, 2>
OffloadGraph::Builder::deviceParts(HostChain &Chain, types::ID DeviceType) {
  SmallVector<Action *, 2> Parts;
  types::ID OutType = Chain.Top->getType();
  if (types::isLLVMIR(OutType) && OutType != types::TY_LLVM_IR &&
      OutType != types::TY_LLVM_BC) {
    if (!Problem)
      Problem = "'-flto' is not supported with offload targets: the host "
                "part of a compile is an object file (device code is linked "
                "as LLVM IR at the device link anyway)";
    return Parts;
  }
  switch (classify(*Chain.Input)) {
  case InputKind::Source: {
    bool PreprocessOnly = Chain.Preprocess && Chain.Top == Chain.Preprocess &&
                          types::getPreprocessedType(Chain.Input->getType()) ==
                              OutType;
    if (!PreprocessOnly && !(Chain.Compile && Chain.Backend))
      return Parts;
    // -E, and -save-temps (whose compile reads the preprocessed file, with
    // no device macro tests left), preprocess for each target too.
    SmallVector<Action *, 2> Preprocessed;
    if (PreprocessOnly || C.getDriver().isSaveTempsEnabled()) {
      if (StringRef(Chain.Input->getInputArg().getValue()) == "-" && !Problem)
        Problem = "standard input cannot be preprocessed for the host and "
                  "each offload target (-E, -save-temps); give the source "
                  "as a file";
      claim(Chain);
      types::ID PPType = types::getPreprocessedType(Chain.Input->getType());
      for (const OffloadToolChain &Target : G.Targets)
        Preprocessed.push_back(device<PreprocessJobAction>(
            Target, "", Chain.Input, PPType));
    }
    if (PreprocessOnly)
      return Preprocessed;
    return extractDeviceCode(Chain, DeviceType, Preprocessed);
  }
  case InputKind::BundledSource: {
    Action *U = unbundle(Chain);
    if (Chain.Compile && Chain.Backend) {
      SmallVector<Action *, 2> Sources(G.Targets.size(), U);
      return extractDeviceCode(Chain, DeviceType, Sources);
    }
    return Parts;
  }
  case InputKind::BundledCode: {
    Action *U = unbundle(Chain);
    for (const OffloadToolChain &Target : G.Targets)
      Parts.push_back(deviceIRFrom(U, Target, DeviceType));
    return Parts;
  }
  case InputKind::LinkerInput:
  case InputKind::Other:
    return Parts;
  }
  llvm_unreachable("input kind");
}

/// An output a user asked for (-E, -S, -emit-llvm, -c): the host output
/// bundled with its device parts.
Error OffloadGraph::Builder::addOutput(Action *Top) {
  std::optional<HostChain> Chain = findHostChain(Top);
  if (!Chain) {
    Outputs.push_back(Top);
    return Error::success();
  }
  if (G.DeviceOnly)
    return addDeviceOnlyOutputs(*Chain);
  SmallVector<Action *, 2> Parts =
      deviceParts(*Chain, deviceCodeTypeFor(Chain->Top->getType()));
  if (Parts.empty()) {
    Outputs.push_back(Chain->Top);
    return Error::success();
  }
  // The host part last, as upstream orders a bundling's inputs: the
  // bundle's type is its last input's.
  ActionList Inputs(Parts.begin(), Parts.end());
  Inputs.push_back(Chain->Top);
  Outputs.push_back(C.MakeAction<OffloadBundlingJobAction>(Inputs));
  return Error::success();
}

/// -S --offload-device-only: per target and GPU arch, the device code of
/// the file linked alone (with the device runtime), lowered, optimized and
/// compiled to assembly (PTX for GPUs).
void OffloadGraph::Builder::addDeviceAssembly(Action *DeviceCode,
                                              const OffloadToolChain &Target) {
  SmallVector<StringRef, 4> Archs(Target.archs().begin(),
                                  Target.archs().end());
  if (Archs.empty())
    Archs.push_back("");
  for (StringRef Arch : Archs) {
    ActionList Code = {DeviceCode};
    Action *Link = device<LinkJobAction>(Target, Arch, Code,
                                         types::TY_LLVM_BC);
    Action *Asm = device<BackendJobAction>(Target, Arch, Link,
                                           types::TY_PP_Asm);
    G.LinkInputs[Asm] = {{DeviceCode, &Target}};
    Outputs.push_back(Asm);
  }
}

/// --offload-device-only: the device steps of the output kind are the
/// outputs (for a link as for -c, as upstream). The host steps that make
/// the device code stay, with a temporary output.
Error OffloadGraph::Builder::addDeviceOnlyOutputs(HostChain &Chain) {
  InputKind Kind = classify(*Chain.Input);
  if (Kind == InputKind::LinkerInput || Kind == InputKind::Other)
    return Error::success();
  if (Kind != InputKind::Source)
    return createStringError(
        inconvertibleErrorCode(),
        "'--offload-device-only' compiles C and C++ source; '%s' is not",
        Chain.Input->getInputArg().getValue());
  types::ID OutType = Chain.Top->getType();
  bool Assembly = Chain.Assemble == nullptr && OutType == types::TY_PP_Asm;
  // The object of -c is the device code itself (as upstream's with
  // -foffload-lto): LLVM bitcode.
  if (Chain.Assemble) {
    Chain.Top = Chain.Backend;
    Chain.Assemble = nullptr;
  }
  types::ID DeviceType = OutType == types::TY_LLVM_IR ? types::TY_LLVM_IR
                                                      : types::TY_LLVM_BC;
  SmallVector<Action *, 2> Parts = deviceParts(Chain, DeviceType);
  if (!Assembly) {
    append_range(Outputs, Parts);
    return Error::success();
  }
  for (auto [Part, Target] : zip(Parts, G.Targets))
    addDeviceAssembly(Part, Target);
  return Error::success();
}

/// The image steps of one target from its linked device code: for GPUs the
/// PTX for the oldest arch and a cubin per arch; for the host device an
/// object and the shared object the plugin loads.
SmallVector<Action *, 4>
OffloadGraph::Builder::buildImages(const OffloadToolChain &Target,
                                   ActionList &DeviceCode) {
  SmallVector<Action *, 4> Images;
  StringRef LinkArch = Target.ptxArch();
  Action *Link = device<LinkJobAction>(Target, LinkArch, DeviceCode,
                                       types::TY_LLVM_BC);
  if (Target.isNVPTX()) {
    Action *PTX = device<BackendJobAction>(Target, LinkArch, Link,
                                           types::TY_PP_Asm);
    Images.push_back(PTX);
    for (const std::string &Arch : Target.cubinArchs())
      Images.push_back(device<AssembleJobAction>(Target, Arch, PTX,
                                                 types::TY_Object));
    return Images;
  }
  Action *Obj = device<BackendJobAction>(Target, "", Link, types::TY_Object);
  ActionList Objects = {Obj};
  Images.push_back(device<LinkJobAction>(Target, "", Objects, types::TY_Image));
  return Images;
}

/// A link: each input's host output goes to the host link, its device code
/// to each target's device link; the images come back to the host link in
/// the object that registers them.
Error OffloadGraph::Builder::rewriteLink(LinkJobAction &Link) {
  std::vector<DeviceLinkInput> LinkOrder;
  std::vector<ActionList> PerTarget(G.Targets.size());
  for (Action *&In : Link.getInputs()) {
    std::optional<HostChain> Chain = findHostChain(In);
    if (!Chain)
      continue;
    if (classify(*Chain->Input) == InputKind::LinkerInput) {
      LinkOrder.push_back({Chain->Input, nullptr});
      for (ActionList &Code : PerTarget)
        Code.push_back(Chain->Input);
      continue;
    }
    SmallVector<Action *, 2> Parts = deviceParts(*Chain, types::TY_LLVM_BC);
    In = Chain->Top;
    for (auto [I, Part] : enumerate(Parts)) {
      LinkOrder.push_back({Part, &G.Targets[I]});
      PerTarget[I].push_back(Part);
    }
  }
  ActionList Images;
  for (auto [Target, Code] : zip(G.Targets, PerTarget))
    append_range(Images, buildImages(Target, Code));
  Action *Package =
      C.MakeAction<OffloadPackagerJobAction>(Images, types::TY_Object);
  G.LinkInputs[Package] = std::move(LinkOrder);
  Link.getInputs().push_back(Package);
  G.OffloadLinks.insert(&Link);
  Outputs.push_back(&Link);
  return Error::success();
}

Error OffloadGraph::Builder::run() {
  ActionList HostOutputs = C.getActions();
  for (Action *Top : HostOutputs) {
    auto *Link = dyn_cast<LinkJobAction>(Top);
    if (Link && !G.DeviceOnly) {
      if (Error E = rewriteLink(*Link))
        return E;
      continue;
    }
    // --offload-device-only stops before the link, as upstream.
    ActionList Compiled = Link ? Link->getInputs() : ActionList{Top};
    for (Action *Out : Compiled)
      if (Error E = addOutput(Out))
        return E;
  }
  if (Problem)
    return createStringError(inconvertibleErrorCode(), *Problem);
  C.getActions() = Outputs;
  return Error::success();
}

Expected<std::unique_ptr<OffloadGraph>>
OffloadGraph::build(Compilation &C, ArrayRef<OffloadToolChain> Targets,
                    bool DeviceOnly) {
  std::unique_ptr<OffloadGraph> G(new OffloadGraph(C, Targets, DeviceOnly));
  if (Error E = Builder(*G).run())
    return std::move(E);
  return std::move(G);
}

ArrayRef<Action *> OffloadGraph::deviceSourcesOf(const Action *Compile) const {
  auto It = DeviceSources.find(Compile);
  if (It == DeviceSources.end())
    return {};
  return It->second;
}

ArrayRef<Action *> OffloadGraph::extractedBy(const Action *Backend) const {
  auto It = Extracted.find(Backend);
  if (It == Extracted.end())
    return {};
  return It->second;
}

ArrayRef<DeviceLinkInput>
OffloadGraph::deviceLinkInputs(const Action *Package) const {
  auto It = LinkInputs.find(Package);
  if (It == LinkInputs.end())
    return {};
  return It->second;
}

//===----------------------------------------------------------------------===//
// -ccc-print-phases
//===----------------------------------------------------------------------===//

namespace {

/// Where a line sits in the tree: the output itself, the first input of
/// its consumer, or a later one.
enum class TreePosition { Top, FirstInput, LaterInput };

class GraphPrinter {
public:
  GraphPrinter(const OffloadGraph &G, raw_ostream &OS) : G(G), OS(OS) {}

  unsigned print(const Action *A, const Twine &Indent, TreePosition Pos);
  void printDeviceOutputs(ArrayRef<Action *> Outputs);

private:
  const OffloadGraph &G;
  raw_ostream &OS;
  std::map<const Action *, unsigned> Ids;
  std::map<const Action *, unsigned> OffloadLineIds;
  unsigned NextId = 0;

  unsigned printInput(const Action *Consumer, const Action *Input,
                      const Twine &Indent, TreePosition Pos);
  unsigned printOffloadLine(const Action *Device, const Twine &Indent,
                            TreePosition Pos);
  std::string targetName(const Action *Device) const;
  void emit(const Twine &Indent, TreePosition Pos, unsigned Id,
            StringRef Text);
};

StringRef childIndent(TreePosition Pos) {
  switch (Pos) {
  case TreePosition::Top:
    return "";
  case TreePosition::FirstInput:
    return "   ";
  case TreePosition::LaterInput:
    return "|  ";
  }
  llvm_unreachable("tree position");
}

StringRef branch(TreePosition Pos) {
  switch (Pos) {
  case TreePosition::Top:
    return "";
  case TreePosition::FirstInput:
    return "+- ";
  case TreePosition::LaterInput:
    return "|- ";
  }
  llvm_unreachable("tree position");
}

void GraphPrinter::emit(const Twine &Indent, TreePosition Pos, unsigned Id,
                        StringRef Text) {
  OS << Indent << branch(Pos) << Id << ": " << Text << "\n";
}

/// "<triple>[:<arch>]" of a device step.
std::string GraphPrinter::targetName(const Action *Device) const {
  std::string Name = G.deviceTarget(Device)->triple().str();
  if (const char *Arch = Device->getOffloadingArch())
    Name += (":" + StringRef(Arch)).str();
  return Name;
}

/// A device result that a host step takes: the line upstream prints for
/// such an edge, `offload, "device-openmp (<triple>[:<arch>])" {N}, <type>`.
unsigned GraphPrinter::printOffloadLine(const Action *Device,
                                        const Twine &Indent,
                                        TreePosition Pos) {
  if (auto It = OffloadLineIds.find(Device); It != OffloadLineIds.end())
    return It->second;
  std::string ChildIndent = (Indent + childIndent(Pos)).str();
  unsigned Input = print(Device, ChildIndent, TreePosition::FirstInput);
  std::string Text;
  raw_string_ostream Line(Text);
  Line << "offload, \"device-openmp (" << targetName(Device) << ")\" {"
       << Input << "}, " << types::getTypeName(Device->getType());
  unsigned Id = NextId++;
  OffloadLineIds[Device] = Id;
  emit(Indent, Pos, Id, Text);
  return Id;
}

unsigned GraphPrinter::printInput(const Action *Consumer, const Action *Input,
                                  const Twine &Indent, TreePosition Pos) {
  if (!G.deviceTarget(Consumer) && G.deviceTarget(Input))
    return printOffloadLine(Input, Indent, Pos);
  return print(Input, Indent, Pos);
}

unsigned GraphPrinter::print(const Action *A, const Twine &Indent,
                             TreePosition Pos) {
  if (auto It = Ids.find(A); It != Ids.end())
    return It->second;
  std::string ChildIndent = (Indent + childIndent(Pos)).str();
  std::string Text;
  raw_string_ostream Line(Text);
  Line << Action::getClassName(A->getKind()) << ", ";
  if (const auto *In = dyn_cast<InputAction>(A)) {
    Line << "\"" << In->getInputArg().getValue() << "\"";
  } else {
    Line << "{";
    TreePosition InputPos = TreePosition::FirstInput;
    ListSeparator Sep;
    for (const Action *Input : A->getInputs()) {
      Line << Sep << printInput(A, Input, ChildIndent, InputPos);
      InputPos = TreePosition::LaterInput;
    }
    Line << "}";
  }
  Line << ", " << types::getTypeName(A->getType());
  if (G.deviceTarget(A)) {
    Line << ", (device-openmp";
    if (const char *Arch = A->getOffloadingArch())
      Line << ", " << Arch;
    Line << ")";
  } else {
    Line << ", (host-openmp)";
  }
  unsigned Id = NextId++;
  Ids[A] = Id;
  emit(Indent, Pos, Id, Text);
  return Id;
}

/// --offload-device-only: upstream closes the graph with one line that
/// names each output's target.
void GraphPrinter::printDeviceOutputs(ArrayRef<Action *> Outputs) {
  std::string Text;
  raw_string_ostream Line(Text);
  Line << "offload, ";
  ListSeparator Sep;
  for (const Action *Out : Outputs) {
    Line << Sep;
    if (G.deviceTarget(Out))
      Line << "\"device-openmp (" << targetName(Out) << ")\" ";
    Line << "{" << Ids[Out] << "}";
  }
  Line << ", none";
  emit("", TreePosition::Top, NextId++, Text);
}

} // namespace

void OffloadGraph::print(raw_ostream &OS) const {
  GraphPrinter Printer(*this, OS);
  const ActionList &Outputs = C.getActions();
  if (!DeviceOnly || Outputs.empty()) {
    for (const Action *Out : Outputs)
      Printer.print(Out, "", TreePosition::Top);
    return;
  }
  TreePosition Pos = TreePosition::FirstInput;
  for (const Action *Out : Outputs) {
    Printer.print(Out, "", Pos);
    Pos = TreePosition::LaterInput;
  }
  Printer.printDeviceOutputs(Outputs);
}

} // namespace cot

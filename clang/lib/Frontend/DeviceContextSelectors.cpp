//===- DeviceContextSelectors.cpp - Selectors as a device resolves them ---===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The collector reads a pragma's selectors from its tokens into LLVM's
// VariantMatchInfo, trait by trait as Clang's OMPTraitInfo does, and gives
// up on what only Clang's Sema could decide (a non-literal score or
// condition, an isa, an unknown trait): such a pragma keeps the host's
// choice in device code. The rewrite decides each pragma with LLVM's
// functions in the host's context and in the device's (OMPContext of a
// device compilation for its triple), the contexts Clang's own host and
// device compilations use: getBestVariantMatchForContext for a
// metadirective, isVariantApplicableInContext on the device set alone for a
// `begin declare variant`, as Clang's parser asks them.
//
//===----------------------------------------------------------------------===//

#include "clang-offload/Frontend/DeviceContextSelectors.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Pragma.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/TargetParser/Triple.h"

#include <map>
#include <optional>

using namespace clang;
using namespace llvm;
using namespace llvm::omp;

namespace cot {
namespace {

/// Reads the selectors of one pragma from its tokens (after `omp`). Every
/// read function returns false on text it does not decide.
class SelectorReader {
public:
  SelectorReader(Preprocessor &PP, ArrayRef<Token> Toks) : PP(PP), Toks(Toks) {}

  /// `metadirective` and its clauses.
  bool readMetadirective(SelectorPragma &P);
  /// `begin declare variant match(...)`, with a device selector set.
  bool readBeginDeclareVariant(SelectorPragma &P);

private:
  Preprocessor &PP;
  ArrayRef<Token> Toks;
  size_t Pos = 0;

  bool takeName(StringRef Name) {
    if (Pos >= Toks.size() || !Toks[Pos].getIdentifierInfo() ||
        Toks[Pos].getIdentifierInfo()->getName() != Name)
      return false;
    ++Pos;
    return true;
  }
  bool at(tok::TokenKind Kind) const {
    return Pos < Toks.size() && Toks[Pos].is(Kind);
  }
  bool take(tok::TokenKind Kind) {
    if (!at(Kind))
      return false;
    ++Pos;
    return true;
  }
  /// The spelling of an identifier or keyword (`default`, `for`), taken.
  std::optional<std::string> takeName() {
    if (Pos >= Toks.size() || !Toks[Pos].getIdentifierInfo())
      return std::nullopt;
    return Toks[Pos++].getIdentifierInfo()->getName().str();
  }
  /// A property: a name or a plain string literal, taken.
  std::optional<std::string> takeProperty();
  std::optional<APInt> takeInteger();
  unsigned offsetOf(const Token &Tok) const {
    return PP.getSourceManager().getFileOffset(Tok.getLocation());
  }
  unsigned endOffsetOf(const Token &Tok) const {
    return offsetOf(Tok) + Tok.getLength();
  }

  /// Reads selector sets into \p VMI; \p DeviceSet gets the offsets of the
  /// `device={...}` set, if any.
  bool readSelectorSets(VariantMatchInfo &VMI,
                        std::pair<unsigned, unsigned> *DeviceSet = nullptr);
  bool readSelector(TraitSet Set, VariantMatchInfo &VMI);
  bool readUserCondition(VariantMatchInfo &VMI);
  bool readVariant(SelectorPragma &P);
};

std::optional<std::string> SelectorReader::takeProperty() {
  if (std::optional<std::string> Name = takeName())
    return Name;
  if (!at(tok::string_literal))
    return std::nullopt;
  std::string Spelling = PP.getSpelling(Toks[Pos++]);
  StringRef Text(Spelling);
  if (!Text.consume_front("\"") || !Text.consume_back("\""))
    return std::nullopt;
  return Text.str();
}

std::optional<APInt> SelectorReader::takeInteger() {
  if (!at(tok::numeric_constant))
    return std::nullopt;
  uint64_t Value;
  if (StringRef(PP.getSpelling(Toks[Pos++])).getAsInteger(0, Value))
    return std::nullopt;
  return APInt(64, Value);
}

bool SelectorReader::readUserCondition(VariantMatchInfo &VMI) {
  if (!take(tok::l_paren))
    return false;
  bool Holds;
  if (std::optional<APInt> Value = takeInteger())
    Holds = !Value->isZero();
  else if (take(tok::kw_true))
    Holds = true;
  else if (take(tok::kw_false))
    Holds = false;
  else
    return false;
  VMI.addTrait(Holds ? TraitProperty::user_condition_true
                     : TraitProperty::user_condition_false,
               "<condition>");
  return take(tok::r_paren);
}

bool SelectorReader::readSelector(TraitSet Set, VariantMatchInfo &VMI) {
  std::optional<std::string> Name = takeName();
  if (!Name)
    return false;
  TraitSelector Selector = getOpenMPContextTraitSelectorKind(*Name);
  bool AllowsScore = false, RequiresProperty = false;
  if (Selector == TraitSelector::invalid ||
      Selector == TraitSelector::device_isa ||
      !isValidTraitSelectorForTraitSet(Selector, Set, AllowsScore,
                                       RequiresProperty))
    return false;
  if (Selector == TraitSelector::user_condition)
    return readUserCondition(VMI);
  if (!RequiresProperty) {
    if (at(tok::l_paren))
      return false;
    VMI.addTrait(Set, getOpenMPContextTraitPropertyForSelector(Selector),
                 *Name);
    return true;
  }
  if (!take(tok::l_paren))
    return false;
  std::optional<APInt> Score;
  if (takeName("score")) {
    if (!AllowsScore || !take(tok::l_paren) || !(Score = takeInteger()) ||
        !take(tok::r_paren) || !take(tok::colon))
      return false;
  }
  do {
    std::optional<std::string> Raw = takeProperty();
    if (!Raw)
      return false;
    TraitProperty Property =
        getOpenMPContextTraitPropertyKind(Set, Selector, *Raw);
    if (Property == TraitProperty::invalid ||
        !isValidTraitPropertyForTraitSetAndSelector(Property, Selector, Set))
      return false;
    VMI.addTrait(Set, Property, *Raw, Score ? &*Score : nullptr);
  } while (take(tok::comma));
  return take(tok::r_paren);
}

bool SelectorReader::readSelectorSets(
    VariantMatchInfo &VMI, std::pair<unsigned, unsigned> *DeviceSet) {
  do {
    size_t First = Pos;
    std::optional<std::string> Name = takeName();
    if (!Name)
      return false;
    TraitSet Set = getOpenMPContextTraitSetKind(*Name);
    if (Set == TraitSet::invalid || !take(tok::equal) || !take(tok::l_brace))
      return false;
    do {
      if (!readSelector(Set, VMI))
        return false;
    } while (take(tok::comma));
    if (!take(tok::r_brace))
      return false;
    if (Set == TraitSet::device && DeviceSet)
      *DeviceSet = {offsetOf(Toks[First]), endOffsetOf(Toks[Pos - 1])};
  } while (take(tok::comma));
  return true;
}

/// The directive variant up to the clause's closing parenthesis. A
/// `target` variant makes the whole metadirective the host's decision.
bool SelectorReader::readVariant(SelectorPragma &P) {
  unsigned Begin = endOffsetOf(Toks[Pos - 1]);
  if (Pos < Toks.size() && Toks[Pos].getIdentifierInfo() &&
      Toks[Pos].getIdentifierInfo()->getName().starts_with("target"))
    return false;
  for (unsigned Depth = 0; Pos < Toks.size(); ++Pos) {
    if (Toks[Pos].is(tok::l_paren)) {
      ++Depth;
    } else if (Toks[Pos].is(tok::r_paren)) {
      if (Depth == 0) {
        P.Variants.emplace_back(Begin, offsetOf(Toks[Pos++]));
        return true;
      }
      --Depth;
    }
  }
  return false;
}

bool SelectorReader::readMetadirective(SelectorPragma &P) {
  if (!takeName("metadirective"))
    return false;
  P.Kind = SelectorPragma::Metadirective;
  P.Begin = offsetOf(Toks.front());
  P.End = endOffsetOf(Toks.back());
  while (Pos < Toks.size()) {
    std::optional<std::string> Clause = takeName();
    if (!Clause || !take(tok::l_paren))
      return false;
    VariantMatchInfo VMI;
    if (*Clause == "when") {
      if (!readSelectorSets(VMI) || !take(tok::colon))
        return false;
    } else if (*Clause != "default" && *Clause != "otherwise") {
      return false;
    }
    if (!readVariant(P))
      return false;
    P.Selectors.push_back(std::move(VMI));
  }
  return !P.Selectors.empty();
}

bool SelectorReader::readBeginDeclareVariant(SelectorPragma &P) {
  if (!takeName("begin") || !takeName("declare") || !takeName("variant") ||
      !takeName("match") || !take(tok::l_paren))
    return false;
  P.Kind = SelectorPragma::BeginDeclareVariant;
  std::pair<unsigned, unsigned> DeviceSet;
  VariantMatchInfo VMI;
  if (!readSelectorSets(VMI, &DeviceSet) || !take(tok::r_paren) ||
      Pos != Toks.size() || DeviceSet.second == 0)
    return false;
  std::tie(P.Begin, P.End) = DeviceSet;
  P.Selectors.push_back(std::move(VMI));
  return true;
}

class SelectorCollector : public PragmaHandler {
public:
  explicit SelectorCollector(SelectorScan &Out)
      : PragmaHandler("omp"), Out(Out) {}

  void HandlePragma(Preprocessor &PP, PragmaIntroducer Introducer,
                    Token &OmpTok) override {
    SmallVector<Token, 32> Toks;
    Token Tok;
    for (PP.Lex(Tok); Tok.isNot(tok::eod) && Tok.isNot(tok::eof); PP.Lex(Tok))
      Toks.push_back(Tok);
    if (Introducer.Kind == PIK_HashPragma && !Toks.empty())
      record(PP, Toks);
  }

private:
  SelectorScan &Out;

  /// Whether all of \p Toks are spelled in one file that is not a system
  /// header: the rewrite edits that file's text.
  static std::optional<FileID> sourceFileOf(const SourceManager &SM,
                                            ArrayRef<Token> Toks) {
    FileID File;
    for (const Token &Tok : Toks) {
      SourceLocation Loc = Tok.getLocation();
      if (!Loc.isFileID() || SM.isInSystemHeader(Loc))
        return std::nullopt;
      FileID Of = SM.getFileID(Loc);
      if (File.isValid() && Of != File)
        return std::nullopt;
      File = Of;
    }
    return File;
  }

  void record(Preprocessor &PP, ArrayRef<Token> Toks) {
    const SourceManager &SM = PP.getSourceManager();
    std::optional<FileID> File = sourceFileOf(SM, Toks);
    if (!File)
      return;
    OptionalFileEntryRef Entry = SM.getFileEntryRefForID(*File);
    if (!Entry)
      return;
    SelectorPragma P;
    if (!SelectorReader(PP, Toks).readMetadirective(P)) {
      P = SelectorPragma();
      if (!SelectorReader(PP, Toks).readBeginDeclareVariant(P))
        return;
    }
    P.File = Entry->getName().str();
    Out.FileTexts.try_emplace(P.File, SM.getBufferData(*File).str());
    Out.Pragmas.push_back(std::move(P));
  }
};

/// The metadirective clause that selects, or -1.
int bestVariant(const SelectorPragma &P, bool Device, StringRef Triple) {
  OMPContext Context(Device, llvm::Triple(Triple));
  return getBestVariantMatchForContext(P.Selectors, Context);
}

/// Whether Clang parses the `begin declare variant` block.
bool parsesBlock(const SelectorPragma &P, bool Device, StringRef Triple) {
  OMPContext Context(Device, llvm::Triple(Triple));
  return isVariantApplicableInContext(P.Selectors.front(), Context,
                                      /*DeviceSetOnly=*/true);
}

/// \p Text padded with line continuations to the lines of what it replaces.
std::string keepingLines(StringRef Text, StringRef Replaced) {
  std::string Out = Text.str();
  for (size_t Kept = Text.count('\n'); Kept < Replaced.count('\n'); ++Kept)
    Out += " \\\n";
  return Out;
}

/// The text that replaces \p P in \p Text for the device, if it decides
/// otherwise than the host.
std::optional<std::string> deviceReplacement(const SelectorPragma &P,
                                             StringRef Text,
                                             StringRef HostTriple,
                                             StringRef DeviceTriple) {
  StringRef Replaced = Text.slice(P.Begin, P.End);
  if (P.Kind == SelectorPragma::BeginDeclareVariant) {
    if (parsesBlock(P, /*Device=*/false, HostTriple) ||
        !parsesBlock(P, /*Device=*/true, DeviceTriple))
      return std::nullopt;
    return keepingLines("device = {kind(any)}", Replaced);
  }
  int OnHost = bestVariant(P, /*Device=*/false, HostTriple);
  int OnDevice = bestVariant(P, /*Device=*/true, DeviceTriple);
  if (OnHost == OnDevice)
    return std::nullopt;
  StringRef Directive;
  if (OnDevice >= 0) {
    auto [Begin, End] = P.Variants[OnDevice];
    Directive = Text.slice(Begin, End).trim();
  }
  return keepingLines(Directive.empty() ? "nothing" : Directive, Replaced);
}

} // namespace

std::unique_ptr<PragmaHandler> createSelectorCollector(SelectorScan &Out) {
  return std::make_unique<SelectorCollector>(Out);
}

StringMap<std::string> rewriteForDevice(const SelectorScan &Scan,
                                        StringRef HostTriple,
                                        StringRef DeviceTriple) {
  // Per file, the replacements by offset.
  std::map<std::string, std::map<unsigned, std::pair<unsigned, std::string>>>
      Edits;
  for (const SelectorPragma &P : Scan.Pragmas) {
    StringRef Text = Scan.FileTexts.find(P.File)->second;
    if (std::optional<std::string> New =
            deviceReplacement(P, Text, HostTriple, DeviceTriple))
      Edits[P.File][P.Begin] = {P.End, std::move(*New)};
  }
  StringMap<std::string> Files;
  for (const auto &[File, ByOffset] : Edits) {
    StringRef Text = Scan.FileTexts.find(File)->second;
    std::string Rewritten;
    unsigned Copied = 0;
    for (const auto &[Begin, Edit] : ByOffset) {
      Rewritten += Text.slice(Copied, Begin);
      Rewritten += Edit.second;
      Copied = Edit.first;
    }
    Rewritten += Text.substr(Copied);
    Files[File] = std::move(Rewritten);
  }
  return Files;
}

} // namespace cot

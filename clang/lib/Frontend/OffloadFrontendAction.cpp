//===- OffloadFrontendAction.cpp - Code generation with offloading --------===//
//
// Part of clang-offload, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Wraps Clang's code-generating action: our Sema step's consumer goes first
// in a MultiplexConsumer, then Clang CodeGen's; the host lowering pass is
// registered at the start of the LLVM pipeline through CodeGenOptions'
// PassBuilderCallbacks, which also applies at -O0 and tells the pass the
// compile's optimization level. The two share what the unit's `requires`
// directives ask for.
//
//===----------------------------------------------------------------------===//

#include "clang-offload/Frontend/OffloadFrontendAction.h"
#include "clang-offload/CodeGen/HostOffloadLowering.h"
#include "clang-offload/Sema/OffloadSema.h"

#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "llvm/Passes/PassBuilder.h"

using namespace clang;
using namespace llvm;

namespace cot {
namespace {

class OffloadFrontendAction : public WrapperFrontendAction {
public:
  OffloadFrontendAction(std::unique_ptr<FrontendAction> Wrapped,
                        std::shared_ptr<TranslationUnitRequires> Requires)
      : WrapperFrontendAction(std::move(Wrapped)),
        Requires(std::move(Requires)) {}

protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef InFile) override {
    std::unique_ptr<ASTConsumer> CodeGen =
        WrapperFrontendAction::CreateASTConsumer(CI, InFile);
    if (!CodeGen)
      return nullptr;
    std::vector<std::unique_ptr<ASTConsumer>> Consumers;
    Consumers.push_back(createOffloadSemaConsumer(Requires, CodeGen.get()));
    Consumers.push_back(std::move(CodeGen));
    return std::make_unique<MultiplexConsumer>(std::move(Consumers));
  }

private:
  std::shared_ptr<TranslationUnitRequires> Requires;
};

} // namespace

std::unique_ptr<FrontendAction>
createOffloadFrontendAction(std::unique_ptr<FrontendAction> CodeGen,
                            CompilerInstance &CI, HostLoweringOptions Opts) {
  auto Requires = std::make_shared<TranslationUnitRequires>();
  Opts.Requires = Requires;
  CI.getCodeGenOpts().PassBuilderCallbacks.push_back([Opts](PassBuilder &PB) {
    PB.registerPipelineStartEPCallback(
        [Opts](ModulePassManager &MPM, OptimizationLevel Level) {
          HostLoweringOptions WithLevel = Opts;
          WithLevel.OptLevel = Level.getSpeedupLevel();
          MPM.addPass(HostOffloadLoweringPass(std::move(WithLevel)));
        });
  });
  return std::make_unique<OffloadFrontendAction>(std::move(CodeGen),
                                                 std::move(Requires));
}

} // namespace cot
